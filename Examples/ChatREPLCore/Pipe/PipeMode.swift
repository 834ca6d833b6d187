import MentionKit

/// Pipe mode: each input line becomes one output line; unknown and ambiguous handles, and
/// mentions past the per-message limit (not looked up), are also reported on the error stream
/// with their line number, so none goes unnoticed.
///
/// Lines are split on `\n` (a `\r` before it is dropped, in every format). Bytes that are not
/// UTF-8 are replaced by U+FFFD, and the first line that holds any is named on the error
/// stream (once: a binary file does not flood it). Output is
/// deterministic, and written before each wait for input: a line's output never waits for the
/// next line.
///
/// With a ``Notifier``, the wire formats write each message as its notification says (allowed
/// broadcasts as broadcast tokens, quoted and silent mentions as silent ones) and json adds who
/// is notified. With ``pairsEdits`` (`--edit`), lines are read in pairs, a stored message and
/// its edited version, and each pair gives one json line: the notification diff.
struct PipeMode {
  var analyzer: any MessageAnalyzer
  var formatter: any MessageFormatter
  var format: Options.Format
  var notifier: Notifier? = nil
  var pairsEdits = false

  /// What each line on the error stream starts with.
  static let warningPrefix = "chat-repl: "

  /// Processes one line: the output line and the warnings for it (without
  /// ``warningPrefix``).
  func process(_ line: String, number: Int) -> (output: String, warnings: [String]) {
    var output: [UInt8] = []
    var warnings: [UInt8] = []
    process(line, number: number, into: &output, warnings: &warnings)
    let prefix = Self.warningPrefix.utf8.count
    return (
      String(decoding: output, as: UTF8.self),
      warnings.split(separator: 0x0A).map { String(decoding: $0.dropFirst(prefix), as: UTF8.self) }
    )
  }

  /// Processes one line: appends its output (without a line end) to `output` and its warnings
  /// to `warnings`, as UTF-8 lines that start with ``warningPrefix`` and end in `\n`.
  func process(
    _ line: String, number: Int, into output: inout [UInt8], warnings: inout [UInt8]
  ) {
    let message = analyzer.analyze(line)
    if message.entities.contains(where: isReported) {
      appendWarnings(for: message, number: number, to: &warnings)
    }
    guard let notifier else {
      formatter.render(message, as: format, mentionLimit: analyzer.mentionLimit, into: &output)
      return
    }
    let notification = notifier.notify(message)
    if format == .json {
      JSONLine.render(
        notification.message, mentionLimit: analyzer.mentionLimit, notification: notification,
        into: &output)
    } else {
      formatter.render(
        notification.message, as: format, mentionLimit: analyzer.mentionLimit, into: &output)
    }
  }

  /// Processes a stored message and its edited version: appends the json line of the
  /// notification diff (`{"added":[…],"removed":[…],"kept":[…]}`) and the warnings of both.
  func processEdit(
    stored: String, number: Int, edited: String, into output: inout [UInt8],
    warnings: inout [UInt8]
  ) {
    let notifier =
      notifier ?? Notifier(directory: HandleDirectory([]), sender: "", role: "member", members: [])
    var notifications: [MentionNotification] = []
    for (text, line) in [(stored, number), (edited, number + 1)] {
      let message = analyzer.analyze(text)
      if message.entities.contains(where: isReported) {
        appendWarnings(for: message, number: line, to: &warnings)
      }
      notifications.append(notifier.notify(message))
    }
    JSONLine.renderDiff(
      NotificationDiff(from: notifications[0], to: notifications[1]), into: &output)
  }

  /// Whether an entity gets a warning: an unknown or ambiguous mention (not a broadcast), or
  /// one past the limit.
  private func isReported(_ entity: MessageEntity) -> Bool {
    switch entity.resolution {
    case .unresolved: entity.trigger == .mention && notifier?.isBroadcast(entity) != true
    case .ambiguous, .skipped(.overMentionLimit): true
    default: false
    }
  }

  /// Appends the warnings for `message`: one line per unknown or ambiguous mention, in text
  /// order, then one line for all the mentions past the limit. Each mention is named as
  /// written, its bytes found from its UTF-16 offsets in one pass over the text.
  private func appendWarnings(for message: Message, number: Int, to out: inout [UInt8]) {
    var text = message.text
    text.withUTF8 { bytes in
      var cursor = OffsetCursor(bytes)
      var overLimit: [MessageEntity] = []
      func appendWritten(_ entity: MessageEntity) {
        let start = cursor.advance(toUTF16: entity.utf16Range.lowerBound)
        let end = cursor.advance(toUTF16: entity.utf16Range.upperBound)
        if start.isExact && end.isExact {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start.byte..<end.byte]))
        } else {
          out.append(contentsOf: entity.value.utf8)
        }
      }
      func startLine() {
        out.append(contentsOf: Self.warningPrefix.utf8)
        out.append(contentsOf: "line ".utf8)
        out.append(contentsOf: String(number).utf8)
        out.append(contentsOf: ": ".utf8)
      }
      for entity in message.entities {
        switch entity.resolution {
        case .unresolved where isReported(entity):
          startLine()
          out.append(contentsOf: "unknown ".utf8)
          appendWritten(entity)
          out.append(0x0A)
        case .ambiguous(let items):
          startLine()
          out.append(contentsOf: "ambiguous ".utf8)
          appendWritten(entity)
          out.append(contentsOf: " (".utf8)
          out.append(contentsOf: items.map(\.id).joined(separator: ", ").utf8)
          out.append(contentsOf: ")\n".utf8)
        case .skipped(.overMentionLimit):
          overLimit.append(entity)
        default:
          break
        }
      }
      guard !overLimit.isEmpty else { return }
      startLine()
      out.append(
        contentsOf: "\(overLimit.count) mention(s) over the limit of \(analyzer.mentionLimit)"
          .utf8)
      out.append(contentsOf: " per message, not looked up (".utf8)
      for (index, entity) in overLimit.enumerated() {
        if index > 0 { out.append(contentsOf: ", ".utf8) }
        appendWritten(entity)
      }
      out.append(contentsOf: "); change the limit with --max-mentions\n".utf8)
    }
  }

  /// Reads `input` to its end and writes to `output` and `errors`.
  ///
  /// - Parameter readSize: The most bytes read at once.
  /// - Returns: The number of lines processed.
  @discardableResult
  func run(input: Int32 = 0, output: Int32 = 1, errors: Int32 = 2, readSize: Int = 1 << 16)
    -> Int
  {
    var out = BufferedWriter(descriptor: output)
    var err = BufferedWriter(descriptor: errors)
    var input = PipeInput(descriptor: input, readSize: readSize)
    /// With `pairsEdits`, a stored message waiting for its edited version.
    var stored: String?
    func emit(_ text: String, number: Int, err: inout BufferedWriter) {
      if pairsEdits {
        guard let first = stored else {
          stored = text
          return
        }
        stored = nil
        processEdit(
          stored: first, number: number - 1, edited: text, into: &out.buffer,
          warnings: &err.buffer)
      } else {
        process(text, number: number, into: &out.buffer, warnings: &err.buffer)
      }
      out.buffer.append(0x0A)
      out.flushIfFull()
      err.flushIfFull()
    }
    repeat {
      // Everything processed goes out before waiting for more input: `tail -f log | chat-repl`
      // shows each line at once. Reads of a file or a busy pipe return large pieces, so this
      // costs a write per piece, not per line.
      out.flush()
      err.flush()
    } while input.readLines(errors: &err, emit)
    let lineNumber = input.lineNumber
    if stored != nil {
      err.write(
        Self.warningPrefix
          + "line \(lineNumber): --edit reads lines in pairs (a message, then its edited"
          + " version); the last line has no edited version\n")
    }
    out.flush()
    err.flush()
    return lineNumber
  }
}

/// Collects output and writes it in large blocks, or when flushed.
struct BufferedWriter {
  var descriptor: Int32
  /// What waits to be written; callers may append to it, then call ``flushIfFull()``.
  var buffer: [UInt8] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    flushIfFull()
  }

  /// Writes the buffer once it holds a large block.
  mutating func flushIfFull() {
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    POSIX.writeAll(descriptor, buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
