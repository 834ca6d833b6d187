/// The escaping, label and id rules shared by ``MessageRenderer`` and ``WireParser``.
enum WireText {
  /// Whether an item id can be written in every wire format unchanged: non-empty, with no
  /// whitespace, controls, bidi controls, or characters that delimit a wire form. Items with
  /// other ids are rendered as their original text.
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
    !id.hasPrefix("!") && !id.contains("@everyone") && !id.contains("@here")
  }

  /// A display name or channel name made safe to show: bidi embeddings, overrides and isolates
  /// and directional marks are removed (so a name cannot reverse the text after it), and
  /// controls and line breaks become spaces. Joiners (ZWJ) are kept for emoji sequences.
  static func label(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) else {
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

  /// For each byte, whether a format escapes it (bit 0 Slack, 1 HTML, 2 Markdown, 3 Discord).
  private static let escapeTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in "&<>".utf8 { table[Int(byte)] |= 1 }
    for byte in "&<>\"'".utf8 { table[Int(byte)] |= 2 }
    for byte in "\\`*_~[]<>&".utf8 { table[Int(byte)] |= 4 }
    for byte in "\\<@".utf8 { table[Int(byte)] |= 8 }
    return table
  }()

  @inline(__always)
  private static func escapeBit(_ format: WireFormat) -> UInt8 {
    switch format {
    case .slack: 1
    case .html: 2
    case .markdown: 4
    case .discord: 8
    case .plain: 0
    }
  }

  /// Appends a string escaped for a format.
  static func appendEscaped(_ text: String, format: WireFormat, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendEscaped($0, 0..<$0.count, format: format, to: &out) }
  }

  /// Appends bytes `range` of UTF-8 text escaped for a format: runs that need no escape are
  /// copied at once.
  static func appendEscaped(
    _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, format: WireFormat,
    to out: inout [UInt8]
  ) {
    let bit = escapeBit(format)
    var runStart = range.lowerBound
    var i = range.lowerBound
    escapeTable.withUnsafeBufferPointer { table in
      while i < range.upperBound {
        let byte = p[i]
        guard table[Int(byte)] & bit != 0 else {
          i &+= 1
          continue
        }
        let replacement: StaticString?
        switch format {
        case .slack, .html:
          switch byte {
          case UInt8(ascii: "&"): replacement = "&amp;"
          case UInt8(ascii: "<"): replacement = "&lt;"
          case UInt8(ascii: ">"): replacement = "&gt;"
          case UInt8(ascii: "\""): replacement = "&quot;"
          default: replacement = "&#39;"
          }
        case .markdown:
          replacement = "\\"
        case .discord:
          // The `@` of `@everyone` and `@here` only: Discord would broadcast them.
          if byte == UInt8(ascii: "@")
            && !(hasBytes(p, "everyone", at: i &+ 1, end: range.upperBound)
              || hasBytes(p, "here", at: i &+ 1, end: range.upperBound))
          {
            i &+= 1
            continue
          }
          replacement = "\\"
        case .plain:
          replacement = nil
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<i]))
        if let replacement {
          out.append(
            contentsOf: UnsafeBufferPointer(
              start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
        }
        if format == .slack || format == .html {
          runStart = i &+ 1  // replaced
        } else {
          runStart = i  // a backslash before the byte, which is kept
        }
        i &+= 1
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: p[runStart..<range.upperBound]))
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
