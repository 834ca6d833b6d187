import Testing

@testable import MentionKit

/// A resolved message and its entities' resolutions.
struct ResolvedMessageTests {
  @Test func resolvedItemsAreDistinctInMentionOrder() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory([
        MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U2", insertionText: "ana"),
      ]))
    let message = try await resolver.resolve("@ana @jon @nobody @ANA")
    #expect(message.mentionedItems.map(\.id) == ["U2", "U1"])
    #expect(message.entities.map(\.trigger) == [.mention, .mention, .mention, .mention])
    #expect(message.entities[2].item == nil)
  }

  @Test func anEntityExposesItsItem() {
    let item = MentionItem(id: "U1", insertionText: "jon")
    func entity(_ resolution: MessageEntity.Resolution) -> MessageEntity {
      MessageEntity(trigger: .mention, utf16Range: 0..<4, value: "jon", resolution: resolution)
    }
    #expect(entity(.resolved(item)).item == item)
    #expect(entity(.ambiguous([item, item])).item == nil)
    #expect(entity(.unresolved).item == nil)
    #expect(entity(.skipped(.noDirectory)).item == nil)
    #expect(entity(.pending).item == nil)
    #expect(MessageEntity.SkipReason.overMentionLimit.description == "over the mention limit")
  }
}
