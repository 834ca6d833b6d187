import Dispatch

/// The interactive loop: raw terminal in, frames out.
///
/// A reader thread blocks on the terminal and decodes keys; the loop, on the main actor, applies
/// them to the session and draws. Suggestions the manager answers between two keystrokes reach
/// the session on the main actor too, and redraw the prompt at once: typing never waits for the
/// directory.
@MainActor final class InteractiveMode {
  let session: ChatSession
  private var writer: FrameWriter
  private var size = Terminal.size()

  /// How long a lone Esc waits for the rest of an escape sequence.
  nonisolated static let escapeTimeoutMilliseconds: Int32 = 40

  /// What the reader thread hands the loop.
  private enum Input: Sendable {
    case keys([Key])
    case resize
    case end
  }

  init(session: ChatSession, palette: Palette) {
    self.session = session
    self.writer = FrameWriter(palette: palette)
    writer.columns = size.columns
    session.columns = size.columns
  }

  /// Runs until the user quits or input ends.
  ///
  /// - Returns: The exit status.
  func run(banner: [Frame.Line]) async -> Int32 {
    guard Terminal.enableRawMode() else {
      POSIX.writeAll(2, "chat-repl: cannot put the terminal in raw mode\n")
      return 3
    }
    defer { Terminal.restore() }
    Terminal.output(writer.print(banner, then: currentFrame()))
    session.onUpdate = { [weak self] in self?.redraw() }
    defer { session.onUpdate = nil }
    let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
    // The reader blocks in poll(2) on its own thread; the process exits when the loop ends.
    DispatchQueue.global().async {
      var decoder = KeyDecoder()
      while true {
        let wake = Terminal.waitForInput(
          timeoutMilliseconds: decoder.hasPending ? Self.escapeTimeoutMilliseconds : -1)
        switch wake {
        case .input(let bytes): continuation.yield(.keys(decoder.feed(bytes)))
        case .timeout: continuation.yield(.keys(decoder.flush()))
        case .resize: continuation.yield(.resize)
        case .endOfInput:
          continuation.yield(.end)
          continuation.finish()
          return
        }
      }
    }
    loop: for await input in inputs {
      let keys: [Key]
      switch input {
      case .keys(let decoded): keys = decoded
      case .end: break loop
      case .resize:
        size = Terminal.size()
        session.columns = size.columns
        Terminal.output(
          writer.redrawAll(currentFrame(), columns: size.columns, rows: size.rows))
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
      let frame = currentFrame()
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

  /// Draws the prompt again: new suggestions arrived between keystrokes.
  private func redraw() {
    Terminal.output(writer.draw(currentFrame()))
  }

  private func currentFrame() -> Frame {
    session.frame(columns: size.columns, rows: size.rows)
  }
}
