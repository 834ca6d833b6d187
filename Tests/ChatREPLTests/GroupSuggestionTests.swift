import MentionKit
import Testing

@testable import ChatREPLCore

/// Groups and broadcasts in the interactive list and the notify line, over the session
/// fixture's fifteen users and two groups: `joteam` (jose, josefina) and `jose_fans` (jon).
/// Expected rows and lines are worked by hand from the ranking rule: a better tier first, then
/// within a tier groups, broadcasts, people.
@MainActor struct GroupSuggestionTests {
  static let groupsTSV = "handle\tmembers\njoteam\tU1,U2\njose_fans\tU3\n"

  static func session(sender: String = "") throws -> ChatSession {
    let directory = SessionFixture.directory()
    let policy = NotificationPolicy()
    let groups = try GroupFile.parse(
      Array(groupsTSV.utf8), file: "g", users: directory.users, broadcasts: policy.broadcasts)
    let handles = HandleTable(directory: directory, groups: groups)
    let session = ChatSession(
      dataSource: DirectoryDataSource(
        directory: directory,
        targets: MentionTargets(groups: groups, broadcasts: policy.broadcasts)),
      analyzer: ExtractorAnalyzer(profile: .chat, handles: handles),
      formatter: BasicFormatter(), directorySummary: directory.summary)
    session.users = directory.users
    session.notifier = Notifier(
      policy: policy, directory: handles.users, sender: sender, role: "member",
      members: directory.users.map(\.id))
    return session
  }

  /// "@jo": jose, josefina, jon, joteam and jose_fans all match at the prefix tier; the
  /// groups come first, in file order.
  @Test func groupsRankFirstWithinTheirTier() async throws {
    let session = try Self.session()
    await session.press(.text("@jo"))
    let lines = session.frame(columns: 80, rows: 24).plainLines
    #expect(lines[1] == "› @joteam · 2 people")
    #expect(lines[2] == "  @jose_fans · 1 person")
    let people = try #require(session.manager.currentSuggestions).items.dropFirst(2).map(\.id)
    #expect(Set(people) == ["U1", "U2", "U3"])
  }

  /// "@jose": the user jose is exact, ahead of the group jose_fans (prefix), which goes before
  /// josefina (prefix).
  @Test func aBetterTierWinsOverAGroup() async throws {
    let session = try Self.session()
    await session.press(.text("@jose"))
    let ids = try #require(session.manager.currentSuggestions).items.map(\.id)
    #expect(ids == ["U1", "jose_fans", "U2"])
  }

  @Test func broadcastsSayWhomTheyReach() async throws {
    let session = try Self.session()
    await session.press(.text("@he"))
    #expect(
      session.frame(columns: 80, rows: 24).plainLines[1] == "› @here · notifies everyone here")
    let other = try Self.session()
    await other.press(.text("@ev"))
    #expect(
      other.frame(columns: 80, rows: 24).plainLines[1]
        == "› @everyone · notifies everyone in the channel")
  }

  /// Accepting the group and sending: its two members are notified.
  @Test func aSentGroupMentionNamesWhomItNotifies() async throws {
    let session = try Self.session()
    await session.press(.text("@jot"), .tab, .text("hi"))
    let printed = ChatSession.printed(await session.press(.enter))
    #expect(printed.last == "  → notifies jose, josefina")
  }

  /// "@here" from U3 reaches the other fourteen users: the channel has fifteen, not more than
  /// the policy's large-channel size, so a member may broadcast.
  @Test func aBroadcastNotifiesTheChannelButTheSender() async throws {
    let session = try Self.session(sender: "U3")
    await session.press(.text("@here"), .escape, .text(" now"))
    let printed = ChatSession.printed(await session.press(.enter))
    #expect(printed.last == "  → notifies 14 people")
  }

  /// A broadcast the policy denies is no unknown handle: the line names only the reason.
  @Test func aDeniedBroadcastIsNotReportedAsUnknown() async throws {
    let session = try Self.session()
    session.notifier?.role = "guest"
    await session.press(.text("@here"), .escape, .text(" now"))
    let printed = ChatSession.printed(await session.press(.enter))
    #expect(
      printed.dropFirst() == [
        "  ↳ slack: @here now", "  → @here: the sender's role may not use it",
      ])
  }

  /// A silent mention completes to `@_josefina` and notifies nobody.
  @Test func aSilentMentionNotifiesNobody() async throws {
    let session = try Self.session()
    await session.press(.text("@_josef"))
    #expect(session.manager.currentSuggestions?.query.text == "josef")
    await session.press(.tab, .text("hi"))
    #expect(session.editor.text == "@_josefina hi")
    let printed = ChatSession.printed(await session.press(.enter))
    #expect(printed.last == "  → @_josefina: a silent mention")
  }
}
