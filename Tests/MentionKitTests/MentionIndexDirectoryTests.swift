import Testing

@testable import MentionKit

/// `MentionIndex` as a resolution directory: exact handles only, through pending changes.
struct MentionIndexDirectoryTests {
  static func ids(_ index: MentionIndex, _ handle: String) -> [String] {
    index.items(for: HandleKey(handle)).map(\.id)
  }

  @Test func matchesHandlesExactlyUpToCase() {
    let index = MentionIndex([
      MentionItem(id: "U1", insertionText: "jon", displayText: "Jon"),
      MentionItem(id: "U2", insertionText: "jön", displayText: "jon"),
      MentionItem(id: "U3", insertionText: "jonas", displayText: "Jon Snow"),
      MentionItem(id: "U4", insertionText: "other", displayText: "x", searchTerms: ["jon"]),
      MentionItem(id: "U5", insertionText: "JON"),
    ])
    #expect(Self.ids(index, "jon") == ["U1", "U5"])
    #expect(Self.ids(index, "Jön") == ["U2"])
    #expect(Self.ids(index, "j\u{43E}n") == [])
    #expect(Self.ids(index, "ｊｏｎ") == [])
    #expect(Self.ids(index, "jo") == [])
    #expect(Self.ids(index, "") == [])
  }

  @Test func seesAddedUpdatedAndRemovedItems() {
    let index = MentionIndex(
      [MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U2", insertionText: "ana")],
      compactionThreshold: 100)
    index.add(MentionItem(id: "U3", insertionText: "Jon"))
    index.update(MentionItem(id: "U2", insertionText: "anna"))
    #expect(Self.ids(index, "JON") == ["U1", "U3"])
    #expect(Self.ids(index, "ana") == [])
    #expect(Self.ids(index, "anna") == ["U2"])
    index.remove(id: "U1")
    #expect(Self.ids(index, "jon") == ["U3"])
    index.compact()
    #expect(Self.ids(index, "jon") == ["U3"])
  }

  @Test func resolvesThroughAResolver() async throws {
    let index = MentionIndex([MentionItem(id: "U1", insertionText: "jon")])
    let resolver = MentionResolver(users: index)
    let message = try await resolver.resolve("@JON @jön")
    #expect(message.entities.map(\.item?.id) == ["U1", nil])
    // The index answers at once: the synchronous path needs nothing else.
    #expect(try resolver.resolved("@JON @jön") == message)
  }
}
