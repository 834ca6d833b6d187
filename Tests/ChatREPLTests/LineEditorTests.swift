import MentionKit
import Testing

@testable import ChatREPLCore

/// The line editor's transitions with scripted keys: grapheme-cluster cursor, deletions,
/// word and line kills, history, and mentions kept as entities.
struct LineEditorTests {
  private let detector = TriggerDetector(triggers: [.mention])
  private let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José")

  @Test func cursorMovesByGraphemeClusters() {
    var editor = LineEditor()
    editor.insert("e\u{301}🇫🇷👍🏽")
    #expect(editor.cursor == 3)
    editor.moveLeft()
    #expect(editor.textBeforeCursor == "e\u{301}🇫🇷")
    editor.moveLeft()
    editor.moveLeft()
    editor.moveLeft()
    #expect(editor.cursor == 0)
    editor.moveRight()
    #expect(editor.utf16Cursor == 2)
  }

  @Test func insertsAtTheCursor() {
    var editor = LineEditor()
    editor.insert("hllo")
    editor.moveHome()
    editor.moveRight()
    editor.insert("e")
    #expect(editor.text == "hello")
    #expect(editor.cursor == 2)
    editor.moveEnd()
    #expect(editor.cursor == 5)
  }

  @Test func backspaceAndDeleteRemoveWholeClusters() {
    var editor = LineEditor()
    editor.insert("a日👍🏽b")
    editor.moveLeft()
    editor.backspace()
    #expect(editor.text == "a日b")
    editor.moveHome()
    editor.deleteForward()
    #expect(editor.text == "日b")
    editor.moveEnd()
    editor.deleteForward()
    #expect(editor.text == "日b")
  }

  @Test func ctrlWDeletesTheSpacesThenTheWordBeforeTheCursor() {
    var editor = LineEditor()
    editor.insert("hello big  world  ")
    editor.deleteWordBackward()
    #expect(editor.text == "hello big  ")
    editor.deleteWordBackward()
    #expect(editor.text == "hello ")
    editor.deleteWordBackward()
    editor.deleteWordBackward()
    #expect(editor.text.isEmpty)
  }

  @Test func ctrlUAndCtrlKKillToEitherEnd() {
    var editor = LineEditor()
    editor.insert("left|right")
    editor.move(to: 5)
    editor.killToEnd()
    #expect(editor.text == "left|")
    editor.moveLeft()
    editor.killToStart()
    #expect(editor.text == "|")
    #expect(editor.cursor == 0)
  }

  @Test func wordMovesSkipSpaces() {
    var editor = LineEditor()
    editor.insert("one  two three")
    editor.moveWordLeft()
    #expect(editor.cursor == 9)
    editor.moveWordLeft()
    #expect(editor.cursor == 5)
    editor.moveWordRight()
    #expect(editor.cursor == 8)
  }

  @Test func pastedLineBreaksBecomeSpacesAndControlsGo() {
    var editor = LineEditor()
    editor.insert("a\nb\tc\u{7}d\u{1B}")
    #expect(editor.text == "a b cd")
  }

  @Test func historySkipsEmptyAndRepeatedLinesAndKeepsTheDraft() {
    var editor = LineEditor()
    for line in ["one", "one", "", "two"] {
      editor.insert(line)
      editor.commit()
    }
    #expect(editor.history.map(\.text) == ["one", "two"])
    editor.insert("draft")
    editor.historyPrevious()
    #expect(editor.text == "two")
    #expect(editor.isBrowsingHistory)
    editor.historyPrevious()
    editor.historyPrevious()
    #expect(editor.text == "one")
    editor.historyNext()
    editor.historyNext()
    #expect(editor.text == "draft")
    #expect(!editor.isBrowsingHistory)
  }

  @Test func completionIsAnEntityThatEditsAroundItKeep() throws {
    var editor = LineEditor()
    editor.insert("hi @jo")
    let query = try #require(editor.activeQuery(using: detector))
    let completed = editor.complete(with: jose, for: query)
    #expect(completed)
    #expect(editor.text == "hi @jose ")
    #expect(editor.entities.map(\.utf16Range) == [3..<8])
    // No new query right after the mention.
    editor.backspace()
    #expect(editor.activeQuery(using: detector) == nil)
    editor.moveHome()
    editor.insert("👋 ")
    #expect(editor.entities.map(\.utf16Range) == [6..<11])
    editor.deleteWordBackward()
    #expect(editor.text == "hi @jose")
    #expect(editor.entities.map(\.utf16Range) == [3..<8])
  }

  @Test func backspaceAfterAMentionDeletesItWhole() throws {
    var editor = LineEditor()
    editor.insert("@jo")
    editor.complete(with: jose, for: try #require(editor.activeQuery(using: detector)))
    editor.insert("x")
    editor.backspace()
    editor.backspace()
    #expect(editor.text == "@jose")
    editor.backspace()
    #expect(editor.text.isEmpty)
  }

  @Test func typingInsideAMentionTurnsItBackIntoText() throws {
    var editor = LineEditor()
    editor.insert("@jo")
    editor.complete(with: jose, for: try #require(editor.activeQuery(using: detector)))
    editor.move(to: 3)
    editor.insert("X")
    #expect(editor.text == "@joXse ")
    #expect(editor.entities.isEmpty)
  }

  @Test func staleQueryIsRefused() throws {
    var editor = LineEditor()
    editor.insert("@jo")
    let query = try #require(editor.activeQuery(using: detector))
    editor.insert("s")
    let completed = editor.complete(with: jose, for: query)
    #expect(!completed)
    #expect(editor.text == "@jos")
  }
}
