/// The default filter: case-, diacritic- and width-insensitive matching, ranked by tier.
///
/// "jose" finds "José", "zoe" finds "Zoë", "lukasz" finds "Łukasz", "istanbul" finds
/// "İstanbul", and a decomposed "e\u{301}" equals "é". Items are ranked by ``MatchTier`` (exact,
/// then prefix of the handle or name, then prefix of a later word of the name or a search term,
/// then substring), then by the ranking's signals (items in its context first, then by pick
/// history, see ``MentionRanking``), then by ``MentionItem/score`` (higher first), then by their
/// order in the fetched list. Every match is ``MentionMatch/Route/literal``. Duplicate ids keep their best-ranked entry. At most the trigger's
/// ``Trigger/resultLimit`` items remain.
///
/// ```swift
/// let items = [tyrion, lana]   // "Tyrion Lannister", "Lana Lang"
/// let matches = DefaultMentionFilter().matches(in: items, for: query, ranking: MentionRanking())
/// matches.map(\.item.displayText)  // ["Lana Lang", "Tyrion Lannister"] for query "lan"
/// matches.map(\.tier)              // [.prefix, .wordPrefix]
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

  /// Returns the items that match, ranked by tier, then the ranking's signals, then score.
  ///
  /// - Parameters:
  ///   - items: The fetched items.
  ///   - query: The active query.
  ///   - ranking: The context and pick history that order items within a tier.
  /// - Returns: At most the limit's matches, best first, each with its literal tier.
  public func matches(in items: [MentionItem], for query: MentionQuery, ranking: MentionRanking)
    -> [MentionMatch]
  {
    let matcher = ItemMatcher(query: query.text, matchesSubstrings: matchesSubstrings)
    var ranked: [(match: MentionMatch, key: RankKey)] = []
    ranked.reserveCapacity(min(items.count, 1024))
    for index in items.indices {
      if let tier = matcher.tier(of: items[index]) {
        let match = ranking.match(items[index], tier: tier)
        // The fetched order breaks ties (no list holds 2^32 items).
        ranked.append((match, RankKey(match, sequence: UInt32(truncatingIfNeeded: index))))
      }
    }
    ranked.sort { $0.key < $1.key }
    let cap = max(0, limit ?? query.trigger.resultLimit)
    var seen = Set<String>()
    var result: [MentionMatch] = []
    result.reserveCapacity(min(cap, ranked.count))
    for entry in ranked where result.count < cap {
      if seen.insert(entry.match.item.id).inserted { result.append(entry.match) }
    }
    return result
  }
}
