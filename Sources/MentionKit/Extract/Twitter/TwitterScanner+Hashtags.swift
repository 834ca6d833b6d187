extension TwitterScanner {
  // MARK: Hashtags

  @inline(__always)
  static func scanHashtag(
    _ p: UnsafeBufferPointer<UInt8>,
    _ table: UnsafeBufferPointer<UInt8>,
    sign: Int,
    signLength: Int,
    consumed: inout Int,
    _ entities: inout RawEntityBuffer
  ) -> Bool {
    guard sign >= consumed else { return false }
    if sign > 0 {
      let (previous, previousStart) = UTF8Scanning.decode(p, before: sign)
      guard previousStart >= consumed else { return false }
      if previous != 0xFE0E, previous != 0xFE0F {
        if previous == 0x26 { return false }
        let flags = TwitterCharacters.flags(previous, table)
        if flags & TwitterCharacters.hashtagAlphanumeric != 0 { return false }
      }
    }
    let n = p.count
    let valueStart = sign &+ signLength
    guard valueStart < n else { return false }
    // Not the keycap emoji: `#` followed by U+FE0F or U+20E3.
    if p[valueStart] == 0xEF, valueStart &+ 2 < n, p[valueStart &+ 1] == 0xB8,
      p[valueStart &+ 2] == 0x8F
    {
      return false
    }
    if p[valueStart] == 0xE2, valueStart &+ 2 < n, p[valueStart &+ 1] == 0x83,
      p[valueStart &+ 2] == 0xA3
    {
      return false
    }
    var j = valueStart
    var hasAlpha = false
    // ASCII letters, digits and `_` eight bytes at a time; the first other byte (or the last
    // few bytes) goes on one scalar at a time.
    while j &+ 8 <= n {
      let (run, letters) = UTF8Scanning.wordCharacters(in: p, at: j)
      hasAlpha = hasAlpha || letters
      j &+= run
      if run < 8 { break }
    }
    while j < n {
      let byte = p[j]
      if byte < 0x80 {
        let flags = table[Int(byte)]
        guard flags & TwitterCharacters.hashtagAlphanumeric != 0 else { break }
        hasAlpha = hasAlpha || flags & TwitterCharacters.hashtagAlpha != 0
        j &+= 1
      } else {
        let (c, length) = UTF8Scanning.decode(p, at: j)
        let flags = TwitterCharacters.flags(c, table)
        guard flags & TwitterCharacters.hashtagAlphanumeric != 0 else { break }
        hasAlpha = hasAlpha || flags & TwitterCharacters.hashtagAlpha != 0
        j &+= length
      }
    }
    guard hasAlpha else { return false }
    consumed = j
    if j < n {
      let byte = p[j]
      if byte == 0x23 || UTF8Scanning.hasSchemeSeparator(p, at: j) { return false }
      if byte == 0xEF, j &+ 2 < n, p[j &+ 1] == 0xBC, p[j &+ 2] == 0x83 { return false }
    }
    entities.append(
      RawEntity(kind: hashtag, start: sign, valueStart: valueStart, valueEnd: j, end: j))
    return true
  }

  /// Drops hashtags that overlap a URL starting before them, as twitter-text's
  /// `removeOverlappingEntities` does with URLs and hashtags sorted by start.
  ///
  /// Neither a URL nor a hashtag holds ASCII whitespace, so overlaps are settled word by word
  /// (a word: a run of bytes without ASCII whitespace), each with a chain of its own. A URL
  /// has a `.` with a label after it in its domain (which may hold a full-width `＃`), so only
  /// a word with a hashtag and such a dot is scanned for URLs, and only that word; and only
  /// when ``URLOverlapCheck``, which reads less, allows it.
  static func removeHashtagsInURLs(
    _ p: UnsafeBufferPointer<UInt8>,
    _ table: UnsafeBufferPointer<UInt8>,
    from first: Int,
    _ entities: inout RawEntityBuffer
  ) {
    let n = p.count
    var scanner: URLScanner?
    var urls: [URLScanner.Match] = []
    var kept = first
    var index = first
    let count = entities.count
    while index < count {
      let entity = entities[index]
      guard entity.kind == hashtag else {
        entities[kept] = entity
        kept += 1
        index += 1
        continue
      }
      // The word holding this hashtag, and the last hashtag in it.
      // The word holding this hashtag, and whether it has an inner dot (one with a byte of the
      // word after it), in one pass each way; the hashtag itself holds no dot.
      var hasDot = false
      var wordStart = entity.start
      while wordStart > 0 {
        let byte = p[wordStart &- 1]
        if UTF8Scanning.isASCIIWhitespace(byte) { break }
        if byte == 0x2E { hasDot = true }
        wordStart &-= 1
      }
      var wordEnd = entity.end
      while wordEnd < n {
        let byte = p[wordEnd]
        if UTF8Scanning.isASCIIWhitespace(byte) { break }
        if byte == 0x2E, wordEnd &+ 1 < n, !UTF8Scanning.isASCIIWhitespace(p[wordEnd &+ 1]) {
          hasDot = true
        }
        wordEnd &+= 1
      }
      var groupEnd = index + 1
      while groupEnd < count, entities[groupEnd].start < wordEnd { groupEnd += 1 }
      guard hasDot else {
        while index < groupEnd {
          entities[kept] = entities[index]
          kept += 1
          index += 1
        }
        continue
      }
      urls.removeAll(keepingCapacity: true)
      if scanner == nil { scanner = URLScanner(p, table: table) }
      scanner?.appendURLs(
        inWordAfter: wordStart > 0 ? wordStart &- 1 : 0, end: wordEnd, into: &urls)
      var urlIndex = 0
      var previousEnd = -1
      while index < groupEnd {
        let entity = entities[index]
        index += 1
        guard entity.kind == hashtag else {
          entities[kept] = entity
          kept += 1
          continue
        }
        while urlIndex < urls.count, urls[urlIndex].start < entity.start {
          let url = urls[urlIndex]
          urlIndex += 1
          if previousEnd > url.start { continue }
          previousEnd = url.end
        }
        if previousEnd > entity.start { continue }
        previousEnd = entity.end
        entities[kept] = entity
        kept += 1
      }
    }
    entities.removeLast(entities.count - kept)
  }

  /// Whether any hashtag could lie inside a URL, a necessary condition read cheaply as each
  /// hashtag is found. A URL that reaches a hashtag starts before it in the same word and has a
  /// `.` in its domain. The domain holds no `#`, so for a `#` hashtag the `.` comes before it; a
  /// full-width `＃` may stand inside a domain, so for those a `.` later in the word counts too.
  /// Each hashtag looks back down to the previous hashtag at most, and forward scans never cover
  /// a byte twice, so the check reads each byte at most twice.
  struct URLOverlapCheck {
    /// Whether a hashtag seen so far may lie inside a URL.
    private(set) var mayOverlap = false
    /// The start of the previous hashtag: the backward looks stop there.
    private var floor = 0
    /// How far forward looks have read.
    private var scannedForward = 0

    /// Takes the hashtag just found (its sign at `start`, its end at `end`), in text order.
    @inline(__always)
    mutating func add(_ p: UnsafeBufferPointer<UInt8>, hashtagFrom start: Int, to end: Int) {
      guard !mayOverlap else { return }
      var k = start
      while k > floor {
        k &-= 1
        let byte = p[k]
        if byte == 0x2E {
          mayOverlap = true
          return
        }
        if UTF8Scanning.isASCIIWhitespace(byte) { break }
      }
      // Reaching the previous hashtag means this word had no `.` after its last whitespace
      // either, or the previous hashtag would have set the flag.
      floor = start
      if p[start] == 0xEF {
        let n = p.count
        var j = max(end, scannedForward)
        while j &+ 1 < n {
          let byte = p[j]
          if UTF8Scanning.isASCIIWhitespace(byte) { break }
          if byte == 0x2E, !UTF8Scanning.isASCIIWhitespace(p[j &+ 1]) {
            mayOverlap = true
            return
          }
          j &+= 1
        }
        scannedForward = j
      }
    }
  }
}
