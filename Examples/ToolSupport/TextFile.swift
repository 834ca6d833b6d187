#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that could not be read or parsed: which file, which line, and why.
///
/// ```swift
/// FileError(file: "users.tsv", line: 3, reason: "empty id").description
/// // "users.tsv:3: empty id"
/// ```
package struct FileError: Error, Equatable, CustomStringConvertible {
  /// The file as the user named it.
  package var file: String
  /// The 1-based line, or `nil` for a problem with the whole file (missing, unreadable).
  package var line: Int?
  /// What is wrong.
  package var reason: String

  package init(file: String, line: Int? = nil, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  package var description: String {
    if let line { return "\(file):\(line): \(reason)" }
    return "\(file): \(reason)"
  }
}

/// Reads text files: whole files as bytes, and bytes as lines.
package enum TextFile {
  /// Reads a whole file.
  ///
  /// - Throws: ``FileError`` without a line: the system's reason (`No such file or directory`)
  ///   or `is a directory`.
  package static func read(_ path: String) throws(FileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileError(file: path, reason: errnoDescription(errno)) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileError(file: path, reason: errnoDescription(errno))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw FileError(file: path, reason: "is a directory")
    }
    var bytes = [UInt8]()
    // Files of /proc report a size of 0: read until the end either way.
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(file: path, reason: errnoDescription(errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// The system's description of an `errno` value.
  static func errnoDescription(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }

  /// Splits text into lines, as ``TSVReader`` does: a UTF-8 byte order mark at the start is
  /// skipped, lines end in `\n` (a `\r` before it is dropped), and a final `\n` ends the last
  /// line rather than starting an empty one.
  ///
  /// ```swift
  /// try TextFile.lines(Array("a\r\nb\n\nc\n".utf8), file: "x.txt")  // ["a", "b", "", "c"]
  /// ```
  ///
  /// - Throws: ``FileError`` naming the first line that is not valid UTF-8.
  package static func lines(_ bytes: [UInt8], file: String) throws(FileError) -> [String] {
    var lines: [String] = []
    var badLine: Int?
    bytes.withUnsafeBufferPointer { buffer in
      var cursor = LineCursor(buffer)
      while let line = cursor.next() {
        guard
          let text = String(validating: UnsafeBufferPointer(rebasing: buffer[line]), as: UTF8.self)
        else {
          badLine = cursor.lineNumber
          return
        }
        lines.append(text)
      }
    }
    if let badLine { throw FileError(file: file, line: badLine, reason: "not valid UTF-8") }
    return lines
  }
}

/// The system's `read`, which ``TextFile/read(_:)`` hides by its name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// Walks the lines of a buffer: skips a UTF-8 byte order mark, splits on `\n`, drops a `\r`
/// before it.
struct LineCursor {
  let buffer: UnsafeBufferPointer<UInt8>
  /// Where the next line starts.
  private(set) var position = 0
  /// The 1-based number of the line last returned (0 before the first).
  private(set) var lineNumber = 0

  init(_ buffer: UnsafeBufferPointer<UInt8>) {
    self.buffer = buffer
    if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
      position = 3
    }
  }

  /// The byte range of the next line, without its line ending; `nil` at the end.
  mutating func next() -> Range<Int>? {
    let count = buffer.count
    guard position < count else { return nil }
    let start = position
    var end = start
    while end < count && buffer[end] != 0x0A { end += 1 }
    position = end < count ? end + 1 : end
    lineNumber += 1
    if end > start && buffer[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }
}
