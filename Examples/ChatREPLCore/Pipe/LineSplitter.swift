#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a stream of bytes into lines as it arrives, in whatever pieces the reads return.
///
/// Lines end in `\n`; a line is handed out without it. Bytes after the last `\n` wait for more
/// input, or for ``finish(_:)`` at the end of the input. Each byte is examined once, so a line
/// of any length read in many pieces costs time linear in its length.
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
    // `pending` holds no `\n`: only the new bytes need a search.
    var searchFrom = pending.count
    pending.append(contentsOf: bytes)
    var start = 0
    while let newline = Self.firstNewline(in: pending, from: searchFrom) {
      bytesExamined += newline + 1 - searchFrom
      body(pending[start..<newline])
      start = newline + 1
      searchFrom = start
    }
    bytesExamined += pending.count - searchFrom
    if start > 0 { pending.removeSubrange(..<start) }
  }

  /// Calls `body` with the last line when the input did not end in `\n`.
  mutating func finish(_ body: (ArraySlice<UInt8>) -> Void) {
    if !pending.isEmpty { body(pending[...]) }
    pending.removeAll()
  }

  /// The index of the first `\n` in `bytes` at or after `start`.
  private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard start < buffer.count, let base = buffer.baseAddress,
        let found = memchr(base + start, 0x0A, buffer.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }
}
