import Testing

@testable import MentionKit

/// `MentionIndex(_:progress:)` reports the build's progress as documented: from 0, never
/// decreasing, about every 8,192 items while folding, ending at exactly 1.
struct MentionIndexProgressTests {
  @Test func progressRisesFromZeroToOne() {
    let items = (0..<20_000).map {
      MentionItem(id: "U\($0)", insertionText: "user\($0)", displayText: "User \($0)")
    }
    var reported: [Double] = []
    let index = MentionIndex(items) { reported.append($0) }
    #expect(index.count == 20_000)
    #expect(reported.first == 0)
    #expect(reported.last == 1)
    #expect(zip(reported, reported.dropFirst()).allSatisfy { $0 <= $1 })
    // 20,000 items: folding reports after items 8,192 and 16,384 (0.2048 and 0.4096), then
    // the sort (0.85) and the end: 0, 0.2048, 0.4096, 0.85, 1.
    #expect(reported == [0, 0.2048, 0.4096, 0.85, 1])
  }

  @Test func anEmptyIndexStillFinishes() {
    var reported: [Double] = []
    _ = MentionIndex([]) { reported.append($0) }
    #expect(reported == [0, 0.85, 1])
  }
}
