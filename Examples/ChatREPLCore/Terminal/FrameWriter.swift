/// Draws frames in place below the transcript, with relative cursor moves only, and prints
/// transcript lines above them.
///
/// The prompt area is redrawn in place on every change: back to its first row, each line
/// written over the old one and cleared to its end, then the rows below cleared. Nothing is
/// ever cleared from the screen's top-left corner, which terminals such as tmux treat as
/// clearing the whole screen and push into the scrollback. Frame lines never wrap (the session
/// cuts them to the width), so the row arithmetic holds.
///
/// After a resize, or on Ctrl-L, the writer goes to the top of the screen and writes over it
/// what fits of the transcript, re-wrapped at the new width, then the area: terminals reflow
/// or cut their lines on a resize and may move the cursor, so only the top is a known place.
struct FrameWriter {
  var palette: Palette
  /// The terminal's width, for the rows transcript lines take.
  var columns = 80
  /// The cursor's row within the area drawn last.
  private var cursorRow = 0
  /// Transcript lines kept for redrawing after a resize.
  private var transcript: [Frame.Line] = []
  private static let transcriptLimit = 500

  init(palette: Palette) {
    self.palette = palette
  }

  /// The escape sequences that replace the area drawn last with `frame`.
  mutating func draw(_ frame: Frame) -> String {
    "\u{1B}[?25l" + backToTop() + body(frame) + "\u{1B}[?25h"
  }

  /// Prints lines above the prompt area, then redraws it.
  mutating func print(_ lines: [Frame.Line], then frame: Frame) -> String {
    var output = "\u{1B}[?25l" + backToTop()
    for line in lines { output += transcriptLine(line) + "\r\n" }
    transcript += lines
    if transcript.count > Self.transcriptLimit {
      transcript.removeFirst(transcript.count - Self.transcriptLimit)
    }
    return output + body(frame) + "\u{1B}[?25h"
  }

  /// Writes the screen again from its top (after a resize, or Ctrl-L): what fits of the
  /// transcript at the new size, then the area, each row written over, so that the scrollback
  /// gains nothing.
  mutating func redrawAll(_ frame: Frame, columns: Int, rows: Int) -> String {
    self.columns = columns
    var budget = max(rows - frame.lines.count, 0)
    var tail: [Frame.Line] = []
    for line in transcript.reversed() {
      let height = max(1, (Self.width(of: line) + columns - 1) / max(columns, 1))
      if height > budget { break }
      budget -= height
      tail.append(line)
    }
    var output = "\u{1B}[?25l\u{1B}[H"
    for line in tail.reversed() { output += transcriptLine(line) + "\r\n" }
    cursorRow = 0
    return output + body(frame) + "\u{1B}[?25h"
  }

  /// Clears the area and leaves the cursor at its start (on exit).
  mutating func clear() -> String {
    let output = backToTop() + Self.clearToEnd
    cursorRow = 0
    return output
  }

  private func backToTop() -> String {
    "\r" + (cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : "")
  }

  /// Clears from the start of a row to the end of the screen without starting the clear at
  /// column 0: a space first, cleared on its own afterwards.
  private static let clearToEnd = " \u{1B}[J\r\u{1B}[K"

  private static func width(of line: Frame.Line) -> Int {
    line.reduce(0) { $0 + DisplayWidth.of($1.text) }
  }

  /// A transcript line written over whatever the rows held, the rest of its last row cleared
  /// (unless the line fills it: clearing there would erase its last character).
  private func transcriptLine(_ line: Frame.Line) -> String {
    let width = Self.width(of: line)
    let fills = width > 0 && width % max(columns, 1) == 0
    return palette.render(line) + (fills ? "" : "\u{1B}[K")
  }

  private mutating func body(_ frame: Frame) -> String {
    var output = ""
    for (index, line) in frame.lines.enumerated() {
      if index > 0 { output += "\r\n" }
      let rendered = palette.render(line)
      if index < frame.lines.count - 1 {
        output += rendered + "\u{1B}[K"
      } else {
        // The rest of the last row and every row below.
        output += rendered.isEmpty ? Self.clearToEnd : rendered + "\u{1B}[J"
      }
    }
    let up = frame.lines.count - 1 - frame.cursorRow
    if up > 0 { output += "\u{1B}[\(up)A" }
    output += "\r"
    if frame.cursorColumn > 0 { output += "\u{1B}[\(frame.cursorColumn)C" }
    cursorRow = frame.cursorRow
    return output
  }
}
