import Testing

@testable import MentionKit

/// Groups, silent mentions, quotes and the policy's decisions, each worked by hand from the
/// rules in Docs/ChatBackends.md.
struct NotificationTests {
  static let users = [
    MentionItem(id: "U1", insertionText: "ana", displayText: "Ana"),
    MentionItem(id: "U2", insertionText: "bo", displayText: "Bo"),
    MentionItem(id: "U3", insertionText: "cy", displayText: "Cy"),
    MentionItem(id: "U4", insertionText: "dee", displayText: "Dee"),
    MentionItem(id: "U5", insertionText: "_x", displayText: "Underscore"),
    MentionItem(id: "U9", insertionText: "here", displayText: "Here Person"),
  ]
  static let groupItems = [
    MentionItem(id: "G1", insertionText: "team", displayText: "Team"),
    MentionItem(id: "G2", insertionText: "ops", displayText: "Ops"),
    // Clashes with the user `ana`: the user wins.
    MentionItem(id: "G3", insertionText: "ANA", displayText: "Not Ana"),
  ]
  static let directory = HandleDirectory(
    users + groupItems, groups: ["G1": ["U1", "U2"], "G2": ["U2", "U3"], "G3": ["U4"]])
  static let resolver = MentionResolver(users: directory)
  static let members = ["U1", "U2", "U3", "U4"]

  static func notify(
    _ text: String, sender: String = "U4", role: String = "member",
    policy: NotificationPolicy = NotificationPolicy(), channel: String = "C1",
    members: [String] = members
  ) throws -> MentionNotification {
    var message = Message(text: "")
    try resolver.resolve(text, into: &message)
    return policy.notification(
      for: message, sender: sender, role: role, channel: channel, members: members,
      directory: directory)
  }

  @Test func groupsExpandToTheirMembersEachOnce() throws {
    let notification = try Self.notify("@team @ops and @bo, @team again")
    #expect(notification.recipients == ["U1", "U2", "U3"])
    #expect(notification.groups == ["G1", "G2"])
    #expect(notification.users == ["U2"])
    #expect(notification.exclusions.isEmpty)
    #expect(notification.message.entities.map(\.audience) == [.group, .group, .direct, .group])
  }

  @Test func theSenderIsNeverNotified() throws {
    let notification = try Self.notify("@ana @team @dee", sender: "U1")
    #expect(notification.recipients == ["U2", "U4"])
    #expect(notification.users == ["U4"])
  }

  @Test func aUserWinsOverAGroupWithTheSameHandle() async throws {
    #expect(Self.directory.members(ofGroup: "G3") == nil)
    #expect(!Self.directory.items.contains { $0.id == "G3" })
    #expect(Self.directory.members(ofGroup: "G1") == ["U1", "U2"])
    let message = try await Self.resolver.resolve("@Ana")
    #expect(message.entities[0].item?.id == "U1")
    #expect(message.entities[0].audience == .direct)
    // Two groups with one handle are ambiguous, as two users are.
    let twins = HandleDirectory(
      [MentionItem(id: "G1", insertionText: "qa"), MentionItem(id: "G2", insertionText: "QA")],
      groups: ["G1": ["U1"], "G2": ["U2"]])
    #expect(twins.resolution(of: "qa", trigger: .mention)?.item == nil)
  }

  @Test func silentMentionsResolveAndNotifyNobody() throws {
    let notification = try Self.notify("@_ana @_team @bo")
    let entities = notification.message.entities
    #expect(entities.map(\.item?.id) == ["U1", "G1", "U2"])
    #expect(entities.map(\.audience) == [.silent, .silent, .direct])
    #expect(notification.recipients == ["U2"])
    #expect(
      notification.exclusions == [
        .init(entityIndex: 0, reason: .silent), .init(entityIndex: 1, reason: .silent),
      ])
  }

  @Test func aHandleThatStartsWithAnUnderscoreIsItsOwnUserFirst() throws {
    let notification = try Self.notify("@_x @_nobody")
    #expect(notification.message.entities.map(\.item?.id) == ["U5", nil])
    #expect(notification.message.entities[0].audience == .direct)
    #expect(notification.recipients == ["U5"])
  }

  /// The composer's query and the extractor's entity for `@_ana` are one token: one grammar.
  /// The query searches for the handle after the silent marker.
  @Test func composerAndExtractorReadSilentMentionsAlike() throws {
    let text = "hi @_ana"
    let query = try #require(MentionQuery(in: text, utf16Offset: 8, triggers: [.mention]))
    let entity = try #require(EntityExtractor().extract(text).entities.first)
    #expect(query.text == "ana")
    #expect(query.isSilent)
    #expect(entity.value == "_ana")
    #expect(query.utf16Range == entity.utf16Range)
  }

  @Test func silentMentionsResolveInBatchesToo() async throws {
    let messages = try await Self.resolver.resolve(["@_ana", "@_x @team"])
    #expect(messages[0].entities[0].item?.id == "U1")
    #expect(messages[0].entities[0].audience == .silent)
    #expect(messages[1].entities.map(\.audience) == [.direct, .group])
  }

  @Test func quotedMentionsAreShownAndNotifyNobody() throws {
    let notification = try Self.notify("> @ana said\nso lazily @team\n\n@bo `@cy`")
    #expect(notification.recipients == ["U2"])
    #expect(
      notification.exclusions == [
        .init(entityIndex: 0, reason: .quoted), .init(entityIndex: 1, reason: .quoted),
      ])
    #expect(notification.message.entities.map(\.audience) == [.silent, .silent, .direct])
  }

  @Test func broadcastWordsAreReservedOverUserHandles() throws {
    let notification = try Self.notify("@here")
    #expect(notification.message.entities[0].audience == .broadcast)
    #expect(notification.broadcasts == ["here"])
    #expect(notification.users.isEmpty)
    #expect(notification.recipients == ["U1", "U2", "U3"])
  }

  @Test func perChannelPoliciesReplaceTheDefault() throws {
    var policy = NotificationPolicy()
    policy.channels["C-announce"] = NotificationPolicy(broadcastRoles: ["admin"])
    let announce = try Self.notify("@channel", policy: policy, channel: "C-announce")
    #expect(announce.exclusions == [.init(entityIndex: 0, reason: .notPermitted)])
    #expect(announce.recipients.isEmpty)
    let elsewhere = try Self.notify("@channel", policy: policy, channel: "C1")
    #expect(elsewhere.exclusions.isEmpty)
    #expect(elsewhere.recipients == ["U1", "U2", "U3"])
  }

  /// Role × mention × channel size. The policy: broadcasts for every role but guests, in a
  /// channel of more than 15 members only for owners, admins and moderators; `@team` only for
  /// admins; `@ops` and users for anyone. Each row gives the outcome at 15 and at 16 members.
  static let matrix: [(role: String, text: String, at15: String, at16: String)] = [
    ("owner", "@here", "allowed", "allowed"),
    ("owner", "@everyone", "allowed", "allowed"),
    ("owner", "@team", "not_permitted", "not_permitted"),
    ("owner", "@ops", "allowed", "allowed"),
    ("owner", "@cy", "allowed", "allowed"),
    ("admin", "@here", "allowed", "allowed"),
    ("admin", "@everyone", "allowed", "allowed"),
    ("admin", "@team", "allowed", "allowed"),
    ("admin", "@ops", "allowed", "allowed"),
    ("admin", "@cy", "allowed", "allowed"),
    ("moderator", "@here", "allowed", "allowed"),
    ("moderator", "@everyone", "allowed", "allowed"),
    ("moderator", "@team", "not_permitted", "not_permitted"),
    ("moderator", "@ops", "allowed", "allowed"),
    ("moderator", "@cy", "allowed", "allowed"),
    ("member", "@here", "allowed", "large_channel"),
    ("member", "@everyone", "allowed", "large_channel"),
    ("member", "@team", "not_permitted", "not_permitted"),
    ("member", "@ops", "allowed", "allowed"),
    ("member", "@cy", "allowed", "allowed"),
    ("guest", "@here", "not_permitted", "not_permitted"),
    ("guest", "@everyone", "not_permitted", "not_permitted"),
    ("guest", "@team", "not_permitted", "not_permitted"),
    ("guest", "@ops", "allowed", "allowed"),
    ("guest", "@cy", "allowed", "allowed"),
  ]

  @Test(arguments: matrix)
  func policyMatrix(row: (role: String, text: String, at15: String, at16: String)) throws {
    let policy = NotificationPolicy(groupRoles: ["G1": ["admin"]])
    for (size, expected) in [(15, row.at15), (16, row.at16)] {
      let members = (0..<size).map { "M\($0)" }
      let notification = try Self.notify(
        row.text, sender: "S", role: row.role, policy: policy, members: members)
      let outcome = notification.exclusions.first?.reason.rawValue ?? "allowed"
      #expect(outcome == expected, "\(row.role) \(row.text) in \(size)")
      #expect(notification.recipients.isEmpty == (outcome != "allowed"))
    }
  }
}

/// The example of the article "Who a Message Notifies", as written there.
struct NotificationsArticleTests {
  @Test func theArticleExampleHolds() async throws {
    let users = HandleDirectory(
      [
        MentionItem(id: "U1", insertionText: "ana"),
        MentionItem(id: "U2", insertionText: "bo"),
        MentionItem(id: "G1", insertionText: "team"),
      ],
      groups: ["G1": ["U1", "U2"]])
    let resolver = MentionResolver(users: users)
    let message = try await resolver.resolve("@team ship it, @here\n> @_ana said so")
    let notification = NotificationPolicy().notification(
      for: message, sender: "U2", role: "member", channel: "C1", members: ["U1", "U2", "U3"],
      directory: users)
    #expect(notification.recipients == ["U1", "U3"])
    #expect(notification.exclusions == [.init(entityIndex: 2, reason: .quoted)])
    #expect(
      WireFormat.slack.write(notification.message)
        == "<!subteam^G1> ship it, <!here>\n&gt; @_ana said so")
  }
}
