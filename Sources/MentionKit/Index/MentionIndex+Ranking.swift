extension MentionIndex {
  /// Where a page of matches ended: pass it to `page(for:limit:ranking:after:)` to get the
  /// matches that follow, in the same order.
  ///
  /// A continuation belongs to its query: used with a query that folds differently, it is
  /// ignored and the first page is returned. Pass the same ranking signals for every page of a
  /// query; matches whose signals changed in between may move across the page boundary.
  public struct Continuation: Sendable, Hashable {
    let query: [UInt8]
    let last: RankKey
  }

  /// One page of matches, and where the next one starts.
  public struct Page: Sendable, Hashable {
    /// The matches, best first.
    public var matches: [MentionMatch]
    /// Where the next page starts, or `nil` when no match is left.
    public var next: Continuation?
  }

  /// Returns the best matches for a query, best first.
  ///
  /// Matches rank by route (literal, then through a transliteration, then with one typo),
  /// tier, the ranking signals (an item in `ranking.context` first, then a higher weight in
  /// `ranking.history`), score, then insertion order (see ``MentionMatch``). Typos count only
  /// for queries of at least four characters, and only when the other matches don't reach
  /// `limit`.
  ///
  /// ```swift
  /// index.matches(for: "jo", limit: 2).map(\.item.insertionText)  // ["jo", "joan"]
  /// index.matches(for: "jhon", limit: 1).map(\.route)  // [.typo(key: "john")]
  /// ```
  ///
  /// - Parameters:
  ///   - query: The text typed after the trigger; folded before matching.
  ///   - limit: The most matches returned.
  ///   - ranking: The context and pick history to rank by; none by default.
  /// - Returns: Up to `limit` matches.
  public func matches(
    for query: some StringProtocol, limit: Int, ranking: MentionRanking = MentionRanking()
  ) -> [MentionMatch] {
    guard limit > 0 else { return [] }
    let limit = min(limit, Self.limitCap)
    if ranking.context.isEmpty && ranking.history.isEmpty, let found = literalFastPath(query, limit)
    {
      return found
    }
    let (folded, base, found) = ranked(query, count: limit, ranking: ranking, after: nil)
    return found.map { match($0, query: folded, base: base) }
  }

  /// Returns a page of matches: the first `limit`, or the `limit` after a continuation.
  ///
  /// The pages of a query, concatenated, are the matches of one request with a larger limit,
  /// each once. A later page costs about as much as a first page as long as the matches fit
  /// the precomputed lists of common prefixes; past them (after 64 matches of a one- or
  /// two-letter query) it scans every key of the query once more.
  ///
  /// ```swift
  /// let first = index.page(for: "an", limit: 8)
  /// let more = index.page(for: "an", limit: 8, after: first.next)
  /// ```
  ///
  /// - Parameters:
  ///   - query: The text typed after the trigger.
  ///   - limit: The most matches in the page.
  ///   - ranking: The ranking signals; pass the same ones for every page of a query.
  ///   - after: Where the previous page ended; `nil` for the first page. A continuation of
  ///     another query is ignored (the first page is returned).
  /// - Returns: The matches and the continuation to the next page.
  public func page(
    for query: some StringProtocol, limit: Int, ranking: MentionRanking = MentionRanking(),
    after: Continuation? = nil
  ) -> Page {
    guard limit > 0 else { return Page(matches: [], next: nil) }
    let limit = min(limit, Self.limitCap)
    let (folded, base, found) = ranked(query, count: limit + 1, ranking: ranking, after: after)
    let matches = found.prefix(limit).map { match($0, query: folded, base: base) }
    let next = found.count > limit ? Continuation(query: folded, last: found[limit - 1].key) : nil
    return Page(matches: matches, next: next)
  }

  // MARK: - Internals

  /// The largest limit searched with: larger limits (`Int.max`) return every match anyway,
  /// and leave room for the sums the search computes (`limit + 1`, plus matching items).
  static let limitCap = Int.max / 4

  /// The matches of a query without signals or pending changes whose literal and
  /// transliterated matches fill the limit (or that is too short for typos), read straight
  /// from the base's rank keys; `nil` when the general path must run.
  private func literalFastPath(_ query: some StringProtocol, _ limit: Int) -> [MentionMatch]? {
    let (base, removed, pending) = snapshot
    guard pending.isEmpty else { return nil }
    let folded = Self.foldKey(query)
    guard !folded.isEmpty else { return nil }
    var top = TopK(capacity: limit)
    base.search(folded, removed: removed, into: &top)
    if !top.isFull && Self.allowsTypos(folded) { return nil }
    return top.sorted().map { key in
      let ordinal = Int(key & 0xFFFF_FFFF)
      let rankClass = UInt32(key >> 32)
      var route = MentionMatch.Route.literal
      if rankClass >= 4 {
        route =
          top.notes[key].map { base.route(rankClass: rankClass, at: Int($0)) }
          ?? FoldedFields(base.items[ordinal]).best(folded, typoQuery: nil)?.route ?? .literal
      }
      return MentionMatch(
        item: base.items[ordinal], tier: MatchTier(rawValue: Int(rankClass & 3)) ?? .wordPrefix,
        route: route)
    }
  }

  /// One ranked candidate.
  struct Candidate {
    var key: RankKey
    /// The base ordinal of an item of the base, which is read only if the candidate is returned.
    var ordinal: Int
    /// An item checked on its own.
    var item: MentionItem?
    /// The route, when known already (items checked one by one).
    var route: MentionMatch.Route?
  }

  /// The signals of a boosted item.
  private struct Boost {
    var inContext: Bool
    var frecency: Double
  }

  /// An item checked on its own.
  private struct Individual {
    var item: MentionItem
    var sequence: UInt32
    var fields: FoldedFields
    var boost: Boost?
  }

  private func match(_ candidate: Candidate, query: [UInt8], base: IndexBase) -> MentionMatch {
    let item = candidate.item ?? base.items[candidate.ordinal]
    let rankClass = candidate.key.rankClass
    var route = candidate.route ?? .literal
    if candidate.route == nil && rankClass >= 4 {
      let typoQuery = rankClass >= 8 ? Self.scalars(query) : nil
      route = FoldedFields(item).best(query, typoQuery: typoQuery)?.route ?? .literal
    }
    return MentionMatch(
      item: item, tier: MatchTier(rawValue: Int(rankClass & 3)) ?? .wordPrefix,
      route: route, isInContext: candidate.key.inContext, frecency: candidate.key.frecency)
  }

  /// Whether a folded query is long enough to match with a typo: four characters or more.
  private static func allowsTypos(_ folded: [UInt8]) -> Bool {
    folded.count >= 4 && String(decoding: folded, as: UTF8.self).count >= 4
  }

  private static func scalars(_ folded: [UInt8]) -> [Unicode.Scalar] {
    Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
  }

  /// The best `count` candidates after `after`, and the folded query.
  private func ranked(
    _ query: some StringProtocol, count: Int, ranking: MentionRanking, after: Continuation?
  ) -> ([UInt8], IndexBase, [Candidate]) {
    let (base, removed, pending) = snapshot
    let folded = Self.foldKey(query)
    let last = after?.query == folded ? after?.last : nil

    // Items with signals, and pending items, are checked one by one.
    var boosts: [String: Boost] = [:]
    for id in ranking.context {
      boosts[id] = Boost(inContext: true, frecency: ranking.history.weight(of: id, at: ranking.now))
    }
    if !ranking.history.isEmpty {
      for id in ranking.history.ids where boosts[id] == nil {
        let weight = ranking.history.weight(of: id, at: ranking.now)
        if weight > 0 { boosts[id] = Boost(inContext: false, frecency: weight) }
      }
    }
    var individuals = pending.map {
      Individual(item: $0.item, sequence: $0.sequence, fields: $0.fields, boost: boosts[$0.item.id])
    }
    var boostedOrdinals: Set<UInt32> = []
    if !boosts.isEmpty {
      let pendingIDs = Set(pending.map(\.item.id))
      var cache = signalFields.withLock { $0 }
      var added = false
      for (id, boost) in boosts where !pendingIDs.contains(id) {
        var cached = cache[id]
        if cached?.base !== base {
          guard let ordinal = base.ordinal(of: id) else { continue }
          cached = SignalFields(
            base: base, ordinal: ordinal, fields: FoldedFields(base.items[ordinal]))
          cache[id] = cached
          added = true
        }
        guard let cached, !removed.contains(cached.ordinal) else { continue }
        boostedOrdinals.insert(UInt32(cached.ordinal))
        individuals.append(
          Individual(
            item: base.items[cached.ordinal], sequence: base.sequences[cached.ordinal],
            fields: cached.fields, boost: boost))
      }
      if added {
        // Bounded: a cache past 4,096 ids starts over.
        if cache.count > 4_096 { cache = [:] }
        signalFields.withLock { $0 = cache }
      }
    }

    func candidates(_ top: TopK) -> [Candidate] {
      top.sorted().compactMap { key in
        let ordinal = Int(key & 0xFFFF_FFFF)
        if boostedOrdinals.contains(UInt32(ordinal)) { return nil }
        let rankClass = UInt32(key >> 32)
        let route = top.notes[key].map { base.route(rankClass: rankClass, at: Int($0)) }
        return Candidate(
          key: RankKey(
            rankClass: rankClass, inContext: false, frecency: 0, score: base.items[ordinal].score,
            sequence: base.sequences[ordinal]), ordinal: ordinal, route: route)
      }
    }
    /// The items checked one by one that match in the phase, after `last`, and how many
    /// match at all (an item returned before may still be among the base's results).
    func individualCandidates(typoQuery: [Unicode.Scalar]?) -> ([Candidate], Int) {
      var matching = 0
      let found = individuals.compactMap { entry -> Candidate? in
        guard let (rankClass, route) = entry.fields.best(folded, typoQuery: typoQuery),
          (typoQuery == nil) == (rankClass < 8)
        else { return nil }
        matching += 1
        let key = RankKey(
          rankClass: rankClass, inContext: entry.boost?.inContext ?? false,
          frecency: entry.boost?.frecency ?? 0, score: entry.item.score, sequence: entry.sequence)
        if let last, !(last < key) { return nil }
        return Candidate(key: key, ordinal: -1, item: entry.item, route: route)
      }
      return (found, matching)
    }
    func merged(_ found: [Candidate], _ individual: [Candidate], count: Int) -> [Candidate] {
      if individual.isEmpty { return found.count <= count ? found : Array(found.prefix(count)) }
      return Array((found + individual).sorted { $0.key < $1.key }.prefix(count))
    }

    // Literal and transliterated matches. Boosted items the query matches are checked first:
    // only they can take places in the base's results that another item would have had.
    var results: [Candidate] = []
    if last.map({ $0.rankClass < 8 }) ?? true {
      let (individual, matching) = individualCandidates(typoQuery: nil)
      var top = TopK(capacity: count + matching)
      let floor = last.map { base.floor(after: $0) } ?? 0
      if folded.isEmpty {
        if floor >> 32 <= 1 {
          var ordinal = floor >> 32 == 1 ? Int(floor & 0xFFFF_FFFF) : 0
          while !top.isFull && ordinal < base.items.count {
            if !removed.contains(ordinal) { top.insert(1 << 32 | UInt64(ordinal)) }
            ordinal += 1
          }
        }
      } else {
        base.search(folded, removed: removed, floor: floor, into: &top)
      }
      results = merged(candidates(top), individual, count: count)
    }

    // One typo, when those don't fill the page, for queries of four characters or more.
    guard results.count < count, Self.allowsTypos(folded) else { return (folded, base, results) }
    let typoQuery = Self.scalars(folded)
    let (individual, matching) = individualCandidates(typoQuery: typoQuery)
    var top = TopK(capacity: count - results.count + matching)
    let floor = last.map { $0.rankClass >= 8 ? base.floor(after: $0) : 0 } ?? 0
    var excluded: Set<UInt32> = []
    let (lo, hi) = base.range(of: folded)
    for i in lo..<hi { excluded.insert(base.refs[i] & IndexBase.ordinalMask) }
    base.scan(
      base.typoRanges(folded), typo: true, removed: removed, floor: floor, excluded: excluded,
      into: &top)
    results += merged(candidates(top), individual, count: count - results.count)
    return (folded, base, results)
  }
}

extension IndexBase {
  /// The smallest base rank key (`class << 32 | ordinal`) of an item without signals that
  /// ranks after `last`.
  func floor(after last: RankKey) -> UInt64 {
    let high = UInt64(last.rankClass) << 32
    if last.isBoosted { return high }
    // Ordinals are in rank order: score (higher first), then insertion order.
    let ordinal = Self.partition(0, items.count) { ordinal in
      let score = items[ordinal].score
      return score > last.score || (score == last.score && sequences[ordinal] <= last.sequence)
    }
    return high | UInt64(ordinal)
  }
}
