@testable import ChatREPLCore

/// A tiny terminal: just the sequences `FrameWriter` and `Terminal` write (CR, CR LF, cursor
/// up/forward, erase below, home, clear screen, SGR and cursor visibility, which it ignores),
/// on a grid of cells with wide characters taking two. Lines that reach the right edge wrap
/// and the screen scrolls, as a real terminal does, so garbled drawing shows up in the grid.
struct ScreenEmulator {
  let columns: Int
  let rows: Int
  private(set) var grid: [[String]]
  private(set) var row = 0
  private(set) var column = 0

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen as text, trailing spaces trimmed, wide characters once.
  var lines: [String] {
    grid.map { cells in
      var line = cells.filter { !$0.isEmpty }.joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  mutating func write(_ output: String) {
    var characters = Array(output)[...]
    while let character = characters.popFirst() {
      switch character {
      case "\r": column = 0
      case "\n", "\r\n":
        if character == "\r\n" { column = 0 }
        lineFeed()
      case "\u{1B}":
        guard characters.first == "[" else { continue }
        characters.removeFirst()
        var parameters = ""
        while let next = characters.first, next.isASCII, !next.isLetter {
          parameters.append(next)
          characters.removeFirst()
        }
        guard let final = characters.popFirst() else { return }
        control(final, parameters)
      default:
        put(character)
      }
    }
  }

  private mutating func control(_ final: Character, _ parameters: String) {
    let count = max(Int(parameters) ?? 1, 1)
    switch final {
    case "A": row = max(row - count, 0)
    case "C": column = min(column + count, columns - 1)
    case "H":
      row = 0
      column = 0
    case "K":
      for index in column..<columns { grid[row][index] = " " }
    case "J":
      let blank = Array(repeating: " ", count: columns)
      if parameters == "2" {
        grid = Array(repeating: blank, count: rows)
      } else {
        for index in column..<columns { grid[row][index] = " " }
        for below in (row + 1)..<rows { grid[below] = blank }
      }
    default: break  // SGR (m), cursor visibility (?25h, ?25l).
    }
  }

  private mutating func put(_ character: Character) {
    let width = DisplayWidth.of(character)
    guard width > 0 else { return }
    if column + width > columns {
      column = 0
      lineFeed()
    }
    grid[row][column] = String(character)
    if width == 2 { grid[row][column + 1] = "" }
    column += width
  }

  private mutating func lineFeed() {
    if row == rows - 1 {
      grid.removeFirst()
      grid.append(Array(repeating: " ", count: columns))
    } else {
      row += 1
    }
  }
}
