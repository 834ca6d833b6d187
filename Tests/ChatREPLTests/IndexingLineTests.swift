import Testing

@testable import ChatREPLCore

/// The indexing progress line: whole percents on one redrawn line on a terminal, plain lines
/// elsewhere. Expected texts are written out by hand.
struct IndexingLineTests {
  @Test func countsUpInWholePercentOnATerminal() {
    let line = IndexingLine(users: 1_000_000, isTerminal: true)
    #expect(line.started == "indexing 1,000,000 users for completion… 0%")
    var shown = 0
    #expect(line.update(0.004, shown: &shown) == nil)  // still 0 %
    #expect(
      line.update(0.4267, shown: &shown)
        == "\r\u{1B}[Kindexing 1,000,000 users for completion… 42%")
    #expect(shown == 42)
    #expect(line.update(0.425, shown: &shown) == nil)  // never backwards
    #expect(line.update(.nan, shown: &shown) == nil)
    #expect(
      line.update(1, shown: &shown) == "\r\u{1B}[Kindexing 1,000,000 users for completion… 100%")
    #expect(line.finished(seconds: 2.5) == "\r\u{1B}[Kindexed in 2.5 s\n")
  }

  @Test func plainLinesElsewhere() {
    let line = IndexingLine(users: 120_000, isTerminal: false)
    #expect(line.started == "indexing 120,000 users for completion…\n")
    var shown = 0
    #expect(line.update(0.5, shown: &shown) == nil)
    #expect(line.finished(seconds: 1.25) == "indexed in 1.25 s\n")
  }
}
