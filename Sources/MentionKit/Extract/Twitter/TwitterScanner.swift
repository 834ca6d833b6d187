/// An entity found by a scanner, as byte offsets into the UTF-8 buffer.
struct RawEntity {
  /// An index into the profile's entity kinds.
  var kind: Int
  /// The offset of the sign (`@`, `#`…).
  var start: Int
  /// The offset of the value, just past the sign.
  var valueStart: Int
  /// Just past the value (the screen name of a list mention).
  var valueEnd: Int
  /// Just past the entity (past the list slug of a list mention).
  var end: Int
}

/// twitter-text's mention, list, hashtag and cashtag rules as one pass over UTF-8 bytes.
///
/// Each rule behaves like twitter-text's regular expression scanned left to right: a match
/// consumes its preceding character and its text, and a match rejected by the check on what
/// follows it still consumes its text (which is why `@a@b` yields nothing). Mentions, hashtags
/// and cashtags are independent scans with their own consumed positions.
/// See `RULES.md` in the shared conformance folder for the rules in prose.
enum TwitterScanner {
  static let mention = 0
  static let list = 1
  static let hashtag = 2
  static let cashtag = 3

  /// An ASCII character class as two 64-bit masks (bit *b* of `low` for byte *b* < 64, of
  /// `high` for 64 ≤ *b* < 128): constants, so testing a byte needs no table or lazy global.
  struct ASCIIMask {
    let low: UInt64
    let high: UInt64

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
      byte < 64
        ? (low >> UInt64(byte)) & 1 != 0
        : byte < 128 && (high >> UInt64(byte &- 64)) & 1 != 0
    }
  }

  /// `[A-Za-z0-9_]`.
  static let usernameCharacters = ASCIIMask(
    low: 0x03FF_0000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)
  /// `[A-Za-z0-9_-]`: list slug characters after the first.
  static let slugCharacters = ASCIIMask(
    low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)
  /// ASCII characters that may not precede an at sign: `[A-Za-z0-9_!#$%&*@]`.
  static let blocksMention = ASCIIMask(
    low: 0x03FF_047A_0000_0000, high: 0x07FF_FFFE_87FF_FFFF)
  /// ASCII characters that may not precede a retweet marker: `[A-Za-z0-9_+~.-]`.
  static let blocksRetweetMarker = ASCIIMask(
    low: 0x03FF_6800_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)

  /// Scans a buffer and appends entities in text order.
  static func scan(
    _ p: UnsafeBufferPointer<UInt8>,
    mentions: Bool,
    hashtags: Bool,
    cashtags: Bool,
    into entities: inout RawEntityBuffer
  ) {
    TwitterCharacters.bmp.withUnsafeBufferPointer { table in
      scan(
        p, table: table, mentions: mentions, hashtags: hashtags, cashtags: cashtags,
        into: &entities)
    }
  }

  /// Scans a buffer and appends entities in text order, with ``TwitterCharacters/bmp`` as
  /// `table`.
  static func scan(
    _ p: UnsafeBufferPointer<UInt8>,
    table: UnsafeBufferPointer<UInt8>,
    mentions: Bool,
    hashtags: Bool,
    cashtags: Bool,
    into entities: inout RawEntityBuffer,
    removesHashtagsInURLs: Bool = true
  ) {
    let n = p.count
    let firstHashtag = entities.count
    var overlapCheck = URLOverlapCheck()
    var mentionConsumed = 0
    var hashtagConsumed = 0
    var i = 0
    while i < n {
      i = nextInteresting(p, from: i, cashtags: cashtags)
      guard i < n else { break }
      let byte = p[i]
      switch byte {
      case 0x40:
        if mentions {
          scanMention(p, table, sign: i, signLength: 1, consumed: &mentionConsumed, &entities)
        }
      case 0x23:
        if hashtags,
          scanHashtag(p, table, sign: i, signLength: 1, consumed: &hashtagConsumed, &entities)
        {
          overlapCheck.add(p, hashtagFrom: i, to: hashtagConsumed)
        }
      case 0x24:
        if cashtags { scanCashtag(p, table, sign: i, &entities) }
      default:  // 0xEF
        if i &+ 2 < n, p[i &+ 1] == 0xBC {
          if p[i &+ 2] == 0xA0, mentions {
            scanMention(p, table, sign: i, signLength: 3, consumed: &mentionConsumed, &entities)
          } else if p[i &+ 2] == 0x83, hashtags,
            scanHashtag(p, table, sign: i, signLength: 3, consumed: &hashtagConsumed, &entities)
          {
            overlapCheck.add(p, hashtagFrom: i, to: hashtagConsumed)
          }
        }
      }
      // The search goes on past what a mention or hashtag consumed: a handle, list slug or
      // tag holds no sign (no `@`, `#`, `$`, `＠` or `＃`), so nothing there starts an entity.
      i = max(i &+ 1, max(mentionConsumed, hashtagConsumed))
    }
    if overlapCheck.mayOverlap, removesHashtagsInURLs {
      removeHashtagsInURLs(p, table, from: firstHashtag, &entities)
    }
  }

  /// The offset of the first sign at or after `i`, or `p.count`: `@`, `#`, `$` (with
  /// `cashtags`), or a 0xEF byte followed by 0xBC, the first two bytes of `＠` (U+FF20) and
  /// `＃` (U+FF03). Other scalars from U+F000 to U+FFFF (the variation selector U+FE0F after
  /// many emoji, half-width kana) start with 0xEF too, and stopping at each of them cost more
  /// than looking at the byte after it. Eight bytes at a time
  /// (``UTF8Scanning/firstMarked(in:from:_:)``).
  @inline(__always)
  static func nextInteresting(_ p: UnsafeBufferPointer<UInt8>, from i: Int, cashtags: Bool)
    -> Int
  {
    // Two loops, each with its tests as constants.
    if cashtags {
      return UTF8Scanning.firstMarked(in: p, from: i) {
        signs(in: $0, at: $1, of: p, exact: $2, cashtags: true)
      }
    }
    return UTF8Scanning.firstMarked(in: p, from: i) {
      signs(in: $0, at: $1, of: p, exact: $2, cashtags: false)
    }
  }

  /// Bit 7 of each byte of `x` (the eight bytes at `offset`) that starts a sign. The `@`, `#` and
  /// `$` tests are the zero-byte tests on `x ^ v`, exact when asked; the 0xEF test is always
  /// exact, and reads the byte after each 0xEF (for the last one, the byte after the word).
  @inline(__always)
  static func signs(
    in x: UInt64, at offset: Int, of p: UnsafeBufferPointer<UInt8>, exact: Bool, cashtags: Bool
  ) -> UInt64 {
    let at = x ^ UTF8Scanning.broadcast(0x40)
    let hash = x ^ UTF8Scanning.broadcast(0x23)
    let dollar = x ^ UTF8Scanning.broadcast(0x24)
    var found: UInt64
    if exact {
      found = UTF8Scanning.exactZeroBytes(at) | UTF8Scanning.exactZeroBytes(hash)
      if cashtags { found |= UTF8Scanning.exactZeroBytes(dollar) }
    } else {
      found = UTF8Scanning.zeroBytes(at) | UTF8Scanning.zeroBytes(hash)
      if cashtags { found |= UTF8Scanning.zeroBytes(dollar) }
    }
    let leads = UTF8Scanning.exactZeroBytes(x ^ UTF8Scanning.broadcast(0xEF))
    guard leads != 0 else { return found }
    let after = offset &+ 8 < p.count ? UInt64(p[offset &+ 8]) : 0
    let next = (x &>> 8) | (after &<< 56)
    return found | leads & UTF8Scanning.exactZeroBytes(next ^ UTF8Scanning.broadcast(0xBC))
  }

  // MARK: Mentions

  @inline(__always)
  static func scanMention(
    _ p: UnsafeBufferPointer<UInt8>,
    _ table: UnsafeBufferPointer<UInt8>,
    sign: Int,
    signLength: Int,
    consumed: inout Int,
    _ entities: inout RawEntityBuffer
  ) {
    guard sign >= consumed, mentionMayStart(p, sign: sign, consumed: consumed) else { return }
    let n = p.count
    let valueStart = sign &+ signLength
    let limit = min(n, valueStart &+ 20)
    var j = valueStart
    // Eight bytes at a time while they are readable, then one by one.
    while j &+ 8 <= n, j < limit {
      let run = UTF8Scanning.wordCharacters(in: p, at: j).count
      j = min(j &+ run, limit)
      if run < 8 { break }
    }
    while j < limit, usernameCharacters.contains(p[j]) { j &+= 1 }
    guard j > valueStart else { return }
    let valueEnd = j
    var kind = mention
    if j &+ 1 < n, p[j] == 0x2F, (p[j &+ 1] | 0x20) &- 0x61 < 26 {
      kind = list
      var k = j &+ 2
      let slugLimit = min(n, j &+ 26)
      while k < slugLimit, slugCharacters.contains(p[k]) { k &+= 1 }
      j = k
    }
    consumed = j
    guard !invalidatesMentionEnd(p, table, at: j) else { return }
    entities.append(
      RawEntity(kind: kind, start: sign, valueStart: valueStart, valueEnd: valueEnd, end: j))
  }

  /// Whether what precedes the at sign at `sign` allows a mention (rule 1.1).
  @inline(__always)
  static func mentionMayStart(_ p: UnsafeBufferPointer<UInt8>, sign: Int, consumed: Int)
    -> Bool
  {
    if sign == 0 { return true }
    let previous = sign &- 1
    guard previous >= consumed else { return false }
    let byte = p[previous]
    if byte < 0x80 {
      if !blocksMention.contains(byte) { return true }
      // A retweet marker: `RT` in any case, right before the at sign.
      guard byte | 0x20 == 0x74, previous >= 1, p[previous &- 1] | 0x20 == 0x72,
        previous &- 1 >= consumed
      else { return false }
      let markerStart = previous &- 1
      if markerStart == 0 { return true }
      let before = p[markerStart &- 1]
      return markerStart &- 1 >= consumed
        && (before >= 0x80 || !blocksRetweetMarker.contains(before))
    }
    // The only non-ASCII character that blocks a mention is the full-width at sign.
    return !(sign >= 3 && byte == 0xA0 && p[sign &- 2] == 0xBC && p[sign &- 3] == 0xEF)
  }

  /// Whether the text at `i` invalidates a mention that ends there (rule 1.5).
  @inline(__always)
  static func invalidatesMentionEnd(
    _ p: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<UInt8>, at i: Int
  ) -> Bool {
    guard i < p.count else { return false }
    let byte = p[i]
    if byte < 0x80 {
      return byte == 0x40 || UTF8Scanning.hasSchemeSeparator(p, at: i)
    }
    if byte == 0xEF, i &+ 2 < p.count, p[i &+ 1] == 0xBC, p[i &+ 2] == 0xA0 { return true }
    let c = UTF8Scanning.decode(p, at: i).value
    return TwitterCharacters.flags(c, table) & TwitterCharacters.latinAccent != 0
  }

  // MARK: Cashtags

  /// `$` after the start or whitespace, 1–6 ASCII letters, optionally `.` or `_` and 1–2
  /// letters, followed by the end, whitespace or ASCII punctuation.
  static func scanCashtag(
    _ p: UnsafeBufferPointer<UInt8>,
    _ table: UnsafeBufferPointer<UInt8>,
    sign: Int,
    _ entities: inout RawEntityBuffer
  ) {
    if sign > 0 {
      let previous = UTF8Scanning.decode(p, before: sign).value
      guard TwitterCharacters.flags(previous, table) & TwitterCharacters.space != 0 else { return }
    }
    let n = p.count
    func letters(from start: Int) -> Int {
      var j = start
      while j < n, (p[j] | 0x20) &- 0x61 < 26 { j &+= 1 }
      return j &- start
    }
    func endsCashtag(_ i: Int) -> Bool {
      guard i < n else { return true }
      let byte = p[i]
      if byte < 0x80 {
        return TwitterCharacters.isSpace(UInt32(byte))
          || "!'#%&()*+,\\-./:;<=>?@[]^_{|}~$".utf8.contains(byte)
      }
      return TwitterCharacters.flags(UTF8Scanning.decode(p, at: i).value, table)
        & TwitterCharacters.space != 0
    }
    let valueStart = sign &+ 1
    let run = letters(from: valueStart)
    guard run >= 1, run <= 6 else { return }
    var end = valueStart &+ run
    if end < n, p[end] == 0x2E || p[end] == 0x5F {
      let suffix = letters(from: end &+ 1)
      if suffix >= 1, suffix <= 2, endsCashtag(end &+ 1 &+ suffix) {
        end = end &+ 1 &+ suffix
        entities.append(
          RawEntity(kind: cashtag, start: sign, valueStart: valueStart, valueEnd: end, end: end))
        return
      }
    }
    guard endsCashtag(end) else { return }
    entities.append(
      RawEntity(kind: cashtag, start: sign, valueStart: valueStart, valueEnd: end, end: end))
  }
}

extension TwitterScanner {
  /// twitter-text's reply rule: optional leading whitespace, an at sign, 1–20 username
  /// characters, and nothing that invalidates a mention right after them.
  static func replyHandle(_ p: UnsafeBufferPointer<UInt8>) -> String? {
    TwitterCharacters.bmp.withUnsafeBufferPointer { table -> String? in
      let n = p.count
      var i = 0
      while i < n {
        let (c, length) = UTF8Scanning.decode(p, at: i)
        guard TwitterCharacters.flags(c, table) & TwitterCharacters.space != 0 else { break }
        i &+= length
      }
      guard i < n else { return nil }
      let valueStart: Int
      if p[i] == 0x40 {
        valueStart = i &+ 1
      } else if p[i] == 0xEF, i &+ 2 < n, p[i &+ 1] == 0xBC, p[i &+ 2] == 0xA0 {
        valueStart = i &+ 3
      } else {
        return nil
      }
      var j = valueStart
      let limit = min(n, valueStart &+ 20)
      while j < limit, usernameCharacters.contains(p[j]) { j &+= 1 }
      guard j > valueStart, !invalidatesMentionEnd(p, table, at: j) else { return nil }
      return UTF8Scanning.string(p, valueStart..<j)
    }
  }
}
