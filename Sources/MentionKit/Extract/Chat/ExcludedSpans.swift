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
}
