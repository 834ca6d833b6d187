import Testing

@testable import ChatREPLCore
@testable import MentionKit

/// The interactive session driven by scripted keys: suggestions, acceptance, entities,
/// history, Ctrl-C/Ctrl-D, commands, and the transcript with its wire form.
@MainActor struct ChatSessionTests {
  @Test func triggerShowsAtMostEightRowsWithTheMatchHighlighted() async {
    let session = SessionFixture.session()
    await session.press(.text("@j"))
    let frame = session.frame(columns: 80, rows: 24)
    // The input line, eight suggestions (13 users match), the hint line.
    #expect(frame.lines.count == 1 + ChatSession.maximumRows + 1)
    #expect(frame.plainLines[1] == "› José Álvarez  @jose")
    #expect(frame.lines[1].contains(Frame.Span("J", .selectedMatch)))
    #expect(frame.lines[2].contains(Frame.Span("J", .match)))
    #expect(frame.lines[2].contains(Frame.Span("j", .match)))
    #expect(frame.plainLines.last?.contains("Tab/Enter accept") == true)
  }

  @Test func downMovesTheHighlightAndTabAcceptsIt() async {
    let session = SessionFixture.session()
    await session.press(.text("@jo"), .down)
    #expect(session.frame(columns: 80, rows: 24).plainLines[2].hasPrefix("› Josefina Ruiz"))
    await session.press(.tab)
    #expect(session.editor.text == "@josefina ")
    #expect(session.editor.entities.map(\.item?.id) == ["U2"])
    #expect(session.frame(columns: 80, rows: 24).lines.count == 1)
  }

  @Test func upWrapsToTheLastSuggestionInsteadOfBrowsingHistory() async {
    let session = SessionFixture.session()
    await session.press(.text("old"), .enter, .text("@jo"), .up)
    #expect(session.editor.text == "@jo")
    #expect(session.suggestions?.highlightedIndex == (session.suggestions?.items.count ?? 0) - 1)
  }

  @Test func enterAcceptsThenSendsWithTheWireForm() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"), .enter)
    #expect(session.editor.text == "@jose ")
    let effects = await session.press(.text("hola #gé"), .enter, .enter)
    #expect(
      ChatSession.printed(effects) == [
        "you: @jose hola #général ", "  ↳ slack: <@U1> hola <#C1|général> ",
      ])
    #expect(session.editor.isEmpty)
  }

  @Test func sentMentionsAreHighlightedInTheTranscript() async throws {
    let session = SessionFixture.session()
    let effects = await session.press(.text("@jos"), .tab, .text("and @nobody"), .enter)
    guard case .print(let lines) = try #require(effects.first) else {
      Issue.record("expected printed lines, got \(effects)")
      return
    }
    #expect(lines[0].contains(Frame.Span("@jose", .mention)))
    #expect(lines[0].contains(Frame.Span("@nobody", .error)))
    #expect(ChatSession.printed(effects).last == "  ↳ not in the directory: @nobody")
  }

  @Test func escapeDismissesTheListAndEnterThenSendsTheText() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"), .escape)
    #expect(session.frame(columns: 80, rows: 24).lines.count == 1)
    #expect(session.ghostText == nil)
    let printed = ChatSession.printed(await session.press(.enter))
    #expect(printed.first == "you: @jos")
  }

  @Test func ghostTextShowsTheBestCompletionDimmedAndRightAcceptsIt() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"))
    #expect(session.ghostText == "e")
    let input = session.frame(columns: 80, rows: 24).lines[0]
    #expect(input.last == Frame.Span("e", .ghost))
    await session.press(.right)
    #expect(session.editor.text == "@jose ")
  }

  @Test func ghostTextOnlyAtTheLineEndAndOnlyForTheHighlightedItem() async {
    let session = SessionFixture.session()
    // A query with text after it: no ghost, glued to that text or anywhere else.
    await session.press(.text("ping  today"))
    for _ in 0..<6 { await session.press(.left) }
    await session.press(.text("@jos"))
    #expect(session.suggestions?.items.first?.insertionText == "jose")
    #expect(session.ghostText == nil)
    #expect(session.frame(columns: 80, rows: 24).plainLines[0] == "› ping @jos today")
    // At the end, with the highlight moved to josefina, the ghost for jose goes, → takes
    // nothing, and Tab takes josefina.
    await session.press(.killToStart, .killToEnd, .text("@jos"), .down)
    #expect(session.suggestions?.highlightedIndex == 1)
    #expect(session.ghostText == nil)
    await session.press(.right)
    #expect(session.editor.text == "@jos")
    await session.press(.tab)
    #expect(session.editor.text == "@josefina ")
  }

  @Test func aRecalledLineOpensNoListUntilEdited() async {
    let session = SessionFixture.session()
    await session.press(.text("first"), .enter, .text("ping @jos"), .escape, .enter)
    await session.press(.up)
    #expect(session.editor.text == "ping @jos")
    #expect(session.suggestions == nil)
    #expect(session.frame(columns: 80, rows: 24).lines.count == 1)
    // Up goes further back; Down comes back; Enter sends the recalled line as it is.
    await session.press(.up)
    #expect(session.editor.text == "first")
    await session.press(.down)
    #expect(session.editor.text == "ping @jos")
    #expect(ChatSession.printed(await session.press(.enter)).first == "you: ping @jos")
    // An edit opens the list; so does Tab.
    await session.press(.up, .text("e"))
    #expect(session.suggestions?.items.first?.insertionText == "jose")
    await session.press(.killToStart, .up, .tab)
    #expect(session.editor.text == "ping @jos")
    #expect(session.suggestions != nil)
  }

  @Test func enterOnALineThatReadsAsItsSuggestionSendsIt() async {
    let session = SessionFixture.session()
    let printed = ChatSession.printed(await session.press(.text("hi @jose"), .enter))
    #expect(printed == ["you: hi @jose", "  ↳ slack: hi <@U1>"])
    #expect(session.editor.text.isEmpty)
    #expect(session.editor.history.last?.entities.first?.item?.id == "U1")
    #expect(
      await session.press(.text("/help"), .enter) == [.print(ChatSession.helpLines(width: 79))])
    // A query that accepting would still change only completes.
    #expect(await session.press(.text("@jos"), .enter) == [])
    #expect(session.editor.text == "@jose ")
  }

  @Test func helpWrapsBetweenWords() {
    #expect(ChatSession.wrapped("aa bb cc", width: 5) == ["aa bb", "cc"])
    #expect(
      ChatSession.wrapped(
        "one two three four five six", width: 20, indent: "  ", hangingIndent: "    ")
        == ["  one two three four", "    five six"])
    // Below 20 cells, no indents.
    #expect(
      ChatSession.wrapped("one two three", width: 9, indent: "  ", hangingIndent: "    ")
        == ["one two", "three"])
    // A word wider than the line is cut.
    #expect(ChatSession.wrapped("abcdefgh", width: 3) == ["abc", "def", "gh"])
    #expect(ChatSession.wrapped("日本語", width: 4) == ["日本", "語"])
    for width in [1, 10, 39, 79] {
      for line in ChatSession.helpLines(width: width) {
        let text = line.map(\.text).joined()
        #expect(DisplayWidth.of(text) <= width, "\(text) is wider than \(width)")
      }
    }
  }

  @Test func aLetterTypedRightAfterAMentionMakesItPlainText() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"), .tab, .backspace)
    #expect(session.editor.text == "@jose")
    #expect(session.editor.entities.count == 1)
    // Punctuation ends the handle: the mention stays.
    await session.press(.text(","))
    #expect(session.editor.entities.count == 1)
    await session.press(.backspace, .text("x"))
    #expect(session.editor.text == "@josex")
    #expect(session.editor.entities.isEmpty)
    #expect(session.editor.cursor == 6)
    let printed = ChatSession.printed(await session.press(.escape, .enter))
    #expect(printed == ["you: @josex", "  ↳ slack: @josex", "  ↳ not in the directory: @josex"])
  }

  @Test func completedMentionStaysAnEntityWhileTheLineIsEdited() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"), .tab, .home, .text("hi "))
    #expect(session.editor.text == "hi @jose ")
    #expect(session.editor.entities.map(\.utf16Range) == [3..<8])
    // Drawn as a mention in the input line.
    #expect(session.frame(columns: 80, rows: 24).lines[0].contains(Frame.Span("@jose", .mention)))
    // Backspace right after it deletes it whole.
    await session.press(.end, .backspace, .backspace)
    #expect(session.editor.text == "hi ")
    #expect(session.editor.entities.isEmpty)
  }

  @Test func theChosenItemWinsOverAnAmbiguousHandle() async {
    let session = SessionFixture.session()
    // "kim" and "KIM" share a handle: typed by hand it is ambiguous, completed it is U4.
    await session.press(.text("@kim"), .escape, .text(" "))
    var printed = ChatSession.printed(await session.press(.enter))
    #expect(printed[1] == "  ↳ slack: @kim ")
    await session.press(.text("@kim"))
    let index = session.suggestions?.items.firstIndex { $0.id == "U4" }
    for _ in 0..<(index ?? 0) { await session.press(.down) }
    printed = ChatSession.printed(await session.press(.tab, .enter))
    #expect(printed[1] == "  ↳ slack: <@U4> ")
  }

  @Test func historyUpAndDownWhenNoListIsOpen() async {
    let session = SessionFixture.session()
    await session.press(.text("one"), .enter, .text("two"), .enter, .text("dra"))
    await session.press(.up)
    #expect(session.editor.text == "two")
    await session.press(.up, .up)
    #expect(session.editor.text == "one")
    await session.press(.down)
    #expect(session.editor.text == "two")
    await session.press(.down)
    #expect(session.editor.text == "dra")
  }

  @Test func historyBringsMentionsBackAsEntities() async {
    let session = SessionFixture.session()
    await session.press(.text("@jos"), .tab, .text("hi"), .enter, .up)
    #expect(session.editor.text == "@jose hi")
    #expect(session.editor.entities.map(\.item?.id) == ["U1"])
  }

  @Test func ctrlCClearsTheLineAndASecondOneQuits() async {
    let session = SessionFixture.session()
    #expect(await session.press(.text("abc"), .interrupt).isEmpty)
    #expect(session.editor.isEmpty)
    #expect(session.frame(columns: 80, rows: 24).plainLines.last == "(press Ctrl-C again to quit)")
    #expect(await session.press(.interrupt) == [.quit])
  }

  @Test func aKeyBetweenTwoCtrlCsDoesNotQuit() async {
    let session = SessionFixture.session()
    await session.press(.interrupt, .text("x"))
    #expect(await session.press(.interrupt).isEmpty)
  }

  @Test func ctrlDDeletesForwardAndQuitsOnlyOnAnEmptyLine() async {
    let session = SessionFixture.session()
    #expect(await session.press(.text("ab"), .home, .endOfFile).isEmpty)
    #expect(session.editor.text == "b")
    #expect(await session.press(.endOfFile).isEmpty)
    #expect(await session.press(.endOfFile) == [.quit])
  }

  @Test func emojiShortcodeBecomesTheEmoji() async {
    let session = SessionFixture.session()
    await session.press(.text("so :smi"))
    #expect(session.frame(columns: 80, rows: 24).plainLines[1] == "› 😄  :smile:")
    await session.press(.tab)
    #expect(session.editor.text == "so 😄")
  }

  @Test func commandsCompleteOnlyAtTheStartOfTheLine() async {
    let session = SessionFixture.session()
    await session.press(.text("/he"))
    #expect(session.suggestions?.items.map(\.insertionText) == ["help"])
    await session.press(.killToStart, .text("x /he"))
    #expect(session.manager.activeQuery == nil)
  }

  @Test func commandsRun() async {
    let session = SessionFixture.session()
    #expect(
      await session.press(.text("/help"), .escape, .enter) == [
        .print(ChatSession.helpLines(width: 79))
      ])
    #expect(
      ChatSession.printed(await session.press(.text("/users"), .escape, .enter)).first?.hasPrefix(
        "15 users (embedded sample), 2 channels") == true)
    #expect(
      ChatSession.printed(await session.press(.text("/nope"), .enter)) == [
        "unknown command /nope: try /help"
      ])
    #expect(await session.press(.text("/quit"), .escape, .enter) == [.quit])
  }

  @Test(arguments: [
    // The sample directory's ids are not Discord snowflakes: the text goes out as typed.
    ("discord", "  ↳ discord: @jose"),
    ("markdown", "  ↳ markdown: [@José Álvarez](user:U1)"),
    ("html", #"  ↳ html: <a class="mention" data-id="U1">@José Álvarez</a>"#),
  ])
  func formatCommandChangesTheWireForm(format: String, expected: String) async {
    let session = SessionFixture.session()
    let printed = ChatSession.printed(await session.press(.text("/format \(format)"), .enter))
    #expect(printed == ["wire format: \(format)"])
    let wire = ChatSession.printed(await session.press(.text("@jose"), .escape, .enter))
    #expect(wire.dropFirst().first == expected)
  }

  @Test func formatCommandRejectsJSONAndUnknownFormats() async {
    let session = SessionFixture.session()
    for name in ["json", "xml"] {
      let printed = ChatSession.printed(await session.press(.text("/format \(name)"), .enter))
      #expect(printed.first?.hasPrefix("unknown format '\(name)'") == true)
    }
    #expect(session.format == .slack)
  }
}
