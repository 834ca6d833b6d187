/// What the prompt area shows: styled lines and where the cursor goes. Built by the session
/// as a pure function of its state and the terminal size; written by ``FrameWriter``.
struct Frame: Sendable, Equatable {
  /// Text with a style.
  struct Span: Sendable, Equatable {
    var text: String
    var style: Style

    init(_ text: String, _ style: Style = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// How a span looks.
  enum Style: Sendable, Equatable {
    case plain, prompt, dim, ghost, mention, channel, match, selected, selectedMatch, error
    case emphasis
  }

  /// A screen row.
  typealias Line = [Span]

  var lines: [Line]
  /// The cursor: row within ``lines``, column in cells.
  var cursorRow: Int
  var cursorColumn: Int

  /// The lines as plain text, for tests.
  var plainLines: [String] { lines.map { $0.map(\.text).joined() } }
}

/// Turns styles into escape sequences, or into nothing when colour is off.
///
/// With `NO_COLOR` (or `--no-color`) the app adds no colour; it still uses bold, dim, underline
/// and reverse video, which are not colours, and marks the highlighted suggestion with `›`.
struct Palette: Sendable, Equatable {
  var usesColor: Bool

  func sequence(for style: Frame.Style) -> String {
    switch (style, usesColor) {
    case (.plain, _): ""
    case (.prompt, true): "\u{1B}[1;32m"
    case (.prompt, false): "\u{1B}[1m"
    case (.dim, _), (.ghost, _): "\u{1B}[2m"
    case (.mention, true): "\u{1B}[1;36m"
    case (.channel, true): "\u{1B}[1;35m"
    case (.mention, false), (.channel, false): "\u{1B}[1m"
    case (.match, true): "\u{1B}[1;4;33m"
    case (.match, false): "\u{1B}[1;4m"
    case (.selected, _): "\u{1B}[7m"
    case (.selectedMatch, _): "\u{1B}[7;1;4m"
    case (.error, true): "\u{1B}[31m"
    case (.error, false): ""
    case (.emphasis, _): "\u{1B}[1m"
    }
  }

  /// A line with its styles, reset at the end.
  func render(_ line: Frame.Line) -> String {
    var output = ""
    for span in line {
      let start = sequence(for: span.style)
      output += start + span.text + (start.isEmpty ? "" : "\u{1B}[0m")
    }
    return output
  }
}
