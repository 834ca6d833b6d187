import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

/// `--groups`, `--sender`, `--role`, `--edit` and the `notify` key of json, through the built
/// binary, and the groups file's errors. Users: jose U1, zoe U2, kim U3, lee U4.
struct NotifyPipeTests {
  static let usersTSV = """
    id\thandle\tdisplay_name
    U1\tjose\tJosé Álvarez
    U2\tzoe\tZoë
    U3\tkim\t김민준
    U4\tlee\tLee

    """

  static let groupsTSV = "handle\tmembers\nteam\tU1,U2\nkorea\tU3,U4,U1\n"

  static func run(_ arguments: [String], input: String, groups: String = groupsTSV) throws -> (
    status: Int32, output: String, errors: String
  ) {
    // Tests run in parallel: each run has files of its own.
    let name = UUID().uuidString
    let users = try PipeModeTests.temporaryFile("\(name)-users.tsv", Self.usersTSV)
    let groupsFile = try PipeModeTests.temporaryFile("\(name)-groups.tsv", groups)
    return try PipeModeTests.runBinary(
      ["--users", users, "--groups", groupsFile] + arguments, input: input)
  }

  /// The `notify` and `excluded` of each json output line.
  static func notify(_ output: String) -> [String] {
    output.split(separator: "\n").map { line in
      String(line[line.range(of: #""notify":"#)!.lowerBound...].dropLast())
    }
  }

  @Test func groupsExpandEachUserOnceWithoutTheSender() throws {
    let result = try Self.run(
      ["--format", "json", "--sender", "U2"], input: "@team and @jose, @korea\n")
    #expect(result.status == 0)
    #expect(Self.notify(result.output) == [#""notify":["U1","U3","U4"],"excluded":[]"#])
    #expect(result.errors.isEmpty)
  }

  @Test func silentAndQuotedMentionsNotifyNobody() throws {
    let result = try Self.run(["--format", "json"], input: "@_jose hi @zoe\n> @zoe said\n")
    #expect(
      Self.notify(result.output) == [
        #""notify":["U2"],"excluded":[{"text":"@_jose","reason":"silent"}]"#,
        #""notify":[],"excluded":[{"text":"@zoe","reason":"quoted"}]"#,
      ])
  }

  /// Four users: a member may broadcast (at most 15 members), a guest may not.
  @Test func broadcastsFollowTheRole() throws {
    let member = try Self.run(["--format", "json", "--sender", "U1"], input: "@here\n")
    #expect(Self.notify(member.output) == [#""notify":["U2","U3","U4"],"excluded":[]"#])
    #expect(member.errors.isEmpty)  // never "unknown @here"
    let guest = try Self.run(["--format", "json", "--role", "guest"], input: "@here\n")
    #expect(
      Self.notify(guest.output) == [
        #""notify":[],"excluded":[{"text":"@here","reason":"not_permitted"}]"#
      ])
    #expect(guest.errors.isEmpty)
    let slack = try Self.run(["--format", "slack"], input: "@here @team\n")
    #expect(slack.output == "<!here> <!subteam^team>\n")  // a group's id is its handle
    let discordGuest = try Self.run(
      ["--format", "discord", "--role", "guest"], input: "@everyone\n")
    #expect(discordGuest.output == "\\@everyone\n")
  }

  @Test func jsonNamesTheAudienceOfGroupsSilentMentionsAndBroadcasts() throws {
    let result = try Self.run(["--format", "json"], input: "@team @_kim @here @lee\n")
    let audiences = result.output.split(separator: "{").compactMap { part -> String? in
      guard let range = part.range(of: #""audience":""#) else { return nil }
      return String(part[range.upperBound...].prefix { $0 != "\"" })
    }
    #expect(audiences == ["group", "silent", "broadcast"])
  }

  @Test func editPrintsTheDiffOfEachPair() throws {
    let result = try Self.run(
      ["--edit"], input: "@jose\n@jose @zoe\n@team\n`@team` and > @nobody\n@zoe\n")
    #expect(
      result.output
        == #"{"added":["U2"],"removed":[],"kept":["U1"]}"# + "\n"
        + #"{"added":[],"removed":["U1","U2"],"kept":[]}"# + "\n")
    #expect(result.errors.contains("line 4: unknown @nobody"))
    #expect(
      result.errors.hasSuffix(
        "chat-repl: line 5: --edit reads lines in pairs (a message, then its edited version);"
          + " the last line has no edited version\n"))
  }

  @Test func aBadGroupsFileIsNamedWithItsLine() throws {
    let result = try Self.run([], input: "", groups: "handle\tmembers\nteam\tU1\nJOSE\tU2\n")
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("chat-repl: cannot load "))
    #expect(
      result.errors.hasSuffix(
        "-groups.tsv:3: group handle 'JOSE' is also the handle of user U1\n"))
  }

  static let users = [
    MentionItem(id: "U1", insertionText: "jose"), MentionItem(id: "U2", insertionText: "zoe"),
  ]

  static let badFiles: [(String, String)] = [
    (
      "handle\tmembers\nteam\tU1\nTeam\tU2\n",
      "g:3: group handle 'Team' is also the handle of the group on line 2"
    ),
    ("handle\tmembers\nteam\tU1,U9\n", "g:2: unknown member 'U9' (no user has this id)"),
    ("handle\tmembers\nteam\tU1,,U2\n", "g:2: empty member id in 'U1,,U2'"),
    ("handle\tmembers\nEveryone\tU1\n", "g:2: 'Everyone' is a broadcast (@Everyone)"),
    ("handle\tmembers\nU2\tU1\n", "g:2: group handle 'U2' is also the id of a user"),
    ("handle\tmembers\na b\tU1\n", "g:2: 'a b' cannot be typed as one mention"),
    ("handle\tmembers\n\tU1\n", "g:2: empty handle"),
    ("handle\tmembers\nteam\n", "g:2: expected 2 tab-separated fields (handle, members), found 1"),
  ]

  @Test(arguments: badFiles)
  func groupsFileErrors(file: String, message: String) {
    #expect {
      _ = try GroupFile.parse(
        Array(file.utf8), file: "g", users: Self.users,
        broadcasts: NotificationPolicy.defaultBroadcasts)
    } throws: { "\($0)" == message }
  }

  @Test func aGroupMayHaveNoMembers() throws {
    let groups = try GroupFile.parse(
      Array("handle\tmembers\nteam\t\nops\tU2,U1\n".utf8), file: "g", users: Self.users,
      broadcasts: NotificationPolicy.defaultBroadcasts)
    #expect(groups.members == ["team": [], "ops": ["U2", "U1"]])
    #expect(groups.items.map(\.insertionText) == ["team", "ops"])
  }

  @Test func parsesTheNotificationOptions() throws {
    let options = try Options.parse([
      "--groups", "g.tsv", "--sender=U7", "--role", "admin", "--edit",
    ])
    #expect(options.groupsFile == "g.tsv")
    #expect(options.sender == "U7")
    #expect(options.role == "admin")
    #expect(options.pairsEdits)
    let defaults = try Options.parse([])
    #expect(defaults.sender == "" && defaults.role == "member" && !defaults.pairsEdits)
    #expect(throws: Options.UsageError.self) { try Options.parse(["--sender", ""]) }
  }
}
