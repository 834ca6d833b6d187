/// URLs with a scheme (`scheme://…`) and the bytes that end a URL in running text.
extension ExcludedSpans {
  /// `scheme://…` for any scheme (letters, digits, `+ . -`, starting with a letter), up to the
  /// next whitespace (ASCII or not) or control, or `<`, `>`, `"` or a backtick, which end a URL
  /// in running text, an autolink and a code span; those whose `://` lies in `range` (the
  /// whole text, or one word).
  static func appendSchemeURLs(
    _ p: UnsafeBufferPointer<UInt8>, in range: Range<Int>, into spans: inout [Range<Int>]
  ) {
    let n = p.count
    var i = range.lowerBound
    var lastEnd = range.lowerBound
    // The search for the next `:` stops at the end of the range.
    let searched = UnsafeBufferPointer(rebasing: p[..<range.upperBound])
    while i &+ 2 < range.upperBound {
      i = UTF8Scanning.next(0x3A, in: searched, from: i)
      guard i &+ 2 < range.upperBound else { break }
      guard UTF8Scanning.hasSchemeSeparator(p, at: i) else {
        i &+= 1
        continue
      }
      var start = i
      while start > lastEnd, isSchemeByte(p[start &- 1]) { start &-= 1 }
      while start < i, !isLetter(p[start]) { start &+= 1 }
      guard start < i else {
        i &+= 3
        continue
      }
      var end = i &+ 3
      while end < n, !endsURL(p, at: end) { end &+= 1 }
      spans.append(start..<end)
      lastEnd = end
      i = end
    }
  }

  /// Whether the byte at `i` ends a URL: ASCII whitespace and controls, `<`, `>`, `"`, a
  /// backtick, and the first byte of a non-ASCII space or C1 control (U+0080–009F, U+00A0,
  /// U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F, U+3000).
  @inline(__always)
  static func endsURL(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    let b = p[i]
    if b < 0x80 {
      return b <= 0x20 || b == 0x7F || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x60
    }
    let n = p.count
    switch b {
    case 0xC2: return i &+ 1 < n && p[i &+ 1] <= 0xA0
    case 0xE1: return i &+ 2 < n && p[i &+ 1] == 0x9A && p[i &+ 2] == 0x80
    case 0xE2:
      guard i &+ 2 < n else { return false }
      let (b1, b2) = (p[i &+ 1], p[i &+ 2])
      return (b1 == 0x80 && (b2 <= 0x8A || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF))
        || (b1 == 0x81 && b2 == 0x9F)
    case 0xE3: return i &+ 2 < n && p[i &+ 1] == 0x80 && p[i &+ 2] == 0x80
    default: return false
    }
  }

  @inline(__always) private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
  @inline(__always) private static func isLetterOrDigit(_ b: UInt8) -> Bool {
    isLetter(b) || b &- 0x30 < 10
  }
  @inline(__always) private static func isSchemeByte(_ b: UInt8) -> Bool {
    isLetterOrDigit(b) || b == 0x2B || b == 0x2E || b == 0x2D
  }
}
