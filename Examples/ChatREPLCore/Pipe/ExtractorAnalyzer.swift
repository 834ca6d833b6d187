import MentionKit

/// Finds the entities of a message and resolves them: the seam where the library's extractor
/// and resolver plug in.
protocol MessageAnalyzer: Sendable {
  /// The most mentions looked up per message; later ones come back
  /// `.skipped(.overMentionLimit)`.
  var mentionLimit: Int { get }
  func analyze(_ message: String) -> Message
}

/// Extracts and resolves with MentionKit's `MentionResolver` (its extractor set to the `chat`
/// or `twitter` profile), through its synchronous path: the tables are in memory.
struct ExtractorAnalyzer: MessageAnalyzer {
  var resolver: MentionResolver

  init(profile: Options.Profile, handles: HandleTable) {
    var resolver = handles.resolver
    resolver.extractor = EntityExtractor(profile: profile == .twitter ? .twitter : .chat)
    self.resolver = resolver
  }

  var mentionLimit: Int { resolver.mentionLimit }

  func analyze(_ message: String) -> Message {
    var resolved = Message(text: message)
    do {
      try resolver.resolve(message, into: &resolved)
    } catch {
      // The tables are in memory, so this cannot happen; if it ever did, every entity would be
      // reported unresolved rather than dropped.
      resolved = resolver.extractor.extract(message)
      for index in resolved.entities.indices { resolved.entities[index].resolution = .unresolved }
    }
    return resolved
  }
}
