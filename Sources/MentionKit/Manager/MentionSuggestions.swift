/// The suggestion list a UI shows: the query, its ranked items, the keyboard highlight and the
/// inline ghost completion.
///
/// ``MentionManager/currentSuggestions`` holds the list while it is shown, and the delegate
/// receives it whenever it changes. It always answers the latest query: results for a query the
/// user has typed past are never shown. Empty ``items`` mean the data source found nothing for
/// the query (a UI may say so).
public struct MentionSuggestions: Sendable, Hashable {
  /// The query the items answer.
  public var query: MentionQuery
  /// The matching items, best first, at most the trigger's ``Trigger/resultLimit``.
  public var items: [MentionItem]
  /// The highlighted position in ``items``, or `nil` when nothing is highlighted.
  public var highlightedIndex: Int?
  /// The rest of the best item's text, to draw after the caret (Safari-style), or `nil` when
  /// none is offered.
  public var ghostText: String?

  /// Creates a suggestion list.
  ///
  /// - Parameters:
  ///   - query: The query the items answer.
  ///   - items: The matching items, best first.
  ///   - highlightedIndex: The highlighted position in `items`.
  ///   - ghostText: The inline completion after the caret.
  init(
    query: MentionQuery, items: [MentionItem], highlightedIndex: Int? = nil,
    ghostText: String? = nil
  ) {
    self.query = query
    self.items = items
    self.highlightedIndex = highlightedIndex
    self.ghostText = ghostText
  }
}
