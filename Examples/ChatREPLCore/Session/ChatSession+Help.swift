extension ChatSession {
  /// Every key the editor handles, as `/help` lists them: the keys, then what they do.
  nonisolated static let keyHelp: [(keys: String, does: String)] = [
    ("Tab, Enter", "accept the highlighted suggestion"),
    (
      "Enter",
      "send the message (or run the command) when no list is open, or when the line already"
        + " reads as the suggestion"
    ),
    ("Up, Down", "move the highlight; browse history when no list is open"),
    ("Down on the last suggestion", "load more suggestions, when there are more"),
    ("Esc", "dismiss the list (it comes back for a new trigger)"),
    ("→, End", "at the end of the line: accept the dimmed ghost text"),
    ("←, →, Home, End, Ctrl-A, Ctrl-E", "move by character, to the line start or end"),
    ("Alt-B, Alt-F", "move by word"),
    ("Backspace, Delete", "delete a character; Backspace right after a mention deletes it whole"),
    ("Ctrl-W, Ctrl-U, Ctrl-K", "delete the word before, to the line start, to the line end"),
    ("Ctrl-C", "clear the line; twice in a row: quit"),
    ("Ctrl-D", "quit on an empty line (delete forward otherwise)"),
    ("Ctrl-L", "redraw the screen"),
    ("Tab on a recalled line", "show its suggestions"),
  ]

  /// The `/help` text, wrapped between words to `width` cells.
  nonisolated static func helpLines(width: Int) -> [Frame.Line] {
    var lines: [Frame.Line] = wrapped(
      "Type a message; @ people, # channels, : emoji, / commands.", width: width
    ).map { [Frame.Span($0, .emphasis)] }
    for entry in keyHelp {
      lines += wrapped(
        "\(entry.keys): \(entry.does)", width: width, indent: "  ", hangingIndent: "    "
      ).map { [Frame.Span($0)] }
    }
    for command in Command.allCases {
      lines += wrapped(
        "/\(command.rawValue) — \(command.summary)", width: width, indent: "  ",
        hangingIndent: "    "
      ).map { [Frame.Span($0)] }
    }
    return lines
  }

  /// Text wrapped between words to `width` cells, the first line after `indent`, the others
  /// after `hangingIndent` (none below 20 cells); a word wider than a line is cut.
  nonisolated static func wrapped(
    _ text: String, width: Int, indent: String = "", hangingIndent: String = ""
  ) -> [String] {
    let width = max(width, 1)
    // Indents only where they leave room for the text.
    let (indent, hangingIndent) = width >= 20 ? (indent, hangingIndent) : ("", "")
    var lines: [String] = []
    var line = indent
    var lineHasWord = false
    func startLine() {
      lines.append(line)
      line = hangingIndent
      lineHasWord = false
    }
    for word in text.split(separator: " ") {
      let needed = (lineHasWord ? 1 : 0) + DisplayWidth.of(String(word))
      if lineHasWord && DisplayWidth.of(line) + needed > width { startLine() }
      if lineHasWord { line += " " }
      for character in word {
        if DisplayWidth.of(line) + DisplayWidth.of(character) > width
          && DisplayWidth.of(line) > DisplayWidth.of(hangingIndent)
        {
          startLine()
        }
        line.append(character)
      }
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }
}
