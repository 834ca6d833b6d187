import MentionKit
import Testing

/// The resolved message value and its resolutions.
struct ResolvedMessageTests {
  @Test func resolvedItemsAreDistinctInMentionOrder() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory([
        MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U2", insertionText: "ana"),
      ]))
    let message = try await resolver.resolve("@ana @jon @nobody @ANA", using: EntityExtractor())
    #expect(message.resolvedItems.map(\.id) == ["U2", "U1"])
    #expect(message.entities.map(\.kind) == [.mention, .mention, .mention, .mention])
    #expect(message.entities[2].item == nil)
  }

  @Test func resolutionExposesItsItem() {
    let item = MentionItem(id: "U1", insertionText: "jon")
    #expect(MentionResolution.resolved(item).item == item)
    #expect(MentionResolution.ambiguous([item, item]).item == nil)
    #expect(MentionResolution.unresolved.item == nil)
    #expect(MentionResolution.skipped(.noDirectory).item == nil)
    #expect(MentionResolution.SkipReason.overMentionLimit.description == "over the mention limit")
  }
}
