import Testing

@testable import MentionKit

/// The example at the top of Docs/ChatBackends.md, so the guide cannot drift from the API.
struct ChatBackendsGuideTests {
  @Test func guideExampleGivesWhatItSays() async throws {
    let users = HandleDirectory([
      MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez"),
      MentionItem(id: "U2", insertionText: "kim"), MentionItem(id: "U3", insertionText: "KIM"),
    ])
    let channels = HandleDirectory([MentionItem(id: "C1", insertionText: "general")])
    let resolver = MentionResolver(users: users, channels: channels)

    let message = try await resolver.resolve("hi @Jose & @kim in #general, @jöse?")
    let resolutions: [MessageEntity.Resolution] = [
      .resolved(users.items[0]), .ambiguous([users.items[1], users.items[2]]),
      .resolved(channels.items[0]), .unresolved,
    ]
    #expect(message.entities.map(\.resolution) == resolutions)
    #expect(
      WireFormat.slack.write(message)
        == "hi <@U1> &amp; @kim in <#C1|general>, @jöse?")
    #expect(
      WireFormat.slack.read("hi <@U1> &amp; @kim in <#C1|general>").entities.map(
        \.item?.id) == ["U1", "C1"])
  }
}
