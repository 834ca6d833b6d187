import Testing

@testable import MentionKit

/// `InMemoryDataSource` as a resolution directory: the entity kind picks the trigger's list.
struct InMemoryDataSourceDirectoryTests {
  static let source = InMemoryDataSource(
    [
      "mention": [
        MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U2", insertionText: "Jon"),
        MentionItem(id: "U3", insertionText: "ana"),
      ],
      "hashtag": [MentionItem(id: "C1", insertionText: "ana")],
    ], fallbackItems: [MentionItem(id: "E1", insertionText: "smile")])

  @Test func looksUpTheKindsList() {
    #expect(Self.source.items(for: HandleKey("ANA"), trigger: .mention).map(\.id) == ["U3"])
    #expect(Self.source.items(for: HandleKey("ana"), trigger: .hashtag).map(\.id) == ["C1"])
    #expect(
      Self.source.items(for: HandleKey("smile"), trigger: Trigger.Name(rawValue: "emoji"))
        .map(\.id) == ["E1"])
    #expect(Self.source.items(for: HandleKey("jön"), trigger: .mention).isEmpty)
  }

  @Test func batchedLookupMakesOnePass() async throws {
    let found = try await Self.source.items(
      matching: [HandleKey("jon"), HandleKey("ana"), HandleKey("zed")], trigger: .mention)
    #expect(
      found.mapValues { $0.map(\.id) } == [
        HandleKey("jon"): ["U1", "U2"], HandleKey("ana"): ["U3"],
      ])
  }

  @Test func resolvesUsersAndChannels() async throws {
    let resolver = MentionResolver(users: Self.source, channels: Self.source)
    let message = try await resolver.using(EntityExtractor()).resolve("@ana #ana @jon")
    #expect(
      message.entities.map(\.resolution) == [
        .resolved(MentionItem(id: "U3", insertionText: "ana")),
        .resolved(MentionItem(id: "C1", insertionText: "ana")),
        .ambiguous([
          MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U2", insertionText: "Jon"),
        ]),
      ])
  }
}
