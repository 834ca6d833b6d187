/// Draws frames in place below the transcript, with relative cursor moves only, and prints
/// transcript lines above them.
///
/// The prompt area is redrawn whole on every change: back to its first row, clear to the end of
/// the screen, write the lines, put the cursor back. Frame lines never wrap (the session cuts
/// them to the width), so the row arithmetic holds. A resize clears the screen and reprints the
/// end of the transcript re-wrapped to the new width.
struct FrameWriter {
  var palette: Palette
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
    var output = "\u{1B}[?25l" + backToTop() + "\u{1B}[J"
    output += body(frame)
    return output + "\u{1B}[?25h"
  }

  /// Prints lines above the prompt area, then redraws it.
  mutating func print(_ lines: [Frame.Line], then frame: Frame) -> String {
    var output = "\u{1B}[?25l" + backToTop() + "\u{1B}[J"
    for line in lines { output += palette.render(line) + "\r\n" }
    transcript += lines
    if transcript.count > Self.transcriptLimit {
      transcript.removeFirst(transcript.count - Self.transcriptLimit)
    }
    output += body(frame)
    return output + "\u{1B}[?25h"
  }

  /// Clears the screen and reprints what fits of the transcript at the new size, then the area.
  mutating func redrawAll(_ frame: Frame, columns: Int, rows: Int) -> String {
    var output = "\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    var budget = max(rows - frame.lines.count, 0)
    var tail: [Frame.Line] = []
    for line in transcript.reversed() {
      let width = line.reduce(0) { $0 + DisplayWidth.of($1.text) }
      let height = max(1, (width + columns - 1) / max(columns, 1))
      if height > budget { break }
      budget -= height
      tail.append(line)
    }
    for line in tail.reversed() { output += palette.render(line) + "\r\n" }
    cursorRow = 0
    output += body(frame)
    return output + "\u{1B}[?25h"
  }

  /// Clears the area and leaves the cursor at its start (on exit).
  mutating func clear() -> String {
    let output = backToTop() + "\u{1B}[J"
    cursorRow = 0
    return output
  }

  private func backToTop() -> String {
    "\r" + (cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : "")
  }

  private mutating func body(_ frame: Frame) -> String {
    var output = ""
    for (index, line) in frame.lines.enumerated() {
      if index > 0 { output += "\r\n" }
      output += palette.render(line)
    }
    let up = frame.lines.count - 1 - frame.cursorRow
    if up > 0 { output += "\u{1B}[\(up)A" }
    output += "\r"
    if frame.cursorColumn > 0 { output += "\u{1B}[\(frame.cursorColumn)C" }
    cursorRow = frame.cursorRow
    return output
  }
}
