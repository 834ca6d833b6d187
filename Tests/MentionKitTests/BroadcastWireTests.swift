import Testing

@testable import MentionKit

/// Broadcasts, groups and silent mentions in every wire format, against each platform's
/// documented syntax: Slack's "Formatting text for app surfaces" (`<!here>`, `<!channel>`,
/// `<!everyone>`, `<!subteam^ID>`), Discord's "Message Formatting" (`@everyone` and `@here` as
/// text, roles as `<@&ID>`), and the Markdown and HTML forms of Docs/ChatBackends.md.
struct BroadcastWireTests {
  static let group = MentionItem(id: "S0614TZR7", insertionText: "team", displayText: "Team")
  static let role = MentionItem(id: "41771983423143936", insertionText: "team", displayText: "Team")
  static let ana = MentionItem(id: "U1", insertionText: "ana", displayText: "Ana <b>")
  static let snowflakeAna = MentionItem(id: "80351110224678912", insertionText: "ana")

  /// `text` with one mention at `range`, resolved to `item` (or unresolved), with `audience`.
  static func message(
    _ text: String, _ range: Range<Int>, value: String, item: MentionItem? = nil,
    audience: MessageEntity.Audience
  ) -> Message {
    Message(
      text: text,
      entities: [
        MessageEntity(
          trigger: .mention, utf16Range: range, value: value,
          resolution: item.map { .resolved($0) } ?? .unresolved)
      ]
    ).withAudience(audience)
  }

  static let broadcastCases: [(word: String, slack: String, discord: String)] = [
    ("here", "hi <!here>!", "hi @here!"),
    ("channel", "hi <!channel>!", "hi @channel!"),
    ("everyone", "hi <!everyone>!", "hi @everyone!"),
    // Slack and Discord have no `@all`: it stays text.
    ("all", "hi @all!", "hi @all!"),
  ]

  @Test(arguments: broadcastCases)
  func broadcastsInEveryFormat(c: (word: String, slack: String, discord: String)) {
    let text = "hi @\(c.word)!"
    let message = Self.message(
      text, 3..<(4 + c.word.utf16.count), value: c.word, audience: .broadcast)
    #expect(WireFormat.slack.write(message) == c.slack)
    #expect(WireFormat.discord.write(message) == c.discord)
    #expect(WireFormat.markdown.write(message) == "hi [@\(c.word)](broadcast:\(c.word))!")
    #expect(
      WireFormat.html.write(message)
        == "hi <a class=\"broadcast\" data-id=\"\(c.word)\">@\(c.word)</a>!")
    #expect(WireFormat.plain.write(message) == text)
  }

  @Test func broadcastWordsAreCaseFolded() {
    let message = Self.message("@HERE", 0..<5, value: "HERE", audience: .broadcast)
    #expect(WireFormat.slack.write(message) == "<!here>")
    #expect(WireFormat.discord.write(message) == "@here")
  }

  /// A broadcast that is not allowed is an unresolved mention: Discord's escape stays.
  @Test func aBroadcastWrittenAsTextIsEscapedForDiscord() {
    let message = Self.message("@everyone", 0..<9, value: "everyone", audience: .direct)
    #expect(WireFormat.discord.write(message) == "\\@everyone")
    #expect(WireFormat.slack.write(message) == "@everyone")
  }

  /// The token comes from a fixed table, never from the value, an id or a name.
  @Test func broadcastTokensCannotBeInjected() {
    for value in ["here>", "here|x", "<!channel>", "subteam^S1", "here everyone", "a)(b"] {
      let text = "@" + value
      let message = Self.message(text, 0..<text.utf16.count, value: value, audience: .broadcast)
      #expect(!WireFormat.slack.write(message).contains("<!"), "\(value)")
      #expect(WireFormat.discord.write(message) != text || !value.hasPrefix("here"), "\(value)")
      #expect(!WireFormat.markdown.write(message).contains("](broadcast:"), "\(value)")
      #expect(!WireFormat.html.write(message).contains("class=\"broadcast\""), "\(value)")
    }
    // A user named `here` (id "here") is a user token, never a broadcast.
    let user = MentionItem(id: "here", insertionText: "here")
    let message = Self.message("@here", 0..<5, value: "here", item: user, audience: .direct)
    #expect(WireFormat.slack.write(message) == "<@here>")
    #expect(WireFormat.discord.write(message) == "\\@here")
  }

  @Test func groupsInEveryFormat() {
    let slack = Self.message("cc @team", 3..<8, value: "team", item: Self.group, audience: .group)
    #expect(WireFormat.slack.write(slack) == "cc <!subteam^S0614TZR7>")
    #expect(WireFormat.markdown.write(slack) == "cc [@Team](group:S0614TZR7)")
    #expect(
      WireFormat.html.write(slack) == "cc <a class=\"group\" data-id=\"S0614TZR7\">@Team</a>")
    // Discord takes snowflake ids only.
    #expect(WireFormat.discord.write(slack) == "cc @team")
    let discord = Self.message("cc @team", 3..<8, value: "team", item: Self.role, audience: .group)
    #expect(WireFormat.discord.write(discord) == "cc <@&41771983423143936>")
  }

  @Test func silentMentionsAreShownWithoutANotifyingToken() {
    let message = Self.message("@_ana hi", 0..<5, value: "_ana", item: Self.ana, audience: .silent)
    // Slack has no mention that does not notify: as typed.
    #expect(WireFormat.slack.write(message) == "@_ana hi")
    #expect(WireFormat.markdown.write(message) == "[@Ana \\<b\\>](user:U1) hi")
    #expect(
      WireFormat.html.write(message)
        == "<a class=\"mention silent\" data-id=\"U1\">@Ana &lt;b&gt;</a> hi")
    // Discord shows a user token; the host's allowed_mentions leaves the user out.
    let discord = Self.message(
      "@_ana hi", 0..<5, value: "_ana", item: Self.snowflakeAna, audience: .silent)
    #expect(WireFormat.discord.write(discord) == "<@80351110224678912> hi")
  }

  /// Reading gives back what was written: broadcasts as unresolved mentions of their word,
  /// groups with their id, each with its audience.
  @Test(arguments: [WireFormat.slack, .discord, .markdown, .html])
  func broadcastsAndGroupsReadBack(format: WireFormat) {
    let group = format == .discord ? Self.role : Self.group
    let message = Message(
      text: "@here and @team",
      entities: [
        MessageEntity(trigger: .mention, utf16Range: 0..<5, value: "here"),
        MessageEntity(
          trigger: .mention, utf16Range: 10..<15, value: "team", resolution: .resolved(group)),
      ]
    )
    var written = message
    written.entities[0].audience = .broadcast
    written.entities[1].audience = .group
    let read = format.read(format.write(written))
    #expect(read.entities.map(\.audience) == [.broadcast, .group])
    #expect(read.entities.map(\.value)[0] == "here")
    #expect(read.entities[0].resolution == .unresolved)
    #expect(read.entities[1].item?.id == group.id)
    #expect(read.text.hasPrefix("@here and @"))
  }

  @Test func escapedBroadcastsReadAsText() {
    #expect(WireFormat.discord.read("\\@everyone `@everyone`").entities.isEmpty)
    #expect(WireFormat.slack.read("&lt;!here&gt; @here").entities.isEmpty)
    let silent = WireFormat.html.read(#"<a class="mention silent" data-id="U1">@Ana</a>"#)
    #expect(silent.entities.map(\.audience) == [.silent])
    #expect(silent.entities.first?.item?.id == "U1")
  }

  /// Resolve, apply the policy, write: the whole path for Slack.
  @Test func endToEndThroughThePolicy() throws {
    let directory = HandleDirectory(
      [Self.ana, MentionItem(id: "U2", insertionText: "bo"), Self.group],
      groups: ["S0614TZR7": ["U1", "U2"]])
    var message = Message(text: "")
    try MentionResolver(users: directory).resolve(
      "@here @team @_ana\n> @bo", into: &message)
    let member = NotificationPolicy().notification(
      for: message, sender: "U9", role: "member", members: ["U1", "U2"], directory: directory)
    #expect(
      WireFormat.slack.write(member.message) == "<!here> <!subteam^S0614TZR7> @_ana\n&gt; @bo")
    #expect(member.recipients == ["U1", "U2"])
    // Slack has no quoted or silent token that does not notify: both are written as typed.
    let guest = NotificationPolicy().notification(
      for: message, sender: "U9", role: "guest", members: ["U1", "U2"], directory: directory)
    #expect(WireFormat.slack.write(guest.message) == "@here <!subteam^S0614TZR7> @_ana\n&gt; @bo")
  }
}

extension Message {
  fileprivate func withAudience(_ audience: MessageEntity.Audience) -> Message {
    var copy = self
    for index in copy.entities.indices { copy.entities[index].audience = audience }
    return copy
  }
}
