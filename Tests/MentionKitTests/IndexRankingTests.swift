import Testing
import ToolSupport

@testable import MentionKit

/// Ranking signals in the index: the context, then the pick history, within a route and tier.
struct IndexRankingTests {
  static let day = 86_400.0
  static let people = [
    MentionItem(id: "A0", insertionText: "ann", displayText: "Ann Lee"),
    MentionItem(id: "A1", insertionText: "anna", displayText: "Anna Berg"),
    MentionItem(id: "A2", insertionText: "anne", displayText: "Anne Roe"),
    MentionItem(id: "A3", insertionText: "anni", displayText: "Anni Moe"),
    MentionItem(id: "B1", insertionText: "bob", displayText: "Bob Annan"),
  ]

  @Test func contextRanksAboveHistoryWithinATier() {
    let index = MentionIndex(Self.people)
    var history = PickHistory(halfLife: Self.day)
    history.record("A2", at: 0)
    history.record("B1", at: 0)
    let ranking = MentionRanking(context: ["A3"], history: history, now: Self.day)
    let found = index.matches(for: "ann", limit: 5, ranking: ranking)
    // A0 is exact; A3 (context), A2 (history) then A1 are prefixes; B1 a word prefix.
    #expect(found.map(\.item.id) == ["A0", "A3", "A2", "A1", "B1"])
    #expect(found.map(\.isInContext) == [false, true, false, false, false])
    // One pick, one half-life ago.
    #expect(found.map(\.frecency) == [0, 0, 0.5, 0, 0.5])
    // Without signals: score, then insertion order.
    #expect(index.matches(for: "ann", limit: 5).map(\.item.id) == ["A0", "A1", "A2", "A3", "B1"])
  }

  @Test func signalsNeverCrossARouteOrATier() {
    let index = MentionIndex(Self.people)
    let ranking = MentionRanking(context: ["B1", "A0"])
    #expect(
      index.matches(for: "anna", limit: 5, ranking: ranking).map(\.item.id) == [
        "A1", "B1", "A0", "A2", "A3",
      ])
  }

  @Test func forgettingAnItemRestoresItsRank() {
    let index = MentionIndex(Self.people)
    let plain = index.matches(for: "an", limit: 5)
    var history = PickHistory()
    history.record("A3", at: 10)
    history.record("A3", at: 20)
    let learned = index.matches(
      for: "an", limit: 5, ranking: MentionRanking(history: history, now: 30))
    #expect(learned.map(\.item.id) == ["A3", "A0", "A1", "A2", "B1"])
    history.forget("A3")
    #expect(index.matches(for: "an", limit: 5, ranking: MentionRanking(history: history)) == plain)
  }

  @Test func frecencyDecaysToNothing() {
    let index = MentionIndex(Self.people)
    var history = PickHistory(halfLife: Self.day)
    history.record("A3", at: 0)
    let plain = index.matches(for: "an", limit: 5)
    // 2^-10 is still the negligible weight; 2^-11 is below it.
    let tenHalfLives = index.matches(
      for: "an", limit: 5, ranking: MentionRanking(history: history, now: 10 * Self.day))
    #expect(tenHalfLives.first?.item.id == "A3")
    #expect(tenHalfLives.first?.frecency == PickHistory.negligibleWeight)
    let later = index.matches(
      for: "an", limit: 5, ranking: MentionRanking(history: history, now: 11 * Self.day))
    #expect(later == plain)
  }

  /// Boosted items are checked one by one and merged with the base's top results: with many
  /// boosted items, pending ones and removals, the result is still the best `limit`, with no
  /// duplicate, and it agrees with sorting everything by the documented rule.
  @Test func boostedItemsMergeWithTheBase() {
    let items = MentionIndexTests.makeItems(count: 800, seed: 21)
    let index = MentionIndex(items, compactionThreshold: 10_000)
    var random = SplitMix64(seed: 22)
    var history = PickHistory(halfLife: Self.day)
    for _ in 0..<120 {
      history.record(
        items.randomElement(using: &random)!.id,
        at: Double.random(in: 0..<5, using: &random) * Self.day)
    }
    let context = Set((0..<40).map { _ in items.randomElement(using: &random)!.id })
    for i in 0..<30 { index.remove(id: "U\(i * 7)") }
    for i in 0..<30 {
      index.add(MentionItem(id: "N\(i)", insertionText: "ann\(i)", displayText: "Zoë Anna \(i)"))
    }
    let ranking = MentionRanking(context: context, history: history, now: 6 * Self.day)
    let unlimited = 5_000
    for query in MentionIndexTests.queries(for: items, seed: 23) {
      let all = index.matches(for: query, limit: unlimited, ranking: ranking)
      #expect(Set(all.map(\.item.id)).count == all.count, "query \(query)")
      for limit in [1, 4, 12] {
        #expect(
          index.matches(for: query, limit: limit, ranking: ranking) == Array(all.prefix(limit)),
          "query \(query) limit \(limit)")
      }
      // Within a route and tier, context then frecency order the items.
      for (lhs, rhs) in zip(all, all.dropFirst())
      where lhs.route == rhs.route && lhs.tier == rhs.tier {
        #expect(lhs.isInContext || !rhs.isInContext, "query \(query)")
        if lhs.isInContext == rhs.isInContext {
          #expect(lhs.frecency >= rhs.frecency, "query \(query)")
        }
      }
    }
  }
}
