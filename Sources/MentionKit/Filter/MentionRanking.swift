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

/// The full rank of a match: route and tier (the rank class), the signals, the score, then
/// insertion order. Smaller ranks first.
struct RankKey: Sendable, Hashable, Comparable {
  /// The tier, plus 4 for a transliterated match, plus 8 for a typo.
  var rankClass: UInt32
  var inContext: Bool
  var frecency: Double
  var score: Double
  var sequence: UInt32

  /// Whether the item had signals (it ranks before every item without in its class).
  var isBoosted: Bool { inContext || frecency > 0 }

  static func < (lhs: RankKey, rhs: RankKey) -> Bool {
    if lhs.rankClass != rhs.rankClass { return lhs.rankClass < rhs.rankClass }
    if lhs.inContext != rhs.inContext { return lhs.inContext }
    if lhs.frecency != rhs.frecency { return lhs.frecency > rhs.frecency }
    if lhs.score != rhs.score { return lhs.score > rhs.score }
    return lhs.sequence < rhs.sequence
  }
}

extension RankKey {
  /// The rank of a match, with `sequence` breaking ties.
  init(_ match: MentionMatch, sequence: UInt32) {
    rankClass = UInt32(match.route.rank * 4 + match.tier.rawValue)
    inContext = match.isInContext
    frecency = match.frecency
    score = match.item.score
    self.sequence = sequence
  }
}
