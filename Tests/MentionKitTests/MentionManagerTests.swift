import Testing

@testable import MentionKit

@MainActor
struct MentionManagerTests {
  let people = sampleDirectory

  func makeManager(
    _ source: any MentionDataSource, triggers: [Trigger] = [.mention, .hashtag],
    clock: ManualClock = ManualClock()
  ) -> (MentionManager, SpyDelegate) {
    let manager = MentionManager(triggers: triggers, dataSource: source, clock: clock)
    let spy = SpyDelegate()
    manager.delegate = spy
    return (manager, spy)
  }

  @Test func deliversRankedSuggestionsForTheActiveQuery() async throws {
    let (manager, spy) = makeManager(InMemoryDataSource(items: people))
    let query = manager.process("hi @jos")
    #expect(query?.text == "jos")
    let events = await spy.waitForEvents(1)
    #expect(events == [.update(query: "jos", items: ["U1"])])
  }

  @Test func latestQueryWinsOverASlowEarlierFetch() async throws {
    let slow = Gate()
    let source = ScriptedDataSource(gates: ["j": slow]) { _ in .answer(sampleDirectory) }
    let (manager, spy) = makeManager(source)
    manager.process("@j")
    #expect(await eventually { source.calls == ["j"] })
    manager.process("@jo")
    let events = await spy.waitForEvents(1)
    #expect(events == [.update(query: "jo", items: ["U1", "U8", "U9", "U10"])])
    slow.open()
    #expect(await eventually { manager.liveTasks.value == 0 })
    for _ in 0..<1000 { await Task.yield() }
    #expect(spy.events.count == 1, "a stale result was delivered: \(spy.events)")
  }

  /// A result that is ready before the next keystroke but reaches the delegate's actor only
  /// after it: the "j" fetch has finished and passed its cancellation checks and its delivery
  /// waits for the (held) delegate actor when "@jo" is typed, so only the generation check at
  /// delivery can tell it is stale.
  @Test func aResultOvertakenOnItsWayToTheDelegateIsDropped() async throws {
    let held = HeldActor()
    let source = ScriptedDataSource { _ in .answer(sampleDirectory) }
    let manager = MentionManager(
      triggers: [.mention], dataSource: source, clock: ManualClock(), isolation: held)
    let spy = SpyDelegate()
    manager.delegate = spy
    manager.process("@j")
    // The "j" results are filtered and their delivery is queued on the held actor.
    #expect(await eventually { held.executor.queuedCount == 1 })
    #expect(source.completed == ["j"])
    manager.process("@jo")
    // Deliver everything: the "j" delivery first, then the "jo" fetch's.
    let settled = await eventually {
      held.executor.runQueued()
      return manager.liveTasks.value == 0
    }
    #expect(settled)
    let events = await spy.waitForEvents(1)
    for _ in 0..<1000 { await Task.yield() }
    #expect(events == [.update(query: "jo", items: ["U1", "U8", "U9", "U10"])])
    #expect(spy.events.count == 1, "a stale result was delivered: \(spy.events)")
  }

  @Test func cancellationReachesTheDataSource() async throws {
    let gate = Gate()
    let source = ScriptedDataSource(gates: ["a": gate, "ab": gate]) { _ in .answer([]) }
    let (manager, _) = makeManager(source)
    manager.process("@a")
    #expect(await eventually { source.calls == ["a"] })
    manager.process("@ab")
    #expect(await eventually { source.cancelled == ["a"] })
    // The "ab" fetch must have reached the source before it is cancelled; a fetch cancelled
    // before it calls the source never tells the source.
    #expect(await eventually { source.calls == ["a", "ab"] })
    manager.process("done")
    #expect(await eventually { source.cancelled == ["a", "ab"] })
    gate.open()
    #expect(await eventually { manager.liveTasks.value == 0 })
  }

  @Test func debounceFetchesOnlyTheLastKeystroke() async throws {
    var mention = Trigger.mention
    mention.debounce = .milliseconds(200)
    let clock = ManualClock()
    let source = ScriptedDataSource { _ in .answer(sampleDirectory) }
    let (manager, spy) = makeManager(source, triggers: [mention], clock: clock)
    for text in ["@j", "@jo", "@jos"] {
      manager.process(text)
      #expect(await eventually { clock.sleeperCount == 1 })
      clock.advance(by: .milliseconds(100))
    }
    #expect(source.calls.isEmpty)
    clock.advance(by: .milliseconds(100))
    let events = await spy.waitForEvents(1)
    #expect(source.calls == ["jos"])
    #expect(events == [.update(query: "jos", items: ["U1"])])
  }

  @Test func aHangingDataSourceTimesOut() async throws {
    var mention = Trigger.mention
    mention.timeout = .seconds(2)
    let clock = ManualClock()
    let source = ScriptedDataSource { _ in .hang }
    let (manager, spy) = makeManager(source, triggers: [mention], clock: clock)
    manager.process("@x")
    #expect(await eventually { clock.sleeperCount == 1 })
    clock.advance(by: .seconds(2))
    let events = await spy.waitForEvents(1)
    let expected = MentionError.timedOut(trigger: "mention", after: .seconds(2))
    #expect(events == [.failure(query: "x", message: "\(expected)")])
    // The session stays usable.
    #expect(manager.activeQuery?.text == "x")
  }

  @Test func aThrowingDataSourceIsReportedAndTheNextKeystrokeRecovers() async throws {
    let source = ScriptedDataSource { text in
      text == "bad" ? .fail("directory offline") : .answer(sampleDirectory)
    }
    let (manager, spy) = makeManager(source)
    manager.process("@bad")
    _ = await spy.waitForEvents(1)
    manager.process("@zo")
    let events = await spy.waitForEvents(2)
    #expect(
      events == [
        .failure(query: "bad", message: "directory offline"),
        .update(query: "zo", items: ["U2"]),
      ])
  }

  @Test func sessionEndsWhenTheCursorLeavesTheQuery() async throws {
    let (manager, spy) = makeManager(InMemoryDataSource(items: people))
    manager.process("@zo")
    _ = await spy.waitForEvents(1)
    #expect(manager.process("@zo ") == nil)
    let events = await spy.waitForEvents(2)
    #expect(events.last == .end)
    #expect(manager.activeQuery == nil)
    // Ending twice says nothing more.
    manager.process("@zo  ")
    for _ in 0..<1000 { await Task.yield() }
    #expect(spy.events.count == 2)
  }

  @Test func acceptingReplacesAndEndsTheSession() async throws {
    let (manager, spy) = makeManager(InMemoryDataSource(items: people))
    manager.process("hi @jo| there".replacingBar(), cursorAtBar: "hi @jo| there")
    _ = await spy.waitForEvents(1)
    // "jose" (U1) ranks first for "jo" and is highlighted.
    #expect(manager.accept())
    #expect(manager.draft.text == "hi @jose there")
    #expect(manager.draft.selectedUTF16Range == 9..<9)
    #expect(manager.draft.entities.map(\.itemID) == ["U1"])
    #expect(manager.activeQuery == nil)
    let events = await spy.waitForEvents(3)
    #expect(events.suffix(2) == [.edit(text: "hi @jose there"), .end])
  }

  @Test func acceptingWithoutASessionDoesNothing() {
    let (manager, _) = makeManager(InMemoryDataSource(items: people))
    manager.process("hi")
    #expect(!manager.accept())
    #expect(manager.draft.text == "hi")
  }

  @Test func aCompletedMultiWordMentionDoesNotReopen() async throws {
    var mention = Trigger.mention
    mention.maximumSpaces = 1
    let jon = MentionItem.person("U8", "Jon Snow", "Jon Snow")
    let (manager, spy) = makeManager(InMemoryDataSource(items: [jon]), triggers: [mention])
    manager.process("@Jon S")
    _ = await spy.waitForEvents(1)
    #expect(manager.currentSuggestions?.items.first?.id == "U8")
    #expect(manager.accept())
    #expect(manager.draft.text == "@Jon Snow ")
    #expect(manager.process(manager.draft.text) == nil)
    // Editing the mention itself opens a session again.
    #expect(manager.process("@Jon Sno")?.text == "Jon Sno")
  }

  @Test func staticItemListsNeedNoDataSource() async throws {
    let smile = MentionItem(id: "smile", insertionText: "😄", searchTerms: ["smile"])
    let heart = MentionItem(id: "heart", insertionText: "❤️", searchTerms: ["heart"])
    var emoji = Trigger.emoji
    emoji.items = [smile, heart]
    let manager = MentionManager(triggers: [emoji])
    let suggestions = try await manager.suggestions(for: "so :smi")
    #expect(suggestions?.items.map(\.id) == ["smile"])
  }

  @Test func aBadCursorThrowsOrClampsAndKeepsTheSession() async throws {
    let (manager, _) = makeManager(InMemoryDataSource(items: people))
    manager.process("@zo")
    await #expect(throws: MentionError.cursorOutOfBounds(utf16Offset: 10, utf16Count: 3)) {
      try await manager.suggestions(for: "@zo", utf16Offset: 10)
    }
    #expect(manager.activeQuery?.text == "zo")
    // The whole-string entry clamps the caret into the text.
    manager.setText("@zo", utf16Offset: 10)
    #expect(manager.activeQuery?.text == "zo")
    #expect(manager.draft.selectedUTF16Range == 3..<3)
  }

  @Test func pullAPIWorksWithoutADelegate() async throws {
    let manager = MentionManager(
      triggers: [.mention, .hashtag], dataSource: InMemoryDataSource(items: people))
    let suggestions = try #require(try await manager.suggestions(for: "hey @lann", utf16Offset: 9))
    #expect(suggestions.items.map(\.id) == ["U4"])
    #expect(try await manager.suggestions(for: "no trigger") == nil)
  }

  @Test func callbackDataSourcesWork() async throws {
    let source = CallbackDataSource { query, request in
      Task.detached { request.complete(with: sampleDirectory.filter { $0.id == "U3" }) }
    }
    let manager = MentionManager(triggers: [.mention], dataSource: source)
    let suggestions = try await manager.suggestions(for: "@luk")
    #expect(suggestions?.items.map(\.id) == ["U3"])
  }

  @Test func noTasksOutliveTheirWork() async throws {
    let source = ScriptedDataSource { _ in .answer(sampleDirectory) }
    let (manager, spy) = makeManager(source)
    for text in ["@", "@j", "@jo", "@jos", "@jos ", "#", "#g", "x"] { manager.process(text) }
    #expect(await eventually { manager.liveTasks.value == 0 })
    // No list is left open: the last word, if any was said, closed it.
    #expect(manager.currentSuggestions == nil)
    #expect(spy.events.last == nil || spy.events.last == .end)
  }
}

extension String {
  /// Removes the `|` cursor marker.
  fileprivate func replacingBar() -> String { String(filter { $0 != "|" }) }
}

extension MentionManager {
  /// Takes the whole text (whole string in) and returns the query it opened.
  @discardableResult
  func process(_ text: String, utf16Offset: Int? = nil) -> MentionQuery? {
    setText(text, utf16Offset: utf16Offset)
    return activeQuery
  }

  /// Processes `text` with the cursor where `marked` has a `|`.
  @discardableResult
  fileprivate func process(_ text: String, cursorAtBar marked: String) -> MentionQuery? {
    let bar = marked.firstIndex(of: "|") ?? marked.endIndex
    return process(text, utf16Offset: marked.utf16.distance(from: marked.startIndex, to: bar))
  }
}

/// A delegate living on a server's own actor.
actor ServerDelegate: MentionManagerDelegate {
  private(set) var updates: [[String]] = []

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) {
    if let suggestions { updates.append(suggestions.items.map(\.id)) }
  }
}

struct MentionManagerServerTests {
  @Test func worksFromAnActorWithoutTheMainActor() async throws {
    let delegate = ServerDelegate()
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: sampleDirectory))
    manager.delegate = delegate
    manager.process("@zo")
    var updates: [[String]] = []
    for _ in 0..<100_000 where updates.isEmpty {
      updates = await delegate.updates
      await Task.yield()
    }
    #expect(updates == [["U2"]])
  }
}
