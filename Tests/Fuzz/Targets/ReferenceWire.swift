/// The wire formats' rules for ids, labels, escaping and tokens, written the slow, obvious way
/// from their documentation (``WireFormat`` and the Rendering table of Docs/ChatBackends.md), to
/// judge ``MessageRenderer`` and ``WireParser`` without the code they share (`WireText`).
///
/// Everything works on Unicode scalars and compares scalars, never grapheme clusters: a
/// combining mark after `@everyone` does not hide it from Discord.
enum ReferenceWire {
  /// Bidi controls a name loses and an id may not hold: ALM U+061C, LRM and RLM U+200E–200F,
  /// embeddings and overrides U+202A–202E, isolates U+2066–2069.
  static let bidiControls: Set<UInt32> = [
    0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
    0x2069,
  ]

  /// White_Space=yes, as listed in the Unicode Character Database's PropList.txt.
  static let whitespace: Set<UInt32> = [
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
    0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
    0x3000,
  ]

  /// The characters that delimit a wire form and may not appear in an id.
  static let delimitingCharacters: Set<Unicode.Scalar> = [
    "<", ">", "|", "&", "\"", "'", "\\", "`", "(", ")", "[", "]",
  ]

  /// A control: general category Cc (U+0000–001F, U+007F–009F).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A line break that is not a control: LINE SEPARATOR and PARAGRAPH SEPARATOR.
  static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// An id written unchanged in every format: non-empty, with no whitespace, control, bidi
  /// control, backtick or any of `< > | & " ' \ ( ) [ ]`.
  static func isValidID(_ id: String) -> Bool {
    !id.isEmpty
      && id.unicodeScalars.allSatisfy { scalar in
        !whitespace.contains(scalar.value) && !isControl(scalar)
          && !bidiControls.contains(scalar.value) && !delimitingCharacters.contains(scalar)
      }
  }

  /// An id Discord reads as written: not starting with `!` (`<@!1>` is user `1`) and holding
  /// neither `@everyone` nor `@here` (Discord pings everyone from inside `<@…>`).
  static func isDiscordID(_ id: String) -> Bool {
    let scalars = Array(id.unicodeScalars)
    return scalars.first != "!" && !contains(scalars, "@everyone") && !contains(scalars, "@here")
  }

  /// A name made safe to show: bidi controls removed, controls and line breaks as spaces.
  static func label(_ name: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in name.unicodeScalars where !bidiControls.contains(scalar.value) {
      result.append(isControl(scalar) || isLineSeparator(scalar) ? " " : scalar)
    }
    return String(result)
  }

  /// Text escaped for a format, as one stretch (for Discord, an `@` is escaped when
  /// `everyone` or `here` follows it within the stretch).
  static func escaped(_ text: String, format: WireFormat) -> String {
    let scalars = Array(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    for (k, scalar) in scalars.enumerated() {
      let rest = scalars[(k + 1)...]
      switch (format, scalar) {
      case (.slack, "&"), (.html, "&"): out.append(contentsOf: "&amp;".unicodeScalars)
      case (.slack, "<"), (.html, "<"): out.append(contentsOf: "&lt;".unicodeScalars)
      case (.slack, ">"), (.html, ">"): out.append(contentsOf: "&gt;".unicodeScalars)
      case (.html, "\""): out.append(contentsOf: "&quot;".unicodeScalars)
      // The table says "as entities"; the numeric reference is the one HTML 4 also knows.
      case (.html, "'"): out.append(contentsOf: "&#39;".unicodeScalars)
      case (.markdown, "\\"), (.markdown, "`"), (.markdown, "*"), (.markdown, "_"),
        (.markdown, "~"), (.markdown, "["), (.markdown, "]"), (.markdown, "<"),
        (.markdown, ">"), (.markdown, "&"), (.discord, "\\"), (.discord, "<"):
        out.append("\\")
        out.append(scalar)
      case (.discord, "@") where startsWith(rest, "everyone") || startsWith(rest, "here"):
        out.append("\\")
        out.append(scalar)
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// The rendering of a message: each resolved mention or hashtag whose id the format can
  /// write becomes a token; the text between tokens (other entities included, as typed) is
  /// escaped as one stretch.
  static func render(_ message: ResolvedMessage, format: WireFormat) -> String {
    guard format != .plain else { return message.text }
    let bytes = Array(message.text.utf8)
    var out = ""
    var position = 0
    for resolved in message.entities {
      let range = resolved.entity.utf8Range
      guard range.lowerBound >= position, range.upperBound <= bytes.count else {
        fuzzCheck(false, "extracted entities out of order: \(message.entities)")
        return out
      }
      guard case .resolved(let item) = resolved.resolution,
        resolved.kind == .mention || resolved.kind == .hashtag, isValidID(item.id),
        format != .discord || isDiscordID(item.id)
      else { continue }
      let stretch = String(decoding: bytes[position..<range.lowerBound], as: UTF8.self)
      out += escaped(stretch, format: format)
      out += token(for: item, isChannel: resolved.kind == .hashtag, format: format)
      position = range.upperBound
    }
    out += escaped(String(decoding: bytes[position...], as: UTF8.self), format: format)
    return out
  }

  /// The token for an item, per the Rendering table.
  static func token(for item: MentionItem, isChannel: Bool, format: WireFormat) -> String {
    let name = label(isChannel ? item.insertionText : item.displayText)
    switch format {
    case .slack:
      // `<#C1|general>`; a channel whose name is empty after labelling has no `|name`.
      let channelName = label(item.insertionText)
      if !isChannel { return "<@\(item.id)>" }
      return channelName.isEmpty
        ? "<#\(item.id)>" : "<#\(item.id)|\(escaped(channelName, format: .slack))>"
    case .discord:
      return isChannel ? "<#\(item.id)>" : "<@\(item.id)>"
    case .markdown:
      return isChannel
        ? "[#\(escaped(name, format: .markdown))](channel:\(item.id))"
        : "[@\(escaped(name, format: .markdown))](user:\(item.id))"
    case .html:
      let kind = isChannel ? "channel" : "mention"
      let sign = isChannel ? "#" : "@"
      return "<a class=\"\(kind)\" data-id=\"\(escaped(item.id, format: .html))\">"
        + "\(sign)\(escaped(name, format: .html))</a>"
    case .plain:
      return ""
    }
  }

  /// Whether `scalars` starts with the scalars of `literal`.
  static func startsWith(_ scalars: ArraySlice<Unicode.Scalar>, _ literal: String) -> Bool {
    scalars.starts(with: literal.unicodeScalars)
  }

  /// Whether the scalars of `literal` occur in `scalars`.
  static func contains(_ scalars: [Unicode.Scalar], _ literal: String) -> Bool {
    scalars.indices.contains { startsWith(scalars[$0...], literal) }
  }
}
