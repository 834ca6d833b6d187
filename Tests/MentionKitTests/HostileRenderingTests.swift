import Testing

@testable import MentionKit

/// A table of hostile strings used as display names, handles (channel names), ids and the text
/// around mentions: every rendered output is inert — no markup, link, mention or broadcast the
/// renderer did not write itself — and parsing it back gives the right entities.
struct HostileRenderingTests {
  static let hostile = [
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'", "\"", "&amp;", "&",
    "&#60;script&#62;", "javascript:alert(1)", "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>", "Eve\u{202E}gnp.exe", "a\u{200D}b",
    "a\u{200B}b", "nul\u{0}x", "</a>", "`code`", "```", "{{constructor.constructor('x')()}}",
    "](javascript:alert(1))", "[x](javascript:alert(1))", "<!channel>", "<!here>", "<@U999>",
    "<#C999|x>", "@everyone", "@here", "\\", "\\<@U999>", "*_~",
    "<a class=\"mention\" data-id=\"U999\">x</a>",
    "line\nbreak", "!channel", "!", "\u{2028}", "👨‍👩‍👧", "\u{202E}<@U999>\u{202C}",
  ]

  static let formats: [WireFormat] = [.slack, .discord, .markdown, .html]

  /// A message with a user and a channel mention, resolved by hand to the given items.
  static func message(
    around text: String, user: MentionItem, channel: MentionItem
  ) -> Message {
    let full = text + " @jon " + text + " #general " + text
    let entities = EntityExtractor().entities(in: full).filter {
      full[$0.range] == "@jon" || full[$0.range] == "#general"
    }
    return Message(
      text: full,
      entities: entities.map {
        $0.messageEntity.resolving(.resolved($0.trigger == .hashtag ? channel : user))
      })
  }

  /// What a name becomes as a label: bidi controls dropped, other controls made spaces.
  static func label(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      let v = scalar.value
      if [0x061C, 0x200E, 0x200F].contains(v) || (0x202A...0x202E).contains(v)
        || (0x2066...0x2069).contains(v)
      {
        continue
      }
      let isControl = v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
      scalars.append(isControl ? " " : scalar)
    }
    return String(scalars)
  }

  /// Every way `hostile` can reach the renderer: as a display name, a channel name, the text
  /// around the mentions, and an id.
  static func cases(_ hostile: String) -> [(String, Message)] {
    // Digits: an id every format writes (Discord's are snowflakes).
    let user = MentionItem(id: "1", insertionText: "jon", displayText: "Jon")
    let channel = MentionItem(id: "2", insertionText: "general")
    return [
      (
        "name",
        message(
          around: "hi",
          user: MentionItem(id: "1", insertionText: "jon", displayText: hostile),
          channel: MentionItem(id: "2", insertionText: hostile))
      ),
      ("text", message(around: hostile, user: user, channel: channel)),
      (
        "id",
        message(
          around: "hi", user: MentionItem(id: hostile, insertionText: "jon"),
          channel: MentionItem(id: "C" + hostile, insertionText: "general"))
      ),
    ]
  }

  @Test(arguments: hostile)
  func htmlIsInert(hostile: String) throws {
    for (place, message) in Self.cases(hostile) {
      let html = WireFormat.html.write(message)
      #expect(Self.liveMarkup(inHTML: html) == [], "\(place): \(html.debugDescription)")
      #expect(!html.lowercased().contains("href"), "\(place): \(html.debugDescription)")
      try expectRoundTrip(message, format: .html, place: place)
    }
  }

  @Test(arguments: hostile)
  func markdownMakesNoOtherLinkOrMarkup(hostile: String) throws {
    for (place, message) in Self.cases(hostile) {
      let markdown = WireFormat.markdown.write(message)
      let live = Self.unescaped(in: markdown, "[]<>`")
      let tokens = Self.tokenCount(message, .markdown)
      // Each token opens with `[` and closes its label with `]`; nothing else is live.
      #expect(live.filter { $0 == "[" }.count == tokens, "\(place): \(markdown.debugDescription)")
      #expect(live.filter { $0 == "]" }.count == tokens, "\(place): \(markdown.debugDescription)")
      #expect(
        live.allSatisfy { $0 == "[" || $0 == "]" }, "\(place): \(markdown.debugDescription)")
      // A live `]` is a token's, followed by its own destination: no other link target.
      #expect(
        Self.destinations(inMarkdown: markdown).allSatisfy {
          $0.hasPrefix("(user:") || $0.hasPrefix("(channel:")
        }, "\(place): \(markdown.debugDescription)")
      try expectRoundTrip(message, format: .markdown, place: place)
    }
  }

  @Test(arguments: hostile)
  func slackAndDiscordMakeNoOtherMentionOrBroadcast(hostile: String) throws {
    for (place, message) in Self.cases(hostile) {
      for format in [WireFormat.slack, .discord] {
        let wire = format.write(message)
        // Every live `<` starts one of the renderer's tokens.
        let live = format == .slack ? wire.filter { $0 == "<" } : Self.unescaped(in: wire, "<")
        #expect(
          live.count == Self.tokenCount(message, format), "\(place): \(wire.debugDescription)")
        if format == .discord {
          #expect(!Self.broadcasts(wire), "\(place): \(wire.debugDescription)")
        }
        try expectRoundTrip(message, format: format, place: place)
      }
    }
  }

  /// The checks above catch what they look for: live markup, a foreign link, a broadcast.
  @Test func checksCatchLiveOutput() {
    #expect(Self.liveMarkup(inHTML: "a<b>") == ["<b>", ">"])
    #expect(Self.liveMarkup(inHTML: #"<a class="mention" data-id="x" onclick="y">@x</a>"#) != [])
    #expect(Self.liveMarkup(inHTML: #"<a class="mention" data-id="U1">@x</a> &lt;"#) == [])
    #expect(Self.destinations(inMarkdown: "[x](javascript:y) \\](z)") == ["(javascri"])
    #expect(Self.unescaped(in: "\\<a <b `", "<`") == ["<", "`"])
    #expect(Self.broadcasts("hi @everyone") && !Self.broadcasts("hi \\@everyone"))
  }

  /// Parsing the output back gives the rendered entities, labels and the text between them.
  func expectRoundTrip(_ message: Message, format: WireFormat, place: String) throws {
    let wire = format.write(message)
    let parsed = format.read(wire)
    let rendered = message.entities.filter { Self.isWritable($0.item!.id, format) }
    #expect(
      parsed.entities.map(\.item?.id) == rendered.map { $0.item!.id },
      "\(format) \(place): \(wire.debugDescription)")
    #expect(
      parsed.entities.map(\.trigger) == rendered.map(\.trigger),
      "\(format) \(place): \(wire.debugDescription)")
    for (entity, resolved) in zip(parsed.entities, rendered)
    where format == .markdown || format == .html {
      let name =
        resolved.trigger == .hashtag ? resolved.item!.insertionText : resolved.item!.displayText
      #expect(entity.value == Self.label(name), "\(format) \(place): \(wire.debugDescription)")
    }
    // Outside the tokens, the text is the message's own.
    let mark = "\u{E000}"
    var expected = message.text
    for resolved in message.entities.reversed() where Self.isWritable(resolved.item!.id, format) {
      expected.replaceSubrange(resolved.range(in: message.text)!, with: mark)
    }
    var found = parsed.text
    for entity in parsed.entities.reversed() {
      found.replaceSubrange(entity.range(in: parsed.text)!, with: mark)
    }
    #expect(found == expected, "\(format) \(place): \(wire.debugDescription)")
  }

  static func tokenCount(_ message: Message, _ format: WireFormat) -> Int {
    message.entities.filter { isWritable($0.item!.id, format) }.count
  }

  /// Whether the renderer writes an id (its documented rule), else the typed text. Discord
  /// writes only snowflakes: 1–20 ASCII digits.
  static func isWritable(_ id: String, _ format: WireFormat) -> Bool {
    if format == .discord {
      return (1...20).contains(id.utf8.count) && id.utf8.allSatisfy { (48...57).contains($0) }
    }
    return !id.isEmpty
      && !id.unicodeScalars.contains {
        "<>|&\"'\\`()[]".unicodeScalars.contains($0) || $0.properties.isWhitespace
          || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          || [0x061C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value)
          || (0x2066...0x2069).contains($0.value)
      }
  }

  /// The characters of `set` in `text` not escaped by a backslash.
  static func unescaped(in text: String, _ set: String) -> [Character] {
    var result: [Character] = []
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if set.contains(character) {
        result.append(character)
      }
    }
    return result
  }

  /// What follows each unescaped `]` of a Markdown string.
  static func destinations(inMarkdown text: String) -> [Substring] {
    var result: [Substring] = []
    var escaped = false
    for index in text.indices {
      if escaped {
        escaped = false
      } else if text[index] == "\\" {
        escaped = true
      } else if text[index] == "]" {
        result.append(text[text.index(after: index)...].prefix(9))
      }
    }
    return result
  }

  /// Whether Discord output has an unescaped `@everyone` or `@here`.
  static func broadcasts(_ text: String) -> Bool {
    var previous: Character = " "
    for index in text.indices {
      if text[index] == "@", previous != "\\",
        text[text.index(after: index)...].hasPrefix("everyone")
          || text[text.index(after: index)...].hasPrefix("here")
      {
        return true
      }
      previous = text[index]
    }
    return false
  }

  /// The `<`, `>`, `"` and `'` of an HTML string that are not the renderer's own anchors, or an
  /// anchor's broken syntax: empty when the string is inert.
  static func liveMarkup(inHTML html: String) -> [String] {
    var problems: [String] = []
    var rest = Substring(html)
    let opens = [#"<a class="mention" data-id=""#, #"<a class="channel" data-id=""#]
    while let first = rest.firstIndex(where: { "<>\"'".contains($0) }) {
      rest = rest[first...]
      guard let open = opens.first(where: { rest.hasPrefix($0) }) else {
        problems.append(String(rest.prefix(12)))
        rest = rest.dropFirst()
        continue
      }
      rest = rest.dropFirst(open.count)
      guard let quote = rest.firstIndex(of: "\""),
        !rest[..<quote].contains(where: { "<>'".contains($0) }),
        rest[quote...].hasPrefix("\">"),
        let close = rest[quote...].dropFirst(2).firstIndex(where: { "<>\"'".contains($0) }),
        rest[close...].hasPrefix("</a>")
      else {
        problems.append("broken anchor: " + String(rest.prefix(40)))
        break
      }
      rest = rest[close...].dropFirst(4)
    }
    return problems
  }
}
