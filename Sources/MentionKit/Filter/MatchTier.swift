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
