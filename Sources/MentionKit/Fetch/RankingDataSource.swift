/// A data source that matches and ranks items itself, and pages through them: its matches reach
/// the suggestion list unchanged, with how each matched.
///
/// The manager calls ``page(for:limit:ranking:after:)`` instead of ``MentionDataSource/items(for:)``
/// and does not apply its ``MentionFilter``, so matches the filter's literal rules would drop
/// (a transliteration, a typo) stay. ``MentionIndex`` is one. The manager passes its
/// ``MentionRanking`` (context, pick history, time), and for ``MentionManager/showMore()`` the
/// continuation of the previous page.
///
/// ```swift
/// struct Directory: RankingDataSource {
///   func items(for query: MentionQuery) async throws -> [MentionItem] {
///     try await page(for: query, limit: 20, ranking: MentionRanking(), after: nil).matches
///       .map(\.item)
///   }
///   func page(
///     for query: MentionQuery, limit: Int, ranking: MentionRanking, after offset: Int?
///   ) async throws -> (matches: [MentionMatch], continuation: Int?) {
///     let found = try await api.search(query.text, from: offset ?? 0, count: limit)
///     return (found.matches, found.hasMore ? (offset ?? 0) + limit : nil)
///   }
/// }
/// ```
public protocol RankingDataSource: MentionDataSource {
  /// Where the next page starts, as the data source understands it (an offset, a cursor).
  associatedtype Continuation: Sendable

  /// Returns one page of matches for a query, best first.
  ///
  /// - Parameters:
  ///   - query: The active query.
  ///   - limit: The most matches to return (the trigger's ``Trigger/resultLimit``).
  ///   - ranking: The context and pick history to rank by within a route and tier.
  ///   - continuation: Where to continue: `nil` for the first page, otherwise the continuation
  ///     the previous page returned for the same query and ranking.
  /// - Returns: The page's matches and the continuation for the next page, or `nil` when there
  ///   are no more.
  /// - Throws: Any error; the manager reports it to its delegate and stays usable.
  func page(
    for query: MentionQuery, limit: Int, ranking: MentionRanking, after continuation: Continuation?
  ) async throws -> (matches: [MentionMatch], continuation: Continuation?)
}
