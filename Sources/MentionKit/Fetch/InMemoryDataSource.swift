/// A data source that serves fixed item lists, per trigger (``Trigger/Name``).
///
/// Real API for tests, previews, examples and small directories: it returns the whole list for
/// the query's trigger and lets the manager's filter narrow and rank it.
///
/// ```swift
/// let source = InMemoryDataSource([
///   .mention: [MentionItem(id: "U1", insertionText: "jose", displayText: "José")],
///   .hashtag: [MentionItem(id: "C1", insertionText: "general")],
/// ])
/// ```
public struct InMemoryDataSource: MentionDataSource {
  /// The items served for each trigger.
  var itemsByTrigger: [Trigger.Name: [MentionItem]]
  /// The items served for a trigger whose name has no entry.
  var fallbackItems: [MentionItem]

  /// Creates a data source that serves one list for every trigger.
  ///
  /// - Parameter items: The items to serve.
  public init(items: [MentionItem]) {
    self.itemsByTrigger = [:]
    self.fallbackItems = items
  }

  /// Creates a data source that serves a list per trigger.
  ///
  /// - Parameters:
  ///   - itemsByTrigger: The items for each ``Trigger/name``.
  ///   - fallbackItems: The items for any other trigger.
  public init(_ itemsByTrigger: [Trigger.Name: [MentionItem]], fallbackItems: [MentionItem] = []) {
    self.itemsByTrigger = itemsByTrigger
    self.fallbackItems = fallbackItems
  }

  /// Returns the list for the query's trigger.
  ///
  /// - Parameter query: The active query.
  /// - Returns: Every item served for the trigger.
  public func items(for query: MentionQuery) async throws -> [MentionItem] {
    try Task.checkCancellation()
    return itemsByTrigger[query.trigger.name] ?? fallbackItems
  }
}
