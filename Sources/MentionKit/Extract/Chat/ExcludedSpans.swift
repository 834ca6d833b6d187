/// The spans of a message where the chat profile extracts nothing: Markdown fenced code blocks
/// and code spans, URLs and e-mail addresses. Byte offsets, sorted and merged.
///
/// Every finder is linear: code spans pair backtick runs of equal length through per-length
/// queues instead of searching forward from each opener; URL and e-mail finders never rescan
/// text they have passed.
enum ExcludedSpans {
  /// Which spans a profile excludes: a plain value, cheap to pass per word (an
  /// ``ExtractionProfile`` holds reference-counted triggers and classes).
  struct Kinds: OptionSet, Sendable {
    let rawValue: UInt8
    /// Markdown fenced code blocks and code spans.
    static let code = Kinds(rawValue: 1)
    /// URLs, with or without a scheme.
    static let urls = Kinds(rawValue: 2)
    /// E-mail addresses.
    static let emailAddresses = Kinds(rawValue: 4)

    /// The spans `profile` excludes.
    init(_ profile: ExtractionProfile) {
      var kinds: Kinds = []
      if profile.skipsCode { kinds.insert(.code) }
      if profile.skipsURLs { kinds.insert(.urls) }
      if profile.skipsEmailAddresses { kinds.insert(.emailAddresses) }
      self = kinds
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
  }

  static func find(in p: UnsafeBufferPointer<UInt8>, excluding kinds: Kinds) -> [Range<Int>] {
    var spans: [Range<Int>] = []
    // Which of the bytes that can start a span occur, in one pass instead of one per byte.
    let seen = presence(p)
    if kinds.contains(.code), seen & 0b11000 != 0 { appendCode(p, into: &spans) }
    if kinds.contains(.urls), seen & 0b00011 != 0 {
      TwitterCharacters.bmp.withUnsafeBufferPointer { table in
        var scanner = URLScanner(p, table: table, startsURLsAtWords: true)
        for url in scanner.urls() { spans.append(url.start..<url.end) }
      }
      if seen & 0b00010 != 0 { appendSchemeURLs(p, in: 0..<p.count, into: &spans) }
    }
    if kinds.contains(.emailAddresses), seen & 0b00100 != 0 {
      appendEmailAddresses(p, in: 0..<p.count, into: &spans)
    }
    return merged(spans)
  }

  /// What a text holds that excluded spans need, found in one pass: whether it has a backtick
  /// or a tilde (``Marks/code``), and a `.` or a `:` (``Marks/dotOrColon``).
  ///
  /// The spans of a text with no code can be found one word at a time: URLs and e-mail
  /// addresses hold no ASCII whitespace, so each lies in one word (a run of bytes without
  /// ASCII whitespace), and what is found in a word depends on that word's bytes alone. Code
  /// spans and fences cross words: a text with code needs ``find(in:excluding:)``. A text
  /// without a `.` or a `:` has no URL and no e-mail address.
  struct Marks {
    var code = false
    var dotOrColon = false
  }

  /// The ``Marks`` of a text, eight bytes at a time (zero-byte tests on `x ^ pattern`: a
  /// flagged byte means at least one byte matched).
  @inline(__always)
  static func marks(_ p: UnsafeBufferPointer<UInt8>) -> Marks {
    var marks = Marks()
    guard let base = p.baseAddress else { return marks }
    let raw = UnsafeRawPointer(base)
    let n = p.count
    var i = 0
    var code: UInt64 = 0
    var dotOrColon: UInt64 = 0
    while i < n {
      // The last eight bytes are read as one word too, overlapping bytes already read (which
      // changes no presence); a text shorter than eight bytes is read byte by byte.
      if i &+ 8 > n {
        guard n >= 8 else { break }
        i = n &- 8
      }
      let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      code |=
        UTF8Scanning.zeroBytes(x ^ UTF8Scanning.broadcast(0x60))
        | UTF8Scanning.zeroBytes(x ^ UTF8Scanning.broadcast(0x7E))
      dotOrColon |=
        UTF8Scanning.zeroBytes(x ^ UTF8Scanning.broadcast(0x2E))
        | UTF8Scanning.zeroBytes(x ^ UTF8Scanning.broadcast(0x3A))
      i &+= 8
    }
    while i < n {
      let byte = base[i]
      if byte == 0x60 || byte == 0x7E { code = 1 }
      if byte == 0x2E || byte == 0x3A { dotOrColon = 1 }
      i &+= 1
    }
    marks.code = code != 0
    marks.dotOrColon = dotOrColon != 0
    return marks
  }

  /// Replaces `spans` with the spans of the word around `i` (the run of bytes without ASCII
  /// whitespace that holds it), sorted and merged: what ``find(in:excluding:)`` finds inside
  /// the word when the text holds no code. Returns the word. `urls` is scratch space.
  static func findInWord(
    around i: Int, of p: UnsafeBufferPointer<UInt8>, excluding kinds: Kinds,
    table: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>],
    urls: inout [URLScanner.Match]
  ) -> Range<Int> {
    spans.removeAll(keepingCapacity: true)
    // Every span needs a `.` (URLs, e-mail domains) or a `:` (`scheme://`); e-mail addresses
    // an `@` too. Noted while the word's ends are found.
    var dot = -1
    var colon = false
    var at = false
    var start = i
    while start > 0 {
      let byte = p[start &- 1]
      if UTF8Scanning.isASCIIWhitespace(byte) { break }
      if byte == 0x2E { dot = start &- 1 }
      colon = colon || byte == 0x3A
      at = at || byte == 0x40
      start &-= 1
    }
    var end = i
    let n = p.count
    while end < n {
      let byte = p[end]
      if UTF8Scanning.isASCIIWhitespace(byte) { break }
      if byte == 0x2E, dot < 0 { dot = end }
      colon = colon || byte == 0x3A
      at = at || byte == 0x40
      end &+= 1
    }
    let word = start..<end
    guard dot >= 0 || colon else { return word }
    if kinds.contains(.urls) {
      // `dot` is the word's first dot: a URL needs one with a label after it, and a word may
      // end with a `.` (`see example.com/@bob.`).
      if dot >= 0, dot &+ 1 < end {
        urls.removeAll(keepingCapacity: true)
        var scanner = URLScanner(p, table: table, startsURLsAtWords: true)
        scanner.appendURLs(inWordAfter: start > 0 ? start &- 1 : 0, end: end, into: &urls)
        for url in urls { spans.append(url.start..<url.end) }
      }
      if colon { appendSchemeURLs(p, in: word, into: &spans) }
    }
    if kinds.contains(.emailAddresses), at, dot >= 0 {
      appendEmailAddresses(p, in: word, into: &spans)
    }
    mergeInPlace(&spans)
    return word
  }

  /// Sorts and merges spans where they lie, as ``merged(_:)`` does.
  static func mergeInPlace(_ spans: inout [Range<Int>]) {
    guard spans.count > 1 else { return }
    spans.sort { $0.lowerBound < $1.lowerBound }
    var last = 0
    for index in 1..<spans.count {
      let span = spans[index]
      if span.lowerBound <= spans[last].upperBound {
        spans[last] = spans[last].lowerBound..<max(spans[last].upperBound, span.upperBound)
      } else {
        last &+= 1
        spans[last] = span
      }
    }
    spans.removeLast(spans.count &- last &- 1)
  }

  /// The bytes ``find(in:excluding:)`` asks about (`.` `:` `@` `` ` `` `~`), each with a bit.
  private static let presenceBits: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for (bit, byte) in [0x2E, 0x3A, 0x40, 0x60, 0x7E].enumerated() { table[byte] = 1 << bit }
    return table
  }()

  /// Which of `.` `:` `@` `` ` `` `~` occur in the buffer, one bit each (in that order), found
  /// in one pass through a byte table instead of one pass per byte.
  @inline(__always)
  static func presence(_ p: UnsafeBufferPointer<UInt8>) -> UInt8 {
    presenceBits.withUnsafeBufferPointer { table in
      var seen: UInt8 = 0
      for byte in p { seen |= table[Int(byte)] }
      return seen
    }
  }

  static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
    guard spans.count > 1 else { return spans }
    let sorted = spans.sorted { $0.lowerBound < $1.lowerBound }
    var result: [Range<Int>] = [sorted[0]]
    for span in sorted.dropFirst() {
      if span.lowerBound <= result[result.count - 1].upperBound {
        let last = result[result.count - 1]
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
      } else {
        result.append(span)
      }
    }
    return result
  }

  // MARK: Code

  /// How a line of Markdown opens: its block-quote markers, a list marker, and where its
  /// content starts.
  private struct LinePrefix {
    /// How many `>` markers the line starts with.
    var quoteDepth = 0
    /// Where the line's content starts: past the quote markers, a list marker and its spaces.
    var content: Int
    /// Where the line starts past its quote markers.
    var afterQuotes: Int
    /// The width of a list marker and its spaces on this line (0: none): how far the lines of
    /// the item are indented.
    var listIndent = 0
    /// Whether the line holds nothing but its quote markers and spaces.
    var isBlank = false
  }

  private static func prefix(
    _ p: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ lineEnd: Int
  ) -> LinePrefix {
    var line = LinePrefix(content: lineStart, afterQuotes: lineStart)
    var k = lineStart
    while true {
      var m = k
      while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
      guard m < lineEnd, p[m] == 0x3E else { break }
      line.quoteDepth &+= 1
      k = m &+ 1
      if k < lineEnd, p[k] == 0x20 || p[k] == 0x09 { k &+= 1 }
    }
    line.content = k
    line.afterQuotes = k
    var m = k
    while m < lineEnd, p[m] == 0x20 || p[m] == 0x09 || p[m] == 0x0D { m &+= 1 }
    if m == lineEnd {
      line.isBlank = true
      return line
    }
    // A list marker: `-`, `*`, `+`, or one to nine digits and `.` or `)`, then a space.
    m = k
    while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
    var markerEnd = -1
    if m < lineEnd, p[m] == 0x2D || p[m] == 0x2A || p[m] == 0x2B {
      markerEnd = m &+ 1
    } else {
      var d = m
      while d < lineEnd, d &- m < 9, p[d] &- 0x30 < 10 { d &+= 1 }
      if d > m, d < lineEnd, p[d] == 0x2E || p[d] == 0x29 { markerEnd = d &+ 1 }
    }
    if markerEnd > 0, markerEnd < lineEnd, p[markerEnd] == 0x20 || p[markerEnd] == 0x09 {
      var c = markerEnd
      while c < lineEnd, c &- markerEnd < 4, p[c] == 0x20 { c &+= 1 }
      line.listIndent = c &- k
      line.content = c
    }
    return line
  }

  /// Whether the line from `k` is an ATX heading, a thematic break or a setext underline:
  /// a line that no code span crosses.
  private static func isHeadingOrBreak(_ p: UnsafeBufferPointer<UInt8>, _ k: Int, _ lineEnd: Int)
    -> Bool
  {
    var m = k
    while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
    guard m < lineEnd else { return false }
    let first = p[m]
    if first == 0x23 {
      var h = m
      while h < lineEnd, p[h] == 0x23 { h &+= 1 }
      return h &- m <= 6 && (h == lineEnd || p[h] == 0x20 || p[h] == 0x09 || p[h] == 0x0D)
    }
    guard first == 0x2D || first == 0x2A || first == 0x5F || first == 0x3D else { return false }
    var count = 0
    var sawSpace = false
    for j in m..<lineEnd {
      if p[j] == first {
        if sawSpace, first == 0x3D { return false }
        count &+= 1
      } else if p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0D {
        sawSpace = true
      } else {
        return false
      }
    }
    return first == 0x3D ? count >= 1 : count >= 3
  }

  /// Markdown code, as CommonMark reads it: fenced code blocks (a line of three or more
  /// backticks or tildes, indented at most three spaces inside its block quotes and list item,
  /// closed by a line of at least as many of the same character, or by the end of its block
  /// quote or list item, or of the text) and code spans (a run of N backticks closed by the
  /// next run of exactly N backticks in the same paragraph or heading; a backtick after an
  /// unescaped backslash opens nothing, while backslashes inside a span are text).
  static func appendCode(_ p: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>]) {
    let n = p.count
    var open: (start: Int, byte: UInt8, count: Int, quoteDepth: Int, indent: Int)?
    /// Backtick runs outside fences: where the run starts, its length as a closer, where it
    /// starts and its length as an opener (one less after a backslash), and its paragraph.
    var runs: [(start: Int, count: Int, block: Int32, isEscaped: Bool)] = []
    var block = 0
    /// The quote depth of the current paragraph: a line with fewer markers continues it
    /// (a lazy continuation line), one with more starts a new block.
    var paragraphDepth = 0
    /// The content indent of the list item the lines are in (0: none), after quote markers.
    var itemIndent = 0
    var lineStart = 0
    while lineStart < n {
      var lineEnd = lineStart
      while lineEnd < n, p[lineEnd] != 0x0A { lineEnd &+= 1 }
      let line = prefix(p, lineStart, lineEnd)
      if let current = open {
        // A fence ends with its block quote or list item: a line without its quote markers, or
        // holding more than spaces and not indented to the item's content.
        var k = lineStart
        var depth = 0
        while depth < current.quoteDepth {
          var m = k
          while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
          guard m < lineEnd, p[m] == 0x3E else { break }
          depth &+= 1
          k = m &+ 1
          if k < lineEnd, p[k] == 0x20 || p[k] == 0x09 { k &+= 1 }
        }
        var indent = k
        while indent < lineEnd, p[indent] == 0x20 { indent &+= 1 }
        let isBlank = (indent..<lineEnd).allSatisfy { p[$0] == 0x09 || p[$0] == 0x0D }
        let leftContainer =
          depth < current.quoteDepth
          || (current.indent > 0 && !isBlank && indent &- k < current.indent)
        if leftContainer {
          spans.append(current.start..<lineStart)
          open = nil
          block &+= 1
        } else {
          var skipped = 0
          while k < lineEnd, skipped < current.indent &+ 3, p[k] == 0x20 {
            k &+= 1
            skipped &+= 1
          }
          var count = 0
          while k &+ count < lineEnd, p[k &+ count] == current.byte { count &+= 1 }
          if count >= current.count,
            (k &+ count..<lineEnd).allSatisfy({ p[$0] == 0x20 || p[$0] == 0x09 || p[$0] == 0x0D })
          {
            spans.append(current.start..<lineEnd)
            open = nil
            block &+= 1
          }
          lineStart = lineEnd &+ 1
          continue
        }
      }
      var k = line.content
      while k < lineEnd, k &- line.content < 3, p[k] == 0x20 { k &+= 1 }
      var count = 0
      let fenceByte = k < lineEnd ? p[k] : 0
      if fenceByte == 0x60 || fenceByte == 0x7E {
        while k &+ count < lineEnd, p[k &+ count] == fenceByte { count &+= 1 }
      }
      // The list item the line is in: one it opens, or the one whose content it is indented to.
      var leading = line.afterQuotes
      while leading < lineEnd, p[leading] == 0x20 { leading &+= 1 }
      if line.listIndent > 0 {
        itemIndent = line.listIndent
      } else if !line.isBlank, leading &- line.afterQuotes < itemIndent {
        itemIndent = 0
      }
      if count >= 3, !(fenceByte == 0x60 && (k &+ count..<lineEnd).contains { p[$0] == 0x60 }) {
        open = (lineStart, fenceByte, count, line.quoteDepth, itemIndent)
        block &+= 1
        paragraphDepth = line.quoteDepth
        lineStart = lineEnd &+ 1
        continue
      }
      // Blank lines, headings, breaks, new list items and deeper quotes start a new block.
      let isOwnLine = !line.isBlank && isHeadingOrBreak(p, line.content, lineEnd)
      if line.isBlank || isOwnLine || line.listIndent > 0 || line.quoteDepth > paragraphDepth {
        block &+= 1
        paragraphDepth = line.quoteDepth
      }
      var i = lineStart
      while i < lineEnd {
        guard p[i] == 0x60 else {
          i &+= 1
          continue
        }
        var j = i
        while j < lineEnd, p[j] == 0x60 { j &+= 1 }
        var backslashes = 0
        while i &- backslashes > lineStart, p[i &- backslashes &- 1] == 0x5C { backslashes &+= 1 }
        let escaped = backslashes & 1 == 1
        runs.append((i, j &- i, Int32(truncatingIfNeeded: block), escaped))
        i = j
      }
      if isOwnLine { block &+= 1 }
      lineStart = lineEnd &+ 1
    }
    if let current = open { spans.append(current.start..<n) }
    guard runs.count > 1 else { return }
    // Each opener's closer candidate: the next run whose length is the opener's (one less
    // after a backslash), found in one backward pass through the last run of each length.
    var nextCloser = [Int](repeating: -1, count: runs.count)
    var lastOfLength: [Int: Int] = [:]
    for index in runs.indices.reversed() {
      let run = runs[index]
      let openCount = run.isEscaped ? run.count &- 1 : run.count
      if openCount > 0 { nextCloser[index] = lastOfLength[openCount] ?? -1 }
      lastOfLength[run.count] = index
    }
    var index = 0
    while index < runs.count {
      let closer = nextCloser[index]
      // The first run of that length in a later paragraph: no closer in this one.
      guard closer >= 0, runs[closer].block == runs[index].block else {
        index += 1
        continue
      }
      let openStart = runs[index].isEscaped ? runs[index].start &+ 1 : runs[index].start
      spans.append(openStart..<runs[closer].start &+ runs[closer].count)
      index = closer &+ 1
    }
  }

  // MARK: URLs

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

  // MARK: E-mail addresses

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

  @inline(__always) private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
  @inline(__always) private static func isLetterOrDigit(_ b: UInt8) -> Bool {
    isLetter(b) || b &- 0x30 < 10
  }
  @inline(__always) private static func isSchemeByte(_ b: UInt8) -> Bool {
    isLetterOrDigit(b) || b == 0x2B || b == 0x2E || b == 0x2D
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
