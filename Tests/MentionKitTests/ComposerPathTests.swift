import Testing

@testable import MentionKit

/// The whole composer path through one ``MentionManager``, from keystrokes to the sent message,
/// with a data source that answers when the test says (out of order) and a manual clock for the
/// debounce: no test sleeps. After every step the text, the caret and the entities are checked
/// against values worked out by hand.
@MainActor struct ComposerPathTests {
  let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez")
  let josefina = MentionItem(id: "U2", insertionText: "josefina", displayText: "Josefina Ruiz")
  let jon = MentionItem(id: "U3", insertionText: "jon", displayText: "Jon Snow")

  /// The fetches the data source received, by query text, waiting for the test to answer.
  final class Requests: Sendable {
    let pending = Lock<[(text: String, request: CallbackDataSource.Request)]>([])

    var texts: [String] { pending.withLock { $0.map(\.text) } }

    func answer(_ text: String, with items: [MentionItem]) {
      let request = pending.withLock { $0.first { $0.text == text }?.request }
      request?.complete(with: items)
    }
  }

  @Test func keystrokesToSentMessage() async throws {
    let requests = Requests()
    let source = CallbackDataSource { query, request in
      requests.pending.withLock { $0.append((query.text, request)) }
    }
    var mention = Trigger.mention
    mention.debounce = .milliseconds(100)
    let clock = ManualClock()
    let manager = MentionManager(triggers: [mention], dataSource: source, clock: clock)
    let spy = SpyDelegate()
    manager.delegate = spy

    func expectDraft(
      _ text: String, caret: Int, _ entities: [MessageEntity],
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let draft = manager.draft
      #expect(draft.text == text, sourceLocation: sourceLocation)
      #expect(draft.selectedUTF16Range == caret..<caret, sourceLocation: sourceLocation)
      #expect(draft.entities == entities, sourceLocation: sourceLocation)
    }

    // "hi @j": the query "j" waits out its debounce; nothing is fetched yet.
    manager.insert("hi @j")
    expectDraft("hi @j", caret: 5, [])
    #expect(await eventually { clock.sleeperCount == 1 })
    #expect(requests.texts.isEmpty)

    // "o" within the debounce: "j" is never fetched; "jo" is, once its debounce has passed.
    manager.insert("o")
    expectDraft("hi @jo", caret: 6, [])
    #expect(await eventually { clock.sleeperCount == 1 })
    clock.advance(by: .milliseconds(100))
    #expect(await eventually { requests.texts == ["jo"] })

    // "s": "jos" is fetched too, and answered first; its list is shown with the best item
    // highlighted and the rest of "jose" as ghost text ("jon" does not match "jos").
    manager.insert("s")
    expectDraft("hi @jos", caret: 7, [])
    #expect(await eventually { clock.sleeperCount == 1 })
    clock.advance(by: .milliseconds(100))
    #expect(await eventually { requests.texts == ["jo", "jos"] })
    requests.answer("jos", with: [jose, josefina, jon])
    #expect(await spy.waitForEvents(1) == [.update(query: "jos", items: ["U1", "U2"])])
    let shown = try #require(manager.currentSuggestions)
    #expect(shown.query.text == "jos")
    #expect(shown.items == [jose, josefina])
    #expect(shown.highlightedIndex == 0)
    #expect(shown.ghostText == "e")

    // The answer for "jo" arrives last: it is never shown.
    requests.answer("jo", with: [jon])
    await manager.settle()
    #expect(manager.currentSuggestions?.items == [jose, josefina])
    expectDraft("hi @jos", caret: 7, [])

    // ↓ highlights Josefina; the text does not change.
    #expect(manager.highlightNext())
    #expect(manager.currentSuggestions?.highlightedIndex == 1)
    expectDraft("hi @jos", caret: 7, [])

    // Enter: "@jos" becomes "@josefina" and a space; the entity covers "@josefina", 3..<12,
    // its value "josefina", resolved to Josefina; the caret is after the space, at 13.
    #expect(manager.accept())
    let accepted = MessageEntity(
      trigger: .mention, utf16Range: 3..<12, value: "josefina", resolution: .resolved(josefina))
    expectDraft("hi @josefina ", caret: 13, [accepted])
    #expect(manager.currentSuggestions == nil)
    await manager.settle()
    #expect(spy.events.contains(.edit(text: "hi @josefina ")))

    // Typing after the mention leaves it alone.
    manager.insert("and ")
    expectDraft("hi @josefina and ", caret: 17, [accepted])

    // "👋 " typed at the start is 3 UTF-16 units: the mention shifts to 6..<15.
    manager.select(utf16Range: 0..<0)
    expectDraft("hi @josefina and ", caret: 0, [accepted])
    manager.insert("👋 ")
    var shifted = accepted
    shifted.utf16Range = 6..<15
    expectDraft("👋 hi @josefina and ", caret: 3, [shifted])

    // Send: the message, with Josefina resolved; the draft starts over.
    let message = manager.send()
    #expect(message == Message(text: "👋 hi @josefina and ", entities: [shifted]))
    #expect(message.mentionedItems == [josefina])
    expectDraft("", caret: 0, [])
    await manager.settle()
    #expect(requests.texts == ["jo", "jos"])
  }
}
