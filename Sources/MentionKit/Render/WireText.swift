/// The escaping, label and id rules shared by ``WireFormat/write(_:)`` and ``WireFormat/read(_:)``.
enum WireText {
  /// Whether an item id can be written in every wire format unchanged: non-empty, with no
  /// whitespace, controls, bidi controls, or characters that delimit a wire form. Items with
  /// other ids are rendered as their original text.
  static func isValidID(_ id: String) -> Bool {
    var copy = id
    let isPlain = copy.withUTF8 { p in
      // ASCII letters, digits and `-_.:/@#+=`.
      !p.isEmpty && p.allSatisfy { isMarked($0, (0x27FF_E808_0000_0000, 0x07FF_FFFE_87FF_FFFF)) }
    }
    return isPlain || isValidID(id[...])
  }

  /// Whether an item id can be written in every wire format unchanged; see
  /// the `String` form, which checks the common ASCII ids without decoding scalars.
  static func isValidID(_ id: some StringProtocol) -> Bool {
    guard !id.isEmpty else { return false }
    // Fast path: ASCII letters, digits and `-_.:/@#+=` need no property lookups.
    if id.utf8.allSatisfy({ byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "@"),
        UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "="):
        return true
      default:
        return false
      }
    }) {
      return true
    }
    for scalar in id.unicodeScalars {
      switch scalar {
      case "<", ">", "|", "&", "\"", "'", "\\", "`", "(", ")", "[", "]": return false
      default:
        if scalar.properties.isWhitespace || isControl(scalar) || isBidiControl(scalar) {
          return false
        }
      }
    }
    return true
  }

  /// Whether a Discord token can hold an id: a snowflake, 1 to 20 ASCII digits (Discord's
  /// documented id form, "Reference: Snowflakes"). Anything else is refused, because Discord
  /// broadcasts `@everyone` and `@here` wherever they stand, even inside `<@…>` (an id `here`
  /// would spell `<@here>`), and reads `<@!1>` as user `1`.
  static func isDiscordID(_ id: String) -> Bool {
    let utf8 = id.utf8
    return (1...20).contains(utf8.count)
      && utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// A display name or channel name made safe to show: bidi embeddings, overrides and isolates
  /// and directional marks are removed (so a name cannot reverse the text after it), and
  /// controls and line breaks become spaces. Joiners (ZWJ) are kept for emoji sequences.
  static func label(_ name: String) -> String {
    // Every control and bidi control starts with a byte below 0x20, 0x7F, 0xC2 (U+0080–U+009F),
    // 0xD8 (U+061C) or 0xE2 (U+200E–U+2069): a name without those bytes is kept as it is.
    var copy = name
    let mayChange = copy.withUTF8 { p in
      p.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
    }
    guard mayChange,
      name.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) })
    else {
      return name
    }
    var result = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      if isBidiControl(scalar) { continue }
      result.append(isControl(scalar) ? " " : scalar)
    }
    return String(result)
  }

  @inline(__always)
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
  }

  @inline(__always)
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  // MARK: - Escaping

  /// The bytes below 128 a format escapes, as two 64-bit masks (bytes 0–63, 64–127):
  /// Slack `& < >`; HTML `& < > " '`; Markdown `\` and `` ` * _ ~ [ ] < > &`` and line breaks
  /// (for the block syntax of the next line); Discord `\ < @` and a backtick (for code spans).
  @inline(__always)
  static func escapeMasks(_ format: WireFormat) -> (low: UInt64, high: UInt64) {
    switch format {
    case .slack: (0x5000_0040_0000_0000, 0)
    case .html: (0x5000_00C4_0000_0000, 0)
    case .markdown: (0x5000_0440_0000_2400, 0x4000_0001_B800_0000)
    case .discord: (0x1000_0000_0000_0000, 0x0000_0001_1000_0001)
    case .plain: (0, 0)
    }
  }

  /// Whether a byte is in a pair of ``escapeMasks(_:)``.
  @inline(__always)
  static func isMarked(_ byte: UInt8, _ masks: (low: UInt64, high: UInt64)) -> Bool {
    // Without branches (text alternates between bytes below and above 64): bit 6 picks the
    // mask, bit 7 (non-ASCII) clears the result.
    let mask = byte & 0x40 == 0 ? masks.low : masks.high
    return (mask >> UInt64(byte & 63)) & UInt64(1 &- (byte >> 7)) != 0
  }

  /// Appends a string escaped for a format.
  static func appendEscaped(_ text: String, format: WireFormat, to out: inout WireWriter) {
    var text = text
    text.withUTF8 { p in
      var pending = 0
      escape(p, 0..<p.count, format: format, pending: &pending, to: &out)
      out.append(p, pending..<p.count)
    }
  }

  /// Escapes bytes `range` of UTF-8 text for a format, lazily: bytes that need no escape are
  /// not copied, only remembered from `pending` on; at each escape the bytes from `pending` are
  /// appended to `out`, then the escape, and `pending` moves past what was written. The caller
  /// appends the bytes from `pending` when it needs them.
  ///
  /// A Discord `@` is escaped only when `@everyone` or `@here` ends within `range`. In Markdown,
  /// the block syntax that starts each line after a line break in `range` is escaped, and the
  /// first line's too when `atLineStart` (see ``escapeLineStart(at:_:end:pending:to:)``).
  @inline(never)
  static func escape(
    _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, format: WireFormat,
    atLineStart: Bool = false, pending: inout Int, to out: inout WireWriter
  ) {
    if format == .markdown, atLineStart, !range.isEmpty {
      escapeLineStart(at: range.lowerBound, p, end: range.upperBound, pending: &pending, to: &out)
    }
    // One copy of the loop per format, each with its constants folded in.
    switch format {
    case .slack: escapeLoop(p, range, format: .slack, pending: &pending, to: &out)
    case .discord: escapeLoop(p, range, format: .discord, pending: &pending, to: &out)
    case .markdown: escapeLoop(p, range, format: .markdown, pending: &pending, to: &out)
    case .html: escapeLoop(p, range, format: .html, pending: &pending, to: &out)
    case .plain: break
    }
  }

  @inline(__always)
  private static func escapeLoop(
    _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, format: WireFormat,
    pending: inout Int, to out: inout WireWriter
  ) {
    let masks = escapeMasks(format)
    var i = range.lowerBound
    let end = range.upperBound
    guard masks != (0, 0), i < end, let address = p.baseAddress else { return }
    let base = UnsafeRawPointer(address)
    while i < end {
      // Eight bytes at a time while none of them is escaped; the last few bytes of the range
      // too, read as one word with the bytes past the range cleared (a zero byte is never
      // escaped).
      let remaining = end &- i
      let word =
        remaining >= 8
        ? UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        : UTF8Scanning.word(p, at: i, bytes: remaining)
      if !mayHaveEscape(word, format) {
        i &+= Swift.min(8, remaining)
        continue
      }
      let stop = i &+ 8 < end ? i &+ 8 : end
      while i < stop {
        let byte = p[i]
        if isMarked(byte, masks) {
          if format == .discord, byte == UInt8(ascii: "`") {
            i = writeDiscordCode(at: i, p, end: end, pending: &pending, to: &out)
            continue
          }
          escape(byte, at: i, p, end: end, format: format, pending: &pending, to: &out)
        }
        i &+= 1
      }
    }
  }

  /// Whether any of 8 bytes is one a format may escape.
  @inline(__always)
  private static func mayHaveEscape(_ word: UInt64, _ format: WireFormat) -> Bool {
    switch format {
    case .slack: has(word, 0x26) | has(word, 0x3C) | has(word, 0x3E) != 0  // & < >
    case .html:  // & < > " '
      has(word, 0x26) | has(word, 0x3C) | has(word, 0x3E) | has(word, 0x22) | has(word, 0x27) != 0
    case .discord:  // \ < @ `
      has(word, 0x5C) | has(word, 0x3C) | has(word, 0x40) | has(word, 0x60) != 0
    case .markdown:  // \ ` * _ ~ [ ] < > & and line breaks
      has(word, 0x5C) | has(word, 0x60) | has(word, 0x2A) | has(word, 0x5F) | has(word, 0x7E)
        | has(word, 0x5B) | has(word, 0x5D) | has(word, 0x3C) | has(word, 0x3E) | has(word, 0x26)
        | has(word, 0x0A) | has(word, 0x0D) != 0
    case .plain: false
    }
  }

  /// Non-zero when one of the 8 bytes of `word` is `byte`.
  @inline(__always)
  private static func has(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    UTF8Scanning.zeroBytes(word ^ UTF8Scanning.broadcast(byte))
  }

  /// Escapes the byte at `i`, one ``isMarked(_:_:)`` for the format.
  @inline(__always)
  private static func escape(
    _ byte: UInt8, at i: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int, format: WireFormat,
    pending: inout Int, to out: inout WireWriter
  ) {
    switch format {
    case .slack, .html:
      out.append(p, pending..<i)
      switch byte {
      case UInt8(ascii: "&"): out.append("&amp;")
      case UInt8(ascii: "<"): out.append("&lt;")
      case UInt8(ascii: ">"): out.append("&gt;")
      case UInt8(ascii: "\""): out.append("&quot;")
      default: out.append("&#39;")
      }
      pending = i &+ 1  // replaced
    case .discord:
      // The `@` of `@everyone` and `@here` only: Discord would broadcast them.
      if byte == UInt8(ascii: "@")
        && discordBroadcastLength(p, at: i &+ 1, end: end) == nil
      {
        return
      }
      out.append(p, pending..<i)
      out.append(UInt8(ascii: "\\"))
      pending = i  // a backslash before the byte, which is kept
      if byte == UInt8(ascii: "<") {
        escapeTokenSign(after: i, p, end: end, pending: &pending, to: &out)
      }
    case .markdown:
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        // A line starts after `\n`, `\r`, and `\r\n` (at its `\n`).
        if byte == UInt8(ascii: "\r"), i &+ 1 < end, p[i &+ 1] == UInt8(ascii: "\n") { return }
        escapeLineStart(at: i &+ 1, p, end: end, pending: &pending, to: &out)
        return
      }
      out.append(p, pending..<i)
      out.append(UInt8(ascii: "\\"))
      pending = i  // a backslash before the byte, which is kept
    case .plain:
      break
    }
  }

  /// Escapes the CommonMark block syntax at the start of a Markdown line at `s`, so the line
  /// renders as typed and a mention in it stays a link: an indentation of four columns or more
  /// (indented code) has its first space or tab written as `&#32;` or `&#9;`, unless the line
  /// is blank; after up to three spaces, `#` (heading), `-`, `+` (list, thematic break, setext
  /// underline), `=` (setext underline) and the `.` or `)` after 1–9 digits (ordered list) get
  /// a backslash. `*`, `_`, `>`, `<`, a backtick, `~` and `[` are escaped everywhere already.
  static func escapeLineStart(
    at s: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int, pending: inout Int,
    to out: inout WireWriter
  ) {
    let space = UInt8(ascii: " ")
    let tab = UInt8(ascii: "\t")
    var column = 0
    var k = s
    while k < end, column < 4, p[k] == space || p[k] == tab {
      column = p[k] == tab ? (column / 4 + 1) * 4 : column + 1
      k &+= 1
    }
    if column >= 4 {
      var m = k
      while m < end, p[m] == space || p[m] == tab { m &+= 1 }
      // Blank: the line ends (a token after `end` is text on the line).
      guard m < p.count, p[m] != UInt8(ascii: "\n"), p[m] != UInt8(ascii: "\r") else { return }
      out.append(p, pending..<s)
      out.append(p[s] == tab ? "&#9;" : "&#32;")
      pending = s &+ 1
      return
    }
    guard k < end else { return }
    var marker = k
    switch p[k] {
    case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
      break
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      while marker < end, marker &- k < 10, p[marker] >= UInt8(ascii: "0"),
        p[marker] <= UInt8(ascii: "9")
      {
        marker &+= 1
      }
      guard marker < end, marker &- k <= 9,
        p[marker] == UInt8(ascii: ".") || p[marker] == UInt8(ascii: ")")
      else { return }
    default:
      return
    }
    out.append(p, pending..<marker)
    out.append(UInt8(ascii: "\\"))
    pending = marker
  }

  // MARK: - Discord code spans

  /// The zero-width space written inside Discord code after an `@` of `@everyone`/`@here` and
  /// after a `<` that would start a token.
  static let zeroWidthSpace: StaticString = "\u{200B}"

  /// The longest backtick run taken to open a Discord code span; longer runs are text. A run
  /// without a closing run is searched for once per length (no later run of that length
  /// exists), so the bound keeps rendering and parsing linear.
  static let maxCodeRun = 16

  /// The end of the Discord code span that opens with the run of backticks at `i`, or `nil`:
  /// the span closes at the next run of exactly as many backticks, for runs of up to
  /// ``maxCodeRun``. With `stopsAtTokens` (when reading a wire message back) the search stops
  /// at `<@` or `<#`, which the renderer writes raw only as tokens, so the span found is the one
  /// the renderer found between two tokens.
  static func codeSpan(
    at i: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int, stopsAtTokens: Bool
  ) -> (run: Int, close: Int)? {
    let backtick = UInt8(ascii: "`")
    var k = i
    while k < end, p[k] == backtick { k &+= 1 }
    let run = k &- i
    guard run <= maxCodeRun else { return nil }
    while k < end {
      if p[k] == backtick {
        let start = k
        while k < end, p[k] == backtick { k &+= 1 }
        if k &- start == run { return (run, start) }
        continue
      }
      if stopsAtTokens, p[k] == UInt8(ascii: "<"), k &+ 1 < end,
        p[k &+ 1] == UInt8(ascii: "@") || p[k &+ 1] == UInt8(ascii: "#")
      {
        return nil
      }
      k &+= 1
    }
    return nil
  }

  /// Whether the byte at `k` (inside Discord code) is followed by what the renderer neutralises
  /// with a zero-width space: `everyone` or `here` after an `@`, or the sign of a token after a
  /// `<` (``tokenSign(after:_:end:)``).
  static func needsZeroWidthSpace(after k: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int)
    -> Bool
  {
    switch p[k] {
    case UInt8(ascii: "@"):
      return discordBroadcastLength(p, at: k &+ 1, end: end) != nil
    case UInt8(ascii: "<"):
      return tokenSign(after: k, p, end: end) != nil
    default:
      return false
    }
  }

  /// Writes the Discord backtick run at `i` and, when it opens a code span in `i..<end`, the
  /// span: Discord shows code as typed, so nothing in it is backslash-escaped (a backslash
  /// would show); `@everyone`, `@here` and the `<` of a token get a zero-width space after
  /// their first character instead, so no reading of the code can ping. Returns the index after
  /// what it handled.
  static func writeDiscordCode(
    at i: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int, pending: inout Int,
    to out: inout WireWriter
  ) -> Int {
    guard let (run, close) = codeSpan(at: i, p, end: end, stopsAtTokens: false) else {
      var k = i
      while k < end, p[k] == UInt8(ascii: "`") { k &+= 1 }
      return k
    }
    for k in (i &+ run)..<close where needsZeroWidthSpace(after: k, p, end: close) {
      out.append(p, pending..<k &+ 1)
      out.append(zeroWidthSpace)
      pending = k &+ 1
    }
    return close &+ run
  }

  /// The index of the punctuation that would make the `<` at `i` a Discord token, or `nil`:
  /// any ASCII punctuation right after the `<` (`<@`, `<#`, `<:`, `</`), or a `:` after ASCII
  /// letters (`<t:`, `<a:`, `<id:`).
  static func tokenSign(after i: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int) -> Int? {
    var j = i &+ 1
    while j < end, (p[j] | 0x20) >= UInt8(ascii: "a"), (p[j] | 0x20) <= UInt8(ascii: "z") {
      j &+= 1
    }
    guard j < end else { return nil }
    let sign = p[j]
    let isPunctuation =
      (0x21...0x2F).contains(sign) || (0x3A...0x40).contains(sign)
      || (0x5B...0x60).contains(sign) || (0x7B...0x7E).contains(sign)
    return isPunctuation && (j == i &+ 1 || sign == UInt8(ascii: ":")) ? j : nil
  }

  /// After a Discord `<` at `i`: escapes the punctuation that would make it a token
  /// (``tokenSign(after:_:end:)``), so that the token stays dead
  /// even for a reader whose URL rule takes the `\` before `<` into a bare URL (Discord's
  /// autolink stops at `<` or whitespace, not at `\`). The loop escapes `\`, `<` and the `@`
  /// of `@everyone`/`@here` itself.
  private static func escapeTokenSign(
    after i: Int, _ p: UnsafeBufferPointer<UInt8>, end: Int, pending: inout Int,
    to out: inout WireWriter
  ) {
    guard let j = tokenSign(after: i, p, end: end) else { return }
    let sign = p[j]
    guard sign != UInt8(ascii: "\\"), sign != UInt8(ascii: "<"), sign != UInt8(ascii: "`"),
      !(sign == UInt8(ascii: "@")
        && discordBroadcastLength(p, at: j &+ 1, end: end) != nil)
    else { return }
    out.append(p, pending..<j)
    out.append(UInt8(ascii: "\\"))
    pending = j
  }

  @inline(__always)
  /// The length of the word Discord broadcasts to after an `@` (`everyone` or `here`, the
  /// words of `WireFormat.discordBroadcasts`) when it starts at `k`, or `nil`.
  static func discordBroadcastLength(_ p: UnsafeBufferPointer<UInt8>, at k: Int, end: Int)
    -> Int?
  {
    if hasBytes(p, "everyone", at: k, end: end) { return 8 }
    if hasBytes(p, "here", at: k, end: end) { return 4 }
    return nil
  }

  static func hasBytes(
    _ p: UnsafeBufferPointer<UInt8>, _ literal: StaticString, at start: Int, end: Int
  ) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard start &+ count <= end else { return false }
    for k in 0..<count where p[start &+ k] != literal.utf8Start[k] { return false }
    return true
  }
}
