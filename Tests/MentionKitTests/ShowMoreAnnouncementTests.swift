import Testing

@testable import MentionKit

/// What a screen reader hears when a page is appended to the open list: only what is new.
/// Expected announcements are worked by hand from the scripts.
@MainActor struct ShowMoreAnnouncementTests {
  let anna = MentionItem(id: "U1", insertionText: "anna", displayText: "Anna Smith")
  let andre = MentionItem(id: "U2", insertionText: "andre", displayText: "André Dubois")
  let bob = MentionItem(id: "U4", insertionText: "bob", displayText: "Bob Stone")

  @Test func englishText() {
    #expect(
      MentionAnnouncement.moreLoaded(added: 3, count: 8).text == "3 more suggestions, 8 in all")
    #expect(
      MentionAnnouncement.moreLoaded(added: 1, count: 9).text == "1 more suggestion, 9 in all")
  }

  @Test func trackerTransitions() {
    var tracker = MentionAnnouncement.Tracker()
    #expect(
      tracker.advance(to: .list([anna], highlightedIndex: 0, query: "@a"))
        == [.listOpened(count: 1)])
    // The same query's list grows behind its items: a page was appended.
    #expect(
      tracker.advance(to: .list([anna, andre, bob], highlightedIndex: 0, query: "@a"))
        == [.moreLoaded(added: 2, count: 3)])
    // Another query whose list starts with the same items is a new list (a Backspace).
    #expect(
      tracker.advance(to: .list([anna, andre], highlightedIndex: 0, query: "@an"))
        == [.listOpened(count: 2)])
    #expect(
      tracker.advance(to: .list([anna, andre, bob], highlightedIndex: 0, query: "@a"))
        == [.listOpened(count: 3)])
    // A page whose arrival also moved the highlight says both, the page first.
    #expect(
      tracker.advance(to: .list([anna, andre, bob, anna], highlightedIndex: 3, query: "@a"))
        == [.moreLoaded(added: 1, count: 4), .highlighted(anna, position: 4, count: 4)])
  }

  /// Pages of two from five items: "@p" opens two, each show more adds two, then one.
  @Test func showMoreAnnouncesTheNewItems() async throws {
    var trigger = Trigger.mention
    trigger.resultLimit = 2
    let items = (1...5).map { MentionItem(id: "P\($0)", insertionText: "p\($0)") }
    let source = PagedSource { _ in
      items.map { MentionMatch(item: $0, tier: .prefix) }
    }
    let manager = MentionManager(triggers: [trigger], dataSource: source, clock: ManualClock())
    let listener = CompositionManagerTests.Listener()
    manager.delegate = listener
    manager.setText("@p")
    await manager.settle()
    #expect(manager.showMore())
    await manager.settle()
    #expect(manager.showMore())
    await manager.settle()
    #expect(
      listener.announcements == [
        .listOpened(count: 2), .moreLoaded(added: 2, count: 4), .moreLoaded(added: 1, count: 5),
      ])
  }
}
