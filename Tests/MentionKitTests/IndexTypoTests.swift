import Testing

@testable import MentionKit

/// The index's fallback to one edit: hand-worked cases.
struct IndexTypoTests {
  static let people = [
    MentionItem(id: "U1", insertionText: "john", displayText: "John Smith"),
    MentionItem(id: "U2", insertionText: "patty", displayText: "Patty Lane"),
    MentionItem(id: "U3", insertionText: "patient", displayText: "Pat Ient"),
    MentionItem(id: "U4", insertionText: "mark", displayText: "Mark Twain"),
    MentionItem(id: "U5", insertionText: "mary", displayText: "Mary Shelley"),
  ]

  /// `jhon` is `john` with two letters swapped: the whole handle is one edit away (exact).
  @Test func transpositionFindsTheKey() {
    let index = MentionIndex(Self.people)
    #expect(
      index.matches(for: "jhon", limit: 5) == [
        MentionMatch(item: Self.people[0], tier: .exact, route: .typo(key: "john"))
      ])
  }

  /// `patt` starts `patty` literally; `patient` starts with `pati`, one substitution away, and
  /// ranks after it. `pat` (Pat Ient) is `patt` with one deletion, which `patient`'s name also
  /// starts with.
  @Test func aLiteralMatchRanksAboveATypo() {
    let index = MentionIndex(Self.people)
    let found = index.matches(for: "patt", limit: 5)
    #expect(found.map(\.item.id) == ["U2", "U3"])
    // Both the handle and the name start with one edit of `patt`, at the same tier: the
    // route names one of them.
    #expect(found.first?.route == .literal)
    #expect([.typo(key: "patient"), .typo(key: "pat ient")].contains(found.last?.route))
    #expect(found.map(\.tier) == [.prefix, .prefix])
  }

  /// Typos count only when the literal matches don't fill the limit.
  @Test func aFullPageOfLiteralMatchesHasNoTypo() {
    let index = MentionIndex(Self.people)
    #expect(index.matches(for: "mark", limit: 1).map(\.item.id) == ["U4"])
    let found = index.matches(for: "mark", limit: 5)
    // `mary` is `mark` with its last letter substituted: the whole handle, exact.
    #expect(found.map(\.item.id) == ["U4", "U5"])
    #expect(found.map(\.route) == [.literal, .typo(key: "mary")])
    #expect(found.map(\.tier) == [.exact, .exact])
  }

  @Test func nonsenseFindsNothing() {
    let index = MentionIndex(Self.people)
    #expect(index.matches(for: "xqzv", limit: 5).isEmpty)
    #expect(index.matches(for: "jqzv", limit: 5).isEmpty)
  }

  /// `kohn` differs from `john` in its first letter only: no match.
  @Test func theFirstCharacterIsNeverEdited() {
    let index = MentionIndex(Self.people)
    #expect(index.matches(for: "kohn", limit: 5).isEmpty)
    #expect(index.matches(for: "ohn", limit: 5).isEmpty)
  }

  /// `jhn` is `john` less one letter, but three characters are too few for a typo; so is
  /// `jhö` (`jho` folded, `joh` swapped), whose `ö` is two bytes. `jonn` is `john` with one
  /// letter substituted.
  @Test func shortQueriesAreNeverFuzzy() {
    let index = MentionIndex(Self.people)
    #expect(index.matches(for: "jhn", limit: 5).isEmpty)
    #expect(index.matches(for: "jhö", limit: 5).isEmpty)
    #expect(index.matches(for: "jonn", limit: 5).map(\.item.id) == ["U1"])
  }

  /// Cyrillic and CJK keys: an edit is one whole scalar.
  @Test func typosInOtherScripts() {
    let sasha = MentionItem(id: "C1", insertionText: "sasha", displayText: "Александр Пушкин")
    let yamada = MentionItem(id: "J1", insertionText: "yamada", displayText: "山田太郎")
    let index = MentionIndex([sasha, yamada])
    // One deleted letter (к): the name starts with the query plus one letter.
    #expect(
      index.matches(for: "Алесандр", limit: 5) == [
        MentionMatch(item: sasha, tier: .prefix, route: .typo(key: "александр пушкин"))
      ])
    // The last character substituted: the whole name is one edit away.
    #expect(
      index.matches(for: "山田太朗", limit: 5) == [
        MentionMatch(item: yamada, tier: .exact, route: .typo(key: "山田太郎"))
      ])
    // A later word of a field: word prefix, and the key is that word on.
    #expect(
      index.matches(for: "Пушкен", limit: 5) == [
        MentionMatch(item: sasha, tier: .wordPrefix, route: .typo(key: "пушкин"))
      ])
  }

  /// Pending items get the same fallback as the built ones.
  @Test func pendingItemsMatchWithATypo() {
    let index = MentionIndex()
    for item in Self.people { index.add(item) }
    #expect(index.matches(for: "jhon", limit: 5).map(\.route) == [.typo(key: "john")])
    #expect(index.matches(for: "patt", limit: 5).map(\.item.id) == ["U2", "U3"])
    #expect(index.matches(for: "xqzv", limit: 5).isEmpty)
  }

  /// The prefix edit distance against hand-worked pairs.
  @Test func oneEditOfAPrefix() {
    func check(_ query: String, _ key: String) -> Bool? {
      ItemMatcher.oneEdit(Array(query.unicodeScalars), Array(key.unicodeScalars))
    }
    #expect(check("jhon", "john") == true)
    #expect(check("jhon", "johnny") == false)
    #expect(check("jonh", "jo") == nil)
    #expect(check("abcd", "abxd") == true)
    #expect(check("abcd", "abd") == true)
    #expect(check("abcd", "abxcd") == true)
    #expect(check("abcd", "abdc") == true)
    #expect(check("abcd", "xbcd") == nil)
    #expect(check("abcd", "acbd") == true)
    #expect(check("abcd", "badc") == nil)
    #expect(check("abcd", "abef") == nil)
  }
}
