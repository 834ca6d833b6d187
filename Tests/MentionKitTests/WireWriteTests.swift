import Testing

@testable import MentionKit

/// Writing resolved messages in each format, with hostile names, ids and text.
struct WireWriteTests {
  static let users = [
    MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez"),
    MentionItem(id: "U2", insertionText: "zoe", displayText: "Zoë <script>alert(1)</script>"),
    MentionItem(id: "U3", insertionText: "quote", displayText: #"Q "x" 'y' & z"#),
    MentionItem(id: "U4", insertionText: "js", displayText: "javascript:alert(1)"),
    MentionItem(id: "U5", insertionText: "rlo", displayText: "Eve\u{202E}gnp.exe\u{2066}"),
    MentionItem(id: "U6", insertionText: "family", displayText: "👨‍👩‍👧 Fam\nily"),
    MentionItem(id: "U7\">x", insertionText: "badid", displayText: "Bad Id"),
    MentionItem(id: "javascript:alert(1)", insertionText: "jsid"),
    MentionItem(id: "U8", insertionText: "kim"),
    MentionItem(id: "U9", insertionText: "KIM"),
  ]
  static let channels = [
    MentionItem(id: "C1", insertionText: "général"),
    MentionItem(id: "C2", insertionText: "a<b>&c"),
  ]
  static let resolver = MentionResolver(
    users: HandleDirectory(users), channels: HandleDirectory(channels))

  static func render(_ text: String, _ format: WireFormat) throws -> String {
    let message = try resolver.resolved(text)
    return format.write(message)
  }

  static let sample = "hi @jose & <b> #général @nobody @kim"

  @Test(arguments: [
    (WireFormat.slack, "hi <@U1> &amp; &lt;b&gt; <#C1|général> @nobody @kim"),
    // Discord writes only snowflake ids: `U1` and `C1` go out as typed.
    (.discord, "hi @jose & \\<b> #général @nobody @kim"),
    (.markdown, "hi [@José Álvarez](user:U1) \\& \\<b\\> [#général](channel:C1) @nobody @kim"),
    (
      .html,
      "hi <a class=\"mention\" data-id=\"U1\">@José Álvarez</a> &amp; &lt;b&gt;"
        + " <a class=\"channel\" data-id=\"C1\">#général</a> @nobody @kim"
    ),
    (.plain, sample),
  ])
  func rendersEachFormat(format: WireFormat, expected: String) throws {
    #expect(try Self.render(Self.sample, format) == expected)
  }

  @Test func htmlNeverEmitsLiveMarkupFromNames() throws {
    let html = try Self.render("@zoe @quote @js @rlo @family", .html)
    #expect(
      html
        == "<a class=\"mention\" data-id=\"U2\">@Zoë &lt;script&gt;alert(1)&lt;/script&gt;</a>"
        + " <a class=\"mention\" data-id=\"U3\">@Q &quot;x&quot; &#39;y&#39; &amp; z</a>"
        + " <a class=\"mention\" data-id=\"U4\">@javascript:alert(1)</a>"
        + " <a class=\"mention\" data-id=\"U5\">@Evegnp.exe</a>"
        + " <a class=\"mention\" data-id=\"U6\">@👨‍👩‍👧 Fam ily</a>")
    #expect(!html.contains("<script"))
    #expect(!html.contains("href"))
    #expect(!html.unicodeScalars.contains("\u{202E}"))
    // The ZWJ sequence survives.
    #expect(html.contains("👨‍👩‍👧"))
  }

  @Test func hostileTextAroundMentionsIsEscaped() throws {
    let text = "<script>x</script> \"'& @jose \u{202E}"
    #expect(
      try Self.render(text, .html)
        == "&lt;script&gt;x&lt;/script&gt; &quot;&#39;&amp; <a class=\"mention\" data-id=\"U1\">"
        + "@José Álvarez</a> \u{202E}")
    #expect(
      try Self.render(text, .slack) == "&lt;script&gt;x&lt;/script&gt; \"'&amp; <@U1> \u{202E}")
  }

  @Test func idsThatCannotBeWrittenFallBackToTheTypedText() throws {
    #expect(try Self.render("@badid @jsid", .html) == "@badid @jsid")
    #expect(try Self.render("@badid @jsid", .slack) == "@badid @jsid")
    #expect(try Self.render("@badid @jsid", .markdown) == "@badid @jsid")
  }

  @Test func markdownLabelsCannotBreakTheLink() throws {
    let markdown = try Self.render("@zoe [x](javascript:alert(1)) `code`", .markdown)
    #expect(
      markdown
        == "[@Zoë \\<script\\>alert(1)\\</script\\>](user:U2) \\[x\\](javascript:alert(1))"
        + " \\`code\\`")
  }

  /// A message whose one hashtag resolved to a channel with a hostile name.
  static func channelMessage(named name: String) throws -> Message {
    let entity = try #require(EntityExtractor().entities(in: "#x").first)
    let channel = MentionItem(id: "C9", insertionText: name)
    return Message(
      text: "#x", entities: [entity.messageEntity.resolving(.resolved(channel))])
  }

  @Test func channelNamesAreEscapedInEveryFormat() throws {
    let message = try Self.channelMessage(named: "a<b>&c|\u{202E}\"]")
    let rendered = WireFormat.allCases.map { $0.write(message) }
    #expect(
      rendered == [
        "<#C9|a&lt;b&gt;&amp;c|\"]>", "#x", #"[#a\<b\>\&c|"\]](channel:C9)"#,
        #"<a class="channel" data-id="C9">#a&lt;b&gt;&amp;c|&quot;]</a>"#, "#x",
      ])
  }

  @Test func discordNeutralisesBroadcastsAndTokens() throws {
    let resolver = MentionResolver(
      users: HandleDirectory([MentionItem(id: "80351110224678912", insertionText: "jose")]),
      channels: HandleDirectory([MentionItem(id: "41771983423143937", insertionText: "général")]))
    let text = #"@everyone @here <@123> <#1> <t:1> \o/ @jose #général"#
    let message = try resolver.resolved(text)
    #expect(
      WireFormat.discord.write(message)
        == ##"\@everyone \@here \<\@123> \<\#1> \<t\:1> \\o/ <@80351110224678912>"##
        + " <#41771983423143937>")
  }

  /// Inside a user's code span Discord shows text as typed: no backslash is added there, and
  /// `@everyone`, `@here` and the `<` of a token get a zero-width space instead.
  @Test func discordLeavesCodeAsTyped() throws {
    #expect(
      try Self.render("`a<b` `@everyone` ``<@1>`` `x", .discord)
        == "`a<b` `@\u{200B}everyone` ``<\u{200B}@1>`` `x")
    #expect(
      try Self.render("`a\\b` a\\b ```@here```", .discord)
        == "`a\\b` a\\\\b ```@\u{200B}here```")
    // Runs of more than 16 backticks are text (so escaping stays linear).
    let fence = String(repeating: "`", count: 17)
    #expect(try Self.render(fence + "<@1>" + fence, .discord) == fence + "\\<\\@1>" + fence)
  }

  @Test func unresolvedAmbiguousAndSkippedAreWrittenAsTyped() throws {
    let resolver = MentionResolver(users: HandleDirectory(Self.users), mentionLimit: 1)
    let text = "@jose @kim #général @nobody & @jose"
    let message = try resolver.resolved(text)
    #expect(
      WireFormat.slack.write(message)
        == "<@U1> @kim #général @nobody &amp; @jose")
  }
}
