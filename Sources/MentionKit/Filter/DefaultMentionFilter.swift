/// The default filter: case-, diacritic- and width-insensitive matching, ranked by tier.
///
/// "jose" finds "José", "zoe" finds "Zoë", "lukasz" finds "Łukasz", "istanbul" finds
/// "İstanbul", and a decomposed "e\u{301}" equals "é". Items are ranked by ``MatchTier`` (exact,
/// then prefix of the handle or name, then prefix of a later word of the name or a search term,
/// then substring), then by ``MentionItem/score`` (higher first), then by their order in the
/// fetched list. Duplicate ids keep their best-ranked entry. At most the trigger's
/// ``Trigger/resultLimit`` items remain.
///
/// ```swift
/// var items = [tyrion, lana]   // "Tyrion Lannister", "Lana Lang"
/// DefaultMentionFilter().filter(&items, for: query)  // query "lan"
/// items.map(\.displayText)     // ["Lana Lang", "Tyrion Lannister"]
/// ```
///
/// - Complexity: O(*n* · *k*) for *n* items of length *k*, plus O(*r* log *r*) to sort the
///   *r* matches.
public struct DefaultMentionFilter: MentionFilter {
  /// An optional cap that overrides the trigger's ``Trigger/resultLimit``.
  var limit: Int?
  /// Whether items that contain the query only in the middle of a word
  /// (``MatchTier/substring``) match. `false` gives exactly what ``MentionIndex`` finds.
  var matchesSubstrings: Bool

  /// Creates the default filter.
  ///
  /// - Parameters:
  ///   - limit: A cap that overrides the trigger's result limit.
  ///   - matchesSubstrings: Whether mid-word matches count; `true` by default.
  public init(limit: Int? = nil, matchesSubstrings: Bool = true) {
    self.limit = limit
    self.matchesSubstrings = matchesSubstrings
  }

  /// Filters and ranks the items in place.
  ///
  /// - Parameters:
  ///   - items: The fetched items, filtered and ranked in place.
  ///   - query: The active query.
  public func filter(_ items: inout [MentionItem], for query: MentionQuery) {
    let matcher = ItemMatcher(query: query.text, matchesSubstrings: matchesSubstrings)
    var ranked: [(tier: MatchTier, index: Int)] = []
    ranked.reserveCapacity(min(items.count, 1024))
    for index in items.indices {
      if let tier = matcher.tier(of: items[index]) { ranked.append((tier, index)) }
    }
    ranked.sort { lhs, rhs in
      if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
      let (l, r) = (items[lhs.index].score, items[rhs.index].score)
      if l != r { return l > r }
      return lhs.index < rhs.index
    }
    let cap = max(0, limit ?? query.trigger.resultLimit)
    var seen = Set<String>()
    var result: [MentionItem] = []
    result.reserveCapacity(min(cap, ranked.count))
    for entry in ranked where result.count < cap {
      let item = items[entry.index]
      if seen.insert(item.id).inserted { result.append(item) }
    }
    items = result
  }
}
