import MentionKit

/// Section "extraction": throughput of ``EntityExtractor`` over the chat corpus, side by side
/// with an NSRegularExpression extractor of the same twitter-text mention rule, and a check that
/// both find the same mentions.
enum ExtractionBenchmark {
  static func run(corpusLines: [String]) -> Report {
    var report = Report(key: "extraction", title: "Extraction: chat corpus, one message at a time")
    let bytes = corpusLines.reduce(0) { $0 + $1.utf8.count }
    report.add("messages", "messages", corpusLines.count)
    report.add("megabytes", "message text (10^6 bytes)", Double(bytes) / 1e6, "MB")
    /// The corpus's throughput for one pass that took `nanoseconds`.
    func megabytesPerSecond(_ nanoseconds: UInt64) -> Double {
      Double(bytes) / 1e6 / (Double(nanoseconds) / 1e9)
    }

    var mentionsOnly = ExtractionProfile.twitter
    mentionsOnly.includesHashtags = false
    let extractors: [(key: String, label: String, extractor: EntityExtractor)] = [
      (
        "twitter_mentions", "EntityExtractor .twitter, mentions only",
        EntityExtractor(profile: mentionsOnly)
      ),
      ("twitter", "EntityExtractor(profile: .twitter)", EntityExtractor(profile: .twitter)),
      ("chat", "EntityExtractor(profile: .chat)", EntityExtractor(profile: .chat)),
    ]
    var throughput: [String: Double] = [:]
    var entityCount = 0
    for (key, label, extractor) in extractors {
      let nanoseconds = Timing.fastest(of: 7, minimumSeconds: 0.5) {
        for line in corpusLines { entityCount &+= extractor.entities(in: line).count }
      }
      let rate = megabytesPerSecond(nanoseconds)
      throughput[key] = rate
      report.add("\(key)_megabytes_per_second", label, rate, "MB/s")
    }
    // An entity reads its value from the message only when asked: this pass also builds every
    // value as a `String`, which is what a caller that reads them all pays.
    let twitterExtractor = extractors[1].extractor
    let valuesNanoseconds = Timing.fastest(of: 7, minimumSeconds: 0.5) {
      for line in corpusLines {
        for entity in twitterExtractor.entities(in: line) {
          entityCount &+= entity.value.utf8.count
        }
      }
    }
    let valuesThroughput = megabytesPerSecond(valuesNanoseconds)
    report.add(
      "twitter_values_megabytes_per_second", "EntityExtractor .twitter, every value read",
      valuesThroughput, "MB/s")
    // The same extraction into one reusable `ExtractedEntities`, as a stream processor would
    // run it: no array per message. The second pass also builds every entity and its value.
    var reused = ExtractedEntities()
    let reusedNanoseconds = Timing.fastest(of: 7, minimumSeconds: 0.5) {
      for line in corpusLines {
        twitterExtractor.extract(line, into: &reused)
        entityCount &+= reused.count
      }
    }
    let reusedThroughput = megabytesPerSecond(reusedNanoseconds)
    report.add(
      "twitter_reused_megabytes_per_second",
      "EntityExtractor .twitter, extract(_:into:) reusing one storage", reusedThroughput, "MB/s")
    let reusedValuesNanoseconds = Timing.fastest(of: 7, minimumSeconds: 0.5) {
      for line in corpusLines {
        twitterExtractor.extract(line, into: &reused)
        for entity in reused { entityCount &+= entity.value.utf8.count }
      }
    }
    report.add(
      "twitter_reused_values_megabytes_per_second",
      "the same, every entity and value read",
      megabytesPerSecond(reusedValuesNanoseconds), "MB/s")
    let regex = RegexMentionExtractor()
    let regexNanoseconds = Timing.fastest(of: 3, minimumSeconds: 0.5) {
      for line in corpusLines { entityCount &+= regex.mentionsOrLists(in: line).count }
    }
    let regexThroughput = megabytesPerSecond(regexNanoseconds)
    report.add(
      "nsregularexpression_megabytes_per_second", "NSRegularExpression, same mention rule",
      regexThroughput, "MB/s")
    report.add(
      "twitter_mentions_over_regex_speedup", "speed-up, mentions only ÷ NSRegularExpression",
      throughput["twitter_mentions", default: .nan] / regexThroughput, "×")
    report.add(
      "twitter_over_regex_speedup", "speed-up, .twitter (also hashtags) ÷ NSRegularExpression",
      throughput["twitter", default: .nan] / regexThroughput, "×")
    // Like for like: the regex builds every screen name as a string too.
    report.add(
      "twitter_values_over_regex_speedup",
      "speed-up, .twitter with every value read ÷ NSRegularExpression",
      valuesThroughput / regexThroughput, "×")

    // Both must find the same mentions and list mentions, with the same UTF-16 ranges.
    var mismatches: [String] = []
    var compared = 0
    let extractor = extractors[0].extractor
    for (number, line) in corpusLines.enumerated() {
      let ours = extractor.entities(in: line).map {
        RegexMentionExtractor.Mention(
          screenName: $0.value, listSlug: $0.listSlug ?? "", utf16Range: $0.utf16Range)
      }
      let theirs = regex.mentionsOrLists(in: line)
      compared += theirs.count
      if ours != theirs {
        mismatches.append(
          "line \(number + 1): extractor \(ours.map(\.screenName)) vs regex \(theirs.map(\.screenName))"
        )
      }
    }
    report.add("mentions_compared", "mentions and lists compared with the regex", compared)
    report.add("mismatched_messages", "messages where they differ", mismatches.count)
    report.failures += mismatches.prefix(10)
    report.note(
      "targets: ≥ 500 MB/s per core "
        + (throughput["twitter", default: 0] >= 500 ? "met" : "MISSED")
        + " with entities(in:), "
        + (reusedThroughput >= 500 ? "met" : "MISSED") + " with extract(_:into:)"
        + ", ≥ 10× NSRegularExpression "
        + (throughput["twitter", default: 0] >= 10 * regexThroughput ? "met" : "MISSED")
        + " (`entities(in:)` with the .twitter profile, values not read; checksum"
        + " \(entityCount % 1000))")
    return report
  }
}
