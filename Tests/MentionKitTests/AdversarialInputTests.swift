import Testing

@testable import MentionKit

/// Worst-case inputs through extraction (both profiles) and detection at the start, middle, end
/// and inside a grapheme cluster. Each checks what is found, not only that something returns;
/// speed is measured by the benchmarks, never asserted here.
struct AdversarialInputTests {
  static let megabyte = 1 << 20
  static let twitter = EntityExtractor(profile: .twitter)
  static let chat = EntityExtractor(profile: .chat)
  static let detector = TriggerDetector(triggers: [.mention, .hashtag])

  /// `unit` repeated to at most `bytes` UTF-8 bytes.
  static func flood(_ unit: String, bytes: Int = megabyte) -> String {
    String(repeating: unit, count: bytes / unit.utf8.count)
  }

  static func query(_ text: String, at utf16Offset: Int) throws -> MentionQuery? {
    try detector.detect(in: text, utf16Offset: utf16Offset)
  }

  // MARK: Signs alone

  @Test(arguments: ["@", "#", "＠", "＃"])
  func megabyteOfOneSignHasNoEntities(sign: String) throws {
    let text = Self.flood(sign)
    #expect(Self.twitter.entities(in: text).isEmpty)
    #expect(Self.chat.entities(in: text).isEmpty)
    let count = text.utf16.count
    #expect(try Self.query(text, at: 0) == nil)
    #expect(try Self.query(text, at: count / 2) == nil)
    #expect(try Self.query(text, at: count) == nil)
    // Only the first sign has a boundary before it.
    let first = try #require(try Self.query(text, at: 1))
    #expect(first.text.isEmpty && first.delimiter == sign && first.utf16Range == 0..<1)
  }

  // MARK: `@a` and `@a `

  @Test func megabyteOfSpacedMentionsFindsEveryOne() throws {
    let text = Self.flood("@a ")
    let count = Self.megabyte / 3
    for extractor in [Self.twitter, Self.chat] {
      let entities = extractor.entities(in: text)
      #expect(entities.count == count)
      #expect(entities.allSatisfy { $0.trigger == .mention && $0.value == "a" })
      #expect(entities.last?.utf16Range == (3 * count - 3)..<(3 * count - 1))
    }
    let middle = 3 * (count / 2)
    let atSign = try #require(try Self.query(text, at: middle + 1))
    #expect(atSign.text.isEmpty && atSign.utf16Range == middle..<(middle + 2))
    #expect(try Self.query(text, at: middle + 2)?.text == "a")
    #expect(try Self.query(text, at: text.utf16.count) == nil)
    #expect(try Self.query(text, at: 0) == nil)
  }

  /// twitter-text rejects `@a` followed by `@` and then every sign follows a letter; the chat
  /// profile reads the first `@a@a` as one fediverse address and nothing after it.
  @Test func megabyteOfUnspacedMentions() throws {
    let text = Self.flood("@a")
    #expect(Self.twitter.entities(in: text).isEmpty)
    #expect(Self.chat.entities(in: text).map(\.value) == ["a@a"])
    #expect(try Self.query(text, at: text.utf16.count) == nil)
    #expect(try Self.query(text, at: 2)?.text == "a")
    #expect(try Self.query(text, at: text.utf16.count / 2) == nil)
  }

  // MARK: Combining marks

  /// One base letter carrying half a million combining acute accents: a single grapheme.
  @Test func combiningMarksOnOneBaseLetter() throws {
    let marks = String(repeating: "\u{301}", count: Self.megabyte / 2)
    let text = "@e" + marks + " #x" + marks
    // twitter-text: a combining diacritic right after the handle rejects it; the hashtag's
    // marks are hashtag characters, so the tag is all of them.
    #expect(Self.twitter.mentions(in: text).isEmpty)
    #expect(Self.twitter.hashtags(in: text) == ["x" + marks])
    // Chat: both runs are far over the 64-character limit, so neither is a handle.
    #expect(Self.chat.entities(in: text).isEmpty)
    #expect(text.count == 5)
    // Inside the giant grapheme the cursor rounds down to its start, right after `@`, where
    // the word it starts is over the length limit: no query.
    #expect(try Self.query(text, at: 2 + marks.utf16.count / 2) == nil)
    #expect(try Self.query(text, at: text.utf16.count) == nil)
    // Marks on a space: the cursor inside them rounds down to the end of `@jo`.
    let spaced = "@jo " + marks
    let inside = try #require(try Self.query(spaced, at: 4 + marks.utf16.count / 2))
    #expect(inside.text == "jo" && inside.utf16Range == 0..<3)
    #expect(try Self.query(spaced, at: spaced.utf16.count) == nil)
  }

  // MARK: ZWJ emoji

  @Test func megabyteOfZWJEmoji() throws {
    let family = "👩‍👩‍👧"
    let text = Self.flood(family)
    let count = Self.megabyte / family.utf8.count
    #expect(text.count == count)
    #expect(Self.twitter.entities(in: text).isEmpty)
    #expect(Self.chat.entities(in: text).isEmpty)
    #expect(try Self.query(text, at: family.utf16.count * (count / 2) + 3) == nil)

    // An emoji is a valid boundary before a hashtag in both profiles.
    let tagged = Self.flood(family + "#tag ")
    let tags = Self.megabyte / (family.utf8.count + 5)
    #expect(Self.twitter.hashtags(in: tagged).count == tags)
    #expect(Self.chat.hashtags(in: tagged).count == tags)
    let unit = family.utf16.count + 5
    let middle = unit * (tags / 2)
    // Inside the family emoji: rounds down to its start, after the previous `#tag `.
    #expect(try Self.query(tagged, at: middle + 2) == nil)
    #expect(try Self.query(tagged, at: middle + family.utf16.count + 3)?.text == "ta")
  }

  // MARK: Markdown

  @Test func deeplyNestedQuotesBracketsAndEmphasis() {
    let depth = 200_000
    let quoted = String(repeating: "> ", count: depth) + "@ana"
    #expect(Self.twitter.mentions(in: quoted) == ["ana"])
    #expect(Self.chat.mentions(in: quoted) == ["ana"])

    let bracketed =
      String(repeating: "[", count: depth) + "#tag" + String(repeating: "]", count: depth)
    #expect(Self.twitter.hashtags(in: bracketed) == ["tag"])
    #expect(Self.chat.hashtags(in: bracketed) == ["tag"])

    // `*` blocks a twitter mention; the chat profile treats it as punctuation.
    let emphasis =
      String(repeating: "*", count: depth) + "@ana" + String(repeating: "*", count: depth)
    #expect(Self.twitter.mentions(in: emphasis).isEmpty)
    #expect(Self.chat.mentions(in: emphasis) == ["ana"])
  }

  @Test func codeSpansHideTheirMentionsFromTheChatProfileOnly() {
    let count = 50_000
    let text = String(repeating: "`@in` @out ", count: count)
    let chat = Self.chat.entities(in: text)
    #expect(chat.count == count)
    #expect(chat.allSatisfy { $0.value == "out" })
    // No entity starts inside a code span: every one is at offset 6 of its unit.
    #expect(chat.allSatisfy { $0.utf16Range.lowerBound % 11 == 6 })
    #expect(Self.twitter.mentions(in: text).count == 2 * count)
  }

  @Test func nestedFencesHideEverythingInside() {
    let block = "````\n```\n@in #in\n```\n````\n@out\n"
    let count = 20_000
    let text = String(repeating: block, count: count)
    #expect(Self.chat.mentions(in: text) == Array(repeating: "out", count: count))
    #expect(Self.chat.hashtags(in: text).isEmpty)
    #expect(Self.twitter.mentions(in: text).count == 2 * count)

    // An unclosed opening run of backticks is not code.
    let unclosed = "`" + String(repeating: "@x ", count: 100_000)
    #expect(Self.chat.mentions(in: unclosed).count == 100_000)
    // An unclosed fence runs to the end.
    let fence = "```\n" + String(repeating: "@x ", count: 100_000)
    #expect(Self.chat.mentions(in: fence).isEmpty)
  }

  // MARK: Many mentions

  @Test func hundredThousandMentionsInOneMessage() throws {
    let count = 100_000
    var text = ""
    for number in 0..<count { text += "@user\(number) " }
    let expected = (0..<count).map { "user\($0)" }
    for extractor in [Self.twitter, Self.chat] {
      let entities = extractor.entities(in: text)
      #expect(entities.map(\.value) == expected)
      let last = try #require(entities.last)
      #expect(last.utf16Range.upperBound == text.utf16.count - 1)
      #expect(String(text[last.range]) == "@user99999")
    }
    let end = try #require(try Self.query(text, at: text.utf16.count - 2))
    #expect(end.text == "user9999")
    var before = ""
    for number in 0..<(count / 2) { before += "@user\(number) " }
    let start = before.utf16.count
    let middle = try #require(try Self.query(text, at: start + 5))
    #expect(middle.text == "user" && middle.utf16Range == start..<(start + 10))
    #expect(try Self.query(text, at: start + 11) == nil)
  }
}
