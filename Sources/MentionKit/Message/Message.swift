/// A message: its text and the mentions, hashtags and other entities in it.
///
/// One type for every stage that holds a message: ``MentionManager`` hands one over when the
/// user sends, ``EntityExtractor`` and ``MentionResolver`` produce one from a finished text, a
/// ``WireFormat`` writes one out and reads one back.
///
/// ```swift
/// let message = Message(text: "hi @jose", entities: [
///   MessageEntity(trigger: .mention, utf16Range: 3..<8, value: "jose", resolution: .resolved(jose))
/// ])
/// message.mentionedItems.map(\.id)  // ["U1"]
/// ```
public struct Message: Sendable, Hashable {
  /// The text.
  public var text: String
  /// The entities, in text order, never overlapping.
  public var entities: [MessageEntity]

  /// Creates a message.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - entities: The entities in it, in text order.
  public init(text: String, entities: [MessageEntity] = []) {
    self.text = text
    self.entities = entities
  }

  /// The items the entities resolved to, each once, in the order of their first entity.
  public var mentionedItems: [MentionItem] {
    var seen: Set<String> = []
    return entities.compactMap { entity in
      guard let item = entity.item, seen.insert(item.id).inserted else { return nil }
      return item
    }
  }
}
