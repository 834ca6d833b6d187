import Foundation
import TestSupport
import Testing

@testable import MentionKit

/// The Markdown renderer against `Tests/Fixtures/wire-oracle/messages.json`: messages with
/// Markdown and HTML syntax in user text, display names and ids, each with the Markdown that a
/// CommonMark parser (markdown-it-py, raw HTML off and on) reads as the message's own text plus
/// exactly one link per written mention, with the documented `user:`/`channel:` target. The
/// expected text is written by `generate.py` from the documented rules and checked there by the
/// parser; see the README beside it.
struct MarkdownOracleTests {
  struct Case {
    var text: String
    var entities: [(start: Int, end: Int, isChannel: Bool, id: String, name: String)]
    var markdown: String
    var links: Int
  }

  static func cases() throws -> [Case] {
    let json = try Fixtures.read("wire-oracle/messages.json")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let cases = try #require(root["cases"] as? [[String: Any]])
    return try cases.map { raw in
      let entities = try #require(raw["entities"] as? [[String: Any]]).map { entity in
        (
          start: entity["start"] as? Int ?? -1, end: entity["end"] as? Int ?? -1,
          isChannel: entity["kind"] as? String == "hashtag", id: entity["id"] as? String ?? "",
          name: entity["name"] as? String ?? ""
        )
      }
      return Case(
        text: try #require(raw["text"] as? String), entities: entities,
        markdown: try #require(raw["markdown"] as? String), links: raw["links"] as? Int ?? -1)
    }
  }

  /// The message of a case: each entity resolved to an item with the case's id and name (the
  /// display name of a user, the name of a channel), placed by its UTF-8 offsets.
  static func message(_ testCase: Case) throws -> Message {
    let text = testCase.text
    let utf8 = text.utf8
    let entities = try testCase.entities.map { entity -> MessageEntity in
      let lower = try #require(
        utf8.index(utf8.startIndex, offsetBy: entity.start, limitedBy: utf8.endIndex))
      let upper = try #require(
        utf8.index(utf8.startIndex, offsetBy: entity.end, limitedBy: utf8.endIndex))
      let typed = String(text[lower..<upper])
      let extracted = MessageEntity(
        trigger: entity.isChannel ? .hashtag : .mention,
        utf16Range: text.utf16.distance(
          from: text.startIndex, to: lower)..<text.utf16.distance(from: text.startIndex, to: upper),
        value: String(typed.dropFirst()))
      let item =
        entity.isChannel
        ? MentionItem(id: entity.id, insertionText: entity.name)
        : MentionItem(id: entity.id, insertionText: "x", displayText: entity.name)
      return extracted.resolving(.resolved(item))
    }
    return Message(text: text, entities: entities)
  }

  /// The fixture is whole: the hand-written cases of each class come first, then the generated
  /// ones, with mentions the renderer writes and mentions it must leave as typed.
  @Test func fixtureHasTheCasesItNames() throws {
    let cases = try Self.cases()
    #expect(cases.count == 1515)
    #expect(cases.first?.text == "!@ana")
    #expect(cases.reduce(0) { $0 + $1.links } == 1121)
    #expect(cases.contains { $0.entities.count > $0.links })
  }

  @Test func rendersWhatCommonMarkReadsAsTheMessage() throws {
    var failures = 0
    for testCase in try Self.cases() {
      let rendered = WireFormat.markdown.write(try Self.message(testCase))
      if rendered != testCase.markdown {
        failures += 1
        if failures <= 10 {
          let detail =
            "\(testCase.text.debugDescription)\n  got      \(rendered.debugDescription)\n"
            + "  expected \(testCase.markdown.debugDescription)"
          Issue.record(Comment(rawValue: detail))
        }
      }
    }
    #expect(failures == 0)
  }

  /// Parsing the Markdown back gives the written mentions with their ids and the text between.
  @Test func parsesBack() throws {
    for testCase in try Self.cases() {
      let parsed = WireFormat.markdown.read(testCase.markdown)
      let written = testCase.entities.filter { Self.isWritable($0.id) }
      #expect(
        parsed.entities.map(\.item?.id) == written.map(\.id),
        "\(testCase.markdown.debugDescription)")
      // The text outside the links is the message's own.
      var expected = Array(testCase.text.utf8)
      for entity in written.reversed() {
        expected.replaceSubrange(entity.start..<entity.end, with: [0])
      }
      var found = parsed.text
      for entity in parsed.entities.reversed() {
        found.replaceSubrange(entity.range(in: parsed.text)!, with: "\u{0}")
      }
      #expect(
        Array(found.utf8) == expected, "\(testCase.markdown.debugDescription)")
    }
  }

  /// The documented id rule (Docs/ChatBackends.md): non-empty, without whitespace, controls,
  /// bidi controls, a backtick or any of `< > | & " ' \ ( ) [ ]`.
  static func isWritable(_ id: String) -> Bool {
    !id.isEmpty
      && !id.unicodeScalars.contains {
        "<>|&\"'\\`()[]".unicodeScalars.contains($0) || $0.properties.isWhitespace
          || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          || [0x061C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
  }
}
