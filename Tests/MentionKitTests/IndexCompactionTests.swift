import Testing

@testable import MentionKit

/// Compactions between searches: ranking signals and continuations still name the right items.
struct IndexCompactionTests {
  /// Z1, then P1…P5 (handles "p1"…"p5", equal scores): query "p" lists P1…P5 in insertion
  /// order. Page 1 ends at P2; removing Z1 and compacting must not shift where page 2 starts.
  @Test func aCompactionBetweenPagesSkipsNothing() {
    let items =
      [MentionItem(id: "Z1", insertionText: "z1", displayText: "Z 1")]
      + (1...5).map { MentionItem(id: "P\($0)", insertionText: "p\($0)", displayText: "P \($0)") }
    let index = MentionIndex(items, compactionThreshold: 100)
    let first = index.page(for: "p", limit: 2)
    #expect(first.matches.map(\.item.id) == ["P1", "P2"])
    index.remove(id: "Z1")
    index.compact()
    let second = index.page(for: "p", limit: 2, after: first.next)
    #expect(second.matches.map(\.item.id) == ["P3", "P4"])
    // An item added after the compaction comes last, after the ones kept.
    index.add(MentionItem(id: "P6", insertionText: "p6", displayText: "P 6"))
    index.compact()
    let third = index.page(for: "p", limit: 2, after: second.next)
    #expect(third.matches.map(\.item.id) == ["P5", "P6"])
    #expect(third.next == nil)
  }

  /// A context item read from a base, then compactions that free that base and build smaller
  /// ones (which may reuse its memory): the item is still found, at its new place. "T" (handle
  /// "ab") is the only item query "ab" matches.
  @Test func aContextItemIsReadAgainAfterCompactions() {
    let fillers = (0..<40).map {
      MentionItem(id: "F\($0)", insertionText: "x\($0)", displayText: "X \($0)")
    }
    let target = MentionItem(id: "T", insertionText: "ab", displayText: "A B")
    let index = MentionIndex(fillers + [target], compactionThreshold: 1_000)
    let ranking = MentionRanking(context: ["T"])
    for round in 0..<8 {
      let found = index.matches(for: "ab", limit: 4, ranking: ranking)
      #expect(found.map(\.item.id) == ["T"], "round \(round)")
      #expect(found.map(\.isInContext) == [true], "round \(round)")
      // Drop five fillers before T, so T's place in the next base moves down.
      for i in (round * 5)..<(round * 5 + 5) { index.remove(id: "F\(i)") }
      index.compact()
    }
    #expect(index.matches(for: "ab", limit: 4, ranking: ranking).map(\.item.id) == ["T"])
  }
}
