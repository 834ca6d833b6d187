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
