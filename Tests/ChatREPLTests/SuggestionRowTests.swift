import MentionKit
import Testing

@testable import ChatREPLCore

/// How a suggestion row shows the way its item matched. Expected spans are worked by hand:
/// "wangf" is not a substring of "王芳" nor of "wang.fang", and "jsoe" of neither "José Álvarez"
/// nor "jose", so no part is highlighted.
struct SuggestionRowTests {
  static let wang = MentionItem(id: "U7", insertionText: "wang.fang", displayText: "王芳")
  static let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez")

  func query(_ text: String) throws -> MentionQuery {
    try #require(MentionQuery(in: text, triggers: [.mention, .emoji]))
  }

  @Test func aTransliteratedMatchShowsItsSpelling() throws {
    let row = ChatSession.row(
      for: MentionMatch(
        item: Self.wang, tier: .prefix, route: .transliterated(spelling: "wangfang")),
      query: try query("@wangf"), isHighlighted: false, width: 80)
    #expect(
      row == [
        Frame.Span("  ", .plain), Frame.Span("王芳", .plain), Frame.Span(" · wangfang", .dim),
        Frame.Span("  ", .plain), Frame.Span("@wang.fang", .plain),
      ])
  }

  @Test func aTypoMatchIsMarkedDim() throws {
    let row = ChatSession.row(
      for: MentionMatch(item: Self.jose, tier: .prefix, route: .typo(key: "jose")),
      query: try query("@jsoe"), isHighlighted: false, width: 80)
    #expect(
      row == [
        Frame.Span("  ", .plain), Frame.Span("≈ ", .dim), Frame.Span("José Álvarez", .plain),
        Frame.Span("  ", .plain), Frame.Span("@jose", .plain),
      ])
  }

  /// A literal match has neither mark.
  @Test func aLiteralMatchHasNoMark() throws {
    let row = ChatSession.row(
      for: MentionMatch(item: Self.jose, tier: .prefix), query: try query("@jo"),
      isHighlighted: true, width: 80)
    #expect(
      row == [
        Frame.Span("› ", .selected), Frame.Span("Jo", .selectedMatch),
        Frame.Span("sé Álvarez", .selected), Frame.Span("  ", .selected),
        Frame.Span("@", .selected), Frame.Span("jo", .selectedMatch), Frame.Span("se", .selected),
      ])
  }

  /// A person's row always carries the handle, so two people with the same name differ.
  @MainActor @Test func peopleRowsShowTheirHandles() async {
    let session = SessionFixture.session()
    await session.press(.text("@jude1"))
    let lines = session.frame(columns: 80, rows: 24).plainLines
    #expect(lines.count >= 3)
    #expect(lines[1] == "› Jude 1  @jude1")
    #expect(lines[2] == "  Jude 10  @jude10")
  }
}

extension SuggestionRowTests {
  /// Items of other triggers show their handle only when another row has the same name.
  @Test func otherItemsShowTheHandleWhenTheNameIsShared() throws {
    var trigger = Trigger(name: Trigger.Name(rawValue: "ref"), delimiter: "%")
    trigger.resultLimit = 8
    let query = try #require(MentionQuery(in: "%an", triggers: [trigger]))
    let ana = MentionItem(id: "A1", insertionText: "ana.silva", displayText: "Ana Silva")
    let shared = ChatSession.row(
      for: MentionMatch(item: ana, tier: .prefix), query: query, isHighlighted: false,
      needsHandle: true, width: 80)
    #expect(
      shared == [
        Frame.Span("  ", .plain), Frame.Span("An", .match), Frame.Span("a Silva", .plain),
        Frame.Span("  ana.silva", .dim),
      ])
    let alone = ChatSession.row(
      for: MentionMatch(item: ana, tier: .prefix), query: query, isHighlighted: false,
      width: 80)
    #expect(alone.map(\.text).joined() == "  Ana Silva")
  }
}

extension SuggestionRowTests {
  /// "@jude" matches the fixture's ten Judes at the prefix tier, in file order: the first page
  /// holds eight (the session's rows), so Down on the eighth loads Jude 9 and Jude 10 and stays
  /// on Jude 8, and the next Down moves to Jude 9.
  @MainActor @Test func downOnTheLastRowLoadsMore() async throws {
    let session = SessionFixture.session()
    await session.press(.text("@jude"))
    let first = try #require(session.manager.currentSuggestions)
    #expect(first.items.map(\.id) == (1...8).map { "J\($0)" })
    #expect(first.hasMore)
    for _ in 1...7 { await session.press(.down) }
    #expect(session.manager.currentSuggestions?.highlightedIndex == 7)
    await session.press(.down)
    let more = try #require(session.manager.currentSuggestions)
    #expect(more.items.map(\.id) == (1...10).map { "J\($0)" })
    #expect(more.highlightedIndex == 7)
    #expect(!more.hasMore)
    await session.press(.down)
    #expect(session.manager.currentSuggestions?.highlightedIndex == 8)
  }
}
