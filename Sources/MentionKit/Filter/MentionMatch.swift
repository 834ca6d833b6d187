/// One ranked suggestion and how it matched the query: enough for an app to explain or debug
/// an order.
///
/// Matches rank by ``route`` (every literal match above every transliterated one, above every
/// typo), then ``tier``, then the signals (an item in the current conversation above one that
/// is not, then ``frecency``), then ``MentionItem/score``, then insertion order.
///
/// ```swift
/// // query "wangf" against 王芳
/// MentionMatch(item: wangFang, tier: .prefix, route: .transliterated(spelling: "wangfang"))
/// ```
public struct MentionMatch: Sendable, Hashable {
  /// How a query reached an item's text.
  public enum Route: Sendable, Hashable {
    /// The folded query matched the item's own text.
    case literal
    /// The query matched a Latin spelling of the item's text computed when it was indexed
    /// (pinyin, romaji, a romanisation of Cyrillic or Greek, `ue` for `ü`): `spelling` is the
    /// one that matched.
    case transliterated(spelling: String)
    /// The query matched a prefix of `key` with one edit (an insertion, a deletion, a
    /// substitution or an adjacent transposition, never of the first character).
    case typo(key: String)
  }

  /// The item.
  public var item: MentionItem
  /// Where in the item's text the query matched.
  public var tier: MatchTier
  /// Whether the match was literal, through a transliteration, or with one edit.
  public var route: Route
  /// Whether the item was in the query's context (for example the people in the current
  /// conversation), which ranks it above items that are not, within its route and tier.
  public var isInContext: Bool
  /// The item's decayed pick count when it was ranked (see ``PickHistory``); 0 without
  /// history.
  public var frecency: Double

  /// Creates a match.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - tier: Where in the item's text the query matched.
  ///   - route: Whether the match was literal, transliterated or with one edit.
  ///   - isInContext: Whether the item was in the query's context.
  ///   - frecency: The item's decayed pick count.
  public init(
    item: MentionItem, tier: MatchTier, route: Route = .literal, isInContext: Bool = false,
    frecency: Double = 0
  ) {
    self.item = item
    self.tier = tier
    self.route = route
    self.isInContext = isInContext
    self.frecency = frecency
  }
}
