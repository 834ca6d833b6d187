/// URLs without a protocol in the chat profile, read as linkify-it reads them: where one may
/// start, its port and its path.
extension URLScanner {
  /// A URL without a protocol in the chat profile, read as linkify-it reads one after its
  /// domain: the whole domain, a port of at most 65535, where a host may end
  /// (``ExcludedSpans/endsHost(_:at:)``), and linkify-it's path. Returns where the URL ends, or
  /// `nil` when the host may not end there.
  mutating func matchWordStartURL(domain: Range<Int>, into result: inout [Match]) -> Int? {
    let n = p.count
    var end = domain.upperBound
    if end &+ 1 < n, p[end] == 0x3A, isDigit(p[end &+ 1]) {
      var j = end &+ 1
      var value = 0
      while j < n, isDigit(p[j]), j &- end <= 5 {
        value = value &* 10 &+ Int(p[j] &- 0x30)
        j &+= 1
      }
      if value <= 65535, j &- end <= 5, j == n || !isDigit(p[j]) { end = j }
    }
    guard ExcludedSpans.endsHost(p, at: end) else { return nil }
    if end < n, p[end] == 0x2F || p[end] == 0x3F || p[end] == 0x23 { end = linkifyPath(at: end) }
    result.append(Match(start: domain.lowerBound, end: end))
    return end
  }

  /// The end of linkify-it's path at `i` (a `/`, `?` or `#`): characters other than
  /// whitespace, controls, `<`, `>`, `｜` and ``( ) [ ] { } . , " ' ? ! - ;``; bracketed runs
  /// and runs in single quotes; `'` before a letter or `-`; runs of dots before a letter,
  /// digit, `%`, `/` or `&`; `. , ; ! ?` that more of the word follows; hyphens. A lone `/` is
  /// a path; a lone `?` or `#` is not. The chat profile ends it at `"` or a backtick.
  private mutating func linkifyPath(at i: Int) -> Int {
    let n = p.count
    var j = i &+ 1
    var steps = 0
    while j < n {
      let byte = p[j]
      var next = -1
      switch byte {
      case 0x5B, 0x28, 0x7B, 0x27:
        let closer: UInt8 =
          byte == 0x5B ? 0x5D : byte == 0x28 ? 0x29 : byte == 0x7B ? 0x7D : byte
        let close = closerOrSpace(closer, from: j &+ 1)
        if close < n, p[close] == closer, byte != 0x27 || close > j &+ 1 {
          // The chat profile ends a URL at `"` and at a backtick, inside brackets too.
          let cut = closerOrSpace(0x60, from: j &+ 1)
          if cut < close { return cut }
          next = close &+ 1
        } else if byte == 0x27, j &+ 1 < n, p[j &+ 1] == 0x2D || isPseudoLetter(at: j &+ 1) {
          next = j &+ 1
        }
      case 0x22, 0x60:
        break
      case 0x2E:
        var dots = j
        while dots < n, p[dots] == 0x2E { dots &+= 1 }
        if dots &- j >= 2, dots < n,
          isLetterOrDigitByte(p[dots]) || p[dots] == 0x25
            || p[dots] == 0x2F || p[dots] == 0x26
        {
          next = dots &+ 1
        } else if j &+ 1 < n, p[j &+ 1] != 0x2E, !isSpaceOrControl(at: j &+ 1) {
          next = j &+ 1
        }
      case 0x2D:
        next = j &+ 1
        while next < n, p[next] == 0x2D { next &+= 1 }
      case 0x2C, 0x3B:
        if j &+ 1 < n, !isSpaceOrControl(at: j &+ 1) { next = j &+ 1 }
      case 0x21:
        var bangs = j
        while bangs < n, p[bangs] == 0x21 { bangs &+= 1 }
        if bangs < n, !isSpaceOrControl(at: bangs) { next = bangs }
      case 0x3F:
        if j &+ 1 < n, p[j &+ 1] != 0x3F, !isSpaceOrControl(at: j &+ 1) { next = j &+ 1 }
      case 0x5D, 0x29, 0x7D, 0x3C, 0x3E:
        break
      default:
        if !isSpaceOrControl(at: j), !(byte == 0xEF && isFullWidthBar(at: j)) {
          next = j &+ UTF8Scanning.decode(p, at: j).length
        }
      }
      guard next > j else { break }
      j = next
      steps &+= 1
    }
    if steps > 0 { return j }
    return p[i] == 0x2F ? i &+ 1 : i
  }

  @inline(__always) private func isLetterOrDigitByte(_ b: UInt8) -> Bool {
    isDigit(b) || (b | 0x20) &- 0x61 < 26
  }

  @inline(__always) private func isFullWidthBar(at j: Int) -> Bool {
    j &+ 2 < p.count && p[j &+ 1] == 0xBD && p[j &+ 2] == 0x9C
  }

  /// Whether the scalar at `j` is a space separator or a control (linkify-it's `Z` and `Cc`).
  private func isSpaceOrControl(at j: Int) -> Bool {
    let byte = p[j]
    if byte < 0x80 { return byte <= 0x20 || byte == 0x7F }
    return ExcludedSpans.endsURL(p, at: j)
  }

  /// Whether the scalar at `j` is none of `<`, `>`, `｜`, whitespace, controls or punctuation.
  private func isPseudoLetter(at j: Int) -> Bool {
    !ExcludedSpans.isSeparator(p, at: j)
  }

  /// The first offset from `j` holding `closer` (a backtick: a backtick or `"`), `<`, `>`, a
  /// space or a control (or the end of the buffer). Each closer's last answer is kept: the searches of a
  /// word's paths move forward, so a word of many unclosed brackets is still read once.
  private mutating func closerOrSpace(_ closer: UInt8, from j: Int) -> Int {
    let slot = closer == 0x5D ? 0 : closer == 0x29 ? 1 : closer == 0x7D ? 2 : closer == 0x27 ? 3 : 4
    if closerSearches.isEmpty { closerSearches = Array(repeating: (Int.max, -1), count: 5) }
    if closerSearches[slot].from <= j, closerSearches[slot].found >= j {
      return closerSearches[slot].found
    }
    var k = j
    let n = p.count
    // `<` and `>` end a URL as a space does.
    if closer == 0x60 {
      // A cut: a backtick or `"`.
      while k < n, p[k] != 0x60, p[k] != 0x22, p[k] != 0x3C, p[k] != 0x3E,
        !isSpaceOrControl(at: k)
      {
        k &+= 1
      }
    } else {
      while k < n, p[k] != closer, p[k] != 0x3C, p[k] != 0x3E, !isSpaceOrControl(at: k) {
        k &+= 1
      }
    }
    closerSearches[slot] = (j, k)
    return k
  }

  /// Whether a host name may start at `i` (linkify-it): with a character that may be in one
  /// (``ExcludedSpans/hostEnd(_:at:)``) other than ``$ + < = > ^ ` | ｜``.
  func startsWordDomain(at i: Int) -> Bool {
    switch p[i] {
    case 0x24, 0x2B, 0x3C...0x3E, 0x5E, 0x60, 0x7C: return false
    default: return !ExcludedSpans.isSeparator(p, at: i)
    }
  }

  /// What a URL without a protocol may follow in the chat profile, as in linkify-it: whitespace,
  /// a control, punctuation, or one of ``+ < = > ^ ` | ｜``; but not ``. : / - _`` (the URL
  /// would start inside a word or a path) nor a sign (`@ ＠ # ＃ $ ＄`), which comes first.
  static func isWordStartPreceding(_ c: UInt32) -> Bool {
    if c < 0x80 {
      switch c {
      case 0...0x20, 0x7F, 0x21, 0x22, 0x25...0x2A, 0x2C, 0x3B, 0x3F, 0x5B...0x5D, 0x7B, 0x7D,
        0x2B, 0x3C...0x3E, 0x5E, 0x60, 0x7C:
        return true
      default:
        return false
      }
    }
    if c == 0xFF20 || c == 0xFF03 { return false }
    return ExcludedSpans.isNonASCIISeparator(c)
  }
}
