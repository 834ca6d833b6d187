/// The escaping, label and id rules shared by ``MessageRenderer`` and ``WireParser``.
enum WireText {
  /// Whether an item id can be written in every wire format unchanged: non-empty, with no
  /// whitespace, controls, bidi controls, or characters that delimit a wire form. Items with
  /// other ids are rendered as their original text.
  static func isValidID(_ id: some StringProtocol) -> Bool {
    guard !id.isEmpty else { return false }
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

  /// Appends text escaped for a format.
  static func appendEscaped(_ text: Substring, format: WireFormat, to out: inout String) {
    switch format {
    case .plain:
      out += text
    case .slack:
      appendReplacing(text, to: &out) { byte in
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        default: nil
        }
      }
    case .html:
      appendReplacing(text, to: &out) { byte in
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
      }
    case .markdown:
      appendReplacing(text, to: &out) { byte in
        switch byte {
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "`"): "\\`"
        case UInt8(ascii: "*"): "\\*"
        case UInt8(ascii: "_"): "\\_"
        case UInt8(ascii: "~"): "\\~"
        case UInt8(ascii: "["): "\\["
        case UInt8(ascii: "]"): "\\]"
        case UInt8(ascii: "<"): "\\<"
        case UInt8(ascii: ">"): "\\>"
        case UInt8(ascii: "&"): "\\&"
        default: nil
        }
      }
    case .discord:
      appendDiscordEscaped(text, to: &out)
    }
  }

  /// Appends `text`, replacing the ASCII bytes `replacement` maps; the rest is copied in runs.
  @inline(__always)
  private static func appendReplacing(
    _ text: Substring, to out: inout String, _ replacement: (UInt8) -> String?
  ) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var i = runStart
    while i != utf8.endIndex {
      if let escaped = replacement(utf8[i]) {
        out += text[runStart..<i]
        out += escaped
        runStart = utf8.index(after: i)
      }
      i = utf8.index(after: i)
    }
    out += text[runStart..<utf8.endIndex]
  }

  /// Discord: `\` and `<` get a backslash, and so does the `@` of `@everyone` and `@here`,
  /// which Discord would otherwise broadcast.
  private static func appendDiscordEscaped(_ text: Substring, to out: inout String) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var i = runStart
    while i != utf8.endIndex {
      let byte = utf8[i]
      var escapes = byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
      if byte == UInt8(ascii: "@") {
        let rest = text[utf8.index(after: i)...]
        escapes = rest.utf8.starts(with: "everyone".utf8) || rest.utf8.starts(with: "here".utf8)
      }
      if escapes {
        out += text[runStart..<i]
        out += "\\"
        runStart = i
      }
      i = utf8.index(after: i)
    }
    out += text[runStart..<utf8.endIndex]
  }
}
