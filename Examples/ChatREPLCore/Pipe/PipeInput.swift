#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The input side of every pipe mode: reads a descriptor in pieces and hands over its lines,
/// split on `\n` with a `\r` before it dropped, and numbered from 1. Bytes that are not UTF-8 are
/// replaced by U+FFFD, and the first line that holds any is named on the error stream (once: a
/// binary file does not flood it).
struct PipeInput {
  private let descriptor: Int32
  private var chunk: [UInt8]
  private var splitter = LineSplitter()
  /// The number of lines handed over so far.
  private(set) var lineNumber = 0
  private var reportedInvalidUTF8 = false

  /// Creates the input of `descriptor`, read at most `readSize` bytes at once.
  init(descriptor: Int32, readSize: Int) {
    self.descriptor = descriptor
    chunk = [UInt8](repeating: 0, count: readSize)
  }

  /// Reads the next piece of input and calls `body` with each line it ends, its number and the
  /// error stream; at the end of input, calls it with a last line not ended by `\n`.
  ///
  /// - Returns: `false` at the end of input.
  mutating func readLines(
    errors: inout BufferedWriter, _ body: (String, Int, inout BufferedWriter) -> Void
  ) -> Bool {
    var count: Int
    repeat {
      count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    } while count < 0 && errno == EINTR
    // Moved out, not copied: with a second reference, appending would copy the pending bytes
    // of an unfinished line on every read, quadratic in the line's length.
    var splitter = self.splitter
    self.splitter = LineSplitter()
    var state = (lineNumber: lineNumber, reported: reportedInvalidUTF8)
    func decode(_ bytes: ArraySlice<UInt8>) {
      state.lineNumber += 1
      var slice = bytes
      if slice.last == 0x0D { slice = slice.dropLast() }
      let text: String
      if let valid = slice.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) {
        text = valid
      } else {
        text = String(decoding: slice, as: UTF8.self)
        if !state.reported {
          state.reported = true
          errors.write(
            PipeMode.warningPrefix
              + "line \(state.lineNumber): not valid UTF-8 (replaced by U+FFFD; later lines"
              + " with invalid UTF-8 are not reported)\n")
        }
      }
      body(text, state.lineNumber, &errors)
    }
    let more = count > 0
    if more {
      splitter.append(chunk[0..<count], decode)
    } else {
      splitter.finish(decode)
    }
    self.splitter = splitter
    (lineNumber, reportedInvalidUTF8) = state
    return more
  }
}
