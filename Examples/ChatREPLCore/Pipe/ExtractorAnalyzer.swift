import MentionKit

/// Extracts entities with MentionKit's `EntityExtractor` (the `chat` or `twitter` profile) and
/// resolves them against the directory.
struct ExtractorAnalyzer: MessageAnalyzer {
  var extractor: EntityExtractor
  var handles: HandleTable

  init(profile: Options.Profile, handles: HandleTable) {
    self.extractor = EntityExtractor(profile: profile == .twitter ? .twitter : .chat)
    self.handles = handles
  }

  func analyze(_ message: String) -> AnalyzedMessage {
    let entities = extractor.entities(in: message).map { entity in
      let kind: AnalyzedMessage.Entity.Kind
      let resolution: AnalyzedMessage.Resolution
      switch entity.kind {
      case .hashtag:
        kind = .hashtag
        resolution = handles.resolveChannel(entity.value)
      case .list:
        kind = .list
        resolution = .notApplicable
      case .cashtag:
        kind = .cashtag
        resolution = .notApplicable
      default:
        kind = .mention
        resolution = handles.resolveUser(entity.value)
      }
      return AnalyzedMessage.Entity(
        kind: kind, text: String(message[entity.range]),
        value: entity.value + (entity.listSlug ?? ""), range: entity.range,
        utf16Range: entity.utf16Range, scalarRange: entity.scalarRange, resolution: resolution)
    }
    return AnalyzedMessage(text: message, entities: entities)
  }
}
