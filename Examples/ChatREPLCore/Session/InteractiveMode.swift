/// The interactive loop: raw terminal in, frames out.
struct InteractiveMode {
  var session: ChatSession
  var palette: Palette

  /// How long a lone Esc waits for the rest of an escape sequence.
  static let escapeTimeoutMilliseconds: Int32 = 40

  /// Runs until the user quits or input ends.
  ///
  /// - Returns: The exit status.
  mutating func run(banner: [Frame.Line]) -> Int32 {
    guard Terminal.enableRawMode() else {
      POSIX.writeAll(2, "chat-repl: cannot put the terminal in raw mode\n")
      return 3
    }
    defer { Terminal.restore() }
    var writer = FrameWriter(palette: palette)
    var decoder = KeyDecoder()
    var size = Terminal.size()
    Terminal.output(
      writer.print(banner, then: session.frame(columns: size.columns, rows: size.rows)))
    loop: while true {
      let wake = Terminal.waitForInput(
        timeoutMilliseconds: decoder.hasPending ? Self.escapeTimeoutMilliseconds : -1)
      var keys: [Key] = []
      switch wake {
      case .input(let bytes): keys = decoder.feed(bytes)
      case .timeout: keys = decoder.flush()
      case .endOfInput: break loop
      case .resize:
        size = Terminal.size()
        Terminal.output(
          writer.redrawAll(
            session.frame(columns: size.columns, rows: size.rows), columns: size.columns,
            rows: size.rows))
        continue
      }
      var printed: [Frame.Line] = []
      var quits = false
      var clears = false
      for key in keys {
        for effect in session.handle(key) {
          switch effect {
          case .print(let lines): printed += lines
          case .clearScreen: clears = true
          case .quit: quits = true
          }
        }
        if quits { break }
      }
      let frame = session.frame(columns: size.columns, rows: size.rows)
      if clears {
        Terminal.output(writer.redrawAll(frame, columns: size.columns, rows: size.rows))
      }
      if quits {
        Terminal.output(
          writer.print(printed, then: Frame(lines: [[]], cursorRow: 0, cursorColumn: 0)))
        Terminal.output(writer.clear())
        break
      }
      Terminal.output(printed.isEmpty ? writer.draw(frame) : writer.print(printed, then: frame))
    }
    return 0
  }
}
