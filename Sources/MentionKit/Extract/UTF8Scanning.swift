/// Decoding helpers for scanners that walk a contiguous UTF-8 buffer one Unicode scalar at a time.
///
/// Every position a scanner keeps is the offset of a scalar's first byte; these helpers never
/// stop inside a multi-byte scalar. Swift strings are valid UTF-8, so no validation is needed.
enum UTF8Scanning {
  /// The scalar starting at `i` and its length in bytes.
  @inline(__always)
  static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 {
      return (((b0 & 0x1F) << 6) | UInt32(p[i &+ 1] & 0x3F), 2)
    }
    if b0 < 0xF0 {
      return (
        ((b0 & 0x0F) << 12) | (UInt32(p[i &+ 1] & 0x3F) << 6) | UInt32(p[i &+ 2] & 0x3F), 3
      )
    }
    return (
      ((b0 & 0x07) << 18) | (UInt32(p[i &+ 1] & 0x3F) << 12) | (UInt32(p[i &+ 2] & 0x3F) << 6)
        | UInt32(p[i &+ 3] & 0x3F), 4
    )
  }

  /// The scalar that ends just before `i` (`i > 0`) and the offset of its first byte.
  @inline(__always)
  static func decode(_ p: UnsafeBufferPointer<UInt8>, before i: Int) -> (value: UInt32, start: Int)
  {
    var start = i &- 1
    while p[start] & 0xC0 == 0x80 { start &-= 1 }
    return (decode(p, at: start).value, start)
  }

  /// The offset of the first `byte` at or after `i`, or `p.count`: eight bytes at a time (SWAR:
  /// the lowest flagged byte of the zero-byte test on `x ^ byte` is exact).
  @inline(__always)
  static func next(_ byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    let n = p.count
    var i = i
    guard let base = p.baseAddress else { return n }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let pattern = ones &* UInt64(byte)
    while i &+ 8 <= n {
      let y = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ pattern
      let found = (y &- ones) & ~y & 0x8080_8080_8080_8080
      if found != 0 { return i &+ found.trailingZeroBitCount >> 3 }
      i &+= 8
    }
    while i < n, base[i] != byte { i &+= 1 }
    return i
  }

  /// Whether a byte starts a scalar (is not a continuation byte).
  @inline(__always)
  static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

  /// Whether the bytes at `i` spell `"://"`.
  @inline(__always)
  static func hasSchemeSeparator(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    i &+ 2 < p.count && p[i] == 0x3A && p[i &+ 1] == 0x2F && p[i &+ 2] == 0x2F
  }

  /// Builds a string from a byte range of the buffer.
  @inline(__always)
  static func string(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
  }
}
