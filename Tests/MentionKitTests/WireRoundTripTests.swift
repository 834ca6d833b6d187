import Testing
import ToolSupport

@testable import MentionKit

/// parse(render(message)) gives back the rendered entities and the text between them, on
/// seeded random messages full of emoji, CJK, RTL text, markup characters and hostile names.
struct WireRoundTripTests {
  static let fragments = [
    "hi", " ", "  ", "\n", "👨‍👩‍👧", "👍🏽", "日本語", "שלום", "مرحبا", "\u{202E}", "\u{200D}", "<", ">",
    "&", "&amp;", "&lt;", "\\", "\\\\", "[", "]", "(", ")", "*", "_", "`", "~", "|", "\"", "'",
    "<@U1>", "[x](user:U1)", "<a class=\"mention\" data-id=\"U1\">x</a>", "@everyone", "@here",
    "&#39;", "é", "e\u{301}", "𠀡", ".", ",", "!", "#", "<@123>", "`<@1>`", "`@here`", "\t",
    "    ", "1.", "-", "&#32;", "http://x.test/",
  ]
  static let users = [
    MentionItem(id: "U1", insertionText: "ana", displayText: "Ana <b>&amp;</b>"),
    MentionItem(id: "U2", insertionText: "zoë", displayText: "Zoë \"Z\" [x](y) \\ `"),
    MentionItem(id: "U3", insertionText: "kim", displayText: "김민준 \u{202E}evil"),
    MentionItem(id: "U4", insertionText: "jon.doe", displayText: "*Jon* _Doe_ ~x~"),
    MentionItem(id: "U5", insertionText: "fam", displayText: "👨‍👩‍👧"),
    MentionItem(id: "U-6:x.y", insertionText: "odd", displayText: "@odd|name>"),
  ]
  static let channels = [
    MentionItem(id: "C1", insertionText: "général"),
    MentionItem(id: "C2", insertionText: "日本"),
  ]
  static let handles = ["ana", "ZOË", "kim", "jon.doe", "fam", "odd", "nobody", "général", "日本"]

  static func randomMessage(_ generator: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...24, using: &generator) {
      if Int.random(in: 0..<4, using: &generator) == 0 {
        let handle = handles.randomElement(using: &generator)!
        let sign = Int.random(in: 0..<3, using: &generator) == 0 ? "#" : "@"
        text += " " + sign + handle + " "
      } else {
        text += fragments.randomElement(using: &generator)!
      }
    }
    return text
  }

  /// The text with every rendered entity cut out: what must survive unchanged.
  static func gaps(_ text: String, _ ranges: [Range<String.Index>]) -> [String] {
    var result: [String] = []
    var position = text.startIndex
    for range in ranges {
      result.append(String(text.unicodeScalars[position..<range.lowerBound]))
      position = range.upperBound
    }
    result.append(String(text.unicodeScalars[position...]))
    return result
  }

  @Test(arguments: [WireFormat.slack, .discord, .markdown, .html])
  func parsingWhatWasRenderedGivesTheSameEntities(format: WireFormat) throws {
    let resolver = MentionResolver(
      users: HandleDirectory(Self.snowflakes(Self.users, from: 101, for: format)),
      channels: HandleDirectory(Self.snowflakes(Self.channels, from: 201, for: format)))
    let extractor = EntityExtractor()
    var generator = SplitMix64(seed: 0x5EED_0004)
    var checkedEntities = 0
    for _ in 0..<2_000 {
      let text = Self.randomMessage(&generator)
      let message = try resolver.using(extractor).resolved(text)
      let wire = format.write(message)
      let parsed = format.read(wire)
      let rendered = message.entities.filter { $0.item != nil }
      let expected = rendered.map { "\($0.trigger):\($0.item!.id)" }
      let found = parsed.entities.map { "\($0.trigger):\($0.item?.id ?? "?")" }
      #expect(found == expected, "\(text.debugDescription) → \(wire.debugDescription)")
      guard found == expected else { continue }
      #expect(
        Self.gaps(parsed.text, parsed.entities.map { $0.range(in: parsed.text)! })
          == Self.gaps(text, rendered.map { $0.range(in: text)! }),
        "\(text.debugDescription) → \(wire.debugDescription)")
      for (entity, resolved) in zip(parsed.entities, rendered) where format != .discord {
        let item = resolved.item!
        if format == .slack && entity.trigger == .mention { continue }
        let name =
          entity.trigger == .hashtag || format == .slack ? item.insertionText : item.displayText
        #expect(
          entity.value
            == name.unicodeScalars.filter { !Self.isBidi($0) }.map(String.init).joined()
            .replacingNewlines)
      }
      checkedEntities += rendered.count
    }
    #expect(checkedEntities > 1_000)
  }

  /// Discord writes only snowflake ids (digits): its items get `first`, `first + 1`, ….
  static func snowflakes(_ items: [MentionItem], from first: Int, for format: WireFormat)
    -> [MentionItem]
  {
    guard format == .discord else { return items }
    return items.enumerated().map { index, item in
      var item = item
      item.id = String(first + index)
      return item
    }
  }

  static func isBidi(_ scalar: Unicode.Scalar) -> Bool {
    [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }
}

extension String {
  fileprivate var replacingNewlines: String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" ? " " : $0 }))
  }
}
