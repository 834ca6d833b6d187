/// The escaping, label and id rules shared by ``MessageRenderer`` and ``WireParser``.
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

  /// Whether a Discord token can hold an id (one ``isValidID(_:)`` accepts): Discord reads
  /// `<@!1>` as user `1` (the legacy nickname form) and broadcasts `@everyone` and `@here`
  /// wherever they stand, even inside `<@…>`.
  static func isDiscordID(_ id: String) -> Bool {
    var copy = id
    return copy.withUTF8 { p in
      // Scalars, not characters: `@everyone` followed by a combining mark is still there for
      // Discord. The signs and letters are ASCII, and an ASCII byte is always a whole scalar
      // in UTF-8, so the bytes tell.
      guard p.first != UInt8(ascii: "!") else { return false }
      for i in p.indices where p[i] == UInt8(ascii: "@") {
        if hasBytes(p, "everyone", at: i + 1, end: p.count)
          || hasBytes(p, "here", at: i + 1, end: p.count)
        {
          return false
        }
      }
      return true
    }
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
  /// Slack `& < >`; HTML `& < > " '`; Markdown `\` and `` ` * _ ~ [ ] < > &``; Discord `\ < @`.
  @inline(__always)
  static func escapeMasks(_ format: WireFormat) -> (low: UInt64, high: UInt64) {
    switch format {
    case .slack: (0x5000_0040_0000_0000, 0)
    case .html: (0x5000_00C4_0000_0000, 0)
    case .markdown: (0x5000_0440_0000_0000, 0x4000_0001_B800_0000)
    case .discord: (0x1000_0000_0000_0000, 0x0000_0000_1000_0001)
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
  /// A Discord `@` is escaped only when `@everyone` or `@here` ends within `range`.
  @inline(never)
  static func escape(
    _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, format: WireFormat,
    pending: inout Int, to out: inout WireWriter
  ) {
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
    case .discord: has(word, 0x5C) | has(word, 0x3C) | has(word, 0x40) != 0  // \ < @
    case .markdown:  // \ ` * _ ~ [ ] < > &
      has(word, 0x5C) | has(word, 0x60) | has(word, 0x2A) | has(word, 0x5F) | has(word, 0x7E)
        | has(word, 0x5B) | has(word, 0x5D) | has(word, 0x3C) | has(word, 0x3E) | has(word, 0x26)
        != 0
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
        && !(hasBytes(p, "everyone", at: i &+ 1, end: end)
          || hasBytes(p, "here", at: i &+ 1, end: end))
      {
        return
      }
      out.append(p, pending..<i)
      out.append(UInt8(ascii: "\\"))
      pending = i  // a backslash before the byte, which is kept
    case .markdown:
      out.append(p, pending..<i)
      out.append(UInt8(ascii: "\\"))
      pending = i  // a backslash before the byte, which is kept
    case .plain:
      break
    }
  }

  @inline(__always)
  private static func hasBytes(
    _ p: UnsafeBufferPointer<UInt8>, _ literal: StaticString, at start: Int, end: Int
  ) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard start &+ count <= end else { return false }
    for k in 0..<count where p[start &+ k] != literal.utf8Start[k] { return false }
    return true
  }
}
