import Testing

@testable import MentionKit

/// Completing a silent mention (`@_an` → `@_ana`). Expected values are worked by hand: in
/// "hi @_an" the `@` is at UTF-16 offset 3 and the word ends at 7; `@_ana` is five code units.
@MainActor struct SilentCompletionTests {
  @Test func theMarkerIsNotPartOfTheQuery() throws {
    let query = try #require(MentionQuery(in: "hi @_an", triggers: [.mention]))
    #expect(query.text == "an")
    #expect(query.isSilent)
    #expect(query.utf16Range == 3..<7)
  }

  /// `@_` alone is a silent query for everyone; the marker is the mention trigger's only.
  @Test func onlyMentionsHaveTheMarker() throws {
    let bare = try #require(MentionQuery(in: "@_", triggers: [.mention]))
    #expect(bare.text == "")
    #expect(bare.isSilent)
    let tag = try #require(MentionQuery(in: "#_an", triggers: [.hashtag]))
    #expect(tag.text == "_an")
    #expect(!tag.isSilent)
    let plain = try #require(MentionQuery(in: "@an", triggers: [.mention]))
    #expect(!plain.isSilent)
  }

  @Test func acceptingKeepsTheMarkerAndTheEntityIsSilent() async throws {
    let ana = MentionItem(id: "U1", insertionText: "ana", displayText: "Ana Lima")
    let bo = MentionItem(id: "U2", insertionText: "bo", displayText: "Bo Berg")
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: [ana, bo]))
    manager.setText("hi @_an")
    await manager.settle()
    let suggestions = try #require(manager.currentSuggestions)
    #expect(suggestions.items.map(\.id) == ["U1"])
    #expect(manager.accept())
    let draft = manager.draft
    #expect(draft.text == "hi @_ana ")
    #expect(draft.selectedUTF16Range == 9..<9)
    let entity = try #require(draft.entities.first)
    #expect(entity.utf16Range == 3..<8)
    #expect(entity.value == "_ana")
    #expect(entity.item?.id == "U1")
    #expect(entity.audience == .silent)
  }

  /// The composer's entity is the one extraction and resolution give for the same text.
  @Test func theComposedEntityIsTheExtractedOne() async throws {
    let ana = MentionItem(id: "U1", insertionText: "ana")
    let resolver = MentionResolver(users: HandleDirectory([ana]), channels: HandleDirectory([]))
    let extracted = try await resolver.resolve("hi @_ana ")
    let entity = try #require(extracted.entities.first)
    #expect(entity.utf16Range == 3..<8)
    #expect(entity.value == "_ana")
    #expect(entity.item?.id == "U1")
    #expect(entity.audience == .silent)
  }

  /// A handle that starts with the marker is inserted as written, never doubled: `@__bot`
  /// would be a silent mention of `_bot`.
  @Test func aHandleWithTheMarkerIsInsertedAsWritten() throws {
    let bot = MentionItem(id: "B1", insertionText: "_bot")
    let query = try #require(MentionQuery(in: "@_bo", triggers: [.mention]))
    let replacement = MentionReplacement(query: query, item: bot)
    #expect(replacement.text == "@_bot ")
    #expect(replacement.value == "_bot")
    #expect(!replacement.isSilent)
  }
}
