extension MentionIndex: RankingDataSource {
  /// Returns one page of the index's matches for the query, with how each matched.
  ///
  /// - Parameters:
  ///   - query: The active query.
  ///   - limit: The most matches to return.
  ///   - ranking: The context and pick history, reported on each match.
  ///   - continuation: The number of matches returned by the previous pages; `nil` for the
  ///     first page.
  /// - Returns: The matches and the offset of the next page, or `nil` when there are no more.
  /// - Throws: `CancellationError` when the fetch was cancelled.
  public func page(
    for query: MentionQuery, limit: Int, ranking: MentionRanking, after continuation: Int?
  ) async throws -> (matches: [MentionMatch], continuation: Int?) {
    try Task.checkCancellation()
    let offset = max(0, continuation ?? 0)
    guard limit > 0 else { return ([], nil) }
    let (wanted, overflow) = offset.addingReportingOverflow(limit + 1)
    let found = matches(for: query.text, limit: overflow ? Int.max : wanted)
    let page = found.dropFirst(offset).prefix(limit).map { match in
      var match = match
      match.isInContext = ranking.context.contains(match.item.id)
      match.frecency = ranking.history.weight(of: match.item.id, at: ranking.now)
      return match
    }
    return (Array(page), found.count > offset + limit ? offset + limit : nil)
  }
}
