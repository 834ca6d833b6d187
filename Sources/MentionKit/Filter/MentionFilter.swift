/// Narrows and ranks fetched items for a query, in place.
///
/// The manager applies its filter to every fetched list, as MJAutoComplete's
/// `filterList:forTrigger:withString:` does. Replace ``DefaultMentionFilter`` with your own type,
/// or with a closure through ``ClosureMentionFilter``.
///
/// ```swift
/// let byContains = ClosureMentionFilter { items, query in
///   items.removeAll { !$0.displayText.contains(query.text) }
/// }
/// let manager = MentionManager(triggers: [.mention], dataSource: source, filter: byContains)
/// ```
public protocol MentionFilter: Sendable {
  /// Removes the items that don't match and orders the rest, best first.
  ///
  /// - Parameters:
  ///   - items: The fetched items, filtered and ranked in place.
  ///   - query: The active query.
  func filter(_ items: inout [MentionItem], for query: MentionQuery)
}

/// A filter made from a closure.
public struct ClosureMentionFilter: MentionFilter {
  private let body: @Sendable (inout [MentionItem], MentionQuery) -> Void

  /// Creates a filter from a closure.
  ///
  /// - Parameter body: Filters and ranks the items in place.
  public init(_ body: @escaping @Sendable (inout [MentionItem], MentionQuery) -> Void) {
    self.body = body
  }

  /// Calls the closure.
  ///
  /// - Parameters:
  ///   - items: The fetched items, filtered and ranked in place.
  ///   - query: The active query.
  public func filter(_ items: inout [MentionItem], for query: MentionQuery) {
    body(&items, query)
  }
}
