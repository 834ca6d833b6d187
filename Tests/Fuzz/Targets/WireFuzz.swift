/// Fuzzes `WireFormat.read(_:)` in every wire format (Slack, Discord, Markdown, HTML), and the
/// whole backend pipeline extract → resolve → write → read back.
///
/// Layout: one byte whose low 4 bits are the length of a user id, the id, one byte whose low 6
/// bits are the length of that user's display name, the name, then the text. The user (handle
/// `jon`) joins a small fixed directory of users with hostile display names and of channels.
///
/// Invariants, on the text parsed as wire input in each format and on each rendered output:
/// every parsed entity's range lies inside the parsed text on scalar boundaries, and on
/// character boundaries unless a joining scalar touches it from outside (``mayJoin``); its
/// `String.Index` and UTF-16 ranges name the same text; that text is the entity's sign and its
/// value, its label (or id), which its item carries too; entities are in order and don't
/// overlap; every id is one the writer could write.
///
/// Round trip: the text is extracted (`.chat`), resolved against the directory and rendered in
/// each format; the output is exactly what ``ReferenceWire`` writes for the message, and
/// parsing it gives back exactly the text and entities expected from the resolved message
/// (``expected(_:format:)``): the text between tokens unchanged, each rendered entity's kind,
/// id, label and range. Ids and labels are judged by ``ReferenceWire``, never by `WireText`,
/// the code the renderer and the parser share. The HTML output has no `<`, `>`, `"` or `'` outside the
/// renderer's own anchors. Resolving into a reused `Message` gives the same message, and
/// writing it the same text in each format.
enum WireFuzz {
  static let formats: [WireFormat] = [.slack, .discord, .markdown, .html]

  static func run(_ input: inout FuzzInput) {
    let idLength = Int(input.byte() & 0x0F)
    let id = input.string(idLength)
    let name = input.string(Int(input.byte() & 0x3F))
    let text = input.rest()
    fuzzTrace(
      "id \(id.debugDescription) name \(name.debugDescription) text \(text.debugDescription)")

    for format in formats {
      check(format.read(text), format: format, wire: text)
    }

    let resolver = self.resolver(id: id.isEmpty ? "U2" : id, name: name.isEmpty ? "Jon" : name)
    var message = Message(text: "")
    do {
      try resolver.resolve(text, into: &message)
    } catch {
      fuzzCheck(false, "resolve(_:into:) threw on an in-memory directory")
      return
    }
    // A reused message, holding an earlier message first, holds the same message.
    var storage = Message(text: "")
    do {
      try resolver.resolve("@ana #general @jon " + text, into: &storage)
      try resolver.resolve(text, into: &storage)
    } catch {
      fuzzCheck(false, "resolve(_:into:) threw on an in-memory directory")
    }
    fuzzCheck(storage == message, "a reused message resolved the message differently")
    for format in formats {
      let wire = format.write(message)
      fuzzTrace("\(format): \(wire.debugDescription)")
      let reference = ReferenceWire.render(message, format: format)
      fuzzCheck(
        wire == reference,
        "\(format) rendering \(wire.debugDescription) vs reference \(reference.debugDescription)")
      fuzzCheck(format.write(storage) == wire, "\(format): a reused message written differently")
      let parsed = format.read(wire)
      check(parsed, format: format, wire: wire)
      let (expectedText, expectedEntities) = expected(message, format: format)
      fuzzCheck(
        parsed.text == expectedText,
        "\(format) round trip text \(parsed.text.debugDescription) vs \(expectedText.debugDescription)"
      )
      let found = parsed.entities.map { entity in
        let range = entity.range(in: parsed.text)
        return Token(
          isChannel: entity.trigger == .hashtag, id: entity.item?.id ?? "", value: entity.value,
          start: range.map { parsed.text.utf8Offset(of: $0.lowerBound) } ?? -1,
          end: range.map { parsed.text.utf8Offset(of: $0.upperBound) } ?? -1)
      }
      fuzzCheck(
        found == expectedEntities,
        "\(format) round trip entities \(found) vs \(expectedEntities) in \(wire.debugDescription)")
      if format == .html { checkInertHTML(wire) }
    }
  }

  /// Users with hostile display names (one from the input) and a few channels. Discord writes
  /// tokens only for snowflake ids: `zoë` (20 digits) and `#general` have one, `fam` has 21
  /// digits (refused), the others are Slack-style ids.
  static func resolver(id: String, name: String) -> MentionResolver {
    let users = [
      MentionItem(id: "U1", insertionText: "ana", displayText: "Ana <b>&amp;</b>"),
      MentionItem(id: id, insertionText: "jon", displayText: name),
      MentionItem(id: "U3", insertionText: "kim", displayText: "\u{202E}evil\"'"),
      MentionItem(id: "U4", insertionText: "KIM"),
      MentionItem(
        id: "12345678901234567890", insertionText: "zoë", displayText: "Zoë [x](javascript:y) `\\"),
      MentionItem(id: "123456789012345678901", insertionText: "fam", displayText: "@👨‍👩‍👧<@U1>"),
    ]
    let channels = [
      MentionItem(id: "41771983423143937", insertionText: "general"),
      MentionItem(id: "C2", insertionText: "日本"),
      MentionItem(id: "C3", insertionText: "a_b"),
    ]
    return MentionResolver(users: HandleDirectory(users), channels: HandleDirectory(channels))
  }

  /// A token as offsets into the parsed text, for comparing with the expected one.
  struct Token: Equatable, CustomStringConvertible {
    var isChannel: Bool
    var id: String
    var value: String
    var start: Int
    var end: Int

    var description: String {
      "\(isChannel ? "#" : "@")\(id)[\(value.debugDescription)]@\(start)..<\(end)"
    }
  }

  /// What parsing the rendering of `message` in `format` must give, built from the message
  /// alone: the text outside tokens as it is (in Discord less the zero-width spaces a user
  /// typed inside code where the reader removes the renderer's,
  /// ``ReferenceWire/discordReadBack(_:)``), each rendered entity as its sign and label.
  static func expected(_ message: Message, format: WireFormat) -> (String, [Token]) {
    var out = ""
    var tokens: [Token] = []
    for piece in ReferenceWire.pieces(message, format: format) {
      switch piece {
      case .text(let stretch):
        out.unicodeScalars +=
          format == .discord
          ? ReferenceWire.discordReadBack(stretch.scalars) : stretch.scalars
      case .token(let item, let isChannel, _):
        var label: String?
        switch format {
        case .slack:
          let name = ReferenceWire.label(item.insertionText)
          label = isChannel && !name.isEmpty ? name : nil
        case .discord, .plain:
          label = nil
        case .markdown, .html:
          label = ReferenceWire.label(isChannel ? item.insertionText : item.displayText)
        }
        let start = out.utf8.count
        out += (isChannel ? "#" : "@") + (label ?? item.id)
        tokens.append(
          Token(
            isChannel: isChannel, id: item.id, value: label ?? item.id, start: start,
            end: out.utf8.count))
      }
    }
    return (out, tokens)
  }

  /// The invariants every parse keeps, whatever the input.
  static func check(_ parsed: Message, format: WireFormat, wire: String) {
    let text = parsed.text
    let boundaries = TextBoundaries(text)
    let scalars = Array(text.unicodeScalars)
    let utf8Count = text.utf8.count
    var previousEnd = 0
    for entity in parsed.entities {
      guard let range = entity.range(in: text) else {
        fuzzCheck(false, "utf16Range \(entity.utf16Range) not on scalar boundaries of \(text)")
        continue
      }
      let id = entity.item?.id ?? ""
      let lower = text.utf8Offset(of: range.lowerBound)
      let upper = text.utf8Offset(of: range.upperBound)
      let context =
        "\(format) \(entity.trigger) \(id) \(lower)..<\(upper) in \(text.debugDescription) from \(wire.debugDescription)"
      fuzzCheck(0 <= lower && lower < upper && upper <= utf8Count, "range outside: \(context)")
      fuzzCheck(
        boundaries.isScalarBoundary(lower) && boundaries.isScalarBoundary(upper),
        "range splits a scalar: \(context)")
      fuzzCheck(lower >= previousEnd, "overlap or out of order: \(context)")
      previousEnd = upper
      for offset in [lower, upper] where !boundaries.isCharacterBoundary(offset) {
        let index = boundaries.scalarIndex(ofUTF8: offset)!
        fuzzCheck(
          mayJoin(scalars[index - 1], scalars[index]), "range splits a character: \(context)")
      }
      let utf16Lower = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
      let utf16Upper = text.utf16.distance(from: text.startIndex, to: range.upperBound)
      fuzzCheck(
        entity.utf16Range == utf16Lower..<utf16Upper,
        "utf16Range \(entity.utf16Range) vs \(utf16Lower)..<\(utf16Upper): \(context)")
      fuzzCheck(entity.trigger == .mention || entity.trigger == .hashtag, "trigger: \(context)")
      let sign = entity.trigger == .hashtag ? "#" : "@"
      fuzzCheck(
        String(text.unicodeScalars[range]) == sign + entity.value,
        "entity text is not sign + value: \(context)")
      if entity.audience == .broadcast {
        // A broadcast (`<!here>`, an unescaped Discord `@everyone`) names no item.
        fuzzCheck(entity.resolution == .unresolved, "broadcast with an item: \(context)")
      } else {
        fuzzCheck(
          entity.item?.insertionText == entity.value, "item text is not the value: \(context)")
        fuzzCheck(ReferenceWire.isValidID(id), "id the renderer would refuse: \(context)")
      }
    }
  }

  /// Whether two adjacent scalars may sit in one grapheme cluster: the second extends or
  /// joins the first (marks, joiners, modifiers, Hangul vowels and finals), the first is a
  /// prepended mark or a joiner, or both are regional indicators. An entity boundary between
  /// them is a scalar boundary that cannot also be a character boundary: the text next to a
  /// token decides.
  static func mayJoin(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
    let a = after.properties
    if a.isGraphemeExtend || a.generalCategory == .spacingMark || a.isEmojiModifier
      || after.value == 0x200D || (0x1160...0x11FF).contains(after.value)
      || (0xD7B0...0xD7FF).contains(after.value)
    {
      return true
    }
    let b = before.properties
    if b.isGraphemeExtend || b.generalCategory == .format || Self.isPrepend(before)
      || (0x1100...0x115F).contains(before.value) || (0xA960...0xA97F).contains(before.value)
      || (0xAC00...0xD7A3).contains(before.value) || before == "\r"
    {
      return true
    }
    let regional: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    return regional.contains(before.value) && regional.contains(after.value)
  }

  /// Grapheme_Cluster_Break=Prepend scalars that are not format controls.
  static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0D4E, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
      return true
    default:
      return false
    }
  }

  /// HTML output holds no `<`, `>`, `"` or `'` outside the renderer's own anchors, and none
  /// inside an anchor's id or label.
  static func checkInertHTML(_ html: String) {
    let bytes = Array(html.utf8)
    let opens = [
      Array(#"<a class="mention" data-id=""#.utf8), Array(#"<a class="channel" data-id=""#.utf8),
    ]
    let close = Array("</a>".utf8)
    let special = Set("<>\"'".utf8)
    func has(_ literal: [UInt8], at k: Int) -> Bool {
      k + literal.count <= bytes.count && Array(bytes[k..<k + literal.count]) == literal
    }
    var i = 0
    while i < bytes.count {
      guard let open = opens.first(where: { has($0, at: i) }) else {
        fuzzCheck(
          !special.contains(bytes[i]),
          "live \(UnicodeScalar(bytes[i])) at \(i) in \(html.debugDescription)")
        i += 1
        continue
      }
      i += open.count
      while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
        fuzzCheck(
          !special.contains(bytes[i]), "markup in an id at \(i) in \(html.debugDescription)")
        i += 1
      }
      fuzzCheck(
        has(Array("\">".utf8), at: i), "attribute not closed at \(i) in \(html.debugDescription)")
      i += 2
      while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
        fuzzCheck(
          !special.contains(bytes[i]), "markup in a label at \(i) in \(html.debugDescription)")
        i += 1
      }
      fuzzCheck(has(close, at: i), "anchor not closed at \(i) in \(html.debugDescription)")
      i += close.count
    }
  }
}
