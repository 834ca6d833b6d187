/// E-mail addresses as linkify-it reads them, with the host names and separators that the
/// URL scanner's chat profile shares.
extension ExcludedSpans {
  /// E-mail addresses as linkify-it reads them: a local part of up to 64 ASCII letters, digits
  /// and ``- ; : & = + $ , . _`` (and `"` past its first character) that follows the start of
  /// the text, whitespace, a control, `<`, `>`, `｜`, `"` or `(`, then `@` and a host name
  /// (``hostEnd(_:at:)``) where a host may end (``endsHost(_:at:)``). An at sign before the
  /// local part makes it a fediverse address instead. Those whose `@` lies in `range` (the
  /// whole text, or one word).
  static func appendEmailAddresses(
    _ p: UnsafeBufferPointer<UInt8>, in range: Range<Int>, into spans: inout [Range<Int>]
  ) {
    var lastEnd = range.lowerBound
    var i = range.lowerBound
    let searched = UnsafeBufferPointer(rebasing: p[..<range.upperBound])
    while i < range.upperBound {
      i = UTF8Scanning.next(0x40, in: searched, from: i)
      guard i < range.upperBound else { break }
      var start = i
      while start > lastEnd, isLocalPartByte(p[start &- 1]) { start &-= 1 }
      guard let localStart = localPartStart(p, from: start, at: i) else {
        i &+= 1
        continue
      }
      start = localStart
      guard let end = hostEnd(p, at: i &+ 1), endsHost(p, at: end) else {
        i &+= 1
        continue
      }
      spans.append(start..<end)
      lastEnd = end
      i = end
    }
  }

  /// Where the local part of an address ending at the `@` at `at` starts, the leftmost start
  /// that linkify-it accepts among the run of local-part bytes from `run`: a start that follows
  /// an address boundary, or a `"` inside the run; the local part does not start with `"` and
  /// holds at most 64 bytes. `nil` when there is none.
  private static func localPartStart(_ p: UnsafeBufferPointer<UInt8>, from run: Int, at: Int)
    -> Int?
  {
    var s = run
    var followsQuote = false
    while true {
      while s < at, p[s] == 0x22 {
        s &+= 1
        followsQuote = true
      }
      guard s < at else { return nil }
      if at &- s <= 64, followsQuote || followsAddressBoundary(p, at: s) { return s }
      // The next quote inside the run, which a later start would follow.
      while s < at, p[s] != 0x22 { s &+= 1 }
      guard s < at else { return nil }
    }
  }

  /// The end of the host name at `start` as linkify-it reads one: labels of characters other
  /// than whitespace, controls, punctuation, `<`, `>` and `｜` (so letters, digits, marks and
  /// symbols of any script), with inner hyphens, separated by single dots; at least two, the
  /// last a known top-level domain (``TLDTable``, or `xn--`). `nil` when there is none; the
  /// caller checks what follows (``endsHost(_:at:)``).
  static func hostEnd(_ p: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    let n = p.count
    var j = start
    var labels = 0
    var lastLabel = j..<j
    while j < n {
      let labelStart = j
      while j < n, p[j] == 0x2D || !isSeparator(p, at: j) {
        j &+= p[j] < 0x80 ? 1 : UTF8Scanning.decode(p, at: j).length
      }
      guard j > labelStart, p[labelStart] != 0x2D, p[j &- 1] != 0x2D else { return nil }
      labels += 1
      lastLabel = labelStart..<j
      guard j &+ 1 < n, p[j] == 0x2E, p[j &+ 1] == 0x2D || !isSeparator(p, at: j &+ 1) else {
        break
      }
      j &+= 1
    }
    guard labels >= 2, isTopLevelDomain(p, lastLabel) else { return nil }
    return lastLabel.upperBound
  }

  /// Whether a host name may end at `end`, as linkify-it's host terminator says: at the end of
  /// the text, `<`, `>`, `｜`, whitespace, a control or punctuation, but not `-`, `_`, `:` and
  /// a digit (a port), `.-`, or a `.` that more of the word follows.
  static func endsHost(_ p: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
    let n = p.count
    guard end < n else { return true }
    switch p[end] {
    case 0x2D, 0x5F: return false
    case 0x3A: return !(end &+ 1 < n && p[end &+ 1] &- 0x30 < 10)
    case 0x2E: return end &+ 1 == n || (p[end &+ 1] != 0x2D && isSeparator(p, at: end &+ 1))
    default: return isSeparator(p, at: end)
    }
  }

  /// Whether the scalar at `i` is `<`, `>`, `｜`, whitespace, a control or punctuation.
  @inline(__always)
  static func isSeparator(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    let byte = p[i]
    if byte < 0x80 {
      switch byte {
      case 0...0x20, 0x7F, 0x21...0x23, 0x25...0x2A, 0x2C...0x2F, 0x3A, 0x3B, 0x3C, 0x3E, 0x3F,
        0x40, 0x5B...0x5D, 0x5F, 0x7B, 0x7D:
        return true
      default:
        return false
      }
    }
    return isNonASCIISeparator(UTF8Scanning.decode(p, at: i).value)
  }

  /// Whether a scalar outside ASCII separates words as linkify-it reads them: `｜`, or a space,
  /// line or paragraph separator, control or punctuation.
  static func isNonASCIISeparator(_ c: UInt32) -> Bool {
    if c == 0xFF5C { return true }
    guard let scalar = Unicode.Scalar(c) else { return false }
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .connectorPunctuation,
      .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  /// Whether an address may start at `start`: at the start of the text, or after whitespace, a
  /// control, `<`, `>`, `｜`, `"` or `(` (linkify-it's rule; never after an at sign, a letter,
  /// a digit or other punctuation).
  private static func followsAddressBoundary(_ p: UnsafeBufferPointer<UInt8>, at start: Int)
    -> Bool
  {
    guard start > 0 else { return true }
    let before = UTF8Scanning.decode(p, before: start).value
    switch before {
    case 0...0x20, 0x7F...0xA0, 0x3C, 0x3E, 0x22, 0x28, 0xFF5C, 0x1680, 0x2000...0x200A, 0x2028,
      0x2029, 0x202F, 0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  /// Whether a label is a top-level domain of ``TLDTable`` or a punycode one (`xn--`).
  private static func isTopLevelDomain(_ p: UnsafeBufferPointer<UInt8>, _ label: Range<Int>)
    -> Bool
  {
    let count = label.count
    let s = label.lowerBound
    if count >= 5, p[s] | 0x20 == 0x78, p[s &+ 1] | 0x20 == 0x6E, p[s &+ 2] == 0x2D,
      p[s &+ 3] == 0x2D
    {
      return true
    }
    if label.allSatisfy({ p[$0] < 0x80 }) {
      return count <= 24 && TLDLookup.ascii.contains(p, label)
    }
    return TLDTable.nonASCII.contains { tld in
      tld.count == count && tld.indices.allSatisfy { tld[$0] == p[s &+ $0] }
    }
  }

  /// ASCII letters, digits, ``- ; : & = + $ , . _`` and `"`.
  @inline(__always) private static func isLocalPartByte(_ b: UInt8) -> Bool {
    switch b {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x3B, 0x3A, 0x26, 0x3D, 0x2B, 0x24, 0x2C,
      0x2E, 0x5F, 0x22:
      return true
    default:
      return false
    }
  }
}
