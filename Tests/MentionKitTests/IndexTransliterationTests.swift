import Testing
import ToolSupport

@testable import MentionKit

/// Matches through the Latin spellings the index stores for each field.
struct IndexTransliterationTests {
  static let mueller = MentionItem(id: "D1", insertionText: "hans", displayText: "Hans Müller")
  static let muller = MentionItem(id: "D2", insertionText: "mull", displayText: "Mull Er")

  @Test func aSpellingMatchesAtTheTransliteratedRoute() {
    let index = MentionIndex([Self.mueller, Self.muller])
    #expect(
      index.matches(for: "mueller", limit: 5) == [
        MentionMatch(
          item: Self.mueller, tier: .wordPrefix,
          route: .transliterated(spelling: "hans mueller"))
      ])
    // The plain fold of `ü` is `u`: literal. `mull er` (the whole name) is `muller` with a
    // space inserted: an exact typo, after it.
    #expect(
      index.matches(for: "muller", limit: 5) == [
        MentionMatch(item: Self.mueller, tier: .wordPrefix),
        MentionMatch(item: Self.muller, tier: .exact, route: .typo(key: "mull er")),
      ])
    // `mul` starts Mull's handle (prefix) and Müller's name word (word prefix): both literal.
    #expect(index.matches(for: "mul", limit: 5).map(\.item.id) == ["D2", "D1"])
  }

  /// Every literal match ranks above every transliterated one, whatever the tiers.
  @Test func literalRanksAboveTransliterated() {
    let soeren = MentionItem(id: "S1", insertionText: "søren", displayText: "Søren Kierkegaard")
    let soe = MentionItem(id: "S2", insertionText: "sam", displayText: "Sam Soe")
    let index = MentionIndex([soeren, soe])
    let found = index.matches(for: "soe", limit: 5)
    #expect(found.map(\.item.id) == ["S2", "S1"])
    #expect(found.map(\.tier) == [.wordPrefix, .prefix])
    #expect(found.map(\.route) == [.literal, .transliterated(spelling: "soeren")])
    let pending = MentionIndex()
    pending.add(soeren)
    pending.add(soe)
    #expect(pending.matches(for: "soe", limit: 5) == found)
  }

  /// Over seeded items and queries: literal matches first, then transliterated, then typos;
  /// the literal ones are exactly the reference filter's.
  @Test func routesComeInOrderAndLiteralResultsAreUnchanged() {
    let items = MentionIndexTests.makeItems(count: 1_500, seed: 11)
    let index = MentionIndex(items)
    var queries = MentionIndexTests.queries(for: items, seed: 12)
    queries += ["soeren", "bjoern", "oeberg", "aesa", "zoe", "smiht", "lanister", "nowka"]
    for query in queries {
      let found = index.matches(for: query, limit: 12)
      let order = found.map { match -> Int in
        switch match.route {
        case .literal: 0
        case .transliterated: 1
        case .typo: 2
        }
      }
      #expect(order == order.sorted(), "query \(query)")
      #expect(
        found.literalIDs == MentionIndexTests().expected(items, query, limit: 12),
        "query \(query)")
      #expect(Set(found.map(\.item.id)).count == found.count, "query \(query)")
      if found.contains(where: { $0.route != .literal }) {
        #expect(found.literalIDs.count < 12)
      }
    }
  }
}
