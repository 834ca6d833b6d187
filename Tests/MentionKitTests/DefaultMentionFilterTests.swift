import Testing

@testable import MentionKit

struct DefaultMentionFilterTests {
  func query(_ text: String, trigger: Trigger = .mention) -> MentionQuery {
    TriggerDetector(triggers: [trigger]).detect(in: trigger.delimiter + text)!
  }

  func ids(_ text: String, in items: [MentionItem] = sampleDirectory, limit: Int? = nil)
    -> [String]
  {
    DefaultMentionFilter(limit: limit)
      .matches(in: items, for: query(text), ranking: MentionRanking()).map(\.item.id)
  }

  @Test(arguments: [
    ("jose", "U1"), ("JOSE", "U1"), ("álvarez", "U1"), ("alvarez", "U1"),
    ("zoe", "U2"), ("zoë", "U2"), ("lukasz", "U3"), ("łukasz", "U3"), ("nowak", "U3"),
    ("lann", "U4"), ("ayse", "U6"), ("yilmaz", "U6"), ("istanbul", "U7"),
    ("jose\u{301}", "U1"), ("josé", "U1"), ("ＪＯＳＥ", "U1"),
  ])
  func foldsCaseDiacriticsAndWidth(_ text: String, _ expected: String) {
    #expect(ids(text).first == expected, "\(text)")
  }

  @Test func decomposedAndPrecomposedAreEqual() {
    let composed = MentionItem.person("A", "rene", "René")
    let decomposed = MentionItem.person("B", "rene2", "Rene\u{301}")
    #expect(ids("rené", in: [composed, decomposed]) == ["A", "B"])
    #expect(ids("rene\u{301}", in: [composed, decomposed]) == ["A", "B"])
  }

  @Test func ranksExactThenPrefixThenWordPrefixThenSubstring() {
    let items: [MentionItem] = [
      .person("substring", "xjonx", "X"),
      .person("word", "snow", "Ann Jon"),
      .person("prefix", "jonas", "Jonas"),
      .person("exact", "jon", "Jon Snow"),
    ]
    #expect(ids("jon", in: items) == ["exact", "prefix", "word", "substring"])
  }

  @Test func scoreBreaksTiesWithinATierAndOrderBreaksTheRest() {
    let items: [MentionItem] = [
      .person("a", "anna", "Anna", score: 1),
      .person("b", "annie", "Annie", score: 5),
      .person("c", "ann", "Ann B"),
      .person("d", "annabel", "Annabel", score: 1),
    ]
    #expect(ids("an", in: items) == ["b", "a", "d", "c"])
  }

  @Test func dedupesByIDKeepingTheBestEntry() {
    let items: [MentionItem] = [
      .person("x", "mary", "Mary Jo"),
      .person("x", "jo", "Jo"),
      .person("y", "joan", "Joan"),
    ]
    #expect(ids("jo", in: items) == ["x", "y"])
  }

  @Test func appliesTheTriggerLimitOrItsOwn() {
    let many = (0..<100).map { MentionItem.person("U\($0)", "user\($0)", "User \($0)") }
    #expect(ids("user", in: many).count == Trigger.mention.resultLimit)
    #expect(ids("user", in: many, limit: 3) == ["U0", "U1", "U2"])
  }

  @Test func emptyQueryKeepsEverythingInOrder() {
    #expect(ids("", limit: 100) == sampleDirectory.map(\.id))
  }

  @Test func searchTermsMatch() {
    let item = MentionItem(
      id: "E1", insertionText: "smile", displayText: "😄", searchTerms: ["happy", "joy"])
    #expect(ids("joy", in: [item]) == ["E1"])
    #expect(ids("hap", in: [item]) == ["E1"])
    #expect(ids("sad", in: [item]).isEmpty)
  }

  @Test func cjkAndCyrillicMatch() {
    let items: [MentionItem] = [
      .person("ja", "tanaka", "田中 太郎"),
      .person("ru", "zhanna", "Жанна Ёлкина"),
      .person("el", "zoi", "Ζωή Παππά"),
    ]
    #expect(ids("田中", in: items) == ["ja"])
    #expect(ids("太郎", in: items) == ["ja"])
    #expect(ids("жанна", in: items) == ["ru"])
    #expect(ids("ζωη", in: items) == ["el"])
  }

  /// A filter of the app's own that keeps only ids starting with "U2".
  struct OnlyU2: MentionFilter {
    func matches(in items: [MentionItem], for query: MentionQuery, ranking: MentionRanking)
      -> [MentionMatch]
    {
      items.filter { $0.id.hasPrefix("U2") }.map { MentionMatch(item: $0, tier: .substring) }
    }
  }

  @Test func aCustomFilterReplacesTheDefault() async throws {
    let onlyZ = OnlyU2()
    let manager = MentionManager(
      triggers: [.mention], dataSource: InMemoryDataSource(items: sampleDirectory), filter: onlyZ)
    let suggestions = try #require(try await manager.suggestions(for: "@"))
    #expect(suggestions.items.map(\.id) == ["U2"])
  }
}
