extension MentionIndex: RankingDataSource {
  /// Returns one page of the index's matches for the query, ranked with the signals (see
  /// the `page(for:limit:ranking:after:)` that takes the query's text).
  ///
  /// - Parameters:
  ///   - query: The active query.
  ///   - limit: The most matches to return.
  ///   - ranking: The context and pick history to rank by.
  ///   - continuation: Where the previous page ended; `nil` for the first page.
  /// - Returns: The matches and where the next page starts, or `nil` when there are no more.
  /// - Throws: `CancellationError` when the fetch was cancelled.
  public func page(
    for query: MentionQuery, limit: Int, ranking: MentionRanking, after continuation: Continuation?
  ) async throws -> (matches: [MentionMatch], continuation: Continuation?) {
    try Task.checkCancellation()
    let page = page(for: query.text, limit: limit, ranking: ranking, after: continuation)
    return (page.matches, page.next)
  }
}
