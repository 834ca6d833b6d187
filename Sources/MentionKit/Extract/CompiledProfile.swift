/// A profile compiled once per extractor, not per message: its scanner's tables and its entity
/// kinds, behind one reference so an extractor that holds it stays cheap to copy.
///
/// Equal when the profiles are (everything here is a function of the profile). Holding the
/// tables here keeps lazily initialised globals out of the per-message path.
final class CompiledProfile: Sendable, Hashable {
  let profile: ExtractionProfile
  /// The entity kind for each raw kind index of the profile's scanner.
  let kinds: [ExtractedEntity.Kind]
  /// The trigger scanner (`nil` for the twitter grammar).
  let chat: ChatScanner?
  /// The character flags of the Basic Multilingual Plane for the twitter grammar (the shared
  /// ``TwitterCharacters/bmp`` array, not a copy); empty for trigger grammars.
  let twitterTable: [UInt8]

  init(_ profile: ExtractionProfile) {
    self.profile = profile
    switch profile.grammar {
    case .twitter:
      chat = nil
      kinds = [.mention, .list, .hashtag, .cashtag]
      twitterTable = TwitterCharacters.bmp
    case .triggers:
      let scanner = ChatScanner(profile: profile)
      chat = scanner
      kinds = scanner.kinds
      twitterTable = []
    }
  }

  static func == (lhs: CompiledProfile, rhs: CompiledProfile) -> Bool {
    lhs === rhs || lhs.profile == rhs.profile
  }

  func hash(into hasher: inout Hasher) { hasher.combine(profile) }
}
