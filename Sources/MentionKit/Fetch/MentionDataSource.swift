/// Supplies the candidate items for a query.
///
/// The manager calls ``items(for:)`` for every query whose trigger has no static
/// ``Trigger/items`` list, then filters and ranks the answer in place with its
/// ``MentionFilter``. A data source may return a superset (the whole directory) or an already
/// narrowed list (an index's top results): the filter is applied either way.
///
/// A fetch superseded by a newer keystroke is cancelled: check `Task.isCancelled` or use
/// cancellation-aware calls so abandoned work stops early. A data source that never answers is
/// ended by the trigger's ``Trigger/timeout``.
///
/// ```swift
/// struct Directory: MentionDataSource {
///   func items(for query: MentionQuery) async throws -> [MentionItem] {
///     try await api.searchUsers(prefix: query.text)
///   }
/// }
/// ```
public protocol MentionDataSource: Sendable {
  /// Returns candidate items for a query.
  ///
  /// - Parameter query: The active query; ``MentionQuery/trigger`` says which trigger.
  /// - Returns: Candidate items, in any order.
  /// - Throws: Any error; the manager reports it to its delegate and stays usable.
  func items(for query: MentionQuery) async throws -> [MentionItem]
}
