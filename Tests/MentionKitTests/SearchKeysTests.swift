import Testing
import ToolSupport

@testable import MentionKit

/// ``MentionIndex/searchKeys(of:)``: the keys a database stores to find what the index finds.
struct SearchKeysTests {
  /// Worked by hand from the folding rules (Docs/Folding.md) and the word separators.
  @Test func keysOfANameWithAccentsAndSeparators() {
    let item = MentionItem(
      id: "U1", insertionText: "jose_lerma", displayText: "José Lerma-Verdú",
      searchTerms: ["Pepe"])
    let keys = MentionIndex.searchKeys(of: item)
    #expect(
      keys.map(\.key) == [
        "jose_lerma", "lerma", "jose lerma-verdu", "lerma-verdu", "verdu", "pepe",
      ])
    #expect(
      keys.map(\.exactTier) == [.exact, .wordPrefix, .exact, .wordPrefix, .wordPrefix, .exact])
    #expect(
      keys.map(\.prefixTier) == [
        .prefix, .wordPrefix, .prefix, .wordPrefix, .wordPrefix, .wordPrefix,
      ])
    // A NUL is stored as U+0001 (no database text holds U+0000) and the query folds alike.
    // The display name defaults to the handle, so the key comes twice.
    let nul = MentionIndex.searchKeys(of: MentionItem(id: "U2", insertionText: "a\u{0}b"))
    #expect(nul.map(\.key) == ["a\u{1}b", "a\u{1}b"])
    #expect(MentionIndex.searchKey(forQuery: "A\u{0}") == "a\u{1}")
    #expect(MentionIndex.searchKey(forQuery: "ＪＯＳÉ") == "jose")
    #expect(MentionIndex.searchKeys(of: MentionItem(id: "U3", insertionText: "")).isEmpty)
  }

  /// With spellings, each field's German spelling (`ü` as `ue`) follows its own keys, marked.
  @Test func keysOfSpellings() {
    let item = MentionItem(id: "U1", insertionText: "hans", displayText: "Hans Müller")
    let keys = MentionIndex.searchKeys(of: item, spellings: true)
    #expect(keys.map(\.key) == ["hans", "hans muller", "muller", "hans mueller", "mueller"])
    #expect(keys.map(\.isTransliterated) == [false, false, false, true, true])
    #expect(keys.map(\.exactTier) == [.exact, .exact, .wordPrefix, .exact, .wordPrefix])
    #expect(MentionIndex.searchKeys(of: item).count == 3)
  }

  /// The rule a database applies to the keys (documented on ``MentionIndex/SearchKey``) gives
  /// the index's own results, for every prefix of every field of 2,000 items with shared
  /// names, ties of score and search terms.
  @Test func rankingTheKeysReproducesTheIndex() {
    let items = MentionIndexTests.makeItems(count: 2_000, seed: 7)
    let index = MentionIndex(items)
    let keys = items.map { MentionIndex.searchKeys(of: $0, spellings: true) }
    var queries: Set<String> = ["", "a", "zz", "x-r", "nick1", "soe", "bjoe", "oeb", "ae"]
    for item in items.prefix(300) {
      for field in [item.insertionText, item.displayText] {
        for length in 1...min(field.count, 6) { queries.insert(String(field.prefix(length))) }
      }
    }
    for query in queries.sorted() {
      let folded = MentionIndex.searchKey(forQuery: query)
      // Rank: literal before transliterated, then the tier.
      var found: [(rank: Int, tier: MatchTier, position: Int)] = []
      for (position, itemKeys) in keys.enumerated() {
        let ranks = itemKeys.compactMap { key -> Int? in
          guard key.key.utf8.starts(with: folded.utf8) else { return nil }
          let tier = key.key == folded ? key.exactTier : key.prefixTier
          return (key.isTransliterated ? 3 : 0) + tier.rawValue
        }
        if folded.isEmpty {
          found.append((1, .prefix, position))
        } else if let best = ranks.min() {
          found.append((best, MatchTier(rawValue: best % 3)!, position))
        }
      }
      found.sort { lhs, rhs in
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        let (l, r) = (items[lhs.position].score, items[rhs.position].score)
        if l != r { return l > r }
        return lhs.position < rhs.position
      }
      let expected = found.prefix(12).map { "\(items[$0.position].id) \($0.tier)" }
      let actual = index.matches(for: query, limit: 12).filter {
        if case .typo = $0.route { false } else { true }
      }.map {
        "\($0.item.id) \($0.tier)"
      }
      #expect(actual == expected, "query \(query.debugDescription)")
    }
  }
}
