import MentionKit
import Testing

/// Input method composition replayed against ``MessageDraft`` alone: marked text as
/// `setMarkedText(_:selectedRange:)` and `unmarkText()` report it. Every expected text, range and
/// caret is counted by hand in UTF-16 units (each kana and `＠` is one unit, `😀` two).
struct CompositionDraftTests {
  /// A draft holding `text` with the caret at its end.
  func draft(_ text: String) -> MessageDraft {
    var draft = MessageDraft()
    draft.insert(text)
    return draft
  }

  @Test func japaneseReadingStepByStep() {
    var draft = draft("@")
    // (marked text, whole text, marked range) after each step of a romaji-to-kana input method.
    let steps: [(String, String, Range<Int>)] = [
      ("y", "@y", 1..<2),
      ("や", "@や", 1..<2),
      ("やm", "@やm", 1..<3),
      ("やま", "@やま", 1..<3),
      ("やまd", "@やまd", 1..<4),
      ("やまだ", "@やまだ", 1..<4),
    ]
    for (marked, text, range) in steps {
      draft.setMarkedText(marked)
      #expect(draft.text == text, "\(marked)")
      #expect(draft.markedUTF16Range == range, "\(marked)")
      #expect(draft.selectedUTF16Range == range.upperBound..<range.upperBound, "\(marked)")
    }
    draft.unmarkText()
    #expect(draft.text == "@やまだ")
    #expect(draft.markedUTF16Range == nil)
    #expect(draft.selectedUTF16Range == 4..<4)
  }

  @Test func commitWithOtherTextReplacesTheMarkedText() {
    // The input method converts the reading and commits the kanji: insert replaces "やまだ".
    var draft = draft("@")
    draft.setMarkedText("やまだ")
    draft.insert("山田")
    #expect(draft.text == "@山田")
    #expect(draft.markedUTF16Range == nil)
    #expect(draft.selectedUTF16Range == 3..<3)
  }

  @Test func deadKeyThenLetter() {
    // ´ is shown marked until the next key; "é" replaces it.
    var draft = draft("caf")
    draft.setMarkedText("´")
    #expect(draft.text == "caf´")
    #expect(draft.markedUTF16Range == 3..<4)
    draft.insert("é")
    #expect(draft.text == "café")
    #expect(draft.markedUTF16Range == nil)
    #expect(draft.selectedUTF16Range == 4..<4)
  }

  @Test func cancelRemovesTheMarkedText() {
    var draft = draft("hi @")
    draft.setMarkedText("やま")
    #expect(draft.text == "hi @やま")
    draft.setMarkedText("")
    #expect(draft.text == "hi @")
    #expect(draft.markedUTF16Range == nil)
    #expect(draft.selectedUTF16Range == 4..<4)
  }

  @Test func emptyMarkedTextWithoutCompositionChangesNothing() {
    var draft = draft("abc")
    draft.select(utf16Range: 0..<3)
    draft.setMarkedText("")
    #expect(draft.text == "abc")
    #expect(draft.selectedUTF16Range == 0..<3)
  }

  @Test func markedTextReplacesTheSelection() {
    var draft = draft("hello world")
    draft.select(utf16Range: 6..<11)
    draft.setMarkedText("わ")
    #expect(draft.text == "hello わ")
    #expect(draft.markedUTF16Range == 6..<7)
    #expect(draft.selectedUTF16Range == 7..<7)
  }

  @Test func selectionInsideTheMarkedText() {
    // UIKit's selectedRange is relative to the marked text: 1..<1 is after "や".
    var draft = draft("@")
    draft.setMarkedText("やまだ", selectedUTF16Range: 1..<1)
    #expect(draft.selectedUTF16Range == 2..<2)
    #expect(draft.markedUTF16Range == 1..<4)
    // A selection past the marked text is clamped to its end.
    draft.setMarkedText("やまだ", selectedUTF16Range: 2..<9)
    #expect(draft.selectedUTF16Range == 3..<4)
    // Moving the caret inside the marked text keeps the composition; outside ends it.
    draft.moveCursor(utf16Offset: 2)
    #expect(draft.markedUTF16Range == 1..<4)
    draft.moveCursor(utf16Offset: 0)
    #expect(draft.markedUTF16Range == nil)
    #expect(draft.text == "@やまだ")
  }

  @Test func surrogatePairsCountTwoUnits() {
    var draft = draft("a")
    draft.setMarkedText("😀")
    #expect(draft.markedUTF16Range == 1..<3)
    #expect(draft.selectedUTF16Range == 3..<3)
    draft.setMarkedText("😀😀")
    #expect(draft.text == "a😀😀")
    #expect(draft.markedUTF16Range == 1..<5)
  }

  @Test func markedCombiningMarkJoinsTheLetterBefore() {
    // "e" + marked U+0301 is one character, "é": the caret cannot stand between them, so a
    // selection at the start of the marked text rounds down to 0, and the composition goes on.
    var draft = draft("e")
    draft.setMarkedText("\u{301}", selectedUTF16Range: 0..<0)
    #expect(Array(draft.text.unicodeScalars) == ["e", "\u{301}"])
    #expect(draft.markedUTF16Range == 1..<2)
    #expect(draft.selectedUTF16Range == 0..<0)
    draft.insert("x")
    #expect(draft.text == "ex")
    #expect(draft.markedUTF16Range == nil)
    #expect(draft.selectedUTF16Range == 2..<2)
  }

  @Test func otherEditsEndTheComposition() {
    var draft = draft("@")
    draft.setMarkedText("やま")
    draft.deleteBackward()
    // Backspace outside the input method deletes "ま" as ordinary text.
    #expect(draft.text == "@や")
    #expect(draft.markedUTF16Range == nil)
  }

  @Test func entitiesOutsideTheMarkedTextAreKept() throws {
    let jose = MentionItem(id: "U1", insertionText: "jose")
    let entity = MessageEntity(
      trigger: .mention, utf16Range: 0..<5, value: "jose", resolution: .resolved(jose))
    var draft = try MessageDraft(message: Message(text: "@jose ", entities: [entity]))
    // Composing at the end leaves the mention where it is.
    draft.setMarkedText("や")
    #expect(draft.text == "@jose や")
    #expect(draft.entities.map(\.utf16Range) == [0..<5])
    draft.setMarkedText("")
    // Composing before it shifts it by the marked text's length at every step.
    draft.moveCursor(utf16Offset: 0)
    draft.setMarkedText("や")
    #expect(draft.text == "や@jose ")
    #expect(draft.entities.map(\.utf16Range) == [1..<6])
    draft.setMarkedText("やま")
    #expect(draft.entities.map(\.utf16Range) == [2..<7])
    draft.insert("山")
    #expect(draft.text == "山@jose ")
    #expect(draft.entities.map(\.utf16Range) == [1..<6])
    #expect(draft.entities.map(\.value) == ["jose"])
  }
}
