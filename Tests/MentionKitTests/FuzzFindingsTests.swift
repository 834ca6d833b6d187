import MentionKit
import Testing

/// One test per finding of the fuzz targets in `Tests/Fuzz` (see `Docs/Robustness.md`), each
/// reduced to the smallest input that showed it, and failing without its fix.
struct FuzzFindingsTests {
  /// `composer`: completing `#a|b` followed by a zero-width joiner replaced the word and put
  /// the caret between the inserted space and the joiner, inside one grapheme (`" \u{200D}"`).
  @Test(arguments: ["\u{200D}", "\u{1F3FD}"])
  func completionCaretSkipsAJoiningScalarAfterTheSuffix(after: String) throws {
    var composer = try MentionComposer(text: "#ab" + after)
    composer.moveCursor(toUTF16Offset: 2)
    let detector = TriggerDetector(triggers: [.hashtag])
    let query = try #require(composer.activeQuery(using: detector))
    try composer.complete(with: MentionItem(id: "C1", insertionText: "ana"), for: query)
    #expect(composer.text == "#ana " + after)
    #expect(composer.entities.map(\.text) == ["#ana"])
    #expect(composer.utf16Cursor == composer.text.utf16.count)
    #expect(composer.cursor == composer.text.endIndex)
  }

  /// The same rule at the source: ``MentionReplacement/cursor`` is a character boundary.
  @Test func replacementCursorIsACharacterBoundary() throws {
    let text = "@jo\u{200D}"
    let query = try #require(
      try TriggerDetector(triggers: [.mention]).detect(in: text, utf16Offset: 2))
    let replacement = MentionReplacement(
      query: query, item: MentionItem(id: "U1", insertionText: "jose"))
    #expect(replacement.text == "@jose \u{200D}")
    #expect(replacement.cursor == replacement.text.endIndex)
  }

  /// `detect`: a delimiter after a prepended scalar (U+0602 ARABIC FOOTNOTE MARKER is
  /// Grapheme_Cluster_Break=Prepend) is the inside of the grapheme `"\u{602}#"`, yet it was
  /// detected, with a range starting inside that grapheme.
  @Test(arguments: ["\u{600}", "\u{602}", "\u{6DD}", "\u{70F}", "\u{110BD}"])
  func noQueryStartsInsideAGraphemeAfterAPrependedScalar(prepend: String) throws {
    let detector = TriggerDetector(triggers: [.mention, .hashtag, .wikiLink])
    for sign in ["#", "@", "[["] {
      let text = "b" + prepend + sign + "ab"
      #expect(try detector.detect(in: text, utf16Offset: text.utf16.count) == nil)
      // After a space the same query is found.
      let spaced = "b" + prepend + " " + sign + "ab"
      let query = try #require(try detector.detect(in: spaced, utf16Offset: spaced.utf16.count))
      #expect(query.text == "ab" && query.delimiter == sign)
    }
  }

  /// The chat profile agrees with the detector: a sign after a prepended scalar is inside a
  /// grapheme cluster and starts no entity (twitter-text, which ignores clusters, still finds
  /// the hashtag).
  @Test(arguments: ["\u{600}", "\u{602}", "\u{6DD}", "\u{110BD}"])
  func chatExtractionSkipsSignsInsideAGrapheme(prepend: String) {
    let text = "x" + prepend + "#tag " + prepend + "@ana #ok @bob"
    #expect(EntityExtractor(profile: .chat).entities(in: text).map(\.value) == ["ok", "bob"])
    #expect(EntityExtractor(profile: .twitter).hashtags(in: text) == ["tag", "ok"])
  }
}
