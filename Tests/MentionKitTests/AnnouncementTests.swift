import Testing

@testable import MentionKit

/// What a screen reader hears: the announcement stream of scripted keyboard sessions through a
/// ``MentionManager``, the English default text, and the tracker's transitions. Every expected
/// announcement is worked out by hand from the script.
@MainActor struct AnnouncementTests {
  typealias Listener = CompositionManagerTests.Listener

  let anna = MentionItem(id: "U1", insertionText: "anna", displayText: "Anna Smith")
  let andre = MentionItem(id: "U2", insertionText: "andre", displayText: "André Dubois")
  let ankit = MentionItem(id: "U3", insertionText: "ankit", displayText: "Ankit Rao")
  let bob = MentionItem(id: "U4", insertionText: "bob", displayText: "Bob Stone")

  /// A manager without debounce over a table of answers, and a listener for its announcements.
  func session(_ table: [String: [MentionItem]]) -> (MentionManager, Listener) {
    let manager = MentionManager(
      triggers: [.mention], dataSource: ScriptedDataSource { .answer(table[$0] ?? []) },
      filter: KeepAll())
    let listener = Listener()
    manager.delegate = listener
    return (manager, listener)
  }

  /// Types each character and waits for the manager to answer it, as keystrokes arrive one
  /// main-actor event at a time. (Keys pressed with no suspension in between are announced as
  /// one: the state after the last.)
  func type(_ text: String, into manager: MentionManager) async {
    for character in text {
      manager.insert(String(character))
      await manager.settle()
    }
  }

  @Test func keyboardSession() async {
    let (manager, listener) = session([
      "": [anna, andre, ankit, bob], "a": [anna, andre, ankit], "an": [anna, andre, ankit],
      "b": [bob],
    ])
    // "@": four items. "a": three. "n": the same three again, so nothing is said.
    await type("@an", into: manager)
    #expect(manager.highlightNext())
    await manager.settle()
    #expect(manager.highlightNext())
    await manager.settle()
    #expect(manager.highlightPrevious())
    await manager.settle()
    #expect(manager.accept())
    #expect(manager.draft.text == "@andre ")
    await manager.settle()
    // A second mention: "@" opens four, "b" narrows to one, Escape closes, and typing on in
    // the dismissed query says nothing.
    await type("@b", into: manager)
    #expect(manager.dismiss())
    await manager.settle()
    await type("o", into: manager)
    #expect(
      listener.announcements == [
        .listOpened(count: 4),
        .listOpened(count: 3),
        .highlighted(andre, position: 2, count: 3),
        .highlighted(ankit, position: 3, count: 3),
        .highlighted(andre, position: 2, count: 3),
        .accepted(andre),
        .listOpened(count: 4),
        .listOpened(count: 1),
        .closed,
      ])
    #expect(
      listener.announcements.map(\.text) == [
        "4 suggestions",
        "3 suggestions",
        "André Dubois, 2 of 3",
        "Ankit Rao, 3 of 3",
        "André Dubois, 2 of 3",
        "Inserted André Dubois",
        "4 suggestions",
        "1 suggestion",
        "Suggestions closed",
      ])
  }

  @Test func listReplacedWithTheSameCountIsAnnounced() async {
    // "@" and "@a" answer Anna, "@b" answers Bob: one item each, but a different one.
    let (manager, listener) = session(["": [anna], "a": [anna], "b": [bob]])
    await type("@a", into: manager)
    // The first Backspace removes the ghost "nna", the second the "a": the same list again.
    manager.deleteBackward()
    await manager.settle()
    manager.deleteBackward()
    await manager.settle()
    #expect(manager.draft.text == "@")
    // "b" replaces Anna with Bob; the space ends the query; "@z" finds nothing.
    await type("b @z", into: manager)
    #expect(
      listener.announcements == [
        .listOpened(count: 1), .listOpened(count: 1), .closed, .listOpened(count: 1),
        .listOpened(count: 0),
      ])
    #expect(listener.announcements.last?.text == "No suggestions")
  }

  @Test func nothingIsAnnouncedWhileComposing() async {
    let (manager, listener) = session(["": [anna, bob], "a": [anna]])
    await type("@", into: manager)
    manager.setMarkedText("あ")
    await manager.settle()
    #expect(!manager.highlightNext())
    manager.setMarkedText("")
    await manager.settle()
    #expect(listener.announcements == [.listOpened(count: 2)])
    // After the composition the keys are the list's again.
    #expect(manager.highlightNext())
    await manager.settle()
    #expect(listener.announcements.last == .highlighted(bob, position: 2, count: 2))
  }

  @Test func englishText() {
    #expect(MentionAnnouncement.listOpened(count: 5).text == "5 suggestions")
    #expect(MentionAnnouncement.listOpened(count: 1).text == "1 suggestion")
    #expect(MentionAnnouncement.listOpened(count: 0).text == "No suggestions")
    #expect(
      MentionAnnouncement.highlighted(anna, position: 2, count: 5).text == "Anna Smith, 2 of 5")
    #expect(MentionAnnouncement.accepted(anna).text == "Inserted Anna Smith")
    #expect(MentionAnnouncement.closed.text == "Suggestions closed")
  }

  @Test func trackerTransitions() {
    var tracker = MentionAnnouncement.Tracker()
    #expect(tracker.advance(to: .pending) == [])
    #expect(tracker.advance(to: .hidden) == [], "nothing was open, so nothing closes")
    #expect(
      tracker.advance(to: .list([anna, bob], highlightedIndex: 0)) == [.listOpened(count: 2)])
    // A fetch on its way, or a composition, keeps what was announced.
    #expect(tracker.advance(to: .pending) == [])
    #expect(tracker.advance(to: .composing) == [])
    #expect(tracker.advance(to: .list([anna, bob], highlightedIndex: 0)) == [])
    #expect(
      tracker.advance(to: .list([anna, bob], highlightedIndex: 1))
        == [.highlighted(bob, position: 2, count: 2)])
    // An accepted item is said first; a list that opens at once after it is said too.
    tracker.accepted = bob
    #expect(
      tracker.advance(to: .list([anna], highlightedIndex: 0))
        == [.accepted(bob), .listOpened(count: 1)])
    #expect(tracker.advance(to: .hidden) == [.closed])
    #expect(tracker.advance(to: .hidden) == [])
  }
}
