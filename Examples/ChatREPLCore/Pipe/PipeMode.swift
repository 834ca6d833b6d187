import MentionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pipe mode: each input line becomes one output line; unknown and ambiguous handles, and
/// mentions past the per-message limit (not looked up), are also reported on the error stream
/// with their line number, so none goes unnoticed.
///
/// Lines are split on `\n` (a `\r` before it is dropped, in every format). Bytes that are not
/// UTF-8 are replaced by U+FFFD, and the first line that holds any is named on the error
/// stream (once: a binary file does not flood it). Output is
/// deterministic, and written before each wait for input: a line's output never waits for the
/// next line.
struct PipeMode {
  var analyzer: any MessageAnalyzer
  var formatter: any MessageFormatter
  var format: Options.Format

  /// Processes one line: the output line and the warnings for it.
  func process(_ line: String, number: Int) -> (output: String, warnings: [String]) {
    var output: [UInt8] = []
    var warnings: [String] = []
    process(line, number: number, into: &output, warnings: &warnings)
    return (String(decoding: output, as: UTF8.self), warnings)
  }

  /// Processes one line: appends its output (without a line end) to `output` and its warnings
  /// to `warnings`.
  func process(_ line: String, number: Int, into output: inout [UInt8], warnings: inout [String]) {
    let message = analyzer.analyze(line)
    var overLimit: [String] = []
    func written(_ entity: MessageEntity) -> String {
      entity.range(in: message.text).map { String(message.text[$0]) } ?? entity.value
    }
    for entity in message.entities {
      switch entity.resolution {
      case .unresolved where entity.trigger == .mention:
        warnings.append("line \(number): unknown \(written(entity))")
      case .ambiguous(let items):
        warnings.append(
          "line \(number): ambiguous \(written(entity)) ("
            + items.map(\.id).joined(separator: ", ") + ")")
      case .skipped(.overMentionLimit):
        overLimit.append(written(entity))
      default:
        break
      }
    }
    if !overLimit.isEmpty {
      warnings.append(
        "line \(number): \(overLimit.count) mention(s) over the limit of "
          + "\(analyzer.mentionLimit) per message, not looked up ("
          + overLimit.joined(separator: ", ") + "); change the limit with --max-mentions")
    }
    formatter.render(message, as: format, mentionLimit: analyzer.mentionLimit, into: &output)
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
    var splitter = LineSplitter()
    var chunk = [UInt8](repeating: 0, count: readSize)
    var lineNumber = 0
    var reportedInvalidUTF8 = false
    var warnings: [String] = []
    func emit(_ bytes: ArraySlice<UInt8>) {
      lineNumber += 1
      var slice = bytes
      if slice.last == 0x0D { slice = slice.dropLast() }
      let text: String
      if let valid = slice.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) {
        text = valid
      } else {
        text = String(decoding: slice, as: UTF8.self)
        if !reportedInvalidUTF8 {
          reportedInvalidUTF8 = true
          err.write(
            "chat-repl: line \(lineNumber): not valid UTF-8 (replaced by U+FFFD; later lines"
              + " with invalid UTF-8 are not reported)\n")
        }
      }
      process(text, number: lineNumber, into: &out.buffer, warnings: &warnings)
      out.buffer.append(0x0A)
      out.flushIfFull()
      for warning in warnings { err.write("chat-repl: " + warning + "\n") }
      warnings.removeAll(keepingCapacity: true)
    }
    while true {
      // Everything processed goes out before waiting for more input: `tail -f log | chat-repl`
      // shows each line at once. Reads of a file or a busy pipe return large pieces, so this
      // costs a write per piece, not per line.
      out.flush()
      err.flush()
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      splitter.append(chunk[0..<count], emit)
    }
    splitter.finish(emit)
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
