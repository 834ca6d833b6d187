import Foundation
import TestSupport
import Testing

@testable import MentionKit

/// Which mentions lie in a block quote, against markdown-it-py: the CommonMark spec's block
/// quote examples with their words replaced by handles, laziness and list cases, and 600
/// seeded messages, committed with the generator under `Tests/Fixtures/quote-oracle`.
struct BlockQuoteOracleTests {
  struct Case: Decodable {
    var name: String
    var text: String
    var quoted: [String]
    var unquoted: [String]
  }

  static func cases() throws -> [Case] {
    try JSONDecoder().decode(
      [Case].self, from: Data(try Fixtures.read("quote-oracle/cases.json").utf8))
  }

  /// The mentions of `text`, split into those on quoted lines and the others.
  static func split(_ text: String) -> (quoted: [String], unquoted: [String]) {
    let quotes = BlockQuotes.quotedLines(in: text)
    var quoted: [String] = []
    var unquoted: [String] = []
    for entity in EntityExtractor().extract(text).entities where entity.trigger == .mention {
      let start = entity.utf16Range.lowerBound
      if quotes.contains(where: { $0.contains(start) }) {
        quoted.append(entity.value)
      } else {
        unquoted.append(entity.value)
      }
    }
    return (quoted, unquoted)
  }

  @Test func fixtureHoldsTheSpecExamplesAndTheSeededCases() throws {
    let cases = try Self.cases()
    #expect(cases.count == 633)
    #expect(cases.filter { $0.name.hasPrefix("seeded-") }.count == 600)
    #expect(cases.contains { $0.name == "247" })
  }

  @Test func agreesWithMarkdownIt() throws {
    var failures: [String] = []
    for c in try Self.cases() {
      let (quoted, unquoted) = Self.split(c.text)
      if quoted != c.quoted || unquoted != c.unquoted {
        failures.append(
          "\(c.name) \(c.text.debugDescription): quoted \(quoted) unquoted \(unquoted), "
            + "expected \(c.quoted) \(c.unquoted)")
      }
    }
    let report = failures.prefix(20).joined(separator: "\n")
    #expect(failures.isEmpty, "\(failures.count) cases:\n\(report)")
  }

  /// Spec example 247 (laziness) and 248 (a blank line ends the quote), worked by hand.
  @Test func lazyContinuationAndBlankLines() {
    #expect(Self.split("> @a\n@b").quoted == ["a", "b"])
    #expect(Self.split("> @a\n\n@b").quoted == ["a"])
    #expect(Self.split("> @a\n\n@b").unquoted == ["b"])
    #expect(Self.split("> @a\r\n@b\r\n\r\n@c").quoted == ["a", "b"])
    #expect(Self.split("> @a\r\n@b\r\n\r\n@c").unquoted == ["c"])
    #expect(Self.split("@a > @b").quoted.isEmpty)
  }
}
