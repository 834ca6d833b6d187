import Testing

@testable import ChatREPLCore

/// The prompt area as a pure function of the session and the terminal size: widths, cursor,
/// scrolling, narrow and short terminals.
@MainActor struct SessionFrameTests {
  @Test func cursorColumnCountsCellsOfWideAndCombinedCharacters() async {
    let session = SessionFixture.session()
    // 日本 (4 cells) space, 👍🏽 (2), space, e + combining acute (1), then "x" after the cursor.
    await session.press(.text("日本 👍🏽 e\u{301}x"), .left)
    let frame = session.frame(columns: 80, rows: 24)
    #expect(frame.cursorRow == 0)
    #expect(frame.cursorColumn == 2 + 4 + 1 + 2 + 1 + 1)
    #expect(frame.plainLines[0] == "› 日本 👍🏽 e\u{301}x")
  }

  @Test(arguments: [8, 12, 20, 33, 80])
  func noLineIsWiderThanTheTerminal(columns: Int) async {
    let session = SessionFixture.session()
    await session.press(.text("很长的一行中文字符 with 👍🏽 emoji and @j"))
    let frame = session.frame(columns: columns, rows: 24)
    for line in frame.plainLines {
      #expect(DisplayWidth.of(line) <= columns - 1, "\(line) is wider than \(columns - 1)")
    }
    #expect(frame.cursorColumn <= columns - 1)
  }

  @Test func longLineScrollsSoTheCursorStaysVisible() async {
    let session = SessionFixture.session()
    await session.press(.text(String(repeating: "語", count: 30)))
    let frame = session.frame(columns: 20, rows: 24)
    // "› " + "…" and a pad cell standing for the hidden wide character, then what fits.
    #expect(frame.plainLines[0].hasPrefix("› … 語"))
    #expect(DisplayWidth.of(frame.plainLines[0]) <= 19)
    #expect(frame.cursorColumn == DisplayWidth.of(frame.plainLines[0]))
    await session.press(.home)
    let start = session.frame(columns: 20, rows: 24)
    #expect(start.cursorColumn == 2)
    #expect(start.plainLines[0].hasPrefix("› 語語"))
  }

  @Test func shortTerminalShowsFewerRowsAndKeepsTheHighlightVisible() async {
    let session = SessionFixture.session()
    await session.press(.text("@j"))
    for _ in 0..<6 { await session.press(.down) }
    let frame = session.frame(columns: 80, rows: 5)
    #expect(frame.lines.count <= 5)
    #expect(frame.plainLines.contains { $0.hasPrefix("› ") && $0 != frame.plainLines[0] })
  }

  @Test func noMatchSaysSo() async {
    let session = SessionFixture.session()
    await session.press(.text("#zzz"))
    #expect(session.frame(columns: 80, rows: 24).plainLines[1] == "  no match for #zzz")
  }
}
