import MentionKit

/// Section "index": keystroke latency of ``MentionIndex`` against the library's default in-place
/// filter over the whole list and against the naive Foundation baseline, in one run, with a
/// check that they return the same top results.
enum IndexBenchmark {
  struct Configuration {
    /// Rounds over the whole query stream for the index (after one warm-up round).
    var rounds = 5
    /// Queries (spread over every category) run through the default filter.
    var filterSample = 40
    /// Queries (spread over every category) run through the naive baseline.
    var naiveSample = 24
  }

  static func run(
    directory: UserDirectory, queries: [KeystrokeQuery], configuration: Configuration
  ) -> Report {
    var report = Report(
      key: "index", title: "Index: keystrokes over \(directory.items.count) users")
    let users = directory.items
    let trigger = Trigger.mention
    let limit = trigger.resultLimit
    report.add("users", "users", users.count)
    report.add("results_per_query", "results per query (Trigger.mention.resultLimit)", limit)
    report.add("queries_in_stream", "keystroke queries in the stream", queries.count)
    report.add(
      "distinct_queries", "distinct queries", Set(queries.map(\.text)).count)

    // Build, with the process's memory measured before and after (freed memory given back to
    // the system first, so a temporary of the build is not counted).
    let beforeIndex = Memory.snapshot()
    let (index, buildNanoseconds) = Timing.measure { MentionIndex(users) }
    let indexGrowth = Memory.snapshot().growth(since: beforeIndex, per: users.count)
    report.add("build_seconds", "index build", Double(buildNanoseconds) / 1e9, "s")
    // The items' own cost: a copy of them built as the loader builds them (each string a new
    // one of its own; `String(_:)` of a whole string's substring would share its storage),
    // measured the same way, then released.
    func copy(_ text: String) -> String {
      String(unsafeUninitializedCapacity: text.utf8.count) {
        $0.initialize(fromContentsOf: text.utf8)
      }
    }
    let beforeItems = Memory.snapshot()
    let itemCopies = users.map {
      MentionItem(
        id: copy($0.id), insertionText: copy($0.insertionText), displayText: copy($0.displayText))
    }
    let itemsGrowth = Memory.snapshot().growth(since: beforeItems, per: users.count)
    withExtendedLifetime(itemCopies) {}
    var memory = Report(key: "bytes_per_user", title: "memory per user, measured")
    memory.add(
      "index_resident_bytes_per_user", "index: resident memory growth over the build",
      indexGrowth.resident, "B")
    memory.add(
      "index_heap_bytes_per_user", "index: heap bytes in use, growth over the build",
      indexGrowth.heap, "B")
    memory.add(
      "items_heap_bytes_per_user", "items (outside the index): heap bytes in use",
      itemsGrowth.heap, "B")
    memory.add(
      "items_resident_bytes_per_user", "items (outside the index): resident growth",
      itemsGrowth.resident, "B")
    report.add(memory)

    // The index over the whole stream, `rounds` times after a warm-up round.
    var samples: [UInt64] = []
    var samplesByQuery = [[UInt64]](repeating: [], count: queries.count)
    var results = [[MentionMatch]](repeating: [], count: queries.count)
    for round in 0...configuration.rounds {
      for (n, query) in queries.enumerated() {
        let (matches, elapsed) = Timing.measure { index.matches(for: query.text, limit: limit) }
        if round == 0 {
          results[n] = matches
        } else {
          samples.append(elapsed)
          samplesByQuery[n].append(elapsed)
        }
      }
    }
    let indexStats = LatencyStats(samples)
    indexStats.add(to: &report, key: "index", label: "index")
    var categories = Report(key: "index_by_category", title: "index by query category")
    for category in KeystrokeQueries.categories {
      let picked = queries.indices.filter { queries[$0].category == category }
      guard !picked.isEmpty else { continue }
      let stats = LatencyStats(picked.flatMap { samplesByQuery[$0] })
      categories.add(
        category.replacingDashes + "_p50_microseconds", "\(category) (\(picked.count)): p50",
        stats.p50 / 1e3, "µs")
      categories.add(
        category.replacingDashes + "_p99_microseconds", "\(category) (\(picked.count)): p99",
        stats.p99 / 1e3, "µs")
    }
    report.add(categories)
    // Queries the literal matches answer alone, and those that fall back to typos (four
    // characters or more with fewer literal matches than the limit).
    var routes = Report(key: "index_by_route", title: "index by how the query was answered")
    let fellBack = queries.indices.filter { n in
      queries[n].text.count >= 4 && results[n].filter { $0.route == .literal }.count < limit
    }
    let fellBackSet = Set(fellBack)
    let literalOnly = queries.indices.filter { !fellBackSet.contains($0) }
    // The keystroke targets name literal keystrokes: those answered without the fallback.
    let literalStats = LatencyStats(literalOnly.flatMap { samplesByQuery[$0] })
    let fallbackStats = LatencyStats(fellBack.flatMap { samplesByQuery[$0] })
    for (key, label, picked, stats) in [
      ("literal_only", "answered without the typo fallback", literalOnly, literalStats),
      ("typo_fallback", "with the typo fallback", fellBack, fallbackStats),
    ] {
      routes.add(
        key + "_p50_microseconds", "\(label) (\(picked.count)): p50", stats.p50 / 1e3, "µs")
      routes.add(
        key + "_p99_microseconds", "\(label) (\(picked.count)): p99", stats.p99 / 1e3, "µs")
    }
    report.add(routes)

    // The default filter over the whole list, on a sample.
    let filter = DefaultMentionFilter()
    let filterPicks = KeystrokeQueries.sample(queries, count: configuration.filterSample)
    var filterSamples: [UInt64] = []
    var filterMismatches: [String] = []
    for n in filterPicks {
      let mentionQuery = Self.mentionQuery(queries[n].text, trigger: trigger)
      let (matches, elapsed) = Timing.measure {
        filter.matches(in: users, for: mentionQuery, ranking: MentionRanking())
      }
      filterSamples.append(elapsed)
      // The filter also finds mid-word matches, which rank after every match the index finds;
      // the index's transliterated and typo matches rank after its literal ones.
      let expected = results[n].filter { $0.route == .literal }.map(\.item.id)
      let got = matches.prefix(expected.count).map(\.item.id)
      if got != expected {
        filterMismatches.append(
          "\"\(queries[n].text)\": filter \(got.prefix(5)) vs index \(expected.prefix(5))")
      }
    }
    let filterStats = LatencyStats(filterSamples)
    filterStats.add(to: &report, key: "default_filter", label: "DefaultMentionFilter, whole list")

    // The naive Foundation baseline (written from the documented rules, the check's oracle), on
    // a smaller sample.
    let naive = NaiveBaseline(items: users)
    let naivePicks = KeystrokeQueries.sample(queries, count: configuration.naiveSample)
    var naiveSamples: [UInt64] = []
    var naiveMismatches: [String] = []
    var naiveResultCount = 0
    for n in naivePicks {
      let (found, elapsed) = Timing.measure { naive.matches(for: queries[n].text, limit: limit) }
      naiveSamples.append(elapsed)
      naiveResultCount += found.count
      let naiveTop = found.map { "\(users[$0.index].id)/\($0.tier)" }
      let indexTop = results[n].filter { $0.route == .literal }.map { "\($0.item.id)/\($0.tier)" }
      // The tiers are compared by name: the baseline's own `Tier` names its cases as
      // `MatchTier` does.
      if naiveTop != indexTop {
        let first = zip(naiveTop, indexTop).prefix { $0 == $1 }.count
        let (naiveRest, indexRest) = (naiveTop.dropFirst(first), indexTop.dropFirst(first))
        naiveMismatches.append(
          "\"\(queries[n].text)\" from result \(first + 1): naive \(naiveRest.prefix(4)) vs "
            + "index \(indexRest.prefix(4))")
      }
    }
    let naiveStats = LatencyStats(naiveSamples)
    naiveStats.add(to: &report, key: "naive_foundation", label: "naive Foundation baseline")

    // Ratios on the same queries: the index's own timings of the sampled queries.
    let indexOnNaive = LatencyStats(naivePicks.flatMap { samplesByQuery[$0] })
    let indexOnFilter = LatencyStats(filterPicks.flatMap { samplesByQuery[$0] })
    report.add(
      "index_over_naive_p50_ratio", "ratio index/naive, p50 (same queries)",
      indexOnNaive.p50 / naiveStats.p50)
    report.add(
      "index_over_naive_p99_ratio", "ratio index/naive, p99 (same queries)",
      indexOnNaive.p99 / naiveStats.p99)
    report.add(
      "naive_over_index_p50_speedup", "speed-up naive÷index, p50 (same queries)",
      naiveStats.p50 / indexOnNaive.p50, "×")
    report.add(
      "index_over_default_filter_p50_ratio", "ratio index/default filter, p50 (same queries)",
      indexOnFilter.p50 / filterStats.p50)

    // Checks.
    report.add(
      "naive_queries_compared", "naive queries compared (ids, order and tier)", naivePicks.count)
    report.add("naive_results_compared", "naive results compared", naiveResultCount)
    report.add("naive_mismatches", "naive top results ≠ index", naiveMismatches.count)
    report.add(
      "default_filter_queries_compared", "default filter queries compared", filterPicks.count)
    report.add(
      "default_filter_mismatches", "default filter top results ≠ index", filterMismatches.count)
    for mismatch in naiveMismatches.prefix(10) { report.failures.append("naive: \(mismatch)") }
    for mismatch in filterMismatches.prefix(10) { report.failures.append("filter: \(mismatch)") }
    if naiveMismatches.count > 10 || filterMismatches.count > 10 {
      report.failures.append(
        "\(naiveMismatches.count) naive and \(filterMismatches.count) filter mismatches in all")
    }

    // The project's targets, reported, not asserted.
    func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
    report.note(
      "targets, keystrokes without the typo fallback: p50 ≤ 5 µs "
        + "\(verdict(literalStats.p50 <= 5_000)), p99 ≤ 50 µs \(verdict(literalStats.p99 <= 50_000)); "
        + "build ≤ 3 s \(verdict(buildNanoseconds <= 3_000_000_000)), "
        + "index ≤ 160 B/user: resident growth \(verdict(indexGrowth.resident <= 160)), "
        + "heap bytes in use \(verdict(indexGrowth.heap <= 160))")
    report.add(IndexRankingBenchmark.run(index: index, users: users, limit: limit))
    return report
  }

  /// The query the manager would pass to its filter after `@text`.
  static func mentionQuery(_ text: String, trigger: Trigger) -> MentionQuery {
    MentionQuery(text: text, trigger: trigger)
  }
}

extension String {
  /// `name-accented` → `name_accented`, for JSON keys.
  var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
