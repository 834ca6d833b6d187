/// How well an item matches a query; lower tiers rank first.
///
/// ```swift
/// // query "lann" against "Tyrion Lannister" (handle "tyrion")
/// MatchTier.wordPrefix
/// ```
public enum MatchTier: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// The folded query equals the handle, the display name or a search term.
  case exact = 0
  /// The handle or the display name starts with the query.
  case prefix = 1
  /// A later word of the display name, or a search term, starts with the query.
  case wordPrefix = 2
  /// The handle or the display name contains the query elsewhere.
  case substring = 3

  /// Orders tiers from best to worst.
  public static func < (lhs: MatchTier, rhs: MatchTier) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Matches folded queries against items: the ranking rules shared by the default filter and
/// the index.
struct ItemMatcher: Sendable {
  /// The folded query.
  let query: [UInt8]

  /// Whether substring matches count (``MatchTier/substring``).
  let matchesSubstrings: Bool

  init(query: some StringProtocol, matchesSubstrings: Bool = true) {
    self.query = Folding.fold(query)
    self.matchesSubstrings = matchesSubstrings
  }

  /// The best tier at which `item` matches, or `nil` when it does not match.
  func tier(of item: MentionItem) -> MatchTier? {
    if query.isEmpty { return .prefix }
    let handle = Folding.fold(item.insertionText)
    let name = Folding.fold(item.displayText)
    let terms = item.searchTerms.map { Folding.fold($0) }
    if let tier = Self.prefixTier(handle: handle, name: name, terms: terms, query: query) {
      return tier
    }
    if matchesSubstrings && (Self.contains(handle, query) || Self.contains(name, query)) {
      return .substring
    }
    return nil
  }

  /// The best tier short of ``MatchTier/substring`` at which folded fields match a folded,
  /// non-empty query: the rules the index's keys reproduce.
  static func prefixTier(handle: [UInt8], name: [UInt8], terms: [[UInt8]], query: [UInt8])
    -> MatchTier?
  {
    if handle == query || name == query || terms.contains(query) { return .exact }
    if handle.starts(with: query) || name.starts(with: query) { return .prefix }
    if hasWordPrefix(name, query) || hasWordPrefix(handle, query) { return .wordPrefix }
    for term in terms where term.starts(with: query) || hasWordPrefix(term, query) {
      return .wordPrefix
    }
    return nil
  }

  /// Whether a word after the first in `text` starts with `query`.
  static func hasWordPrefix(_ text: [UInt8], _ query: [UInt8]) -> Bool {
    guard text.count > query.count else { return false }
    var i = 1
    while i + query.count <= text.count {
      if isSeparator(text[i - 1]) && !isSeparator(text[i])
        && text[i..<(i + query.count)].elementsEqual(query)
      {
        return true
      }
      i += 1
    }
    return false
  }

  /// Whether `text` contains `query` anywhere.
  static func contains(_ text: [UInt8], _ query: [UInt8]) -> Bool {
    guard query.count <= text.count else { return false }
    guard let first = query.first else { return true }
    var i = 0
    while i + query.count <= text.count {
      if text[i] == first && text[i..<(i + query.count)].elementsEqual(query) { return true }
      i += 1
    }
    return false
  }

  /// Bytes that separate words in folded text.
  static func isSeparator(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, 0x2D, 0x5F, 0x2E, 0x27, 0x2C, 0x28, 0x29, 0x2F, 0x40:
      return true
    default:
      return false
    }
  }
}

extension ItemMatcher {
  /// The best tier at which one folded field, with its later words, matches a folded query: a
  /// handle or display name (`isTerm` false) or a search term, as the index ranks its keys.
  static func fieldTier(_ field: [UInt8], isTerm: Bool, _ query: [UInt8]) -> MatchTier? {
    if field == query { return .exact }
    if field.starts(with: query) { return isTerm ? .wordPrefix : .prefix }
    return hasWordPrefix(field, query) ? .wordPrefix : nil
  }

  /// The best tier at which a key of one folded field (the field, or a later word of it)
  /// starts with one edit of the query (see `oneEdit(_:_:)`), and that key.
  static func typoTier(_ field: [UInt8], isTerm: Bool, _ query: [Unicode.Scalar])
    -> (tier: MatchTier, key: ArraySlice<UInt8>)?
  {
    var best: (tier: MatchTier, key: ArraySlice<UInt8>)?
    // The first scalars must be equal: a cheap test before any decoding.
    guard let head = query.first else { return nil }
    let first = Array(String(head).utf8)
    var start = 0
    while start < field.count {
      if (start == 0 || (isSeparator(field[start - 1]) && !isSeparator(field[start])))
        && field[start...].starts(with: first)
      {
        let key = field[start...]
        // A key's scalars past the query's length plus two never change the answer.
        if let exact = oneEdit(query, scalars(key, upTo: query.count + 2)) {
          let tier: MatchTier =
            start > 0 ? .wordPrefix : exact ? .exact : isTerm ? .wordPrefix : .prefix
          if best == nil || tier < best!.tier { best = (tier, key) }
        }
      }
      start += 1
    }
    return best
  }

  /// Whether a prefix of `key` is at most one edit from `query` (an insertion, a deletion, a
  /// substitution or a transposition of adjacent scalars; restricted optimal string alignment
  /// distance), with the first scalars equal: `nil` if not, otherwise whether the whole key is.
  static func oneEdit(_ query: [Unicode.Scalar], _ key: [Unicode.Scalar]) -> Bool? {
    guard let first = query.first, key.first == first else { return nil }
    let n = query.count
    let m = min(key.count, n + 1)
    // The distance between query[..<i] and key[..<j], capped at 2. A cell more than two off
    // the diagonal is at least 3, so only the band |i - j| <= 2 is computed, in three rows.
    var rows = [[Int]](repeating: [Int](repeating: 2, count: m + 1), count: 3)
    func at(_ i: Int, _ j: Int) -> Int {
      if abs(i - j) > 2 { return 2 }
      if i == 0 { return min(j, 2) }
      if j == 0 { return min(i, 2) }
      return rows[i % 3][j]
    }
    for i in 1...n {
      let lo = max(1, i - 2)
      let hi = min(m, i + 2)
      // Past the key's end by more than two: every later distance is 2.
      guard lo <= hi else { return nil }
      for j in lo...hi {
        let cost = query[i - 1] == key[j - 1] ? 0 : 1
        var d = min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
        if i > 1 && j > 1 && query[i - 1] == key[j - 2] && query[i - 2] == key[j - 1] {
          d = min(d, at(i - 2, j - 2) + 1)
        }
        rows[i % 3][j] = min(d, 2)
      }
    }
    guard (max(0, n - 2)...m).contains(where: { at(n, $0) <= 1 }) else { return nil }
    return key.count <= n + 1 && at(n, m) <= 1
  }

  /// The first `limit` scalars of UTF-8 bytes (an ill-formed sequence reads as U+FFFD).
  static func scalars(_ bytes: ArraySlice<UInt8>, upTo limit: Int) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while result.count < limit {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): result.append(scalar)
      case .emptyInput: return result
      case .error: result.append("\u{FFFD}")
      }
    }
    return result
  }
}
