/// Splits a stream of bytes into lines as it arrives, in whatever pieces the reads return.
///
/// Lines end in `\n`; a line is handed out without it. Bytes after the last `\n` wait for more
/// input, or for ``finish(_:)`` at the end of the input.
///
/// ```swift
/// var splitter = LineSplitter()
/// splitter.append(Array("a\nb".utf8)) { print(String(decoding: $0, as: UTF8.self)) }  // a
/// splitter.append(Array("c\n".utf8)) { print(String(decoding: $0, as: UTF8.self)) }   // bc
/// ```
struct LineSplitter {
  /// The bytes of the line not yet ended.
  private var pending: [UInt8] = []
  /// How many bytes have been examined in search of a line end, for tests of the work done.
  private(set) var bytesExamined = 0

  /// Adds bytes read and calls `body` with each line they end, in order.
  mutating func append(
    _ bytes: some Collection<UInt8>, _ body: (ArraySlice<UInt8>) -> Void
  ) {
    pending.append(contentsOf: bytes)
    var start = pending.startIndex
    while true {
      let newline = pending[start...].firstIndex(of: 0x0A)
      bytesExamined += (newline.map { $0 + 1 } ?? pending.endIndex) - start
      guard let newline else { break }
      body(pending[start..<newline])
      start = newline + 1
    }
    pending.removeSubrange(..<start)
  }

  /// Calls `body` with the last line when the input did not end in `\n`.
  mutating func finish(_ body: (ArraySlice<UInt8>) -> Void) {
    if !pending.isEmpty { body(pending[...]) }
    pending.removeAll()
  }
}
