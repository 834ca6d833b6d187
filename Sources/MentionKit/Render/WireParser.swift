/// Reads a wire-format message back into text and user/channel entities.
///
/// The parser reads what ``MessageRenderer`` writes, plus the common variants of each platform
/// (Slack's `<@U1|name>`, Discord's legacy `<@!1>`), and undoes the format's escaping. It never
/// fails: anything it does not recognise as a token (a Slack `<!here>` or link, a Discord role
/// `<@&1>`, an unknown HTML tag or entity, an unterminated `<@U1`, a token whose id is empty or
/// holds a forbidden character) is kept as text, exactly as written. It runs in linear time on
/// any input.
///
/// ```swift
/// let parsed = WireParser(format: .markdown).parse(#"[@Ana \<b\>](user:U1) 1 \* 2"#)
/// parsed.text                  // "@Ana <b> 1 * 2"
/// parsed.entities[0].label     // "Ana <b>"
/// ```
///
/// Round trip: for a message whose resolved users and channels have ids ``MessageRenderer``
/// can write, `parse(render(message))` gives back those entities, in order, with their ids, and
/// the text between them unchanged. ``WireFormat/plain`` has no tokens: its text comes back as
/// is, with no entities.
///
/// - Complexity: O(*n*) in the length of the wire text.
public struct WireParser: Sendable, Hashable {
  /// The format read.
  public var format: WireFormat

  /// Creates a parser.
  ///
  /// - Parameter format: The format to read.
  public init(format: WireFormat) {
    self.format = format
  }

  /// Parses a wire-format message.
  ///
  /// - Parameter wire: Text in the parser's format.
  /// - Returns: The unescaped text and its entities.
  public func parse(_ wire: String) -> ParsedMessage {
    guard format != .plain else { return ParsedMessage(text: wire, entities: []) }
    var storage = wire
    let (bytes, spans) = storage.withUTF8 { p in
      var reader = WireReader(p: p, format: format)
      reader.run()
      return (reader.out, reader.spans)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return ParsedMessage(text: text, entities: Self.entities(spans, bytes, text))
  }

  /// Turns byte-offset spans into entities with `String.Index` and UTF-16 ranges.
  private static func entities(_ spans: [WireReader.Span], _ bytes: [UInt8], _ text: String)
    -> [ParsedMessage.Entity]
  {
    var result: [ParsedMessage.Entity] = []
    var position = 0
    var utf16 = 0
    func advance(to offset: Int) {
      while position < offset {
        let byte = bytes[position]
        if byte & 0xC0 != 0x80 { utf16 += byte >= 0xF0 ? 2 : 1 }
        position += 1
      }
    }
    let utf8 = text.utf8
    for span in spans {
      advance(to: span.start)
      let utf16Start = utf16
      advance(to: span.end)
      let lower = utf8.index(utf8.startIndex, offsetBy: span.start)
      let upper = utf8.index(lower, offsetBy: span.end - span.start)
      result.append(
        ParsedMessage.Entity(
          kind: span.isChannel ? .hashtag : .mention, itemID: span.id, label: span.label,
          range: lower..<upper, utf16Range: utf16Start..<utf16))
    }
    return result
  }
}
