import Testing
import ToolSupport

@testable import MentionKit

struct MentionIndexTests {
  static let firstNames = [
    "José", "Jose", "Łukasz", "Lukas", "Zoë", "Zoe", "Anna", "Ánna", "Ana", "Ann", "İsmail",
    "Ismail", "Søren", "Sören", "Björn", "Æsa", "Ольга", "Олег", "Σοφία", "Ελένη", "美咲", "김성현",
    "Mary-Jo", "O'Neil", "Ｊｏｈｎ", "Straße", "Đorđe", "Jo", "Joan", "Aa",
  ]
  static let lastNames = [
    "Álvarez", "Alvarez", "Nowak", "Wiśniewski", "Lannister", "Lang", "Yılmaz", "Øberg",
    "Иванов", "Παπαδόπουλος", "佐藤", "박", "van der Berg", "Smith", "Smithers", "Ng", "",
  ]

  /// Items with colliding names, shared prefixes, scores with ties, and search terms.
  static func makeItems(count: Int, seed: UInt64) -> [MentionItem] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { i in
      let first = firstNames.randomElement(using: &random)!
      let last = lastNames.randomElement(using: &random)!
      let name = last.isEmpty ? first : "\(first) \(last)"
      let handle = Folding.folded(first).filter(\.isLetter) + "_\(i % 97)"
      let terms = Int.random(in: 0..<4, using: &random) == 0 ? ["nick\(i % 13) x-ray"] : []
      let score = Double(Int.random(in: 0..<3, using: &random))
      return MentionItem(
        id: "U\(i)", insertionText: handle, displayText: name, searchTerms: terms, score: score)
    }
  }

  static func queries(for items: [MentionItem], seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var queries = [
      "", "a", "A", "á", "jo", "JO", "jose", "josé", "luk", "łuk", "zo", "zoë",
      "ol", "оль", "σο", "美", "김", "ｊｏ", "straße", "strasse", "van d", "van der b", "nick1",
      "x-r", "smith", "smithers", "_1", "o'n", "mary-jo", "zzz", "ism", "is", "sø", "so",
    ]
    for _ in 0..<60 {
      let item = items.randomElement(using: &random)!
      let source = [item.insertionText, item.displayText].randomElement(using: &random)!
      let words = source.split(separator: " ")
      let word = words.randomElement(using: &random).map(String.init) ?? source
      queries.append(String(word.prefix(Int.random(in: 1...max(1, word.count), using: &random))))
    }
    return queries
  }

  func expected(_ items: [MentionItem], _ text: String, limit: Int) -> [String] {
    let query =
      TriggerDetector(triggers: [.mention]).detect(in: "@" + text).flatMap {
        // The index searches the text as given, the silent marker too.
        $0.isSilent ? nil : $0
      }
      ?? MentionQuery(
        trigger: .mention, delimiter: "@", text: text, sourceText: "@" + text,
        range: text.startIndex..<text.endIndex, queryRange: text.startIndex..<text.endIndex,
        cursor: text.endIndex)
    return DefaultMentionFilter(limit: limit, matchesSubstrings: false)
      .matches(in: items, for: query, ranking: MentionRanking()).map(\.item.id)
  }

  @Test(arguments: [1, 5, 20, 100])
  func sameTopResultsAsTheDefaultFilter(limit: Int) {
    let items = Self.makeItems(count: 3000, seed: 7)
    let index = MentionIndex(items)
    for query in Self.queries(for: items, seed: UInt64(limit)) {
      #expect(
        index.matches(for: query, limit: limit).literalIDs
          == expected(items, query, limit: limit),
        "query \(query)")
    }
  }

  /// Enough items that one-letter prefixes use the precomputed lists.
  /// A NUL inside a field is no word boundary for the index, as for the default filter: "b"
  /// does not find "Ana\u{0}Bob" by its "word" "bob" (it did when the index stored NUL as a
  /// space). Built and pending items alike.
  @Test func nulInAFieldIsNoWordBoundary() {
    let items = [
      MentionItem(id: "U1", insertionText: "ana", displayText: "Ana\u{0}Bob"),
      MentionItem(id: "U2", insertionText: "bobby", displayText: "Bobby Tables"),
    ]
    let built = MentionIndex(items)
    let pending = MentionIndex()
    for item in items { pending.add(item) }
    for query in ["b", "bob", "ana", "ana\u{0}b", "Ana\u{0}Bob", "ana b"] {
      let expected = expected(items, query, limit: 5)
      #expect(
        built.matches(for: query, limit: 5).literalIDs == expected, "query \(query)")
      #expect(
        pending.matches(for: query, limit: 5).literalIDs == expected,
        "pending, query \(query)")
    }
    #expect(built.matches(for: "b", limit: 5).map(\.item).map(\.id) == ["U2"])
  }

  @Test func sameTopResultsForVeryCommonPrefixes() {
    let items = Self.makeItems(count: 12_000, seed: 11)
    let index = MentionIndex(items)
    for query in ["a", "j", "jo", "s", "л", "ол", "", "an", "ann", "ánn", "1", "_"] {
      #expect(
        index.matches(for: query, limit: 20).literalIDs
          == expected(items, query, limit: 20),
        "query \(query)")
    }
    // Removing the best items makes the index look past its precomputed lists.
    let best = index.matches(for: "a", limit: 64).map(\.item)
    for item in best { index.remove(id: item.id) }
    let remaining = items.filter { item in !best.contains { $0.id == item.id } }
    #expect(
      index.matches(for: "a", limit: 20).map(\.item).map(\.id)
        == expected(remaining, "a", limit: 20))
  }

  @Test func reportsTiers() {
    let index = MentionIndex([
      MentionItem(id: "1", insertionText: "jon", displayText: "Jon Snow"),
      MentionItem(id: "2", insertionText: "jonas", displayText: "Jonas"),
      MentionItem(id: "3", insertionText: "snow", displayText: "Ann Jon"),
      MentionItem(id: "4", insertionText: "xjonx", displayText: "X"),
      MentionItem(id: "5", insertionText: "zed", searchTerms: ["jonathan"], score: 9),
      MentionItem(id: "6", insertionText: "kit", searchTerms: ["big jon"], score: 1),
    ])
    let matches = index.matches(for: "Jon", limit: 10)
    #expect(matches.map(\.item.id) == ["1", "2", "5", "6", "3"])
    #expect(matches.map(\.tier) == [.exact, .prefix, .wordPrefix, .wordPrefix, .wordPrefix])
  }

  @Test func foldsUnicodeNamesAndQueries() {
    let index = MentionIndex([
      MentionItem(id: "1", insertionText: "lukasz", displayText: "Łukasz Żółć"),
      MentionItem(id: "2", insertionText: "ismail", displayText: "İsmail Yılmaz"),
      MentionItem(id: "3", insertionText: "soren", displayText: "Søren Ødegård"),
      MentionItem(id: "4", insertionText: "olga", displayText: "Ольга Ёлкина"),
      MentionItem(id: "5", insertionText: "misaki", displayText: "佐藤 美咲"),
      MentionItem(id: "6", insertionText: "rene", displayText: "Rene\u{301} Hœgg"),
    ])
    let cases: [(String, String)] = [
      ("luk", "1"), ("ŁUK", "1"), ("zolc", "1"), ("ZÓŁ", "1"), ("yilm", "2"),
      ("isma", "2"), ("ode", "3"), ("øde", "3"), ("елк", "4"), ("ЁЛК", "4"), ("美", "5"),
      ("佐藤", "5"), ("rené", "6"), ("hoeg", "6"), ("ｌｕｋ", "1"),
    ]
    for (query, id) in cases {
      #expect(index.matches(for: query, limit: 5).map(\.item).map(\.id) == [id], "query \(query)")
    }
    #expect(index.matches(for: "istan", limit: 5).map(\.item).isEmpty)
  }

  @Test(arguments: [3, 1000])
  func incrementalChangesMatchARebuild(compactionThreshold: Int) {
    var items = Self.makeItems(count: 800, seed: 3)
    let index = MentionIndex(items, compactionThreshold: compactionThreshold)
    var random = SplitMix64(seed: 99)
    var nextID = 10_000
    for step in 0..<200 {
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        let item = Self.makeItems(count: 1, seed: UInt64(step) + 500)[0]
        let added = MentionItem(
          id: "N\(nextID)", insertionText: item.insertionText, displayText: item.displayText,
          score: item.score)
        nextID += 1
        index.add(added)
        items.append(added)
      case 1:
        let slot = Int.random(in: 0..<items.count, using: &random)
        #expect(index.remove(id: items[slot].id)?.id == items[slot].id)
        items.remove(at: slot)
      default:
        let slot = Int.random(in: 0..<items.count, using: &random)
        var changed = items[slot]
        changed.displayText = Self.firstNames.randomElement(using: &random)! + " Updated"
        changed.score = Double(Int.random(in: 0..<3, using: &random))
        #expect(index.update(changed))
        items[slot] = changed
      }
      if step % 20 == 0 {
        #expect(index.count == items.count)
        for query in ["a", "jo", "upd", "ł", "", "smith"] {
          #expect(
            index.matches(for: query, limit: 10).literalIDs
              == expected(items, query, limit: 10),
            "step \(step) query \(query)")
        }
      }
    }
    index.compact()
    #expect(index.count == items.count)
    for query in Self.queries(for: items, seed: 5) {
      #expect(
        index.matches(for: query, limit: 10).literalIDs
          == expected(items, query, limit: 10),
        "query \(query)")
    }
  }

  @Test func addReplacesAnItemWithTheSameIDAndUpdateNeedsOne() {
    let index = MentionIndex([
      MentionItem(id: "1", insertionText: "amy"), MentionItem(id: "2", insertionText: "amos"),
      MentionItem(id: "1", insertionText: "ames"),
    ])
    #expect(index.count == 2)
    #expect(
      index.matches(for: "am", limit: 5).map(\.item).map(\.insertionText) == ["ames", "amos"])
    index.add(MentionItem(id: "2", insertionText: "amber"))
    #expect(index.count == 2)
    #expect(index.item(id: "2")?.insertionText == "amber")
    #expect(!index.update(MentionItem(id: "3", insertionText: "x")))
    #expect(index.item(id: "3") == nil)
    #expect(index.remove(id: "3") == nil)
    #expect(index.remove(id: "1")?.insertionText == "ames")
    #expect(index.matches(for: "am", limit: 5).map(\.item).map(\.id) == ["2"])
  }

  @Test func servesATriggerAsItsDataSource() async throws {
    let items = Self.makeItems(count: 500, seed: 1)
    let index = MentionIndex(items)
    var trigger = Trigger.mention
    trigger.resultLimit = 4
    let query = try #require(TriggerDetector(triggers: [trigger]).detect(in: "hi @jo"))
    let fetched = try await index.items(for: query)
    #expect(fetched.map(\.id) == expected(items, "jo", limit: 4))
    let filtered = DefaultMentionFilter().matches(
      in: fetched, for: query, ranking: MentionRanking())
    #expect(filtered.map(\.item.id) == fetched.map(\.id))
  }
}
