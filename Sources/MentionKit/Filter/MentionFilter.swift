/// Narrows and ranks fetched items for a query, in place.
///
/// The manager applies its filter to every fetched list, as MJAutoComplete's
/// `filterList:forTrigger:withString:` does. Replace ``DefaultMentionFilter`` with your own type.
///
/// ```swift
/// struct ContainsFilter: MentionFilter {
///   func filter(_ items: inout [MentionItem], for query: MentionQuery) {
///     items.removeAll { !$0.displayText.contains(query.text) }
///   }
/// }
/// let manager = MentionManager(triggers: [.mention], dataSource: source, filter: ContainsFilter())
/// ```
public protocol MentionFilter: Sendable {
  /// Removes the items that don't match and orders the rest, best first.
  ///
  /// - Parameters:
  ///   - items: The fetched items, filtered and ranked in place.
  ///   - query: The active query.
  func filter(_ items: inout [MentionItem], for query: MentionQuery)
}
