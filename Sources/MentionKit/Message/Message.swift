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
  public var text: String {
    didSet { utf8Ranges.areValid = false }
  }
  /// The entities, in text order, never overlapping.
  public var entities: [MessageEntity] {
    didSet { utf8Ranges.areValid = false }
  }

  /// Whether every entity's ``MessageEntity/utf8Range`` is that of its UTF-16 range in
  /// ``text``: set only by the extractor once it has filled the message; any change to the
  /// text or the entities clears it.
  var utf8Ranges = UTF8RangeValidity()

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

/// Whether a message's entities hold their UTF-8 ranges; no part of the message's equality or
/// hash (every two are equal).
struct UTF8RangeValidity: Sendable, Hashable {
  var areValid = false

  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

/// An entity's byte range in the UTF-8 of its message's text, as the extractor found it; no
/// part of the entity's equality or hash (every two are equal).
struct CachedUTF8Range: Sendable, Hashable {
  var lowerBound: UInt32 = 0
  var upperBound: UInt32 = 0

  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
