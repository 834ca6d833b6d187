import Testing

@testable import MentionKit

/// A table of hostile ids and texts rendered to every format, each output judged by a small
/// reader that follows the platform's documented syntax, written here without the library's
/// escaping code:
///
/// - Discord: developer documentation, "Reference: Message Formatting" (the `<@ID>`, `<@!ID>`,
///   `<@&ID>`, `<#ID>`, `</NAME:ID>`, `<:NAME:ID>`, `<a:NAME:ID>`, `<t:T>`, `<id:TYPE>` forms),
///   "Reference: Snowflakes" (ids are 64-bit integers written in decimal), "Channel resource:
///   Allowed mentions" (`@everyone` and `@here`), and the "Markdown Text 101" help article
///   (a backslash before a symbol shows it as typed; bare URLs are links).
/// - Slack: "Formatting text for app surfaces" (`&`, `<`, `>` are escaped as `&amp;`, `&lt;`,
///   `&gt;`; `<@U…>`, `<#C…|name>`, `<!here>`, `<!channel>`, `<!everyone>`, `<URL|text>` are the
///   control sequences).
/// - Markdown and HTML: judged by markdown-it-py and html5lib in ``MarkdownOracleTests``, whose
///   fixture holds these ids too; here only the id rule is checked.
struct HostileIDTests {
  static let ids = [
    "here", "here2", "everyone", "everyone_x", "@here", "@everyone", "x@here", "HERE", "!1",
    "!here", "&1", "#1", "1>", "1|x", "123 ", " 123", "12a", "", "0", "123", "1234567890123456789",
    "12345678901234567890", "123456789012345678901", "١٢٣", "１２３", "U1", "U024BE7LH",
    "javascript:alert(1)", "javascript:x", "JaVaScRiPt:x", "data:text/html,x", "\"><b>",
    "' onmouseover='x", "a&b", "&amp;", "x)", "a b", "a\u{200B}b", "\u{202E}1", "1\n2", "<@1>",
    "</a>",
  ]

  static let texts = [
    "hi @bob in #general", "see http://x.test/<@123> @bob", "http://x.test/<#1> #general",
    "https://x.test/<@!1> <@&2> <t:1> <a:e:1> <:e:1> </c:1> <id:home> @bob",
    "http://x.test/@everyone @bob", "@everyone @here @bob", "\\@everyone \\<@1> @bob",
    "http://x.test/\\<@1> @bob", "<!here> <!channel> <@U1> #general &amp; @bob",
    "@bob@everyone #general@here", "http://x.test/<<@1>> @bob", "http://x.test/<\\@1> @bob",
  ]

  /// `text` with `@bob` and `#general` resolved to items whose ids are `id` (a channel gets the
  /// same id, so a Discord channel token is tested too).
  static func message(_ text: String, id: String) -> Message {
    let entities = EntityExtractor().entities(in: text).filter {
      text[$0.range] == "@bob" || text[$0.range] == "#general"
    }
    return Message(
      text: text,
      entities: entities.map {
        $0.messageEntity.resolving(
          .resolved(
            $0.trigger == .hashtag
              ? MentionItem(id: id, insertionText: "general")
              : MentionItem(id: id, insertionText: "bob", displayText: "Bob")))
      })
  }

  // MARK: - Discord

  /// What a Discord client shows from a message: the users, channels and other `<…>` tokens it
  /// turns into mentions, and the broadcasts (`@everyone`, `@here`, pinging wherever they
  /// stand, even inside `<@…>`). With `urlsTakeBackslash`, a bare `http(s)://` URL runs to the
  /// next whitespace or `<` and takes a backslash before it (Discord's autolink rule), so the
  /// escape in `http://x\<@1>` is not read as one.
  struct DiscordReading: Equatable {
    var users: [String] = []
    var channels: [String] = []
    var others: [String] = []
    var broadcasts = 0
  }

  static func readDiscord(_ wire: String, urlsTakeBackslash: Bool) -> DiscordReading {
    let s = Array(wire.unicodeScalars)
    var reading = DiscordReading()
    func starts(_ literal: String, at i: Int) -> Bool {
      let l = Array(literal.unicodeScalars)
      return i + l.count <= s.count && Array(s[i..<i + l.count]) == l
    }
    func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
    func isWord(_ c: Unicode.Scalar) -> Bool {
      isDigit(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }
    /// The end of `pattern` at `i` or nil: `d` digits, `w` word characters, `n` anything but
    /// `:`/`>` (one or more each), `?x` an optional literal, other characters literal.
    func match(_ pattern: String, at start: Int) -> Int? {
      var i = start
      var p = Array(pattern.unicodeScalars)[...]
      while let c = p.popFirst() {
        switch c {
        case "d", "w", "n":
          let test: (Unicode.Scalar) -> Bool =
            c == "d" ? isDigit : c == "w" ? isWord : { $0 != ":" && $0 != ">" }
          let first = i
          while i < s.count, test(s[i]) { i += 1 }
          if i == first { return nil }
        case "?":
          let literal = p.popFirst()!
          if i < s.count, s[i] == literal { i += 1 }
        default:
          guard i < s.count, s[i] == c else { return nil }
          i += 1
        }
      }
      return i
    }
    var i = 0
    while i < s.count {
      if urlsTakeBackslash, starts("http://", at: i) || starts("https://", at: i) {
        while i < s.count, s[i] != "<", !s[i].properties.isWhitespace { i += 1 }
        continue
      }
      // An escape: a backslash before anything but an ASCII letter or digit or whitespace.
      if s[i] == "\\", i + 1 < s.count, !(isWord(s[i + 1]) && s[i + 1] != "_"),
        !s[i + 1].properties.isWhitespace
      {
        i += 2
        continue
      }
      if starts("@everyone", at: i) || starts("@here", at: i) {
        reading.broadcasts += 1
        i += 1
        continue
      }
      if s[i] == "<" {
        if let end = match("<@?!d>", at: i) {
          reading.users.append(String(String.UnicodeScalarView(s[i..<end])).filter(\.isNumber))
          i = end
          continue
        }
        if let end = match("<#d>", at: i) {
          reading.channels.append(String(String.UnicodeScalarView(s[i + 2..<end - 1])))
          i = end
          continue
        }
        let patterns = ["<@&d>", "</n:d>", "<:w:d>", "<a:w:d>", "<t:d>", "<t:d:w>", "<id:w>"]
        if let end = patterns.lazy.compactMap({ match($0, at: i) }).first {
          reading.others.append(String(String.UnicodeScalarView(s[i..<end])))
          i = end
          continue
        }
      }
      i += 1
    }
    return reading
  }

  /// A Discord snowflake: 1–20 ASCII digits ("Reference: Snowflakes").
  static func isSnowflake(_ id: String) -> Bool {
    (1...20).contains(id.utf8.count) && id.utf8.allSatisfy { (48...57).contains($0) }
  }

  @Test(arguments: ids)
  func discordWritesOnlySnowflakesAndNeverBroadcasts(id: String) {
    for text in Self.texts {
      let message = Self.message(text, id: id)
      let wire = WireFormat.discord.write(message)
      var expected = DiscordReading()
      if Self.isSnowflake(id) {
        expected.users = message.entities.filter { $0.trigger == .mention }.map { _ in id }
        expected.channels = message.entities.filter { $0.trigger == .hashtag }.map { _ in id }
      }
      for urlsTakeBackslash in [false, true] {
        let reading = Self.readDiscord(wire, urlsTakeBackslash: urlsTakeBackslash)
        #expect(
          reading == expected,
          "id \(id.debugDescription), urls take backslash: \(urlsTakeBackslash): \(wire.debugDescription)"
        )
      }
    }
  }

  /// The reader finds what it is there to find.
  @Test func discordReadingCatchesLiveTokens() {
    #expect(Self.readDiscord("hi <@here>", urlsTakeBackslash: false).broadcasts == 1)
    #expect(Self.readDiscord("<@12> <@!3> <#4>", urlsTakeBackslash: false).users == ["12", "3"])
    #expect(Self.readDiscord("\\<@12> \\@here", urlsTakeBackslash: false) == DiscordReading())
    #expect(Self.readDiscord("http://x/\\<@12>", urlsTakeBackslash: true).users == ["12"])
    #expect(Self.readDiscord("http://x/\\<\\@12>", urlsTakeBackslash: true) == DiscordReading())
    #expect(Self.readDiscord("x\\<t:1>", urlsTakeBackslash: false) == DiscordReading())
    #expect(Self.readDiscord("<t:1> <a:b:2>", urlsTakeBackslash: false).others.count == 2)
  }

  // MARK: - Slack

  /// The control sequences of a Slack message: every `<…>` (Slack reads `<` only as the start
  /// of one, since text writes it `&lt;`).
  static func slackSequences(_ wire: String) -> [Substring] {
    var result: [Substring] = []
    var rest = wire[...]
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else {
        result.append(rest[open...])
        break
      }
      result.append(rest[rest.index(after: open)..<close])
      rest = rest[rest.index(after: close)...]
    }
    return result
  }

  @Test(arguments: ids)
  func slackWritesOnlyItsOwnTokens(id: String) {
    for text in Self.texts {
      let message = Self.message(text, id: id)
      let wire = WireFormat.slack.write(message)
      var expected: [String] = []
      if MarkdownOracleTests.isWritable(id) {
        expected = message.entities.map { $0.trigger == .hashtag ? "#\(id)|general" : "@\(id)" }
      }
      #expect(
        Self.slackSequences(wire) == expected[...].map { Substring($0) },
        "id \(id.debugDescription): \(wire.debugDescription)")
      // No `&` but the three entities: Slack decodes those only.
      let unescaped = wire.replacing("&amp;", with: "").replacing("&lt;", with: "")
        .replacing("&gt;", with: "")
      #expect(!unescaped.contains("&"), "id \(id.debugDescription): \(wire.debugDescription)")
    }
  }

  // MARK: - Markdown, HTML, plain

  @Test(arguments: ids)
  func markdownAndHTMLWriteOnlyDocumentedIDs(id: String) {
    let message = Self.message("hi @bob in #general", id: id)
    let markdown = WireFormat.markdown.write(message)
    let html = WireFormat.html.write(message)
    if MarkdownOracleTests.isWritable(id) {
      #expect(markdown == "hi [@Bob](user:\(id)) in [#general](channel:\(id))")
      // The id in `data-id` is escaped like any attribute value (`&`, `"`, `'`, `<`, `>` are
      // refused in ids, so none of them appears).
      #expect(
        html
          == "hi <a class=\"mention\" data-id=\"\(id)\">@Bob</a> in "
          + "<a class=\"channel\" data-id=\"\(id)\">#general</a>")
    } else {
      #expect(markdown == "hi @bob in #general")
      #expect(html == "hi @bob in #general")
    }
    #expect(WireFormat.plain.write(message) == "hi @bob in #general")
  }
}
