import Testing
import ToolSupport

@testable import MentionKit

/// The shortcuts the extractors take for speed give the same entities as the plain rules: more
/// entities than the in-place buffer holds, URLs at the start of a text or after any ASCII
/// whitespace (the URL scan skips words without an inner dot), signs at every offset of the
/// eight-byte searches, handles and tags read eight bytes at a time, and non-ASCII handles (one
/// category look-up per scalar).
struct ExtractionFastPathTests {
  static let chat = EntityExtractor(profile: .chat)
  static let twitter = EntityExtractor(profile: .twitter)

  @Test func moreEntitiesThanTheInPlaceBufferHolds() {
    let text = (0..<20).map { "@u\($0)" }.joined(separator: " ")
    let expected = (0..<20).map { "u\($0)" }
    #expect(Self.chat.mentions(in: text) == expected)
    #expect(Self.twitter.mentions(in: text) == expected)
    let entities = Self.twitter.entities(in: text)
    #expect(
      entities.map(\.scalarRange.lowerBound) == (0..<20).map { $0 < 10 ? 4 * $0 : 5 * $0 - 10 })
  }

  @Test func hashtagsInsideAURLAreDroppedPastTheInPlaceBuffer() {
    let tags = (1...12).map { "#a\($0)" }.joined(separator: " ")
    let text = tags + " see example.com/#frag " + tags
    #expect(
      Self.twitter.hashtags(in: text) == (1...12).map { "a\($0)" } + (1...12).map { "a\($0)" })
  }

  @Test(arguments: [
    ("https://example.com/@bob @ana", ["ana"]),
    ("x\thttps://a.example.com/@bob and @ana", ["ana"]),
    ("x\nexample.com/@bob\r\n@ana", ["ana"]),
    ("e.g. @ana.", ["ana"]),
    ("no dots here @bob @ana", ["bob", "ana"]),
  ])
  func urlsAtEveryKindOfWordStart(text: String, mentions: [String]) {
    #expect(Self.chat.mentions(in: text) == mentions)
  }

  @Test func signsAtEveryOffsetOfTheEightByteSearch() {
    for padding in 0..<17 {
      let prefix = String(repeating: "x", count: padding)
      #expect(Self.twitter.mentions(in: prefix + " @ana") == ["ana"], "padding \(padding)")
      #expect(Self.chat.mentions(in: prefix + " @ana") == ["ana"], "padding \(padding)")
      // An e-mail address at every offset hides nothing after it.
      #expect(
        Self.chat.mentions(in: prefix + "a@example.com @ana https://x.org/@bob")
          == ["ana"], "padding \(padding)")
    }
  }

  /// Full-width `＠` and `＃` (EF BC A0, EF BC 83) at every offset of the eight-byte search,
  /// among other scalars whose UTF-8 starts with 0xEF (U+FE0F after an emoji, half-width
  /// `ｶ`, full-width `！` EF BC 81), which the twitter search steps over unless 0xBC follows.
  @Test func fullWidthSignsAtEveryOffsetAmongOtherEFScalars() {
    for padding in 0..<20 {
      let prefix = String(repeating: "x", count: padding)
      for (text, mentions, hashtags) in [
        (prefix + " ＠ana", ["ana"], [String]()),
        (prefix + " ＃tag", [], ["tag"]),
        (prefix + "❤\u{FE0F} ＠ana ｶ ＃tag ｶ", ["ana"], ["tag"]),
        (prefix + "ｶｶ ！ ＠ana！", ["ana"], []),
        (prefix + "ｶ", [], []),
        (prefix + "！", [], []),
        (prefix + " ＠", [], []),
      ] {
        #expect(Self.twitter.mentions(in: text) == mentions, "\(text)")
        #expect(Self.twitter.hashtags(in: text) == hashtags, "\(text)")
        #expect(Self.chat.mentions(in: text) == mentions, "\(text)")
      }
    }
  }

  @Test func nonASCIIHandlesWithTrailingPunctuation() {
    #expect(
      Self.chat.mentions(in: "@Zoë! @Łukasz. @Мария, @李明?") == ["Zoë", "Łukasz", "Мария", "李明"])
  }
  /// The twitter grammar reads runs of ASCII letters, digits and `_` eight bytes at a time.
  /// Handles and tags of every length, at every alignment, ending in every kind of byte (the
  /// neighbours of each ASCII range, non-ASCII letters, digits and marks, emoji, the end of the
  /// text) give what the one-at-a-time rule gives: a handle is the first 1–20 username
  /// characters; a tag is the longest run of letters, marks, digits and `_`, with a letter or
  /// mark in it.
  @Test func runsReadEightBytesAtATimeMatchTheRule() {
    enum Class { case letter, digitOrUnderscore, stop }
    // Pieces that may follow a sign, with what they are to a handle and to a tag. None of them
    // invalidates a tag that ends before it (no `#`, `:`), and only U+0301 (a Latin accent)
    // invalidates a handle (no `@`, `/`, `:`).
    let pieces: [(text: String, handle: Class, tag: Class)] = [
      ("a", .letter, .letter), ("z", .letter, .letter), ("A", .letter, .letter),
      ("Z", .letter, .letter), ("0", .digitOrUnderscore, .digitOrUnderscore),
      ("9", .digitOrUnderscore, .digitOrUnderscore), ("_", .digitOrUnderscore, .digitOrUnderscore),
      ("`", .stop, .stop), ("[", .stop, .stop), ("{", .stop, .stop), ("-", .stop, .stop),
      ("!", .stop, .stop), (".", .stop, .stop), ("\u{7F}", .stop, .stop), (" ", .stop, .stop),
      ("ж", .stop, .letter), ("中", .stop, .letter), ("\u{0663}", .stop, .digitOrUnderscore),
      ("\u{0301}", .stop, .letter), ("😀", .stop, .stop),
    ]
    var generator = SplitMix64(seed: 0x5EA7_0F8)
    var checked = 0
    for round in 0..<3_000 {
      let padding = String(repeating: " ", count: round % 9)
      let body = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }
      let tail = Bool.random(using: &generator) ? "" : " end"
      let text = body.map(\.text).joined() + tail

      let handlePieces = body.prefix(while: { $0.handle != .stop }).prefix(20)
      var handle = handlePieces.map(\.text).joined()
      if handlePieces.count < body.count, body[handlePieces.count].text == "\u{0301}" {
        handle = ""
      }
      let mentions = Self.twitter.mentions(in: padding + "@" + text)
      #expect(
        mentions == (handle.isEmpty ? [] : [handle]), "\((padding + "@" + text).debugDescription)")

      let run = body.prefix(while: { $0.tag != .stop })
      let tag = run.map(\.text).joined()
      let hashtags = Self.twitter.hashtags(in: padding + "#" + text)
      #expect(
        hashtags == (run.contains { $0.tag == .letter } ? [tag] : []),
        "\((padding + "#" + text).debugDescription)")
      checked += 1
    }
    #expect(checked == 3_000)
  }
  /// The chat grammar reads runs of ASCII letters, digits and `_` eight bytes at a time when its
  /// trigger's query characters hold them all and the trailing punctuation none. Handles and
  /// tags of every length, at every alignment, give what the trigger's classes give one scalar
  /// at a time: the longest run of query characters (a mark never first), trailing
  /// punctuation trimmed.
  @Test func chatRunsReadEightBytesAtATimeMatchTheTriggerClasses() throws {
    let profile = ExtractionProfile.chat
    let pieces = [
      "a", "z", "A", "Z", "0", "9", "_", "-", "`", "[", "{", "!", " ", "\u{7F}", "ж", "中",
      "\u{0663}", "\u{0301}", "😀",
    ]
    var generator = SplitMix64(seed: 0xC4A7_5EA7)
    var checked = 0
    for (sign, kind) in [("@", Trigger.Name.mention), ("#", .hashtag)] {
      let trigger = try #require(profile.triggers.first { $0.name == kind })
      for round in 0..<1_500 {
        let padding = String(repeating: " ", count: round % 9)
        let body = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in
          pieces.randomElement(using: &generator)!
        }
        let text = padding + sign + body.joined() + (Bool.random(using: &generator) ? "" : " end")
        var run: [String] = []
        for piece in body {
          let scalar = piece.unicodeScalars.first!
          let isMark = scalar.properties.generalCategory == .nonspacingMark
          guard trigger.queryCharacters.contains(scalar), !(run.isEmpty && isMark) else { break }
          run.append(piece)
        }
        while let last = run.last, profile.trailingPunctuation.contains(last.unicodeScalars.first!)
        {
          run.removeLast()
        }
        let found = Self.chat.entities(in: text).filter { $0.trigger == kind }.map(\.value)
        #expect(found == (run.isEmpty ? [] : [run.joined()]), "\(text.debugDescription)")
        checked += 1
      }
    }
    #expect(checked == 3_000)
  }
}
