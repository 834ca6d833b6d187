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
}
