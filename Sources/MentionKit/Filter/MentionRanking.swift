/// The per-user signals that order matches within a route and tier: the query's context, then
/// the pick history.
///
/// ```swift
/// var ranking = MentionRanking(context: ["U7", "U9"], history: savedHistory, now: now)
/// index.matches(for: "an", limit: 8, ranking: ranking)
/// ```
public struct MentionRanking: Sendable, Hashable {
  /// Ids of items to rank first within their route and tier, for example the people in the
  /// current conversation.
  public var context: Set<String>
  /// What the user picked before, and when.
  public var history: PickHistory
  /// The time to decay the history to, in its seconds.
  public var now: Double

  /// Creates ranking signals.
  ///
  /// - Parameters:
  ///   - context: Ids to rank first within their route and tier.
  ///   - history: The pick history.
  ///   - now: The time to decay the history to.
  public init(context: Set<String> = [], history: PickHistory = PickHistory(), now: Double = 0) {
    self.context = context
    self.history = history
    self.now = now
  }
}

extension MentionRanking {
  /// A match for an item at a literal tier, with this ranking's signals filled in.
  func match(
    _ item: MentionItem, tier: MatchTier, route: MentionMatch.Route = .literal
  ) -> MentionMatch {
    MentionMatch(
      item: item, tier: tier, route: route, isInContext: context.contains(item.id),
      frecency: history.weight(of: item.id, at: now))
  }

  /// Whether `lhs` ranks before `rhs` by route, tier, context, frecency and score; `nil` when
  /// they tie on all of them (the caller breaks the tie by insertion order).
  static func order(_ lhs: MentionMatch, _ rhs: MentionMatch) -> Bool? {
    if lhs.route.rank != rhs.route.rank { return lhs.route.rank < rhs.route.rank }
    if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
    if lhs.isInContext != rhs.isInContext { return lhs.isInContext }
    if lhs.frecency != rhs.frecency { return lhs.frecency > rhs.frecency }
    if lhs.item.score != rhs.item.score { return lhs.item.score > rhs.item.score }
    return nil
  }
}

extension MentionMatch.Route {
  /// Literal 0, transliterated 1, typo 2: lower ranks first.
  var rank: Int {
    switch self {
    case .literal: 0
    case .transliterated: 1
    case .typo: 2
    }
  }
}
