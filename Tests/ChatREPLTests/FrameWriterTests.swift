import Testing

@testable import ChatREPLCore

/// Frames written through `FrameWriter` into a `ScreenEmulator`: what a person would see
/// after scripted keys, with no stale rows and the cursor where the frame says.
@MainActor struct FrameWriterTests {
  /// Feeds keys to a session and draws after each, as `InteractiveMode` does.
  @MainActor struct Harness {
    let session = SessionFixture.session()
    var writer = FrameWriter(palette: Palette(usesColor: true))
    var screen: ScreenEmulator
    let columns: Int
    let rows: Int

    init(columns: Int = 60, rows: Int = 16) {
      self.columns = columns
      self.rows = rows
      screen = ScreenEmulator(columns: columns, rows: rows)
      screen.write(writer.draw(session.frame(columns: columns, rows: rows)))
    }

    mutating func press(_ keys: Key...) async {
      for key in keys {
        var printed: [Frame.Line] = []
        for effect in session.handle(key) {
          if case .print(let lines) = effect { printed += lines }
        }
        // The suggestions for this key arrive before the next one, as the loop redraws them.
        await session.settle()
        let frame = session.frame(columns: columns, rows: rows)
        screen.write(printed.isEmpty ? writer.draw(frame) : writer.print(printed, then: frame))
      }
    }

    var visible: [String] { screen.lines.filter { !$0.isEmpty } }
  }

  @Test func closingTheListLeavesNoStaleRows() async {
    var harness = Harness()
    await harness.press(.text("@j"))
    #expect(harness.visible.count == 10)
    await harness.press(.escape)
    #expect(harness.visible == ["› @j"])
    #expect(harness.screen.row == 0)
    #expect(harness.screen.column == 4)
  }

  @Test func sentMessagesPrintAboveThePrompt() async {
    var harness = Harness()
    await harness.press(.text("@jos"), .tab, .text("hi"), .enter)
    #expect(harness.visible == ["you: @jose hi", "  ↳ slack: <@U1> hi", "›"])
    #expect(harness.screen.row == 2)
    #expect(harness.screen.column == 2)
  }

  @Test func cursorFollowsTheFrameWithWideCharacters() async {
    var harness = Harness()
    await harness.press(.text("日本語 👍🏽 @jo"), .left, .left)
    let frame = harness.session.frame(columns: harness.columns, rows: harness.rows)
    #expect(harness.screen.row == frame.cursorRow)
    #expect(harness.screen.column == frame.cursorColumn)
    #expect(harness.visible.first == "› 日本語 👍🏽 @jo")
  }

  @Test func narrowTerminalNeverWraps() async {
    var harness = Harness(columns: 14, rows: 12)
    await harness.press(.text("hello 世界 @j"), .down, .down, .text("o"), .backspace)
    let frame = harness.session.frame(columns: 14, rows: 12)
    // Every frame line occupies exactly one screen row: nothing wrapped or scrolled.
    #expect(harness.visible.count == frame.lines.count)
    #expect(harness.screen.row == 0)
    #expect(harness.screen.column == frame.cursorColumn)
  }

  @Test func redrawsNeverClearFromTheTopLeftCorner() async {
    // A window the prompt area fills: after Ctrl-L it starts at the top-left corner.
    var harness = Harness(columns: 40, rows: 6)
    await harness.press(.text("@j"))
    var output = harness.writer.redrawAll(
      harness.session.frame(columns: 40, rows: 6), columns: 40, rows: 6)
    for key in [Key.text("u"), .backspace, .escape] {
      _ = harness.session.handle(key)
      await harness.session.settle()
      output += harness.writer.draw(harness.session.frame(columns: 40, rows: 6))
    }
    output += harness.writer.clear()
    // Every clear to the end of the screen comes after a character: never at a row's start.
    #expect(!output.contains("\u{1B}[2J"))
    for clear in output.ranges(of: "\u{1B}[J") {
      let before = output[..<clear.lowerBound]
      #expect(!before.hasSuffix("\r") && !before.hasSuffix("\u{1B}[H"))
    }
    harness.screen.write(output)
    #expect(harness.visible.isEmpty)
  }

  @Test func redrawAfterAResizeWritesOverTheScreenWithTheTranscriptTail() async {
    var harness = Harness(columns: 40, rows: 8)
    for index in 1...5 { await harness.press(.text("message \(index)"), .enter) }
    // What the terminal made of the screen: rows reflowed or cut, the cursor anywhere.
    var screen = ScreenEmulator(columns: 30, rows: 6)
    screen.write(String(repeating: "stale row that wraps somewhere\r\n", count: 4) + "stale")
    let frame = harness.session.frame(columns: 30, rows: 6)
    screen.write(harness.writer.redrawAll(frame, columns: 30, rows: 6))
    #expect(
      screen.lines == [
        "  ↳ slack: message 3", "you: message 4", "  ↳ slack: message 4", "you: message 5",
        "  ↳ slack: message 5", "›",
      ])
  }

  @Test func paletteWithoutColourUsesOnlyBoldDimUnderlineAndReverse() async {
    let noColor = Palette(usesColor: false)
    let color = Palette(usesColor: true)
    let styles: [Frame.Style] = [
      .plain, .prompt, .dim, .ghost, .mention, .channel, .match, .selected, .selectedMatch,
      .error, .emphasis,
    ]
    for style in styles {
      let sequence = noColor.sequence(for: style)
      #expect(!sequence.contains("3"), "\(style) uses a colour: \(sequence.debugDescription)")
    }
    #expect(color.sequence(for: .mention).contains("36"))
    #expect(noColor.render([Frame.Span("a", .plain)]) == "a")
  }
}
