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

  let p: UnsafeBufferPointer<UInt8>
  let table: UnsafeBufferPointer<UInt8>
  private var labels = LabelMemo()
  private var runStart = -1
  private var runEnd = -1
  private var runLastUnderscore = -1
  /// The last search for each closer of a path (`]`, `)`, `}`, `'`, and a backtick or `"`):
  /// where it started and what it found.
  /// Empty until a path holds a bracket or a quote.
  var closerSearches: [(from: Int, found: Int)] = []
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
  func tldEnd(at i: Int, limit: Int) -> Int {
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

  @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
  @inline(__always) private func isUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }
  @inline(__always) func isASCIIAlphanumericOrHyphen(_ b: UInt8) -> Bool {
    isDigit(b) || (b | 0x20) &- 0x61 < 26 || b == 0x2D
  }
}
