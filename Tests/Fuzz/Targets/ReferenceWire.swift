/// The wire formats' rules for ids, labels, escaping and tokens, written the slow, obvious way
/// from their documentation (``WireFormat``, the Rendering table and the per-format sections
/// of Docs/ChatBackends.md), to
/// judge `WireFormat.write(_:)` and `read(_:)` without the code they share (`WireText`).
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

  /// An id Discord reads as written: a snowflake, 1 to 20 ASCII digits ("ids accepted" in the
  /// Rendering table). Any other id (`here`, `!1`, `&1`, `١٢٣`) leaves the mention as typed.
  static func isDiscordID(_ id: String) -> Bool {
    let scalars = Array(id.unicodeScalars)
    return (1...20).contains(scalars.count) && scalars.allSatisfy { ("0"..."9").contains($0) }
  }

  /// A name made safe to show: bidi controls removed, controls and line breaks as spaces.
  static func label(_ name: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in name.unicodeScalars where !bidiControls.contains(scalar.value) {
      result.append(isControl(scalar) || isLineSeparator(scalar) ? " " : scalar)
    }
    return String(result)
  }

  /// A stretch of user text between two tokens (or the message's edges), as scalars.
  struct Stretch {
    /// The stretch's scalars.
    var scalars: [Unicode.Scalar]
    /// Whether the stretch starts the message, so its first scalar starts a line.
    var startsMessage: Bool
    /// Whether a token follows the stretch.
    var precedesToken: Bool
  }

  /// Text escaped for a format as a whole stretch that neither starts a message nor precedes a
  /// token: names, labels and ids.
  static func escaped(_ text: String, format: WireFormat) -> String {
    escaped(
      Stretch(scalars: Array(text.unicodeScalars), startsMessage: false, precedesToken: false),
      format: format)
  }

  /// A stretch escaped for a format, per the Rendering table and the format's section of
  /// Docs/ChatBackends.md.
  static func escaped(_ stretch: Stretch, format: WireFormat) -> String {
    switch format {
    case .slack, .html: entityEscaped(stretch.scalars, format: format)
    case .markdown: markdownEscaped(stretch)
    case .discord: discordEscaped(stretch.scalars)
    case .plain: String(String.UnicodeScalarView(stretch.scalars))
    }
  }

  /// Slack: `& < >` as entities. HTML: `& < > " '` as entities.
  static func entityEscaped(_ scalars: [Unicode.Scalar], format: WireFormat) -> String {
    var out = ""
    for scalar in scalars {
      switch (format, scalar) {
      case (_, "&"): out += "&amp;"
      case (_, "<"): out += "&lt;"
      case (_, ">"): out += "&gt;"
      case (.html, "\""): out += "&quot;"
      // The table says "as entities"; the numeric reference is the one HTML 4 also knows.
      case (.html, "'"): out += "&#39;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  // MARK: - Markdown

  /// Markdown: a backslash before `\`, a backtick, `*`, `_`, `~`, `[`, `]`, `<`, `>`, `&`, before
  /// a `!` right before a token, and before the block syntax at each line start; an indented
  /// line's first space or tab as `&#32;` or `&#9;`.
  ///
  /// The table says "a `!` before a link", the Markdown section "`!` before a mention"; the
  /// reading taken is the table's: before any token, user or channel (both are links).
  static func markdownEscaped(_ stretch: Stretch) -> String {
    let s = stretch.scalars
    // What each scalar is written as, when not itself.
    var written: [Int: String] = [:]
    for start in lineStarts(stretch) {
      if let (index, replacement) = blockSyntax(at: start, stretch) {
        written[index] = replacement
      }
    }
    let alwaysEscaped: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "~", "[", "]", "<", ">", "&"]
    var out = ""
    for (k, scalar) in s.enumerated() {
      let isBang = scalar == "!" && k == s.count - 1 && stretch.precedesToken
      if let replacement = written[k] {
        out += replacement
      } else if alwaysEscaped.contains(scalar) || isBang {
        out += "\\"
        out.unicodeScalars.append(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The indices where a line starts in a stretch: its start when it starts the message, and
  /// after every line break: `\n`, a `\r` not followed by `\n`, and `\r\n` (after its `\n`).
  static func lineStarts(_ stretch: Stretch) -> [Int] {
    let s = stretch.scalars
    var starts = stretch.startsMessage ? [0] : []
    for (k, scalar) in s.enumerated() {
      if scalar == "\n" || (scalar == "\r" && (k + 1 == s.count || s[k + 1] != "\n")) {
        starts.append(k + 1)
      }
    }
    return starts
  }

  /// The escape of the block syntax of the line starting at `start`: the index of the scalar
  /// to change and what it is written as, or `nil`.
  ///
  /// Indentation counts columns with a tab going to the next multiple of 4. A line indented
  /// four columns or more that is not blank has its first space or tab written as a reference.
  /// The docs say "a blank line is left blank"; a line whose indentation runs into a token is
  /// not blank (the token is on the line). After up to three columns, `#`, `-`, `+`, `=` get a
  /// backslash, and so does the `.` or `)` after 1–9 digits. Only what lies inside the stretch
  /// is block syntax: a `#` that is a channel token's own sign is the token.
  static func blockSyntax(at start: Int, _ stretch: Stretch) -> (Int, String)? {
    let s = stretch.scalars
    var k = start
    var column = 0
    while k < s.count, s[k] == " " || s[k] == "\t" {
      column = s[k] == "\t" ? column + 4 - column % 4 : column + 1
      k += 1
      if column >= 4 { break }
    }
    if column >= 4 {
      var m = k
      while m < s.count, s[m] == " " || s[m] == "\t" { m += 1 }
      let isBlank = m < s.count ? s[m] == "\n" || s[m] == "\r" : !stretch.precedesToken
      if isBlank { return nil }
      return (start, s[start] == "\t" ? "&#9;" : "&#32;")
    }
    guard k < s.count else { return nil }
    if ["#", "-", "+", "="].contains(s[k]) { return (k, "\\" + String(s[k])) }
    var digits = 0
    while k + digits < s.count, ("0"..."9").contains(s[k + digits]) { digits += 1 }
    let marker = k + digits
    if (1...9).contains(digits), marker < s.count, s[marker] == "." || s[marker] == ")" {
      return (marker, "\\" + String(s[marker]))
    }
    return nil
  }

  // MARK: - Discord

  /// The zero-width space Discord code gets after an `@` of `@everyone`/`@here` and after a `<`
  /// that would start a token.
  static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

  /// The longest backtick run that opens a Discord code span.
  static let longestCodeRun = 16

  /// Whether a scalar is ASCII punctuation (CommonMark's definition: `!` to `/`, `:` to `@`,
  /// `[` to `` ` ``, `{` to `~`).
  static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
      || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value)
  }

  /// Whether a scalar is an ASCII letter.
  static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// The index of the punctuation that would make the `<` at `i` a Discord token, looking no
  /// further than `end`: the character right after it when it is ASCII punctuation (`<@`,
  /// `<#`, `<:`, `</`), or a `:` after ASCII letters (`<t:`, `<a:`, `<id:`).
  ///
  /// The docs say "punctuation" and give only ASCII examples; the reading taken is ASCII
  /// punctuation, and letters are ASCII letters (Discord's token names are).
  static func tokenSign(after i: Int, _ s: [Unicode.Scalar], end: Int) -> Int? {
    var j = i + 1
    while j < end, isASCIILetter(s[j]) { j += 1 }
    guard j < end, isASCIIPunctuation(s[j]) else { return nil }
    return j == i + 1 || s[j] == ":" ? j : nil
  }

  /// Whether `everyone` or `here` follows index `k` within `end`.
  static func broadcastFollows(_ k: Int, _ s: [Unicode.Scalar], end: Int) -> Bool {
    startsWith(s[(k + 1)..<end], "everyone") || startsWith(s[(k + 1)..<end], "here")
  }

  /// The code span opened by the backtick run at `i` (the run is maximal): the run's length
  /// and where the closing run starts, or `nil`. It closes at the next run of exactly as many
  /// backticks in the stretch; runs longer than ``longestCodeRun`` open nothing.
  static func codeSpan(at i: Int, _ s: [Unicode.Scalar]) -> (run: Int, close: Int)? {
    func runLength(_ k: Int) -> Int {
      var n = 0
      while k + n < s.count, s[k + n] == "`" { n += 1 }
      return n
    }
    let run = runLength(i)
    guard run <= longestCodeRun else { return nil }
    var k = i + run
    while k < s.count {
      if s[k] == "`" {
        let length = runLength(k)
        if length == run { return (run, k) }
        k += length
      } else {
        k += 1
      }
    }
    return nil
  }

  /// Discord, outside code: a backslash before `\`, before `<`, before the punctuation that
  /// would make a `<` a token (not a backtick, which may open code and never makes a token),
  /// and before the `@` of `@everyone`/`@here`. Inside a code span nothing is escaped; a
  /// zero-width space goes after the `@` of `@everyone`/`@here` and after a `<` that would
  /// start a token, both judged within the span.
  static func discordEscaped(_ s: [Unicode.Scalar]) -> String {
    var out = String.UnicodeScalarView()
    var signs: Set<Int> = []
    var i = 0
    while i < s.count {
      let scalar = s[i]
      if scalar == "`" {
        guard let (run, close) = codeSpan(at: i, s) else {
          while i < s.count, s[i] == "`" {
            out.append("`")
            i += 1
          }
          continue
        }
        out.append(contentsOf: s[i..<(i + run)])
        for k in (i + run)..<close {
          out.append(s[k])
          if (s[k] == "@" && broadcastFollows(k, s, end: close))
            || (s[k] == "<" && tokenSign(after: k, s, end: close) != nil)
          {
            out.append(zeroWidthSpace)
          }
        }
        out.append(contentsOf: s[close..<(close + run)])
        i = close + run
        continue
      }
      if scalar == "<", let j = tokenSign(after: i, s, end: s.count), s[j] != "`" {
        signs.insert(j)
      }
      if scalar == "\\" || scalar == "<" || signs.contains(i)
        || (scalar == "@" && broadcastFollows(i, s, end: s.count))
      {
        out.append("\\")
      }
      out.append(scalar)
      i += 1
    }
    return String(out)
  }

  /// What reading Discord output back gives for a stretch of user text: the text, less a
  /// zero-width space the user typed inside code exactly where the renderer would put one
  /// (after the `@` of `@everyone`/`@here`, or after a `<` that the text after the space would
  /// make a token); the reader cannot tell it from the renderer's (Parsing back).
  static func discordReadBack(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    var i = 0
    while i < s.count {
      guard s[i] == "`" else {
        out.append(s[i])
        i += 1
        continue
      }
      guard let (run, close) = codeSpan(at: i, s) else {
        // The whole run is text: none of its backticks opens code.
        while i < s.count, s[i] == "`" {
          out.append("`")
          i += 1
        }
        continue
      }
      out += s[i..<(i + run)]
      var k = i + run
      while k < close {
        out.append(s[k])
        if k + 1 < close, s[k + 1] == zeroWidthSpace,
          (s[k] == "@" && broadcastFollows(k + 1, s, end: close))
            || (s[k] == "<" && tokenSign(after: k + 1, s, end: close) != nil)
        {
          k += 2
        } else {
          k += 1
        }
      }
      out += s[close..<(close + run)]
      i = close + run
    }
    return out
  }

  // MARK: - Messages

  /// The rendering of a message: each resolved mention or hashtag whose id the format can
  /// write becomes a token; the text between tokens (other entities included, as typed) is
  /// escaped as one stretch.
  static func render(_ message: Message, format: WireFormat) -> String {
    guard format != .plain else { return message.text }
    var out = ""
    for piece in pieces(message, format: format) {
      switch piece {
      case .text(let stretch): out += escaped(stretch, format: format)
      case .token(let item, let isChannel, let isSilent):
        out += token(for: item, isChannel: isChannel, isSilent: isSilent, format: format)
      }
    }
    return out
  }

  /// A message cut into stretches of text and the tokens a format writes.
  enum Piece {
    case text(Stretch)
    /// A user or channel token; `isSilent` for a silent mention (`@_ana`).
    case token(MentionItem, isChannel: Bool, isSilent: Bool)
  }

  /// The stretches and tokens of a message in a format (not `.plain`).
  static func pieces(_ message: Message, format: WireFormat) -> [Piece] {
    let bytes = Array(message.text.utf8)
    var pieces: [Piece] = []
    var position = 0
    func stretch(upTo end: Int, precedesToken: Bool) -> Piece {
      let text = String(decoding: bytes[position..<end], as: UTF8.self)
      return .text(
        Stretch(
          scalars: Array(text.unicodeScalars), startsMessage: position == 0,
          precedesToken: precedesToken))
    }
    let text = message.text
    for resolved in message.entities {
      guard let indices = resolved.range(in: text) else {
        fuzzCheck(false, "extracted entity off scalar boundaries: \(resolved)")
        return pieces
      }
      let range =
        text.utf8.distance(
          from: text.startIndex, to: indices.lowerBound)..<text.utf8.distance(
          from: text.startIndex, to: indices.upperBound)
      guard range.lowerBound >= position, range.upperBound <= bytes.count else {
        fuzzCheck(false, "extracted entities out of order: \(message.entities)")
        return pieces
      }
      // A silent mention has no Slack token: every Slack user token notifies.
      let isSilent = resolved.audience == .silent
      guard case .resolved(let item) = resolved.resolution,
        resolved.trigger == .mention || resolved.trigger == .hashtag, isValidID(item.id),
        format != .discord || isDiscordID(item.id), !(isSilent && format == .slack)
      else { continue }
      pieces.append(stretch(upTo: range.lowerBound, precedesToken: true))
      pieces.append(.token(item, isChannel: resolved.trigger == .hashtag, isSilent: isSilent))
      position = range.upperBound
    }
    pieces.append(stretch(upTo: bytes.count, precedesToken: false))
    return pieces
  }

  /// The token for an item, per the Rendering table.
  static func token(
    for item: MentionItem, isChannel: Bool, isSilent: Bool = false, format: WireFormat
  ) -> String {
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
      let kind = isChannel ? "channel" : isSilent ? "mention silent" : "mention"
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
