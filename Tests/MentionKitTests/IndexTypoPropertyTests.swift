import Testing
import ToolSupport

@testable import MentionKit

/// The typo fallback against a brute-force reference: every key of every item compared with
/// the query by the restricted edit distance of its best prefix.
struct IndexTypoPropertyTests {
  /// The restricted (optimal string alignment) distance between `query` and the closest prefix
  /// of `key`, written out in full.
  static func prefixDistance(_ query: [Unicode.Scalar], _ key: [Unicode.Scalar]) -> Int {
    let n = query.count
    let m = key.count
    var d = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in 0...n { d[i][0] = i }
    for j in 0...m { d[0][j] = j }
    for i in stride(from: 1, through: n, by: 1) {
      for j in stride(from: 1, through: m, by: 1) {
        d[i][j] = Swift.min(
          d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (query[i - 1] == key[j - 1] ? 0 : 1))
        if i > 1 && j > 1 && query[i - 1] == key[j - 2] && query[i - 2] == key[j - 1] {
          d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[n].min()!
  }

  /// Misspelled queries made from the items' own words with one seeded edit.
  static func misspelled(_ items: [MentionItem], count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var queries: [String] = []
    while queries.count < count {
      let item = items.randomElement(using: &random)!
      let words = Folding.folded(item.displayText).split(separator: " ")
      guard let word = words.randomElement(using: &random), word.count >= 4 else { continue }
      var text = Array(word.prefix(Int.random(in: 4...7, using: &random)))
      let at = Int.random(in: 1..<text.count, using: &random)
      let letter = Array("aeiklnorsz").randomElement(using: &random)!
      switch Int.random(in: 0..<4, using: &random) {
      case 0: text.insert(letter, at: at)
      case 1 where text.count > 4: text.remove(at: at)
      case 2: text[at] = letter
      default: if at + 1 < text.count { text.swapAt(at, at + 1) }
      }
      queries.append(String(text))
    }
    return queries
  }

  @Test func typoMatchesAreExactlyTheOneEditKeys() {
    let items = MentionIndexTests.makeItems(count: 600, seed: 41)
    let index = MentionIndex(items)
    let keys = items.map { item in
      MentionIndex.searchKeys(of: item, spellings: true).map { Array($0.key.unicodeScalars) }
    }
    for query in Self.misspelled(items, count: 120, seed: 42) {
      let folded = Array(MentionIndex.searchKey(forQuery: query).unicodeScalars)
      guard query.count >= 4 else { continue }
      let found = index.matches(for: query, limit: 1_000)
      var expected: Set<String> = []
      for (n, itemKeys) in keys.enumerated() {
        let literal = itemKeys.contains { $0.starts(with: folded) }
        let typo = itemKeys.contains {
          $0.first == folded.first && Self.prefixDistance(folded, $0) == 1
        }
        if typo && !literal { expected.insert(items[n].id) }
      }
      let typos = found.filter { if case .typo = $0.route { true } else { false } }
      #expect(Set(typos.map(\.item.id)) == expected, "query \(query)")
      for match in typos {
        guard case .typo(let key) = match.route else { continue }
        let scalars = Array(key.unicodeScalars)
        #expect(Self.prefixDistance(folded, scalars) == 1, "query \(query) key \(key)")
        // Exact: the whole key is one edit away.
        let whole =
          Self.prefixDistance(folded, scalars) == 1 && scalars.count <= folded.count + 1
          && Self.distance(folded, scalars) == 1
        if match.tier == .exact { #expect(whole, "query \(query) key \(key)") }
      }
    }
  }

  /// The distance between two whole strings.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        d[i][j] = Swift.min(
          d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
