/// The ranked items for an active query, as delivered to a delegate or returned by
/// ``MentionManager/suggestions(for:)``.
public struct MentionSuggestions: Sendable, Hashable {
  /// The query the items answer.
  public var query: MentionQuery
  /// The matching items, best first, at most the trigger's ``Trigger/resultLimit``.
  public var items: [MentionItem]

  /// Creates a suggestion list.
  ///
  /// - Parameters:
  ///   - query: The query the items answer.
  ///   - items: The matching items, best first.
  public init(query: MentionQuery, items: [MentionItem]) {
    self.query = query
    self.items = items
  }
}
