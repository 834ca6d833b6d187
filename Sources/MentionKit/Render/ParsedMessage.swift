/// A wire-format message read back: its text, and the user and channel tokens it held.
///
/// Each token becomes text in ``text``: the sign and the label the token carried (`@Ana Lima`,
/// `#general`), or the sign and the id when it carried none (Slack's `<@U1>` reads as `@U1`).
///
/// ```swift
/// let parsed = WireParser(format: .slack).parse("hi <@U1> in <#C1|general> &amp; more")
/// parsed.text                       // "hi @U1 in #general & more"
/// parsed.entities.map(\.itemID)     // ["U1", "C1"]
/// parsed.entities.map(\.utf16Range) // [3..<6, 10..<18]
/// ```
public struct ParsedMessage: Sendable, Hashable {
  /// One user or channel token.
  public struct Entity: Sendable, Hashable {
    /// ``ExtractedEntity/Kind-swift.struct/mention`` for a user,
    /// ``ExtractedEntity/Kind-swift.struct/hashtag`` for a channel.
    public var kind: ExtractedEntity.Kind
    /// The item's id.
    public var itemID: String
    /// The name the token showed, without its sign, or `nil` when it showed none.
    public var label: String?
    /// Where the token's text is in ``ParsedMessage/text``.
    public var range: Range<String.Index>
    /// ``range`` as UTF-16 offsets.
    public var utf16Range: Range<Int>

    /// Creates an entity.
    ///
    /// - Parameters:
    ///   - kind: `.mention` for a user, `.hashtag` for a channel.
    ///   - itemID: The item's id.
    ///   - label: The name shown, without its sign.
    ///   - range: Where the token's text is in the parsed text.
    ///   - utf16Range: The same range as UTF-16 offsets.
    public init(
      kind: ExtractedEntity.Kind, itemID: String, label: String?, range: Range<String.Index>,
      utf16Range: Range<Int>
    ) {
      self.kind = kind
      self.itemID = itemID
      self.label = label
      self.range = range
      self.utf16Range = utf16Range
    }
  }

  /// The message text, unescaped, with each token written as its sign and label.
  public var text: String
  /// The tokens, in text order.
  public var entities: [Entity]

  /// Creates a parsed message.
  ///
  /// - Parameters:
  ///   - text: The unescaped text.
  ///   - entities: The tokens, with ranges in `text`.
  public init(text: String, entities: [Entity]) {
    self.text = text
    self.entities = entities
  }
}
