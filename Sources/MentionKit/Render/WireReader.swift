/// The byte scanner behind ``WireFormat/read(_:)``: one pass over UTF-8, writing unescaped text and
/// recording each token's span. A failed token match writes its first byte as text and goes on;
/// every attempt stops at the next `<` or `[`, so the pass is linear.
struct WireReader {
  struct Span {
    var isChannel: Bool
    var id: String
    var label: String?
    var start: Int
    var end: Int
    /// A group, a broadcast (its word in `id`) or a silent mention, as the token said.
    var audience: MessageEntity.Audience = .direct
  }

  let p: UnsafeBufferPointer<UInt8>
  let format: WireFormat
  var out: [UInt8] = []
  var spans: [Span] = []
  private var i = 0

  init(p: UnsafeBufferPointer<UInt8>, format: WireFormat) {
    self.p = p
    self.format = format
    out.reserveCapacity(p.count)
  }

  mutating func run() {
    while i < p.count {
      let byte = p[i]
      switch format {
      case .slack:
        if byte == UInt8(ascii: "<"), slackToken() { continue }
        if byte == UInt8(ascii: "&"), entity(named: Self.slackEntities) { continue }
      case .discord:
        if byte == UInt8(ascii: "\\"), backslashEscape() { continue }
        if byte == UInt8(ascii: "<"), discordToken() { continue }
        if byte == UInt8(ascii: "@"), discordBroadcast() { continue }
        if byte == UInt8(ascii: "`") {
          discordCode()
          continue
        }
      case .markdown:
        if byte == UInt8(ascii: "\\"), backslashEscape() { continue }
        if byte == UInt8(ascii: "["), markdownLink() { continue }
        if byte == UInt8(ascii: "&"), entity(named: Self.markdownEntities) { continue }
      case .html:
        if byte == UInt8(ascii: "<"), htmlAnchor() { continue }
        if byte == UInt8(ascii: "&"), entity(named: Self.htmlEntities) { continue }
      case .plain:
        break
      }
      out.append(byte)
      i += 1
    }
  }

  // MARK: - Escapes

  static let slackEntities: [(String, UInt8)] = [("amp;", 0x26), ("lt;", 0x3C), ("gt;", 0x3E)]
  /// The indentation the Markdown renderer writes as references (`&` in text is `\&`).
  static let markdownEntities: [(String, UInt8)] = [("#32;", 0x20), ("#9;", 0x09)]
  static let htmlEntities: [(String, UInt8)] = [
    ("amp;", 0x26), ("lt;", 0x3C), ("gt;", 0x3E), ("quot;", 0x22), ("apos;", 0x27),
  ]

  /// `&name;` from the list, or (for HTML) `&#N;` / `&#xH;`, at `i`.
  private mutating func entity(named names: [(String, UInt8)]) -> Bool {
    guard let (scalar, length) = Self.decodeEntity(p, at: i, names: names, numeric: format == .html)
    else { return false }
    out.append(contentsOf: String(scalar).utf8)
    i += length
    return true
  }

  static func decodeEntity(
    _ p: UnsafeBufferPointer<UInt8>, at start: Int, names: [(String, UInt8)], numeric: Bool
  ) -> (Unicode.Scalar, Int)? {
    let j = start + 1
    for (name, value) in names where has(p, name, at: j) {
      return (Unicode.Scalar(value), 1 + name.utf8.count)
    }
    guard numeric, j < p.count, p[j] == UInt8(ascii: "#") else { return nil }
    var k = j + 1
    let hex = k < p.count && (p[k] == UInt8(ascii: "x") || p[k] == UInt8(ascii: "X"))
    if hex { k += 1 }
    var value: UInt32 = 0
    let digitsStart = k
    while k < p.count, k - digitsStart < 8, let digit = Self.digit(p[k], hex: hex) {
      value = value * (hex ? 16 : 10) + digit
      k += 1
    }
    guard k > digitsStart, k < p.count, p[k] == UInt8(ascii: ";"),
      let scalar = Unicode.Scalar(value), value != 0
    else { return nil }
    return (scalar, k + 1 - start)
  }

  private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - 87)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - 55)
    default: return nil
    }
  }

  /// `\` before ASCII punctuation is that character (CommonMark and Discord).
  private mutating func backslashEscape() -> Bool {
    guard i + 1 < p.count, Self.isASCIIPunctuation(p[i + 1]) else { return false }
    out.append(p[i + 1])
    i += 2
    return true
  }

  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// Discord: a backtick run, and the code span it opens (``WireText/codeSpan(at:_:end:stopsAtTokens:)``)
  /// as written, without the zero-width spaces the renderer puts after an `@` of
  /// `@everyone`/`@here` and after a `<` that would start a token.
  private mutating func discordCode() {
    guard let (run, close) = WireText.codeSpan(at: i, p, end: p.count, stopsAtTokens: true) else {
      while i < p.count, p[i] == UInt8(ascii: "`") {
        out.append(p[i])
        i += 1
      }
      return
    }
    var k = i
    while k < close + run {
      out.append(p[k])
      if k >= i + run, k < close,
        WireText.hasBytes(p, WireText.zeroWidthSpace, at: k + 1, end: close)
      {
        // The renderer's space follows the byte and comes before what it neutralises.
        let after = UnsafeBufferPointer(rebasing: p[..<close])
        if Self.neutralised(p[k], after: k + 4, after) {
          k += 4
          continue
        }
      }
      k += 1
    }
    i = close + run
  }

  /// Whether `byte` followed (from `k`) by the rest of `p` is one the renderer neutralises.
  private static func neutralised(_ byte: UInt8, after k: Int, _ p: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    switch byte {
    case UInt8(ascii: "@"):
      return WireText.discordBroadcastLength(p, at: k, end: p.count) != nil
    case UInt8(ascii: "<"):
      // The sign test of `WireText.tokenSign(after:_:end:)`, from `k` on.
      return WireText.tokenSign(after: k - 1, p, end: p.count) != nil
    default:
      return false
    }
  }

  // MARK: - Tokens

  /// Slack: `<@ID>`, `<@ID|label>`, `<#ID>`, `<#ID|label>`, and the `<!…>` commands of
  /// ``slackCommand()``.
  private mutating func slackToken() -> Bool {
    if i + 1 < p.count, p[i + 1] == UInt8(ascii: "!") { return slackCommand() }
    guard i + 1 < p.count, p[i + 1] == UInt8(ascii: "@") || p[i + 1] == UInt8(ascii: "#"),
      let close = find(UInt8(ascii: ">"), from: i + 2, stoppingAt: UInt8(ascii: "<"))
    else { return false }
    let isChannel = p[i + 1] == UInt8(ascii: "#")
    let bar = (i + 2..<close).first { p[$0] == UInt8(ascii: "|") } ?? close
    let id = Self.string(p, i + 2..<bar)
    guard WireText.isValidID(id) else { return false }
    var label: String?
    if bar < close {
      label = Self.unescape(p, bar + 1..<close, names: Self.slackEntities, numeric: false)
    }
    emit(isChannel: isChannel, id: id, label: label)
    i = close + 1
    return true
  }

  /// Slack: `<!subteam^ID>` or `<!subteam^ID|label>` (a user group), and the broadcasts
  /// `<!here>`, `<!channel>`, `<!everyone>` (with an optional `|label`).
  private mutating func slackCommand() -> Bool {
    guard let close = find(UInt8(ascii: ">"), from: i + 2, stoppingAt: UInt8(ascii: "<"))
    else { return false }
    let bar = (i + 2..<close).first { p[$0] == UInt8(ascii: "|") } ?? close
    let command = Self.string(p, i + 2..<bar)
    var label: String?
    if bar < close {
      label = Self.unescape(p, bar + 1..<close, names: Self.slackEntities, numeric: false)
    }
    if command.hasPrefix("subteam^") {
      let id = String(command.dropFirst(8))
      guard WireText.isValidID(id) else { return false }
      emit(
        isChannel: false, id: id, label: label.map { Self.dropSign($0, isChannel: false) },
        audience: .group)
    } else if WireFormat.slackBroadcasts.contains(command) {
      emit(isChannel: false, id: command, label: nil, audience: .broadcast)
    } else {
      return false
    }
    i = close + 1
    return true
  }

  /// Discord: `@everyone` or `@here` that no backslash escapes (escaped ones were read as text
  /// before this), outside code spans: a broadcast.
  private mutating func discordBroadcast() -> Bool {
    guard let length = WireText.discordBroadcastLength(p, at: i + 1, end: p.count) else {
      return false
    }
    emit(
      isChannel: false, id: Self.string(p, i + 1..<i + 1 + length), label: nil, audience: .broadcast
    )
    i += 1 + length
    return true
  }

  /// Discord: `<@ID>`, `<@!ID>`, `<#ID>`, and roles `<@&ID>` (groups).
  private mutating func discordToken() -> Bool {
    guard i + 1 < p.count, p[i + 1] == UInt8(ascii: "@") || p[i + 1] == UInt8(ascii: "#"),
      let close = find(UInt8(ascii: ">"), from: i + 2, stoppingAt: UInt8(ascii: "<"))
    else { return false }
    let isChannel = p[i + 1] == UInt8(ascii: "#")
    var idStart = i + 2
    var audience = MessageEntity.Audience.direct
    if !isChannel, idStart < close, p[idStart] == UInt8(ascii: "!") {
      idStart += 1
    } else if !isChannel, idStart < close, p[idStart] == UInt8(ascii: "&") {
      idStart += 1
      audience = .group
    }
    let id = Self.string(p, idStart..<close)
    guard WireText.isValidID(id), !id.hasPrefix("&"), !id.hasPrefix("!") else { return false }
    emit(isChannel: isChannel, id: id, label: nil, audience: audience)
    i = close + 1
    return true
  }

  /// Markdown: `[label](user:ID)` or `[label](channel:ID)`, label backslash-escaped.
  private mutating func markdownLink() -> Bool {
    var k = i + 1
    while k < p.count {
      let byte = p[k]
      if byte == UInt8(ascii: "\\"), k + 1 < p.count, Self.isASCIIPunctuation(p[k + 1]) {
        k += 2
        continue
      }
      if byte == UInt8(ascii: "[") { return false }
      if byte == UInt8(ascii: "]") { break }
      k += 1
    }
    guard k < p.count else { return false }
    let labelRange = i + 1..<k
    var isChannel = false
    var audience = MessageEntity.Audience.direct
    var idStart = k + 1
    if Self.has(p, "(user:", at: idStart) {
      idStart += 6
    } else if Self.has(p, "(channel:", at: idStart) {
      isChannel = true
      idStart += 9
    } else if Self.has(p, "(group:", at: idStart) {
      audience = .group
      idStart += 7
    } else if Self.has(p, "(broadcast:", at: idStart) {
      audience = .broadcast
      idStart += 11
    } else {
      return false
    }
    guard let close = find(UInt8(ascii: ")"), from: idStart, stoppingAt: UInt8(ascii: "["))
    else { return false }
    let id = Self.string(p, idStart..<close)
    guard WireText.isValidID(id) else { return false }
    var label = ""
    var j = labelRange.lowerBound
    var bytes: [UInt8] = []
    while j < labelRange.upperBound {
      if p[j] == UInt8(ascii: "\\"), j + 1 < labelRange.upperBound,
        Self.isASCIIPunctuation(p[j + 1])
      {
        j += 1
      }
      bytes.append(p[j])
      j += 1
    }
    label = String(decoding: bytes, as: UTF8.self)
    guard emitLabelled(isChannel: isChannel, id: id, label: label, audience: audience) else {
      return false
    }
    i = close + 1
    return true
  }

  /// The openings of the HTML anchors the reader takes: whether each is a channel, and its
  /// audience.
  private static let htmlAnchors: [(String, isChannel: Bool, MessageEntity.Audience)] = [
    (#"<a class="mention" data-id=""#, false, .direct),
    (#"<a class="channel" data-id=""#, true, .direct),
    (#"<a class="group" data-id=""#, false, .group),
    (#"<a class="broadcast" data-id=""#, false, .broadcast),
    (#"<a class="mention silent" data-id=""#, false, .silent),
  ]

  /// HTML: `<a class="mention" data-id="ID">label</a>`, or the classes `channel`, `group`,
  /// `broadcast` and `mention silent`.
  private mutating func htmlAnchor() -> Bool {
    guard
      let (opening, isChannel, audience) = Self.htmlAnchors.first(where: {
        Self.has(p, $0.0, at: i)
      })
    else { return false }
    let k = i + opening.utf8.count
    guard let quote = find(UInt8(ascii: "\""), from: k, stoppingAt: UInt8(ascii: "<")),
      Self.has(p, "\">", at: quote)
    else { return false }
    let id = Self.unescape(p, k..<quote, names: Self.htmlEntities, numeric: true)
    guard WireText.isValidID(id) else { return false }
    let labelStart = quote + 2
    guard let labelEnd = find(UInt8(ascii: "<"), from: labelStart, stoppingAt: nil),
      Self.has(p, "</a>", at: labelEnd)
    else { return false }
    let label = Self.unescape(p, labelStart..<labelEnd, names: Self.htmlEntities, numeric: true)
    guard emitLabelled(isChannel: isChannel, id: id, label: label, audience: audience) else {
      return false
    }
    i = labelEnd + 4
    return true
  }

  // MARK: - Helpers

  /// Emits a Markdown link's or an HTML anchor's token: a broadcast by its word, its label
  /// dropped (`false`, and nothing emitted, when the word is not one the format writes);
  /// anything else with its label, the sign dropped.
  private mutating func emitLabelled(
    isChannel: Bool, id: String, label: String, audience: MessageEntity.Audience
  ) -> Bool {
    if audience == .broadcast {
      guard WireFormat.isBroadcastWord(id) else { return false }
      emit(isChannel: false, id: id, label: nil, audience: .broadcast)
    } else {
      emit(
        isChannel: isChannel, id: id, label: Self.dropSign(label, isChannel: isChannel),
        audience: audience)
    }
    return true
  }

  private mutating func emit(
    isChannel: Bool, id: String, label: String?, audience: MessageEntity.Audience = .direct
  ) {
    let start = out.count
    out.append(isChannel ? UInt8(ascii: "#") : UInt8(ascii: "@"))
    out.append(contentsOf: (label ?? id).utf8)
    spans.append(
      Span(
        isChannel: isChannel, id: id, label: label, start: start, end: out.count,
        audience: audience))
  }

  /// The label without the sign the renderer writes before it.
  private static func dropSign(_ label: String, isChannel: Bool) -> String {
    // The sign is a scalar: a label such as U+FE0F… makes `@` + U+FE0F one `Character`.
    let sign: Unicode.Scalar = isChannel ? "#" : "@"
    guard label.unicodeScalars.first == sign else { return label }
    return String(label.unicodeScalars.dropFirst())
  }

  /// The first `byte` at or after `start`, or `nil` if `stop` or the end comes first.
  private func find(_ byte: UInt8, from start: Int, stoppingAt stop: UInt8?) -> Int? {
    var k = start
    while k < p.count {
      if p[k] == byte { return k }
      if let stop, p[k] == stop { return nil }
      k += 1
    }
    return nil
  }

  private static func has(_ p: UnsafeBufferPointer<UInt8>, _ literal: String, at start: Int)
    -> Bool
  {
    var k = start
    for byte in literal.utf8 {
      guard k < p.count, p[k] == byte else { return false }
      k += 1
    }
    return true
  }

  private static func string(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
  }

  /// Decodes entities in a range.
  private static func unescape(
    _ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, names: [(String, UInt8)], numeric: Bool
  ) -> String {
    var bytes: [UInt8] = []
    var k = range.lowerBound
    while k < range.upperBound {
      if p[k] == UInt8(ascii: "&"),
        let (scalar, length) = decodeEntity(
          UnsafeBufferPointer(rebasing: p[..<range.upperBound]), at: k, names: names,
          numeric: numeric)
      {
        bytes.append(contentsOf: String(scalar).utf8)
        k += length
      } else {
        bytes.append(p[k])
        k += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
