@testable import MentionKit

extension MentionResolver {
  /// The resolver with another extractor.
  func using(_ extractor: EntityExtractor) -> MentionResolver {
    var resolver = self
    resolver.extractor = extractor
    return resolver
  }

  /// The synchronous path as one call: `resolve(_:into:)` into a new message.
  func resolved(_ text: String) throws(ResolutionError) -> Message {
    var message = Message(text: text)
    try resolve(text, into: &message)
    return message
  }
}

extension Message {
  /// Whether a mention was skipped for being past the resolver's mention limit.
  var hasMentionsOverTheLimit: Bool {
    entities.contains { $0.resolution == .skipped(.overMentionLimit) }
  }

  /// The entities without their resolutions, as extraction gives them.
  var extractedEntities: [MessageEntity] {
    entities.map {
      MessageEntity(
        trigger: $0.trigger, utf16Range: $0.utf16Range, value: $0.value, listSlug: $0.listSlug)
    }
  }
}

extension MessageEntity.Resolution {
  /// The item, when exactly one matched.
  var item: MentionItem? {
    if case .resolved(let item) = self { return item }
    return nil
  }
}

extension MessageEntity {
  /// The entity with another resolution.
  func resolving(_ resolution: Resolution) -> MessageEntity {
    var entity = self
    entity.resolution = resolution
    return entity
  }
}
