/// A profile compiled once per extractor, not per message: its scanner's tables and its entity
/// kinds, behind one reference so an extractor that holds it stays cheap to copy.
///
/// Equal when the profiles are (everything here is a function of the profile). Holding the
/// tables here keeps lazily initialised globals out of the per-message path.
final class CompiledProfile: Sendable, Hashable {
  let profile: ExtractionProfile
  /// The trigger of each raw kind index of the profile's scanner.
  let kinds: [Trigger.Name]
  /// The raw kind index of list mentions (twitter grammar), or -1.
  let listKind: Int
  /// The trigger scanner (`nil` for the twitter grammar).
  let chat: ChatScanner?
  /// The character flags of the Basic Multilingual Plane for the twitter grammar (the shared
  /// ``TwitterCharacters/bmp`` array, not a copy); empty for trigger grammars.
  let twitterTable: [UInt8]

  init(_ profile: ExtractionProfile) {
    self.profile = profile
    if profile.isTwitter {
      chat = nil
      // A list mention is a mention with a list slug.
      kinds = [.mention, .mention, .hashtag, .cashtag]
      listKind = 1
      twitterTable = TwitterCharacters.bmp
    } else {
      let scanner = ChatScanner(profile: profile)
      chat = scanner
      kinds = scanner.kinds
      listKind = -1
      twitterTable = []
    }
  }

  static func == (lhs: CompiledProfile, rhs: CompiledProfile) -> Bool {
    lhs === rhs || lhs.profile == rhs.profile
  }

  func hash(into hasher: inout Hasher) { hasher.combine(profile) }
}
