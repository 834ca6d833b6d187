import Testing

@testable import MentionKit

/// What a notification trusts: mentions past the resolver's limit, labels and unknown groups
/// read from the wire, and the policy's own broadcast words. Expected values worked by hand
/// from the rules in Docs/ChatBackends.md.
struct NotificationTrustTests {
  typealias Fixture = NotificationTests
  static let policy = NotificationPolicy()

  static func notify(
    _ message: Message, policy: NotificationPolicy = policy
  ) -> MentionNotification {
    policy.notification(
      for: message, sender: "U4", role: "member", channel: "C1", members: Fixture.members,
      directory: Fixture.directory)
  }

  @Test func mentionsPastTheLimitAreWrittenAsTypedAndNotifyNobody() throws {
    let resolver = MentionResolver(users: Fixture.directory, mentionLimit: 1)
    var message = Message(text: "")
    try resolver.resolve("@bo @here @here", into: &message)
    #expect(message.entities.count == 3)
    #expect(message.entities[1].resolution == .skipped(.overMentionLimit))
    let notification = Self.notify(message)
    #expect(notification.recipients == ["U2"])
    #expect(notification.broadcasts.isEmpty)
    #expect(notification.message.entities.map(\.audience) == [.direct, .direct, .direct])
    #expect(WireFormat.slack.write(notification.message) == "<@U2> @here @here")
  }

  @Test func aSkippedBroadcastIsWrittenAsTyped() {
    var entity = MessageEntity(
      trigger: .mention, utf16Range: 0..<5, value: "here",
      resolution: .skipped(.overMentionLimit))
    entity.audience = .broadcast
    let message = Message(text: "@here", entities: [entity])
    #expect(WireFormat.slack.write(message) == "@here")
    // Discord escapes the text so that it does not ping.
    #expect(WireFormat.discord.write(message) == "\\@here")
    #expect(WireFormat.html.write(message) == "@here")
  }

  @Test func repeatedBroadcastsAndGroupsAddTheirMembersOnce() throws {
    var message = Message(text: "")
    try Fixture.resolver.resolve("@team @here @team @channel", into: &message)
    let notification = Self.notify(message)
    // @team: U1, U2; @here: the members but U4 (the sender), in order.
    #expect(notification.recipients == ["U1", "U2", "U3"])
    #expect(notification.broadcasts == ["here", "channel"])
    #expect(notification.groups == ["G1"])
  }

  /// Tokens whose label is a broadcast word name a user or a group, never the channel.
  static let labelCases: [(format: WireFormat, wire: String, id: String)] = [
    (.slack, "<@U1|everyone>", "U1"),
    (.markdown, "[@all](user:U1)", "U1"),
    (.html, "<a class=\"mention\" data-id=\"U1\">@here</a>", "U1"),
  ]

  @Test(arguments: labelCases)
  func aLabelIsNeverABroadcast(c: (format: WireFormat, wire: String, id: String)) {
    let message = c.format.read(c.wire)
    #expect(message.entities.first?.item?.id == c.id)
    let notification = Self.notify(message)
    #expect(notification.broadcasts.isEmpty)
    #expect(notification.users == ["U1"])
    #expect(notification.recipients == ["U1"])
  }

  @Test func aGroupLabelledWithABroadcastWordReachesTheGroup() {
    let message = WireFormat.slack.read("<!subteam^G1|@here>")
    let notification = Self.notify(message)
    #expect(notification.broadcasts.isEmpty)
    #expect(notification.groups == ["G1"])
    #expect(notification.recipients == ["U1", "U2"])
  }

  @Test func aSilentTokenLabelledWithABroadcastWordNotifiesNobody() {
    let message = WireFormat.html.read("<a class=\"mention silent\" data-id=\"U1\">@here</a>")
    let notification = Self.notify(message)
    #expect(notification.broadcasts.isEmpty)
    #expect(notification.recipients.isEmpty)
    #expect(notification.exclusions == [.init(entityIndex: 0, reason: .silent)])
  }

  @Test func aUserNamedLikeABroadcastSurvivesTheRoundTrip() {
    let everyone = MentionItem(id: "U1", insertionText: "everyone", displayText: "everyone")
    let message = Message(
      text: "@everyone",
      entities: [
        MessageEntity(
          trigger: .mention, utf16Range: 0..<9, value: "everyone",
          resolution: .resolved(everyone))
      ])
    for format in [WireFormat.html, .markdown] {
      let notification = Self.notify(format.read(format.write(message)))
      #expect(notification.broadcasts.isEmpty)
      #expect(notification.recipients == ["U1"])
    }
  }

  @Test func aBroadcastTokenNeedsThePolicysWord() {
    let quiet = NotificationPolicy(broadcasts: [])
    let here = Self.notify(WireFormat.slack.read("<!here>"), policy: quiet)
    #expect(here.broadcasts.isEmpty)
    #expect(here.recipients.isEmpty)
    #expect(here.exclusions == [.init(entityIndex: 0, reason: .notPermitted)])
    #expect(WireFormat.slack.write(here.message) == "@here")
    let foo = Self.notify(
      WireFormat.html.read("<a class=\"broadcast\" data-id=\"foo\">@foo</a>"))
    #expect(foo.recipients.isEmpty)
    #expect(foo.exclusions == [.init(entityIndex: 0, reason: .notPermitted)])
  }

  @Test(arguments: [(WireFormat.discord, "<@&123>"), (.slack, "<!subteam^S1>")])
  func anUnknownGroupNotifiesNobody(c: (format: WireFormat, wire: String)) {
    let notification = Self.notify(c.format.read(c.wire))
    #expect(notification.recipients.isEmpty)
    #expect(notification.users.isEmpty)
    #expect(notification.groups.isEmpty)
  }

  @Test func groupsInsideGroupsAreNotNotified() {
    let directory = HandleDirectory(
      Fixture.users + Fixture.groupItems + [MentionItem(id: "G9", insertionText: "all-teams")],
      groups: ["G9": ["G1", "U3"], "G1": ["U1", "U2"]])
    let message = Message(
      text: "@all-teams",
      entities: [
        MessageEntity(
          trigger: .mention, utf16Range: 0..<10, value: "all-teams",
          resolution: .resolved(MentionItem(id: "G9", insertionText: "all-teams")))
      ])
    let notification = Self.policy.notification(
      for: message, sender: "U4", role: "member", members: Fixture.members,
      directory: directory)
    #expect(notification.recipients == ["U3"])
  }
}
