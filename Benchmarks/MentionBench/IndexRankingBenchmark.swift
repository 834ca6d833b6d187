import MentionKit
import ToolSupport

/// Section "index" (continued): the typo fallback on misspelled queries against a linear scan
/// of every key, ranking signals, paging, and recording a pick.
enum IndexRankingBenchmark {
  /// A misspelled query: a prefix of a real name word with one edit, and the user it came from.
  struct TypoQuery {
    var text: String
    var source: Int
  }

  /// Misspelled queries from real names: a word of five letters or more, cut to five to eight
  /// letters, then one insertion, deletion, substitution or adjacent transposition past the
  /// first letter; seeded, so every run uses the same ones.
  static func typoQueries(_ users: [MentionItem], count: Int, seed: UInt64) -> [TypoQuery] {
    var random = SplitMix64(seed: seed)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var queries: [TypoQuery] = []
    var attempts = 0
    while queries.count < count && attempts < count * 100 {
      attempts += 1
      let source = Int.random(in: 0..<users.count, using: &random)
      let words = users[source].displayText.lowercased().split(separator: " ")
      guard let word = words.randomElement(using: &random), word.count >= 5,
        word.allSatisfy({ $0.isLetter })
      else { continue }
      var text = Array(word.prefix(Int.random(in: 5...8, using: &random)))
      let at = Int.random(in: 1..<text.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: text.insert(letters.randomElement(using: &random)!, at: at)
      case 1: text.remove(at: at)
      case 2: text[at] = letters.randomElement(using: &random)!
      default:
        guard at + 1 < text.count, text[at] != text[at + 1] else { continue }
        text.swapAt(at, at + 1)
      }
      queries.append(TypoQuery(text: String(text), source: source))
    }
    return queries
  }

  static func run(index: MentionIndex, users: [MentionItem], limit: Int) -> Report {
    var report = Report(key: "ranking", title: "typos, signals, paging and picks")
    let queries = typoQueries(users, count: 400, seed: 0x7E70)
    report.add(
      "typo_queries", "misspelled queries (seeded, one edit of a name prefix)", queries.count)

    // The index on the misspelled queries, one warm-up round then three measured.
    var samples: [UInt64] = []
    var results = [[MentionMatch]](repeating: [], count: queries.count)
    for round in 0...3 {
      for (n, query) in queries.enumerated() {
        let (found, elapsed) = Timing.measure { index.matches(for: query.text, limit: limit) }
        if round == 0 { results[n] = found } else { samples.append(elapsed) }
      }
    }
    LatencyStats(samples).add(to: &report, key: "typo", label: "index, misspelled queries")
    // The slowest queries, by their best time over the rounds.
    let best = queries.indices.map { n in
      (0..<3).map { samples[$0 * queries.count + n] }.min()!
    }
    for n in queries.indices.sorted(by: { best[$0] > best[$1] }).prefix(5) {
      report.note("slow typo query \"\(queries[n].text)\": \(Double(best[n]) / 1e3) µs")
    }
    let withTypos = results.filter {
      $0.contains { if case .typo = $0.route { true } else { false } }
    }
    report.add(
      "typo_queries_with_typo_matches", "queries answered with typo matches", withTypos.count)
    let sourceFound = queries.indices.filter { n in
      results[n].contains { $0.item.id == users[queries[n].source].id }
    }
    report.add(
      "typo_source_in_results", "queries whose source user is among the results",
      sourceFound.count)

    // The baseline: every key of every user, one prefix edit distance each.
    let keys = LinearTypoScan(users: users)
    let sample = stride(from: 0, to: queries.count, by: queries.count / 8).map { $0 }
    var scanSamples: [UInt64] = []
    var disagreements = 0
    for n in sample {
      let (found, elapsed) = Timing.measure { keys.matching(queries[n].text) }
      scanSamples.append(elapsed)
      // Each typo match the index returns is one the scan finds.
      for match in results[n] {
        guard case .typo(let key) = match.route, !found.contains(match.item.id) else { continue }
        disagreements += 1
        if disagreements <= 3 {
          report.failures.append(
            "typo match not in the scan: \"\(queries[n].text)\" → \(match.item.id) by \"\(key)\"")
        }
      }
    }
    let scanStats = LatencyStats(scanSamples)
    scanStats.add(to: &report, key: "linear_scan", label: "linear scan of every key")
    let indexOnSample = LatencyStats(
      sample.flatMap { n in [samples[n], samples[n + queries.count]] })
    report.add(
      "scan_over_index_p50_speedup", "speed-up scan÷index, p50 (same queries)",
      scanStats.p50 / indexOnSample.p50, "×")
    report.add(
      "typo_scan_disagreements", "index typo matches the scan does not find", disagreements)
    if disagreements > 0 { report.failures.append("\(disagreements) typo matches not in the scan") }

    // Ranking signals: 20 ids in context and 100 in the history.
    var random = SplitMix64(seed: 0x51_6E)
    var history = PickHistory()
    for i in 0..<100 { history.record(users.randomElement(using: &random)!.id, at: Double(i)) }
    let context = Set((0..<20).map { _ in users.randomElement(using: &random)!.id })
    let ranking = MentionRanking(context: context, history: history, now: 600)
    let prefixes = (0..<400).map { _ -> String in
      let name = users.randomElement(using: &random)!.displayText.lowercased()
      return String(name.prefix(Int.random(in: 1...4, using: &random)))
    }
    var signalSamples: [UInt64] = []
    for round in 0...3 {
      for query in prefixes {
        let (_, elapsed) = Timing.measure {
          index.matches(for: query, limit: limit, ranking: ranking)
        }
        if round > 0 { signalSamples.append(elapsed) }
      }
    }
    LatencyStats(signalSamples).add(
      to: &report, key: "signals", label: "index with 20 context ids and 100 picks (1–4 letters)")

    // Paging: the second page, and a page past the precomputed lists (after 64 matches).
    var secondPage: [UInt64] = []
    var deepPage: [UInt64] = []
    for query in prefixes.prefix(200) {
      let first = index.page(for: query, limit: limit)
      let (_, elapsed) = Timing.measure { index.page(for: query, limit: limit, after: first.next) }
      secondPage.append(elapsed)
      let eighth = index.page(for: query, limit: 8 * limit)
      guard eighth.next != nil else { continue }
      let (_, deep) = Timing.measure { index.page(for: query, limit: limit, after: eighth.next) }
      deepPage.append(deep)
    }
    LatencyStats(secondPage).add(to: &report, key: "second_page", label: "second page")
    LatencyStats(deepPage).add(to: &report, key: "page_after_64", label: "page after 64 matches")

    // Recording a pick, into a history of 10,000 ids.
    var picks = PickHistory()
    let ids = (0..<10_000).map { users[$0 % users.count].id }
    var recordSamples: [UInt64] = []
    for round in 0..<20 {
      let start = Timing.now()
      for (i, id) in ids.enumerated() { picks.record(id, at: Double(round * ids.count + i)) }
      recordSamples.append((Timing.now() &- start) / UInt64(ids.count))
    }
    let record = LatencyStats(recordSamples)
    report.add("record_mean_nanoseconds", "PickHistory.record, mean of 10,000", record.p50, "ns")

    let typoStats = LatencyStats(samples)
    report.note(
      "targets: typo p99 ≤ 1 ms \(typoStats.p99 <= 1_000_000 ? "met" : "MISSED"), "
        + "record ≤ 1 µs \(record.p50 <= 1_000 ? "met" : "MISSED")")
    return report
  }
}

/// The typo baseline: every search key of every user (as `MentionIndex.searchKeys(of:)` gives
/// them, with spellings), each compared with the query by the restricted edit distance of its best prefix, on
/// every query.
struct LinearTypoScan {
  var keys: [(scalars: [Unicode.Scalar], user: Int)] = []
  var ids: [String]

  init(users: [MentionItem]) {
    ids = users.map(\.id)
    for (user, item) in users.enumerated() {
      for key in MentionIndex.searchKeys(of: item, spellings: true) {
        keys.append((Array(key.key.unicodeScalars), user))
      }
    }
  }

  /// The ids of the users with a key whose prefix is at most one edit from the folded query,
  /// with the same first letter.
  func matching(_ query: String) -> Set<String> {
    let q = Array(MentionIndex.searchKey(forQuery: query).unicodeScalars)
    var found: Set<String> = []
    // Three arrays made separately, never copies of one another: with copies, a release build
    // (Swift 6.3.1, -O) wrote a column into the storage of the one before it, and the scan
    // missed keys one edit away.
    var row = [Int](repeating: 0, count: q.count + 2)
    var previous = [Int](repeating: 0, count: q.count + 2)
    var beforePrevious = [Int](repeating: 0, count: q.count + 2)
    for (key, user) in keys where key.first == q.first {
      // Distances of each query prefix to the key prefix, column by column.
      let m = min(key.count, q.count + 1)
      for i in 0...q.count { previous[i] = i }
      var best = previous[q.count]
      if m > 0 {
        for j in 1...m {
          row[0] = j
          for i in 1...q.count {
            var d = min(
              previous[i] + 1, row[i - 1] + 1, previous[i - 1] + (q[i - 1] == key[j - 1] ? 0 : 1))
            if i > 1 && j > 1 && q[i - 1] == key[j - 2] && q[i - 2] == key[j - 1] {
              d = min(d, beforePrevious[i - 2] + 1)
            }
            row[i] = d
          }
          best = min(best, row[q.count])
          (beforePrevious, previous, row) = (previous, row, beforePrevious)
        }
      }
      if best <= 1 { found.insert(ids[user]) }
    }
    return found
  }
}
