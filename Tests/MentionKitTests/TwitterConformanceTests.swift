import Foundation
import TestSupport
import Testing

@testable import MentionKit

/// The `twitter` profile against twitter-text's own conformance suite and against the 10k-message
/// corpus's reference results (both committed under Tests/Fixtures and read at test time).
struct TwitterConformanceTests {
  static let extractor = EntityExtractor(profile: .twitter)

  static func extractSection(_ name: String) throws -> [[String: Any]] {
    let path = Fixtures.path("twitter-text/extract.json")
    let text = try Fixtures.readFile(path)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      "extract.json at \(path) is not a JSON object")
    let tests = try #require(root["tests"] as? [String: Any])
    let section = try #require(tests[name] as? [[String: Any]], "no section \(name)")
    #expect(!section.isEmpty)
    return section
  }

  static func describe(_ testCase: [String: Any]) -> String {
    "\(testCase["description"] ?? "?"): \((testCase["text"] as? String ?? "").debugDescription)"
  }

  /// Every mention and hashtag section is read in full: the case counts are those of the suite's
  /// README, so a truncated or renamed file fails here rather than passing with fewer cases.
  @Test(arguments: [
    ("mentions", 23), ("mentions_with_indices", 3), ("mentions_or_lists_with_indices", 5),
    ("replies", 13), ("hashtags", 65), ("hashtags_from_astral", 3),
    ("hashtags_with_indices", 8), ("cashtags", 8),
  ])
  func sectionHasEveryCase(section: String, count: Int) throws {
    #expect(try Self.extractSection(section).count == count)
  }

  @Test func mentions() throws {
    for testCase in try Self.extractSection("mentions") {
      let text = try #require(testCase["text"] as? String)
      let expected = try #require(testCase["expected"] as? [String])
      #expect(Self.extractor.mentions(in: text) == expected, "\(Self.describe(testCase))")
    }
  }

  @Test func mentionsWithIndices() throws {
    for testCase in try Self.extractSection("mentions_with_indices") {
      let text = try #require(testCase["text"] as? String)
      let expected = try #require(testCase["expected"] as? [[String: Any]])
      let found = Self.extractor.entities(in: text).filter { $0.trigger == .mention }
      #expect(
        found.map { "\($0.value)\($0.scalarRange)" }
          == expected.map { "\($0["screen_name"]!)\(Self.range($0["indices"]))" },
        "\(Self.describe(testCase))")
    }
  }

  @Test func mentionsOrListsWithIndices() throws {
    for testCase in try Self.extractSection("mentions_or_lists_with_indices") {
      let text = try #require(testCase["text"] as? String)
      let expected = try #require(testCase["expected"] as? [[String: Any]])
      let found = Self.extractor.entities(in: text).filter { $0.trigger == .mention }
      #expect(
        found.map { "\($0.value)|\($0.listSlug ?? "")|\($0.scalarRange)" }
          == expected.map {
            "\($0["screen_name"]!)|\($0["list_slug"]!)|\(Self.range($0["indices"]))"
          },
        "\(Self.describe(testCase))")
    }
  }

  @Test func replies() throws {
    for testCase in try Self.extractSection("replies") {
      let text = try #require(testCase["text"] as? String)
      let expected = testCase["expected"] as? String
      #expect(Self.extractor.replyHandle(in: text) == expected, "\(Self.describe(testCase))")
    }
  }

  @Test(arguments: ["hashtags", "hashtags_from_astral"])
  func hashtags(section: String) throws {
    for testCase in try Self.extractSection(section) {
      let text = try #require(testCase["text"] as? String)
      let expected = try #require(testCase["expected"] as? [String])
      #expect(Self.extractor.hashtags(in: text) == expected, "\(Self.describe(testCase))")
    }
  }

  @Test func hashtagsWithIndices() throws {
    for testCase in try Self.extractSection("hashtags_with_indices") {
      let text = try #require(testCase["text"] as? String)
      let expected = try #require(testCase["expected"] as? [[String: Any]])
      let found = Self.extractor.entities(in: text).filter { $0.trigger == .hashtag }
      #expect(
        found.map { "\($0.value)\($0.scalarRange)" }
          == expected.map { "\($0["hashtag"]!)\(Self.range($0["indices"]))" },
        "\(Self.describe(testCase))")
    }
  }

  @Test func cashtags() throws {
    let extractor = EntityExtractor(profile: .twitter(cashtags: true))
    for testCase in try Self.extractSection("cashtags") {
      let text = try #require(testCase["text"] as? String)
      let expected = try #require(testCase["expected"] as? [String])
      let found = extractor.entities(in: text).filter { $0.trigger == .cashtag }.map(\.value)
      #expect(found == expected, "\(Self.describe(testCase))")
    }
  }

  static func range(_ indices: Any?) -> Range<Int> {
    let pair = indices as? [Int] ?? [0, 0]
    return pair[0]..<pair[1]
  }

  /// Every line of the 10k corpus gives exactly the reference's mentions-or-lists and hashtags,
  /// with code-point indices.
  @Test func chatCorpusMatchesReference() throws {
    let corpus = try Fixtures.read("corpus/chat-corpus-10k.txt")
    let reference = try Fixtures.read("corpus/chat-corpus-10k.reference.jsonl")
    var lines = corpus.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    lines.removeLast()
    let expectedLines = reference.split(separator: "\n")
    try #require(lines.count == 10_000 && expectedLines.count == 10_000)
    var mismatches = 0
    var entityCount = 0
    for (line, expectedLine) in zip(lines, expectedLines) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(expectedLine.utf8)) as? [String: Any])
      let mentions = try #require(object["mentions_or_lists"] as? [[String: Any]])
      let tags = try #require(object["hashtags"] as? [[String: Any]])
      var expected =
        mentions.map {
          "@\($0["screen_name"]!)\($0["list_slug"]!)\(Self.range($0["indices"]))"
        } + tags.map { "#\($0["hashtag"]!)\(Self.range($0["indices"]))" }
      expected.sort()
      var found = Self.extractor.entities(in: String(line)).map {
        $0.trigger == .hashtag
          ? "#\($0.value)\($0.scalarRange)"
          : "@\($0.value)\($0.listSlug ?? "")\($0.scalarRange)"
      }
      found.sort()
      entityCount += found.count
      if found != expected {
        mismatches += 1
        if mismatches <= 20 {
          Issue.record("\(String(line).debugDescription)\n found \(found)\n expected \(expected)")
        }
      }
    }
    #expect(mismatches == 0)
    #expect(entityCount == 12_856 + 13_682)
  }
}
