import Testing

@testable import ChatREPLCore
@testable import MentionKit

/// The line editor's transitions with scripted keys: grapheme-cluster cursor, deletions,
/// word and line kills, history, and mentions kept as entities.
@MainActor struct LineEditorTests {
  private let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José")

  /// An editor whose manager completes `@` mentions from a list with José.
  private func completingEditor() -> LineEditor {
    LineEditor(
      manager: MentionManager(
        triggers: [.mention], dataSource: InMemoryDataSource(items: [jose]),
        options: MessageDraft.Options(misalignedEdit: .widensToGraphemes)))
  }

  /// Accepts the first suggestion once the manager has answered the query at the cursor.
  private func complete(_ editor: LineEditor) async -> Bool {
    await editor.manager.settle()
    return editor.manager.accept()
  }

  @Test func cursorMovesByGraphemeClusters() async {
    let editor = LineEditor()
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

  @Test func insertsAtTheCursor() async {
    let editor = LineEditor()
    editor.insert("hllo")
    editor.moveHome()
    editor.moveRight()
    editor.insert("e")
    #expect(editor.text == "hello")
    #expect(editor.cursor == 2)
    editor.moveEnd()
    #expect(editor.cursor == 5)
  }

  @Test func backspaceAndDeleteRemoveWholeClusters() async {
    let editor = LineEditor()
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

  @Test func ctrlWDeletesTheSpacesThenTheWordBeforeTheCursor() async {
    let editor = LineEditor()
    editor.insert("hello big  world  ")
    editor.deleteWordBackward()
    #expect(editor.text == "hello big  ")
    editor.deleteWordBackward()
    #expect(editor.text == "hello ")
    editor.deleteWordBackward()
    editor.deleteWordBackward()
    #expect(editor.text.isEmpty)
  }

  @Test func ctrlUAndCtrlKKillToEitherEnd() async {
    let editor = LineEditor()
    editor.insert("left|right")
    editor.move(to: 5)
    editor.killToEnd()
    #expect(editor.text == "left|")
    editor.moveLeft()
    editor.killToStart()
    #expect(editor.text == "|")
    #expect(editor.cursor == 0)
  }

  @Test func wordMovesSkipSpaces() async {
    let editor = LineEditor()
    editor.insert("one  two three")
    editor.moveWordLeft()
    #expect(editor.cursor == 9)
    editor.moveWordLeft()
    #expect(editor.cursor == 5)
    editor.moveWordRight()
    #expect(editor.cursor == 8)
  }

  @Test func pastedLineBreaksBecomeSpacesAndControlsGo() async {
    let editor = LineEditor()
    editor.insert("a\nb\tc\u{7}d\u{1B}")
    #expect(editor.text == "a b cd")
  }

  @Test func historySkipsEmptyAndRepeatedLinesAndKeepsTheDraft() async {
    let editor = LineEditor()
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

  @Test func completionIsAnEntityThatEditsAroundItKeep() async throws {
    let editor = completingEditor()
    editor.insert("hi @jo")
    let completed = await complete(editor)
    #expect(completed)
    #expect(editor.text == "hi @jose ")
    #expect(editor.entities.map(\.utf16Range) == [3..<8])
    // No new query right after the mention.
    editor.backspace()
    #expect(editor.manager.activeQuery == nil)
    editor.moveHome()
    editor.insert("👋 ")
    #expect(editor.entities.map(\.utf16Range) == [6..<11])
    editor.deleteWordBackward()
    #expect(editor.text == "hi @jose")
    #expect(editor.entities.map(\.utf16Range) == [3..<8])
  }

  @Test func backspaceAfterAMentionDeletesItWhole() async throws {
    let editor = completingEditor()
    editor.insert("@jo")
    #expect(await complete(editor))
    editor.insert("x")
    editor.backspace()
    editor.backspace()
    #expect(editor.text == "@jose")
    editor.backspace()
    #expect(editor.text.isEmpty)
  }

  @Test func typingInsideAMentionTurnsItBackIntoText() async throws {
    let editor = completingEditor()
    editor.insert("@jo")
    #expect(await complete(editor))
    editor.move(to: 3)
    editor.insert("X")
    #expect(editor.text == "@joXse ")
    #expect(editor.entities.isEmpty)
  }

  @Test func staleAnswerIsNeverAccepted() async throws {
    // The directory answers only when told to: first the answer to "@jo", typed past.
    let requests = Lock<[(String, CallbackDataSource.Request)]>([])
    let editor = LineEditor(
      manager: MentionManager(
        triggers: [.mention],
        dataSource: CallbackDataSource { query, request in
          requests.withLock { $0.append((query.text, request)) }
        }))
    editor.insert("@jo")
    await waitFor(requests: requests, count: 1)
    editor.insert("s")
    await waitFor(requests: requests, count: 2)
    requests.withLock { $0[0].1.complete(with: [jose]) }
    await Task.yield()
    #expect(!editor.manager.accept())
    #expect(editor.text == "@jos")
    requests.withLock { $0[1].1.complete(with: [jose]) }
    await editor.manager.settle()
    #expect(editor.manager.accept())
    #expect(editor.text == "@jose ")
  }

  private func waitFor(
    requests: Lock<[(String, CallbackDataSource.Request)]>, count: Int
  ) async {
    for _ in 0..<1_000_000 {
      if requests.withLock({ $0.count }) >= count { return }
      await Task.yield()
    }
    Issue.record("the data source was not asked \(count) times")
  }
}
