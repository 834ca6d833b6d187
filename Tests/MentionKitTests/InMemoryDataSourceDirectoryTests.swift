import MentionKit
import Testing

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
    #expect(Self.source.items(for: HandleKey("ANA"), kind: .mention).map(\.id) == ["U3"])
    #expect(Self.source.items(for: HandleKey("ana"), kind: .hashtag).map(\.id) == ["C1"])
    #expect(
      Self.source.items(for: HandleKey("smile"), kind: ExtractedEntity.Kind(rawValue: "emoji"))
        .map(\.id) == ["E1"])
    #expect(Self.source.items(for: HandleKey("jön"), kind: .mention).isEmpty)
  }

  @Test func batchedLookupMakesOnePass() async throws {
    let found = try await Self.source.items(
      matching: [HandleKey("jon"), HandleKey("ana"), HandleKey("zed")], kind: .mention)
    #expect(
      found.mapValues { $0.map(\.id) } == [
        HandleKey("jon"): ["U1", "U2"], HandleKey("ana"): ["U3"],
      ])
  }

  @Test func resolvesUsersAndChannels() async throws {
    let resolver = MentionResolver(users: Self.source, channels: Self.source)
    let message = try await resolver.resolve("@ana #ana @jon", using: EntityExtractor())
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
