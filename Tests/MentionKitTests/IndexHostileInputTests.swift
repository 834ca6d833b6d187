import Testing

@testable import MentionKit

/// Limits, queries and fields at the extremes: the index neither traps nor takes long.
/// Expected results are worked by hand from the ranking rules (tier, score, insertion order).
struct IndexHostileInputTests {
  /// Handles "ab", "abc", "b": query "a" matches the first two at the prefix tier.
  static let items: [MentionItem] = [
    MentionItem(id: "U1", insertionText: "ab", displayText: "Ab"),
    MentionItem(id: "U2", insertionText: "abc", displayText: "Abc"),
    MentionItem(id: "U3", insertionText: "b", displayText: "B"),
  ]

  @Test func theLargestLimitReturnsEveryMatch() {
    let index = MentionIndex(Self.items)
    #expect(index.matches(for: "a", limit: .max).map(\.item.id) == ["U1", "U2"])
    let ranked = index.matches(for: "a", limit: .max, ranking: MentionRanking(context: ["U2"]))
    #expect(ranked.map(\.item.id) == ["U2", "U1"])
    let page = index.page(for: "a", limit: .max)
    #expect(page.matches.map(\.item.id) == ["U1", "U2"])
    #expect(page.next == nil)
    let rankedPage = index.page(
      for: "a", limit: .max, ranking: MentionRanking(context: ["U1"]))
    #expect(rankedPage.matches.map(\.item.id) == ["U1", "U2"])
    // Typo search too: "abcd" is one deletion from "abc" (and "ab" is a prefix of nothing).
    #expect(index.matches(for: "abdc", limit: .max).map(\.item.id) == ["U2"])
  }

  @Test func aTriggerWithTheLargestLimitFetchesFromTheIndex() async throws {
    let index = MentionIndex(Self.items)
    var trigger = Trigger.mention
    trigger.resultLimit = .max
    let query = MentionQuery(text: "a", trigger: trigger)
    #expect(try await index.items(for: query).map(\.id) == ["U1", "U2"])
  }

  @Test func aManagerWithTheLargestLimitPagesTheIndex() async throws {
    var trigger = Trigger.mention
    trigger.resultLimit = .max
    let manager = MentionManager(
      triggers: [trigger], dataSource: MentionIndex(Self.items), clock: ManualClock())
    manager.setText("@a")
    #expect(await eventually { manager.currentSuggestions?.matches.count == 2 })
    #expect(manager.currentSuggestions?.items.map(\.id) == ["U1", "U2"])
    #expect(manager.currentSuggestions?.hasMore == false)
  }

  /// A 10,000,000-character query against keys that share at most two scalars with it: the
  /// typo search stops once no key starts with the query's first scalars. One edit of "qqqq…"
  /// cannot reach "qa" or "qqb" (they are far shorter), so nothing matches.
  @Test func aHugeQueryEndsTheTypoSearchEarly() {
    let index = MentionIndex([
      MentionItem(id: "U1", insertionText: "qa", displayText: "Qa"),
      MentionItem(id: "U2", insertionText: "qqb", displayText: "Qqb"),
    ])
    let query = String(repeating: "q", count: 10_000_000)
    #expect(index.matches(for: query, limit: 8).isEmpty)
    #expect(index.page(for: query, limit: 8).matches.isEmpty)
  }

  /// Pending items, one in the context, whose display name has 100,000 words: each word start
  /// reads only as many scalars as a one-edit match can use. "abcd" is one substitution from
  /// the handle "abce" (the whole handle: the exact tier), and from no word "a".
  @Test func aHugeFieldIsReadOnlyAsFarAsATypoReaches() {
    let name = String(repeating: "a ", count: 100_000)
    let index = MentionIndex(compactionThreshold: 10)
    index.add(MentionItem(id: "P1", insertionText: "abce", displayText: name))
    index.add(MentionItem(id: "B1", insertionText: "abcf", displayText: name))
    let found = index.matches(for: "abcd", limit: 8, ranking: MentionRanking(context: ["B1"]))
    #expect(found.map(\.item.id) == ["B1", "P1"])
    #expect(found.map(\.route) == [.typo(key: "abcf"), .typo(key: "abce")])
    #expect(found.map(\.tier) == [.exact, .exact])
  }

  /// A 100,000-character query one substitution from a pending item's handle: the distance
  /// table is a band of three rows, not 100,000 squared cells.
  @Test func aHugeTypoQueryNeedsNoQuadraticTable() {
    let index = MentionIndex(compactionThreshold: 10)
    let handle = String(repeating: "q", count: 99_999) + "r"
    index.add(MentionItem(id: "P1", insertionText: handle, displayText: "P"))
    let found = index.matches(for: String(repeating: "q", count: 100_000), limit: 8)
    #expect(found.map(\.item.id) == ["P1"])
    #expect(found.map(\.tier) == [.exact])
  }

  /// One-edit distances worked by hand, including keys far longer and shorter than the query.
  @Test func oneEditMatchesTheHandWorkedDistances() {
    func check(_ query: String, _ key: String) -> Bool? {
      ItemMatcher.oneEdit(Array(query.unicodeScalars), Array(key.unicodeScalars))
    }
    #expect(check("john", "john") == true)
    #expect(check("jhon", "john") == true)  // transposition
    #expect(check("jon", "john") == true)  // insertion
    #expect(check("johnn", "john") == true)  // deletion
    #expect(check("jahn", "john") == true)  // substitution
    #expect(check("john", "johnathan") == false)  // a prefix within one edit, not the whole key
    #expect(check("jxhx", "john") == nil)  // two substitutions
    #expect(check("johnxyz", "jo") == nil)  // five deletions
    #expect(check("xohn", "john") == nil)  // the first scalar differs
  }
}
