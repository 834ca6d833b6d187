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
    // "› ", "…" for the hidden text, then the last 7 wide characters (14 cells) and a cell for
    // the cursor: 2 + 1 + 14 + 1 = 18 ≤ 19.
    #expect(frame.plainLines[0] == "› …" + String(repeating: "語", count: 7))
    #expect(DisplayWidth.of(frame.plainLines[0]) <= 19)
    #expect(frame.cursorColumn == DisplayWidth.of(frame.plainLines[0]))
    await session.press(.home)
    let start = session.frame(columns: 20, rows: 24)
    #expect(start.cursorColumn == 2)
    // 2 + 8 × 2 + "…" = 19 cells.
    #expect(start.plainLines[0] == "› " + String(repeating: "語", count: 8) + "…")
  }

  /// Every size down to 1 × 1, with a wide character right before the cursor at the line's
  /// end, in the middle, and a list open.
  @Test(arguments: 1...7)
  func tinyTerminalsDrawWithoutTrapping(columns: Int) async {
    let session = SessionFixture.session()
    await session.press(.text("ab語"))
    for rows in 1...3 {
      for text in ["", "語", "@j"] {
        await session.press(.text(text))
        for _ in 0...2 {
          let frame = session.frame(columns: columns, rows: rows)
          #expect(frame.lines.count <= rows)
          for line in frame.plainLines {
            #expect(DisplayWidth.of(line) <= max(columns - 1, 1), "\(line) at \(columns)")
          }
          #expect(frame.cursorColumn <= max(columns - 1, 0))
          await session.press(.left)
        }
        await session.press(.end)
      }
    }
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
