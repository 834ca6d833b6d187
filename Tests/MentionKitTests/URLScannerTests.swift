import Testing

@testable import MentionKit

/// The URL scanner, as both profiles use it: words that end with a full stop, and
/// internationalised top-level domains (some start with ASCII letters).
struct URLScannerTests {
  static let chat = EntityExtractor(profile: .chat)

  @Test func aURLBeforeAFullStopHidesItsMention() {
    #expect(Self.chat.mentions(in: "see example.com/@bob. @ana.") == ["ana"])
    #expect(Self.chat.mentions(in: "see example.com/@bob..") == [])
  }

  @Test func aURLBeforeAFullStopHidesItsHashtag() {
    let twitter = EntityExtractor(profile: .twitter)
    #expect(twitter.hashtags(in: "see example.com/#frag.") == [])
    #expect(twitter.hashtags(in: "see example.com/#frag. #ok") == ["ok"])
  }

  @Test(arguments: [
    ("see example.vermögensberatung/@bob", [String]()),
    ("see example.vermögensberater/@bob", []),
    ("see пример.рф/@bob", []),
    ("see example.中国/@bob", []),
  ])
  func internationalisedTopLevelDomains(text: String, mentions: [String]) {
    #expect(Self.chat.mentions(in: text) == mentions)
  }
}
