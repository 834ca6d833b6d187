/// Finds URLs the way twitter-text 3.1's `extractUrlsWithIndices` does: an optional
/// `http(s)://`, a domain ending in a known top-level domain (``TLDTable``), an optional port,
/// path and query; URLs without a protocol keep only their ASCII domain part.
///
/// The scanner works on byte offsets of a contiguous UTF-8 buffer. Domain parsing is memoised
/// per label so that a text made of millions of labels or letters is still scanned in linear
/// time.
struct URLScanner {
  /// A URL found in the text, as byte offsets.
  struct Match: Equatable {
    /// Where the URL starts (its protocol or first domain letter).
    var start: Int
    /// Just past the URL.
    var end: Int
  }

  private struct Label {
    var end: Int
    var isValidSubdomain: Bool
    var isValidDomainName: Bool
    var tldEnd: Int
    var chainEnd: Int
  }

  /// The memo of labels by start offset: a short array searched linearly while it holds at
  /// most 16 labels (what a message has; no hashing, one small allocation), a dictionary past
  /// that, so that a text of millions of labels stays linear.
  private struct LabelMemo {
    private var few: [(start: Int, label: Label)] = []
    private var many: [Int: Label] = [:]

    subscript(start: Int) -> Label? {
      get {
        guard many.isEmpty else { return many[start] }
        for entry in few where entry.start == start { return entry.label }
        return nil
      }
      set {
        guard let newValue else { return }
        if many.isEmpty {
          if let index = few.firstIndex(where: { $0.start == start }) {
            few[index].label = newValue
            return
          }
          if few.count < 16 {
            if few.isEmpty { few.reserveCapacity(16) }
            few.append((start, newValue))
            return
          }
          many.reserveCapacity(64)
          for entry in few { many[entry.start] = entry.label }
          few = []
        }
        many[start] = newValue
      }
    }
  }

  private let p: UnsafeBufferPointer<UInt8>
  private let table: UnsafeBufferPointer<UInt8>
  private var labels = LabelMemo()
  private var runStart = -1
  private var runEnd = -1
  private var runLastUnderscore = -1
  /// The last search for each closer of a path (`]`, `)`, `}`, `'`, and a backtick or `"`):
  /// where it started and what it found.
  /// Empty until a path holds a bracket or a quote.
  private var closerSearches: [(from: Int, found: Int)] = []
  /// Whether URLs without a protocol are read as linkify-it reads them (the chat profile): no
  /// such URL starts after a letter, digit, mark, symbol or sign of any script, so
  /// `@ana@bücher.org` and `@пример.co.uk` hold none, and none starts with a full-width sign,
  /// so `＠jo.io` reads as `@jo.io` does; the whole host name counts, non-ASCII labels too, and
  /// the path ends where linkify-it ends it.
  private let startsURLsAtWords: Bool

  init(
    _ p: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>,
    startsURLsAtWords: Bool = false
  ) {
    self.p = p
    self.table = table
    self.startsURLsAtWords = startsURLsAtWords
  }

  /// Every URL in the buffer, in text order.
  mutating func urls() -> [Match] {
    var result: [Match] = []
    guard p.contains(0x2E) else { return result }
    let n = p.count
    var q = 0
    // A URL holds no ASCII whitespace and its domain a `.` with a label after it, so a word
    // (a run of bytes without ASCII whitespace) without an inner dot holds none and is skipped
    // whole. No match spans a whitespace byte, so the URLs of each dotted word are those that
    // ``appendURLs(inWordAfter:end:into:)`` finds there.
    while q < n {
      // `q` is 0 or an ASCII whitespace byte.
      var e = UTF8Scanning.isASCIIWhitespace(p[q]) ? q &+ 1 : q
      var firstDot = -1
      while e < n {
        let byte = p[e]
        if UTF8Scanning.isASCIIWhitespace(byte) { break }
        if byte == 0x2E, firstDot < 0 { firstDot = e }
        e &+= 1
      }
      // An inner dot: one with a byte after it in the word (a word may end with `.`).
      if firstDot >= 0, firstDot &+ 1 < e { appendURLs(inWordAfter: q, end: e, into: &result) }
      q = max(e, q &+ 1)
    }
    return result
  }

  /// Appends the URLs of one word: the scan from `q` (0, or the ASCII whitespace byte before
  /// the word) to `end` (the ASCII whitespace byte after the word, or the end of the buffer).
  ///
  /// The answer depends on the word's bytes alone, so a caller may ask about the words it
  /// cares about in any order; ``urls()`` asks about every word with an inner dot.
  mutating func appendURLs(inWordAfter q: Int, end: Int, into result: inout [Match]) {
    var q = q
    while q < end {
      let (c, length) = UTF8Scanning.decode(p, at: q)
      if Self.isValidPreceding(c), let next = matchURL(at: q &+ length, before: c, into: &result) {
        q = next
        continue
      }
      if q == 0, let next = matchURL(at: 0, before: nil, into: &result) {
        q = next
        continue
      }
      q &+= length
    }
  }

  /// The character before a URL: anything but ASCII alphanumerics, at and hash signs, `$` and
  /// the bidi embedding controls.
  @inline(__always)
  static func isValidPreceding(_ c: UInt32) -> Bool {
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x40, 0xFF20, 0x24, 0x23, 0xFF03, 0x202A...0x202E:
      return false
    default:
      return true
    }
  }

  /// Tries the URL pattern at `start`. Returns the end of the pattern's match (which the scan
  /// resumes after, even when the URL is then rejected), or `nil` when nothing matched.
  private mutating func matchURL(at start: Int, before: UInt32?, into result: inout [Match])
    -> Int?
  {
    let n = p.count
    guard start < n else { return nil }
    var domainStart = start
    var hasProtocol = false
    if let length = protocolLength(at: start) {
      hasProtocol = true
      domainStart = start &+ length
    } else if startsURLsAtWords {
      guard before.map(Self.isWordStartPreceding) ?? true, startsWordDomain(at: start),
        let domainEnd = ExcludedSpans.hostEnd(p, at: start)
      else { return nil }
      return matchWordStartURL(domain: start..<domainEnd, into: &result)
    }
    guard let domainEnd = parseDomain(at: domainStart) else { return nil }
    var end = domainEnd
    if end < n, p[end] == 0x3A, end &+ 1 < n, isDigit(p[end &+ 1]) {
      end &+= 1
      while end < n, isDigit(p[end]) { end &+= 1 }
    }
    var hasPath = false
    if end < n, p[end] == 0x2F {
      hasPath = true
      end = parsePath(at: end)
    }
    if end < n, p[end] == 0x3F { end = parseQuery(at: end) }

    if hasProtocol {
      if let tcoEnd = tcoEnd(start: start, domainStart: domainStart, domainEnd: domainEnd) {
        if tcoEnd >= 0 { result.append(Match(start: start, end: tcoEnd)) }
      } else {
        result.append(Match(start: start, end: end))
      }
      return end
    }
    if let before, before == 0x2D || before == 0x5F || before == 0x2E || before == 0x2F {
      return end
    }
    appendASCIIDomains(domainStart..<domainEnd, pathEnd: hasPath ? end : nil, into: &result)
    return end
  }

  /// A URL without a protocol in the chat profile, read as linkify-it reads one after its
  /// domain: the whole domain, a port of at most 65535, where a host may end
  /// (``ExcludedSpans/endsHost(_:at:)``), and linkify-it's path. Returns where the URL ends, or
  /// `nil` when the host may not end there.
  private mutating func matchWordStartURL(domain: Range<Int>, into result: inout [Match]) -> Int? {
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
  private func startsWordDomain(at i: Int) -> Bool {
    switch p[i] {
    case 0x24, 0x2B, 0x3C...0x3E, 0x5E, 0x60, 0x7C: return false
    default: return !ExcludedSpans.isSeparator(p, at: i)
    }
  }

  /// What a URL without a protocol may follow in the chat profile, as in linkify-it: whitespace,
  /// a control, punctuation, or one of ``+ < = > ^ ` | ｜``; but not ``. : / - _`` (the URL
  /// would start inside a word or a path) nor a sign (`@ ＠ # ＃ $ ＄`), which comes first.
  private static func isWordStartPreceding(_ c: UInt32) -> Bool {
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

  /// `http://` or `https://`, any letter case.
  private func protocolLength(at i: Int) -> Int? {
    let n = p.count
    guard i &+ 7 <= n, p[i] | 0x20 == 0x68, p[i &+ 1] | 0x20 == 0x74, p[i &+ 2] | 0x20 == 0x74,
      p[i &+ 3] | 0x20 == 0x70
    else { return nil }
    var j = i &+ 4
    if p[j] | 0x20 == 0x73 { j &+= 1 }
    guard UTF8Scanning.hasSchemeSeparator(p, at: j) else { return nil }
    return j &+ 3 &- i
  }

  // MARK: Domains

  /// Whether a scalar may appear in a domain label (`-` and `_` included).
  @inline(__always)
  private func isLabelCharacter(_ c: UInt32) -> Bool {
    c == 0x2D || c == 0x5F
      || TwitterCharacters.flags(c, table) & TwitterCharacters.invalidDomain == 0
  }

  /// The end of the run of label characters starting at `i`; memoised for starts inside the
  /// last run.
  private mutating func labelRun(from i: Int) -> (end: Int, hasUnderscore: Bool) {
    if i >= runStart, i < runEnd {
      return (runEnd, runLastUnderscore >= i)
    }
    var j = i
    var lastUnderscore = -1
    let n = p.count
    while j < n {
      let (c, length) = UTF8Scanning.decode(p, at: j)
      guard isLabelCharacter(c) else { break }
      if c == 0x5F { lastUnderscore = j }
      j &+= length
    }
    runStart = i
    runEnd = j
    runLastUnderscore = lastUnderscore
    return (j, lastUnderscore >= i)
  }

  @inline(__always)
  private func isHyphenOrUnderscore(_ byte: UInt8) -> Bool { byte == 0x2D || byte == 0x5F }

  /// twitter-text's `validDomain`: subdomains, a domain name and a top-level domain, with as
  /// many subdomains as possible.
  private mutating func parseDomain(at start: Int) -> Int? {
    let n = p.count
    guard start < n else { return nil }
    let (end, hasUnderscore) = labelRun(from: start)
    guard end > start, end < n, p[end] == 0x2E else { return nil }
    let edgesValid = !isHyphenOrUnderscore(p[start]) && !isHyphenOrUnderscore(p[end &- 1])
    guard edgesValid, let next = label(at: end &+ 1) else { return nil }
    if next.chainEnd >= 0 { return next.chainEnd }
    if !hasUnderscore, next.tldEnd >= 0 { return next.tldEnd }
    return nil
  }

  /// The label starting at `start` with its memoised facts, or `nil` when no label starts there.
  private mutating func label(at start: Int) -> Label? {
    if let known = labels[start] { return known.end > start ? known : nil }
    // Walk the dotted chain forward until a memoised label or its end, then fill backwards.
    var chain: [(start: Int, label: Label)] = []
    var position = start
    let n = p.count
    var following: Label?
    while position < n {
      if let known = labels[position] {
        following = known.end > position ? known : nil
        break
      }
      let (end, hasUnderscore) = labelRun(from: position)
      guard end > position else {
        labels[position] = Label(
          end: position, isValidSubdomain: false, isValidDomainName: false, tldEnd: -1,
          chainEnd: -1)
        break
      }
      let edges = !isHyphenOrUnderscore(p[position]) && !isHyphenOrUnderscore(p[end &- 1])
      chain.append(
        (
          position,
          Label(
            end: end, isValidSubdomain: edges, isValidDomainName: edges && !hasUnderscore,
            tldEnd: tldEnd(at: position, limit: n), chainEnd: -1)
        ))
      guard end < n, p[end] == 0x2E else { break }
      position = end &+ 1
    }
    for index in chain.indices.reversed() {
      var current = chain[index].label
      let next: Label? = index + 1 < chain.count ? chain[index + 1].label : following
      if let next, current.end < n, p[current.end] == 0x2E {
        if current.isValidSubdomain, next.chainEnd >= 0 {
          current.chainEnd = next.chainEnd
        } else if current.isValidDomainName, next.tldEnd >= 0 {
          current.chainEnd = next.tldEnd
        }
      }
      chain[index].label = current
      labels[chain[index].start] = current
    }
    if following == nil, chain.isEmpty { return nil }
    return labels[start].flatMap { $0.end > start ? $0 : nil }
  }

  /// The end of a top-level domain starting at `i` (followed by anything but ASCII
  /// alphanumerics, `@`, `+` and `-`, or by `limit`), or -1.
  private func tldEnd(at i: Int, limit: Int) -> Int {
    var j = i
    while j < limit, isASCIIAlphanumericOrHyphen(p[j]) { j &+= 1 }
    let length = j &- i
    if length > 0 {
      let followerOK = j >= limit || (p[j] != 0x40 && p[j] != 0x2B)
      if length >= 5, p[i] | 0x20 == 0x78, p[i &+ 1] | 0x20 == 0x6E, p[i &+ 2] == 0x2D,
        p[i &+ 3] == 0x2D
      {
        return j
      }
      if followerOK, length <= 24, TLDLookup.ascii.contains(p, i..<j) { return j }
    }
    // Every internationalised TLD has a non-ASCII byte right after its ASCII letters (if any),
    // where the run above stopped: without one there, none can match.
    guard j < limit, p[j] >= 0x80 else { return -1 }
    for tld in TLDTable.nonASCII where tld[0] == p[i] && i &+ tld.count <= limit {
      var matches = true
      for k in 1..<tld.count where p[i &+ k] != tld[k] {
        matches = false
        break
      }
      guard matches else { continue }
      let after = i &+ tld.count
      if after >= limit { return after }
      let b = p[after]
      if !isASCIIAlphanumericOrHyphen(b), b != 0x40, b != 0x2B { return after }
    }
    return -1
  }

  @inline(__always) private func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
  @inline(__always) private func isUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }
  @inline(__always) private func isASCIIAlphanumericOrHyphen(_ b: UInt8) -> Bool {
    isDigit(b) || (b | 0x20) &- 0x61 < 26 || b == 0x2D
  }

  // MARK: Paths and queries

  /// A bit per ASCII byte (two words) for the sets below, built once.
  private static func asciiBits(_ extra: String) -> (low: UInt64, high: UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    let alphanumerics =
      (0x30...0x39).map(UInt8.init) + (0x41...0x5A).map(UInt8.init)
      + (0x61...0x7A).map(UInt8.init)
    for byte in alphanumerics + Array(extra.utf8) {
      if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte &- 64) }
    }
    return (low, high)
  }

  @inline(__always)
  private static func contains(_ bits: (low: UInt64, high: UInt64), _ byte: UInt32) -> Bool {
    byte < 64 ? (bits.low >> UInt64(byte)) & 1 == 1 : (bits.high >> UInt64(byte &- 64)) & 1 == 1
  }

  /// ASCII path characters: letters, digits and `!*';:=+,.$/%#[]-_~|&@`.
  private static let pathBits = asciiBits("!*';:=+,.$/%#[]-_~|&@")
  /// ASCII query characters, and those a query may end with.
  private static let queryBits = asciiBits("!?*'@();:&=+$/%#[]-_.,~|")
  private static let queryEndBits = asciiBits("-_&=#/")

  private func isPathCharacter(_ c: UInt32) -> Bool {
    if c < 0x80 { return Self.contains(Self.pathBits, c) }
    return c == 0x2013 || isPathLetter(c)
  }

  private func isPathEnding(_ c: UInt32) -> Bool {
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2D, 0x3D, 0x5F, 0x23, 0x2F: return true
    default: return c >= 0x80 && isPathLetter(c)
    }
  }

  @inline(__always)
  private func isPathLetter(_ c: UInt32) -> Bool {
    TwitterCharacters.flags(c, table) & (TwitterCharacters.cyrillic | TwitterCharacters.latinAccent)
      != 0
  }

  /// `/` and the longest run of path characters and balanced parentheses that ends in a path
  /// ending character.
  private func parsePath(at slash: Int) -> Int {
    let n = p.count
    var i = slash &+ 1
    var end = i
    while i < n {
      if p[i] == 0x28 {
        guard let close = balancedParentheses(at: i) else { break }
        i = close
        end = i
        continue
      }
      let (c, length) = UTF8Scanning.decode(p, at: i)
      guard isPathCharacter(c) else { break }
      i &+= length
      if isPathEnding(c) { end = i }
    }
    return end
  }

  /// `(chars)` or `(chars(chars)chars)` at `i`, returning the end.
  private func balancedParentheses(at i: Int) -> Int? {
    let n = p.count
    var j = i &+ 1
    var count = 0
    func skipPathCharacters() {
      while j < n {
        let (c, length) = UTF8Scanning.decode(p, at: j)
        guard isPathCharacter(c) else { return }
        j &+= length
        count &+= 1
      }
    }
    skipPathCharacters()
    guard j < n else { return nil }
    if p[j] == 0x29 { return count > 0 ? j &+ 1 : nil }
    guard p[j] == 0x28 else { return nil }
    j &+= 1
    count = 0
    skipPathCharacters()
    guard count > 0, j < n, p[j] == 0x29 else { return nil }
    j &+= 1
    skipPathCharacters()
    guard j < n, p[j] == 0x29 else { return nil }
    return j &+ 1
  }

  /// `?` and the longest run of query characters that ends in a query ending character; or
  /// `question` itself when there is none.
  private func parseQuery(at question: Int) -> Int {
    let n = p.count
    var i = question &+ 1
    var end = question
    let query = Self.queryBits
    let queryEnd = Self.queryEndBits
    while i < n {
      let b = UInt32(p[i])
      guard b < 0x80, Self.contains(query, b) else { break }
      i &+= 1
      if Self.contains(queryEnd, b) { end = i }
    }
    return end
  }

  // MARK: Post-processing

  /// For `t.co` links: the end of `https://t.co/slug[?query]`, -1 to drop a slug over 40
  /// characters, or `nil` when the URL is not a t.co link.
  private func tcoEnd(start: Int, domainStart: Int, domainEnd: Int) -> Int? {
    let n = p.count
    guard domainEnd &- domainStart == 4, p[domainStart] | 0x20 == 0x74,
      p[domainStart &+ 1] == 0x2E, p[domainStart &+ 2] | 0x20 == 0x63,
      p[domainStart &+ 3] | 0x20 == 0x6F, domainEnd < n, p[domainEnd] == 0x2F
    else { return nil }
    var j = domainEnd &+ 1
    while j < n, isDigit(p[j]) || (p[j] | 0x20) &- 0x61 < 26 { j &+= 1 }
    let slug = j &- domainEnd &- 1
    guard slug > 0 else { return nil }
    if slug > 40 { return -1 }
    if j < n, p[j] == 0x3F { j = parseQuery(at: j) }
    return j
  }

  /// twitter-text's handling of URLs without a protocol: only ASCII domains (letters, digits,
  /// `-` and Latin accents) count; the last one found takes the path.
  private func appendASCIIDomains(
    _ domain: Range<Int>, pathEnd: Int?, into result: inout [Match]
  ) {
    // Split the domain into labels.
    var labelRanges: [Range<Int>] = []
    var start = domain.lowerBound
    for i in domain where p[i] == 0x2E {
      labelRanges.append(start..<i)
      start = i &+ 1
    }
    labelRanges.append(start..<domain.upperBound)
    var found: [Match] = []
    var index = 0
    while index < labelRanges.count - 1 {
      let suffixStart = asciiSuffixStart(labelRanges[index])
      guard suffixStart < labelRanges[index].upperBound else {
        index += 1
        continue
      }
      var best: (label: Int, end: Int)?
      var j = index + 1
      while j < labelRanges.count {
        let tld = tldEnd(at: labelRanges[j].lowerBound, limit: domain.upperBound)
        if tld >= 0 { best = (j, tld) }
        guard asciiSuffixStart(labelRanges[j]) == labelRanges[j].lowerBound,
          !labelRanges[j].isEmpty
        else { break }
        j += 1
      }
      guard let best else {
        index += 1
        continue
      }
      found.append(Match(start: suffixStart, end: best.end))
      index = best.label + 1
    }
    guard !found.isEmpty else { return }
    if let pathEnd { found[found.count - 1].end = pathEnd }
    result.append(contentsOf: found)
  }

  /// Where the trailing run of ASCII-domain characters (`-`, letters, digits, Latin accents)
  /// of a label starts.
  private func asciiSuffixStart(_ label: Range<Int>) -> Int {
    var start = label.lowerBound
    var i = label.lowerBound
    while i < label.upperBound {
      let (c, length) = UTF8Scanning.decode(p, at: i)
      let isASCIIDomain =
        c < 0x80
        ? isASCIIAlphanumericOrHyphen(UInt8(c))
        : TwitterCharacters.flags(c, table) & TwitterCharacters.latinAccent != 0
      i &+= length
      if !isASCIIDomain { start = i }
    }
    return start
  }
}
