import Testing

@testable import ChatREPLCore

/// Terminal cells per character: what keeps the cursor aligned with CJK and emoji.
struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("José", 4), ("e\u{301}", 1), ("日本", 4), ("テスト", 6), ("한국어", 6),
    ("👍", 2), ("👍🏽", 2), ("🇫🇷", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤\u{FE0E}", 1),
    ("ＡＢ", 4), ("\u{200B}", 1), ("", 0), ("a\tb", 2),
  ])
  func widths(text: String, cells: Int) {
    #expect(DisplayWidth.of(text) == cells)
  }
}
