import Testing

@testable import MentionKit

/// The manager's learned ranking, ranking data sources, "show more" and duplicate names, with a
/// manual time source (no sleeping). Expected orders are worked by hand from the ranking rules:
/// route, then tier, then context, then pick weight (1 per pick, halved every 14 days), then
/// score, then the data source's order.
@MainActor
struct MentionManagerRankingTests {
  /// For query "an", all three match at the prefix tier (handle "ana", handle "anders", name
  /// "Ana Silva"), so without signals they keep this order.
  let people: [MentionItem] = [
    .person("A1", "ana", "Ana Silva"),
    .person("A2", "anders", "Anders Berg"),
    .person("A3", "asilva", "Ana Silva"),
  ]

  func list(_ manager: MentionManager, for text: String) async throws -> MentionSuggestions {
    manager.setText(text)
    let arrived = await eventually {
      manager.currentSuggestions?.query.text == String(text.dropFirst())
    }
    #expect(arrived, "no list for \(text)")
    return try #require(manager.currentSuggestions)
  }

  @Test func aPickMovesUpAndForgettingMovesItBack() async throws {
    let time = ManualTime(1_000)
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: people), clock: ManualClock(),
      now: time.source)
    #expect(try await list(manager, for: "@an").items.map(\.id) == ["A1", "A2", "A3"])
    #expect(manager.accept(at: 2))
    #expect(manager.draft.text == "@asilva ")
    #expect(manager.history.weight(of: "A3", at: 1_000) == 1)

    let learned = try await list(manager, for: "@an")
    #expect(learned.items.map(\.id) == ["A3", "A1", "A2"])
    #expect(learned.matches.map(\.frecency) == [1, 0, 0])
    #expect(learned.matches.map(\.tier) == [.prefix, .prefix, .prefix])

    // One half-life later the weight is 0.5: still first.
    time.now = 1_000 + 14 * 86_400
    manager.setText("")
    let decayed = try await list(manager, for: "@an")
    #expect(decayed.matches.map(\.frecency) == [0.5, 0, 0])

    manager.forget(id: "A3")
    manager.setText("")
    #expect(try await list(manager, for: "@an").items.map(\.id) == ["A1", "A2", "A3"])
  }

  @Test func contextRanksAboveHistoryButNotAboveABetterTier() async throws {
    let time = ManualTime(50)
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: people), clock: ManualClock(),
      now: time.source)
    var history = PickHistory()
    history.record("A3", at: 50)
    manager.history = history
    manager.context = ["A2"]
    let ranked = try await list(manager, for: "@an")
    #expect(ranked.items.map(\.id) == ["A2", "A3", "A1"])
    #expect(ranked.matches.map(\.isInContext) == [true, false, false])

    // "ana" is A1's whole handle (exact), the others are prefixes: the tier wins.
    manager.setText("")
    let exact = try await list(manager, for: "@ana")
    #expect(exact.items.map(\.id) == ["A1", "A3"])
    #expect(exact.matches.map(\.tier) == [.exact, .prefix])
  }

  @Test func theHistoryIsAValueToPersistAndRestore() async throws {
    let time = ManualTime(7)
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: people), clock: ManualClock(),
      now: time.source)
    _ = try await list(manager, for: "@an")
    #expect(manager.accept(at: 1))
    #expect(manager.history.allEntries == [PickHistory.Entry(id: "A2", weight: 1, time: 7)])

    let restored = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: people), clock: ManualClock(),
      now: time.source)
    restored.history = manager.history
    #expect(try await list(restored, for: "@an").items.map(\.id) == ["A2", "A1", "A3"])
  }

  @Test func aRankingSourcesMatchesPassThroughUnchanged() async throws {
    let jose = MentionItem.person("U1", "jose", "José Álvarez")
    let wang = MentionItem.person("U2", "wang.fang", "王芳")
    let scripted: [MentionMatch] = [
      MentionMatch(item: wang, tier: .prefix, route: .transliterated(spelling: "wangfang")),
      MentionMatch(item: jose, tier: .prefix, route: .typo(key: "jose")),
    ]
    let source = PagedSource { _ in scripted }
    let time = ManualTime(42)
    let manager = MentionManager(
      triggers: [.mention], dataSource: source, clock: ManualClock(), now: time.source)
    manager.context = ["U1"]
    let list = try await list(manager, for: "@wangf")
    #expect(list.matches == scripted)
    #expect(source.rankings == [MentionRanking(context: ["U1"], now: 42)])

    // The same items from a plain data source go through the literal filter: neither matches.
    let plain = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: [jose, wang]),
      clock: ManualClock(), now: time.source)
    let filtered = try await self.list(plain, for: "@wangf")
    #expect(filtered.matches.isEmpty)
    #expect(!filtered.hasMore)
  }

  @Test func showMoreAppendsPagesInOrder() async throws {
    var trigger = Trigger.mention
    trigger.resultLimit = 2
    let items = (1...5).map { MentionItem.person("P\($0)", "p\($0)", "P \($0)") }
    let source = PagedSource { _ in items.map { MentionMatch(item: $0, tier: .prefix) } }
    let manager = MentionManager(triggers: [trigger], dataSource: source, clock: ManualClock())
    let first = try await list(manager, for: "@p")
    #expect(first.items.map(\.id) == ["P1", "P2"])
    #expect(first.hasMore)

    #expect(manager.showMore())
    #expect(await eventually { manager.currentSuggestions?.matches.count == 4 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P1", "P2", "P3", "P4"])
    #expect(manager.currentSuggestions?.highlightedIndex == 0)
    #expect(manager.showMore())
    #expect(await eventually { manager.currentSuggestions?.matches.count == 5 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P1", "P2", "P3", "P4", "P5"])
    #expect(manager.currentSuggestions?.hasMore == false)
    #expect(!manager.showMore())
    #expect(source.offsets == [nil, 2, 4])
  }

  @Test func aPageForASupersededQueryIsNeverAppended() async throws {
    var trigger = Trigger.mention
    trigger.resultLimit = 2
    let items = (1...5).map { MentionItem.person("P\($0)", "p\($0)", "P \($0)") }
    let gate = Gate()
    let source = PagedSource(laterPages: gate) { query in
      items.filter { $0.insertionText.hasPrefix(query.text) }
        .map { MentionMatch(item: $0, tier: .prefix) }
    }
    let manager = MentionManager(triggers: [trigger], dataSource: source, clock: ManualClock())
    _ = try await list(manager, for: "@p")
    #expect(manager.showMore())
    #expect(!manager.showMore(), "a second page while one is on its way")
    #expect(await eventually { source.offsets == [nil, 2] })
    manager.setText("")
    let next = try await list(manager, for: "@p1")
    #expect(next.items.map(\.id) == ["P1"])
    gate.open()
    #expect(await eventually { manager.liveTasks.value == 0 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P1"])
  }

  @Test func aPlainSourceHasNoMore() async throws {
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: people), clock: ManualClock())
    #expect(try await list(manager, for: "@an").hasMore == false)
    #expect(!manager.showMore())
  }

  @Test func duplicateNamesNeedTheirHandlesAndResolveToTheirIDs() async throws {
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: people), clock: ManualClock())
    let list = try await list(manager, for: "@an")
    #expect(list.items.map(\.displayText) == ["Ana Silva", "Anders Berg", "Ana Silva"])
    #expect((0..<4).map { list.needsHandle(at: $0) } == [true, false, true, false])
    #expect(manager.accept(at: 2))
    let message = manager.send()
    #expect(message.text == "@asilva ")
    #expect(message.entities.map(\.resolution) == [.resolved(people[2])])
  }
}

/// The list's side of "show more".
struct SuggestionListPagingTests {
  /// A page repeating an item already listed, or an item twice, adds each id once, after the
  /// rows already shown, and the highlight stays where it was.
  @Test func appendingAddsEachIDOnceAndKeepsTheHighlight() throws {
    let query = try #require(MentionQuery(in: "@a", triggers: [.mention]))
    let (a, b, c) = (
      MentionItem.person("A", "a", "A"), MentionItem.person("B", "b", "B"),
      MentionItem.person("C", "c", "C")
    )
    var list = SuggestionList()
    list.update(query: query, matches: [a, b].map { MentionMatch(item: $0, tier: .prefix) })
    let moved = list.highlightNext()
    #expect(moved)
    list.append([b, c, c].map { MentionMatch(item: $0, tier: .wordPrefix) })
    #expect(list.items.map(\.id) == ["A", "B", "C"])
    #expect(list.matches.map(\.tier) == [.prefix, .prefix, .wordPrefix])
    #expect(list.highlightedIndex == 1)
  }
}
