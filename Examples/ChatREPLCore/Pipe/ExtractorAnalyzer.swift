import MentionKit

/// Extracts entities with MentionKit's `EntityExtractor` (the `chat` or `twitter` profile) and
/// resolves them with its `MentionResolver`; this file only maps the library's values to the
/// app's `AnalyzedMessage`.
struct ExtractorAnalyzer: MessageAnalyzer {
  var extractor: EntityExtractor
  var handles: HandleTable

  init(profile: Options.Profile, handles: HandleTable) {
    self.extractor = EntityExtractor(profile: profile == .twitter ? .twitter : .chat)
    self.handles = handles
  }

  func analyze(_ message: String) -> AnalyzedMessage {
    let entities = extractor.entities(in: message)
    // The tables are in memory, so the synchronous path cannot fail; if it ever did, every
    // entity would be reported unresolved rather than dropped.
    let resolved =
      (try? handles.resolver.resolveSynchronously(message, entities: entities))
      ?? ResolvedMessage(
        text: message,
        entities: entities.map { ResolvedEntity(entity: $0, resolution: .unresolved) })
    return AnalyzedMessage(resolved)
  }
}
