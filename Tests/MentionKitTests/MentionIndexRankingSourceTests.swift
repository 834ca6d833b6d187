import Testing

@testable import MentionKit

/// `MentionIndex` as a `RankingDataSource`: pages in the index's order, each match carrying the
/// ranking's signals. For query "p", the five items match
/// at the prefix tier with score 0, so they rank in insertion order; P1 is in the context (and
/// first anyway), P2 has one pick at the ranking's time (weight 1, second anyway).
struct MentionIndexRankingSourceTests {
  let items = (1...5).map { MentionItem.person("P\($0)", "p\($0)", "P \($0)") }

  @Test func pagesThroughTheMatchesInOrder() async throws {
    let index = MentionIndex(items)
    let query = try #require(MentionQuery(in: "@p", triggers: [.mention]))
    var history = PickHistory()
    history.record("P2", at: 100)
    let ranking = MentionRanking(context: ["P1"], history: history, now: 100)

    let first = try await index.page(for: query, limit: 2, ranking: ranking, after: nil)
    #expect(first.matches.map(\.item.id) == ["P1", "P2"])
    #expect(first.matches.map(\.isInContext) == [true, false])
    #expect(first.matches.map(\.frecency) == [0, 1])
    #expect(first.continuation != nil)

    let second = try await index.page(
      for: query, limit: 2, ranking: ranking, after: first.continuation)
    #expect(second.matches.map(\.item.id) == ["P3", "P4"])
    #expect(second.continuation != nil)

    let last = try await index.page(
      for: query, limit: 2, ranking: ranking, after: second.continuation)
    #expect(last.matches.map(\.item.id) == ["P5"])
    #expect(last.continuation == nil)
  }

  @Test func aManagerOverAnIndexShowsMore() async throws {
    var trigger = Trigger.mention
    trigger.resultLimit = 3
    let manager = MentionManager(
      triggers: [trigger], dataSource: MentionIndex(items), clock: ManualClock())
    manager.setText("@p")
    #expect(await eventually { manager.currentSuggestions?.matches.count == 3 })
    #expect(manager.currentSuggestions?.hasMore == true)
    #expect(manager.showMore())
    #expect(await eventually { manager.currentSuggestions?.matches.count == 5 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P1", "P2", "P3", "P4", "P5"])
    #expect(manager.currentSuggestions?.hasMore == false)
  }
}

/// "Show more" while the clock moves: every page of a query ranks at the first page's time.
/// With a 14-day half-life, at day 14 P3 (picked at day 14) weighs 1 and P4 (picked at day 0)
/// 0.5, so the order is P3, P4, then P1, P2, P5 without picks. At day 28 the weights are 0.5
/// and 0.25: a second page ranked then would place P3 before the first page's end (P4 at 0.5)
/// and P4 after it, repeating P4.
@MainActor
struct MentionIndexShowMoreClockTests {
  @Test func laterPagesRankAtTheFirstPagesTime() async throws {
    let day = 86_400.0
    let items = (1...5).map { MentionItem.person("P\($0)", "p\($0)", "P \($0)") }
    var trigger = Trigger.mention
    trigger.resultLimit = 2
    let time = ManualTime(14 * day)
    let manager = MentionManager(
      triggers: [trigger], dataSource: MentionIndex(items), clock: ManualClock(),
      now: time.source)
    var history = PickHistory()
    history.record("P4", at: 0)
    history.record("P3", at: 14 * day)
    manager.history = history
    manager.setText("@p")
    #expect(await eventually { manager.currentSuggestions?.matches.count == 2 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P3", "P4"])

    time.now = 28 * day
    #expect(manager.showMore())
    #expect(await eventually { manager.currentSuggestions?.matches.count == 4 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P3", "P4", "P1", "P2"])
    time.now = 42 * day
    #expect(manager.showMore())
    #expect(await eventually { manager.currentSuggestions?.matches.count == 5 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["P3", "P4", "P1", "P2", "P5"])
    #expect(manager.currentSuggestions?.hasMore == false)
  }
}
