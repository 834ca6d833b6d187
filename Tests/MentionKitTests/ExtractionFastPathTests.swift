import MentionKit
import Testing

/// The shortcuts the extractors take for speed give the same entities as the plain rules: more
/// entities than the in-place buffer holds, URLs at the start of a text or after any ASCII
/// whitespace (the URL scan skips words without an inner dot), signs at every offset of the
/// eight-byte searches, and non-ASCII handles (one category look-up per scalar).
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

  @Test func nonASCIIHandlesWithTrailingPunctuation() {
    #expect(
      Self.chat.mentions(in: "@Zoë! @Łukasz. @Мария, @李明?") == ["Zoë", "Łukasz", "Мария", "李明"])
  }
}
