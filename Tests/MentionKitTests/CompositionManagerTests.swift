import Testing

@testable import MentionKit

/// Input method sequences replayed against ``MentionManager``: while text is composed nothing is
/// detected or fetched and the list keys go to the input method; the commit detects at once. The
/// mention trigger waits 100 ms before fetching, on a manual clock, so "at once" means before
/// the clock moves. Expected texts and UTF-16 offsets are counted by hand.
@MainActor struct CompositionManagerTests {
  let yamada = MentionItem(id: "U4", insertionText: "山田太郎", displayText: "山田 太郎")
  let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez")
  let rene = MentionItem(id: "U7", insertionText: "rené", displayText: "René Char")

  /// Answers each query text from a table at once, and records what was asked.
  func tableSource(_ table: [String: [MentionItem]]) -> ScriptedDataSource {
    ScriptedDataSource { .answer(table[$0] ?? []) }
  }

  /// Records the announcements, on the main actor.
  @MainActor final class Listener: MentionManagerDelegate {
    private(set) var announcements: [MentionAnnouncement] = []

    func mentionManager(_ manager: MentionManager, announce announcement: MentionAnnouncement) {
      announcements.append(announcement)
    }
  }

  let clock = ManualClock()

  /// A manager whose filter keeps the data source's order, so the expected lists are the
  /// table's.
  func manager(_ source: ScriptedDataSource) -> MentionManager {
    var mention = Trigger.mention
    mention.debounce = .milliseconds(100)
    return MentionManager(
      triggers: [mention, .hashtag], dataSource: source, filter: KeepAll(), clock: clock)
  }

  /// Lets the debounce pass and waits until the manager has stored and delivered the answer.
  func fetch(_ manager: MentionManager) async {
    #expect(await eventually { self.clock.sleeperCount == 1 })
    clock.advance(by: .milliseconds(100))
    await manager.settle()
  }

  @Test func japaneseReadingThenCommit() async throws {
    let source = tableSource(["": [yamada, jose], "やまだ": [yamada]])
    let manager = manager(source)
    let listener = Listener()
    manager.delegate = listener

    manager.insert("@")
    await fetch(manager)
    #expect(manager.currentSuggestions?.items == [yamada, jose])
    #expect(listener.announcements == [.listOpened(count: 2)])

    // Each preedit step: the marked text grows, the query stays "" (the one before the
    // composition), nothing waits to fetch, and the list keys go to the input method.
    let steps = ["y", "や", "やm", "やま", "やまd", "やまだ"]
    for step in steps {
      manager.setMarkedText(step)
      #expect(manager.draft.text == "@" + step)
      #expect(manager.draft.markedUTF16Range == 1..<(1 + step.utf16.count))
      #expect(manager.activeQuery?.text == "", "\(step)")
      #expect(clock.sleeperCount == 0, "\(step)")
      #expect(manager.currentSuggestions?.items == [yamada, jose])
      #expect(manager.currentSuggestions?.ghostText == nil)
      #expect(!manager.accept(), "Enter goes to the input method")
      #expect(!manager.tab())
      #expect(!manager.highlightNext())
      #expect(!manager.dismiss(), "Escape goes to the input method")
      await manager.settle()
    }
    #expect(manager.draft.text == "@やまだ")
    #expect(manager.draft.entities.isEmpty)
    #expect(source.calls == [""])
    #expect(listener.announcements == [.listOpened(count: 2)])

    // Commit: the query is detected before the clock moves; the fetch waits its debounce.
    manager.unmarkText()
    #expect(manager.draft.markedUTF16Range == nil)
    #expect(manager.activeQuery?.text == "やまだ")
    #expect(manager.currentSuggestions == nil)
    await fetch(manager)
    #expect(source.calls == ["", "やまだ"])
    #expect(manager.currentSuggestions?.items == [yamada])
    #expect(listener.announcements == [.listOpened(count: 2), .listOpened(count: 1)])

    // Now Enter accepts: "@やまだ" (4 units) becomes "@山田太郎 " (6 units).
    #expect(manager.accept())
    #expect(manager.draft.text == "@山田太郎 ")
    #expect(manager.draft.entities.map(\.utf16Range) == [0..<5])
    await manager.settle()
    #expect(listener.announcements.last == .accepted(yamada))
  }

  @Test func deadKeyKeepsTheQueryUntilTheLetter() async {
    let source = tableSource(["ren": [rene], "rené": [rene]])
    let manager = manager(source)
    manager.insert("@ren")
    await fetch(manager)
    #expect(manager.currentSuggestions?.items == [rene])

    // "´" (U+00B4) is no query character: detected, it would end the query. Composed, it is
    // not detected: the query stays "ren" and its list stays.
    manager.setMarkedText("´")
    #expect(manager.draft.text == "@ren´")
    #expect(manager.activeQuery?.text == "ren")
    #expect(manager.currentSuggestions?.items == [rene])
    #expect(!manager.accept())

    // The dead key's commit replaces the marked accent: the query "rené" at once.
    manager.insert("é")
    #expect(manager.draft.text == "@rené")
    #expect(manager.draft.selectedUTF16Range == 5..<5)
    #expect(manager.activeQuery?.text == "rené")
    await fetch(manager)
    #expect(source.calls == ["ren", "rené"])
    #expect(manager.accept())
    #expect(manager.draft.text == "@rené ")
  }

  @Test func fullWidthAtSignCommittedFromTheInputMethod() async throws {
    let source = tableSource(["": [jose]])
    let manager = manager(source)
    manager.insert("hi ")
    manager.setMarkedText("＠")
    #expect(manager.activeQuery == nil)
    #expect(!manager.accept())
    manager.unmarkText()
    let query = try #require(manager.activeQuery)
    #expect(query.trigger.name == .mention)
    #expect(query.delimiter == "＠")
    #expect(query.text == "")
    #expect(query.utf16Range == 3..<4)
    await fetch(manager)
    #expect(manager.currentSuggestions?.items == [jose])
    // The accepted item is written with the canonical delimiter.
    #expect(manager.accept())
    #expect(manager.draft.text == "hi @jose ")
    #expect(manager.draft.entities.map(\.utf16Range) == [3..<8])
  }

  @Test func fullWidthSignsAreOneGrammarWithExtraction() throws {
    // "hi ＠jose ＃general": ＠ at 3, "jose" 4..<8, ＃ at 9, "general" 10..<17.
    let text = "hi ＠jose ＃general"
    let message = EntityExtractor(profile: .chat).extract(text)
    #expect(message.entities.map(\.trigger) == [.mention, .hashtag])
    #expect(message.entities.map(\.utf16Range) == [3..<8, 9..<17])
    #expect(message.entities.map(\.value) == ["jose", "general"])
    let detector = TriggerDetector(triggers: [.mention, .hashtag])
    let mention = try #require(try detector.detect(in: text, utf16Offset: 8))
    #expect(mention.trigger.name == .mention)
    #expect(mention.utf16Range == 3..<8)
    let hashtag = try #require(detector.detect(in: text))
    #expect(hashtag.trigger.name == .hashtag)
    #expect(hashtag.utf16Range == 9..<17)
    // Right after a letter ("ん"), neither sign opens a query or an entity, as "@" does not in
    // "mail@example".
    let glued = "山田さん＠やまだ"
    #expect(detector.detect(in: glued) == nil)
    #expect(EntityExtractor(profile: .chat).extract(glued).entities.isEmpty)
  }

  @Test func cancelledCompositionRestoresTheQuery() async {
    let source = tableSource(["": [jose]])
    let manager = manager(source)
    manager.insert("@")
    await fetch(manager)
    let before = manager.currentSuggestions
    manager.setMarkedText("や")
    manager.setMarkedText("やま")
    manager.setMarkedText("")
    #expect(manager.draft.text == "@")
    #expect(manager.draft.markedUTF16Range == nil)
    // The same query as before the composition: no new fetch, the same list.
    #expect(manager.activeQuery?.text == "")
    #expect(clock.sleeperCount == 0)
    await manager.settle()
    #expect(source.calls == [""])
    #expect(manager.currentSuggestions == before)
    #expect(manager.accept())
  }

  @Test func compositionBeforeAMentionKeepsIt() async throws {
    let manager = manager(tableSource([:]))
    let entity = MessageEntity(
      trigger: .mention, utf16Range: 0..<5, value: "jose", resolution: .resolved(jose))
    try manager.load(Message(text: "@jose ", entities: [entity]))
    manager.select(utf16Range: 0..<0)
    manager.setMarkedText("やま")
    #expect(manager.draft.text == "やま@jose ")
    #expect(manager.draft.entities.map(\.utf16Range) == [2..<7])
    manager.unmarkText()
    #expect(manager.draft.entities.map(\.utf16Range) == [2..<7])
    #expect(manager.activeQuery == nil)
  }
}
