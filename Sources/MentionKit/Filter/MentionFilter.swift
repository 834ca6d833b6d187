/// Narrows fetched items to those that match a query and ranks them, reporting how each
/// matched.
///
/// The manager applies its filter to the items of a data source that does not rank them itself
/// (see ``RankingDataSource``), as MJAutoComplete's `filterList:forTrigger:withString:` does.
/// The filter receives the manager's ``MentionRanking`` so that it can order items within a
/// tier by the same signals an index uses. Replace ``DefaultMentionFilter`` with your own type.
///
/// ```swift
/// struct ContainsFilter: MentionFilter {
///   func matches(in items: [MentionItem], for query: MentionQuery, ranking: MentionRanking)
///     -> [MentionMatch]
///   {
///     items.filter { $0.displayText.contains(query.text) }
///       .map { MentionMatch(item: $0, tier: .substring) }
///   }
/// }
/// let manager = MentionManager(triggers: [.mention], dataSource: source, filter: ContainsFilter())
/// ```
public protocol MentionFilter: Sendable {
  /// Returns the items that match, best first, each with how it matched.
  ///
  /// - Parameters:
  ///   - items: The fetched items, in the data source's order.
  ///   - query: The active query.
  ///   - ranking: The context and pick history to order matches by within a tier.
  /// - Returns: The matches, best first.
  func matches(in items: [MentionItem], for query: MentionQuery, ranking: MentionRanking)
    -> [MentionMatch]
}
