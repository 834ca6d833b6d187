import Testing
import ToolSupport

@testable import MentionKit

/// Pages of matches: their concatenation is one big request.
struct IndexPagingTests {
  /// Pages until `next` is nil.
  static func allPages(
    _ index: MentionIndex, _ query: String, size: Int, ranking: MentionRanking
  ) -> [MentionMatch] {
    var found: [MentionMatch] = []
    var next: MentionIndex.Continuation?
    repeat {
      let page = index.page(for: query, limit: size, ranking: ranking, after: next)
      #expect(page.matches.count == size || page.next == nil, "query \(query)")
      found += page.matches
      next = page.next
    } while next != nil && found.count < 10_000
    return found
  }

  @Test(arguments: [1, 3, 8]) func pagesConcatenateToOneRequest(size: Int) {
    let items = MentionIndexTests.makeItems(count: 700, seed: 31)
    let index = MentionIndex(items, compactionThreshold: 10_000)
    var random = SplitMix64(seed: 32)
    var history = PickHistory()
    for _ in 0..<60 { history.record(items.randomElement(using: &random)!.id, at: 1) }
    for i in 0..<20 { index.remove(id: "U\(i * 11)") }
    for i in 0..<20 {
      index.add(
        MentionItem(id: "N\(i)", insertionText: "soren\(i)", displayText: "Björn Lang \(i)"))
    }
    let context = Set((0..<20).map { _ in items.randomElement(using: &random)!.id })
    let signals = [
      MentionRanking(), MentionRanking(context: context, history: history, now: 2),
    ]
    var queries = MentionIndexTests.queries(for: items, seed: 33).filter { !$0.isEmpty }
    queries += ["bjoern", "soeren", "lanister", "smiht", "nowka", "josee", "alvarex"]
    for ranking in signals {
      for query in queries.prefix(45) {
        let whole = index.matches(for: query, limit: 10_000, ranking: ranking)
        let paged = Self.allPages(index, query, size: size, ranking: ranking)
        #expect(paged == whole, "query \(query) size \(size)")
      }
    }
  }

  /// A query with more matches than the precomputed lists of common prefixes hold (64).
  @Test func pagesPastThePrecomputedLists() {
    let items = (0..<3_000).map {
      MentionItem(
        id: "U\($0)", insertionText: "a\($0)", displayText: "Al \($0)", score: Double($0 % 5))
    }
    let index = MentionIndex(items)
    let whole = index.matches(for: "a", limit: 10_000)
    #expect(whole.count == 3_000)
    #expect(Self.allPages(index, "a", size: 50, ranking: MentionRanking()) == whole)
    #expect(Self.allPages(index, "", size: 700, ranking: MentionRanking()).count == 3_000)
  }

  @Test func aContinuationOfAnotherQueryStartsOver() {
    let index = MentionIndex(IndexRankingTests.people)
    let first = index.page(for: "an", limit: 2)
    #expect(first.next != nil)
    let other = index.page(for: "bo", limit: 2, after: first.next)
    #expect(other == index.page(for: "bo", limit: 2))
    // The same query folded the same way continues.
    let more = index.page(for: "AN", limit: 2, after: first.next)
    #expect(more.matches.map(\.item.id) == ["A2", "A3"])
  }

  @Test func theLastPageHasNoContinuation() {
    let index = MentionIndex(IndexRankingTests.people)
    let page = index.page(for: "bob", limit: 5)
    #expect(page.matches.map(\.item.id) == ["B1"])
    #expect(page.next == nil)
    #expect(index.page(for: "an", limit: 0) == MentionIndex.Page(matches: [], next: nil))
  }
}
