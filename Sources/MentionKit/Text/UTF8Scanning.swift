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

  /// Calls `body` with a string's UTF-8 bytes: a native string's own storage, without copying
  /// the string value first; other storage is made contiguous.
  @inline(__always)
  static func withUTF8<Result>(
    _ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var contiguous = text
    return try contiguous.withUTF8(body)
  }

  // MARK: Eight bytes at a time (SWAR)

  /// `byte` in each of the eight bytes of a word.
  @inline(__always)
  static func broadcast(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

  /// The classic zero-byte test: bit 7 of each zero byte of `y` set, and possibly of a byte
  /// above a zero byte (a borrow), so only the lowest flag is exact; zero when `y` has no zero
  /// byte.
  @inline(__always)
  static func zeroBytes(_ y: UInt64) -> UInt64 {
    (y &- 0x0101_0101_0101_0101) & ~y & 0x8080_8080_8080_8080
  }

  /// The exact zero-byte test: bit 7 of each zero byte of `y` set, and of no other byte.
  @inline(__always)
  static func exactZeroBytes(_ y: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((y & low) &+ low) | y | low)
  }

  /// The offset of the first `byte` at or after `i`, or `p.count`.
  @inline(__always)
  static func next(_ byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    let pattern = broadcast(byte)
    return next(anyOf: (pattern, pattern, pattern, pattern), in: p, from: i)
  }

  /// The offset of the first byte at or after `i` that equals one of four bytes (each given
  /// with ``broadcast(_:)``; repeat one to search for fewer: a pattern equal to the one before
  /// it costs no test), or `p.count`. A byte equal to `v` is a zero byte of `x ^ v`, and the
  /// lowest flag of the zero-byte tests is exact (see ``firstMarked(in:from:_:)``).
  @inline(__always)
  static func next(
    anyOf patterns: (UInt64, UInt64, UInt64, UInt64), in p: UnsafeBufferPointer<UInt8>,
    from i: Int
  ) -> Int {
    let (s0, s1, s2, s3) = patterns
    return firstMarked(in: p, from: i) { x, _, exact in
      if exact {
        return exactZeroBytes(x ^ s0) | exactZeroBytes(x ^ s1) | exactZeroBytes(x ^ s2)
          | exactZeroBytes(x ^ s3)
      }
      var found = zeroBytes(x ^ s0)
      if s1 != s0 { found |= zeroBytes(x ^ s1) }
      if s2 != s1 { found |= zeroBytes(x ^ s2) }
      if s3 != s2 { found |= zeroBytes(x ^ s3) }
      return found
    }
  }

  /// The offset of the first byte at or after `i` that `marks` flags, or `p.count`, eight
  /// bytes at a time.
  ///
  /// `marks` gets eight bytes as a word (the first byte lowest) and the offset of the first,
  /// and returns bit 7 of each byte it flags. With `exact` false, only its lowest flag need be
  /// right (a zero-byte test may flag a byte above a match); with `exact` true, every flag must
  /// be. The last few bytes are read as the buffer's last eight with the bytes already searched
  /// masked off, so that word is tested exactly; a buffer of fewer than eight bytes is read as
  /// one word padded with zeros (a flag there gives `p.count`).
  @inline(__always)
  static func firstMarked(
    in p: UnsafeBufferPointer<UInt8>, from i: Int,
    _ marks: (_ word: UInt64, _ offset: Int, _ exact: Bool) -> UInt64
  ) -> Int {
    let n = p.count
    var i = i
    guard let base = p.baseAddress else { return n }
    let raw = UnsafeRawPointer(base)
    while i &+ 8 <= n {
      let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      let found = marks(x, i, false)
      if found != 0 { return i &+ found.trailingZeroBitCount >> 3 }
      i &+= 8
    }
    guard i < n else { return n }
    let start = n >= 8 ? n &- 8 : i
    let x =
      n >= 8
      ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
      : word(p, at: i, bytes: n &- i)
    // The bytes before `i` masked off; a flag in the padding of a short buffer gives `n`.
    let searched = UInt64.max << UInt64((i &- start) &* 8)
    let found = marks(x, start, true) & searched
    return found != 0 ? min(start &+ found.trailingZeroBitCount >> 3, n) : n
  }

  /// The `bytes` (1–7) bytes at `start` as the low bytes of a word (the first byte lowest), the
  /// others zero: one load when eight bytes are readable from `start`, else the buffer's last
  /// eight bytes shifted down, and byte by byte only in a buffer of fewer than eight bytes.
  @inline(__always)
  static func word(_ p: UnsafeBufferPointer<UInt8>, at start: Int, bytes: Int) -> UInt64 {
    let n = p.count
    guard let base = p.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var x: UInt64
    if start &+ 8 <= n {
      x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    } else if n >= 8 {
      let last = n &- 8
      x =
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: last, as: UInt64.self))
        &>> UInt64((start &- last) &* 8)
    } else {
      x = 0
      for k in 0..<bytes { x |= UInt64(base[start &+ k]) &<< UInt64(k &* 8) }
    }
    return x & (UInt64.max &>> UInt64((8 &- bytes) &* 8))
  }

  /// How many of the eight bytes at `i` (`i + 8 <= p.count`), from the first, are ASCII
  /// letters, digits or `_` (0–8), and whether those hold a letter.
  ///
  /// Each range test adds to the bytes with their bit 7 cleared, so no byte carries into the
  /// next; bytes with bit 7 set (non-ASCII) are never members.
  @inline(__always)
  static func wordCharacters(in p: UnsafeBufferPointer<UInt8>, at i: Int) -> (
    count: Int, hasLetter: Bool
  ) {
    let x = UInt64(
      littleEndian: UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped).loadUnaligned(
        fromByteOffset: i, as: UInt64.self))
    let high: UInt64 = 0x8080_8080_8080_8080
    let low7 = x & ~high
    /// Bit 7 of each byte of `y` (every byte < 0x80) in `lo...hi`.
    @inline(__always) func inRange(_ y: UInt64, _ lo: UInt8, _ hi: UInt8) -> UInt64 {
      (y &+ broadcast(0x80 &- lo)) & ~(y &+ broadcast(0x7F &- hi)) & high
    }
    let letters = inRange(low7 | broadcast(0x20), 0x61, 0x7A) & ~x
    let members = (letters | inRange(low7, 0x30, 0x39) | exactZeroBytes(x ^ broadcast(0x5F))) & ~x
    let stop = ~members & high
    let count = stop == 0 ? 8 : stop.trailingZeroBitCount &>> 3
    // Letters among the first `count` bytes only.
    let kept = count == 8 ? letters : letters & ((1 &<< UInt64(count &* 8)) &- 1)
    return (count, kept != 0)
  }

  /// Space, tab, line feed, vertical tab, form feed or carriage return: the bytes that end a
  /// word (no URL, e-mail address or handle holds one).
  @inline(__always)
  static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }

  /// Whether a byte starts a scalar (is not a continuation byte).
  @inline(__always)
  static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

  /// Whether the bytes at `i` spell `"://"`.
  @inline(__always)
  static func hasSchemeSeparator(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    i &+ 2 < p.count && p[i] == 0x3A && p[i &+ 1] == 0x2F && p[i &+ 2] == 0x2F
  }

  /// Builds a string from a byte range of a buffer of valid UTF-8 (a string's bytes): copied
  /// without validating it again when the range starts and ends between scalars, else
  /// repaired.
  @inline(__always)
  static func string(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    string(UnsafeBufferPointer(rebasing: p[range]), isValid: holdsWholeScalars(p, range))
  }

  /// Whether a byte range of a buffer of valid UTF-8 starts and ends between scalars, so that
  /// its bytes are valid UTF-8 too.
  @inline(__always)
  static func holdsWholeScalars(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    (range.isEmpty || isScalarStart(p[range.lowerBound]))
      && (range.upperBound == p.count || isScalarStart(p[range.upperBound]))
  }

  /// Builds a string from bytes: copied as they are when `isValid` says they are valid UTF-8
  /// (the caller knows it, so they are not validated again), else validated and repaired.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, isValid: Bool) -> String {
    if isValid, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return String(copying: UTF8Span(unchecked: bytes.span))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
