import MentionKit

/// Section "extraction": throughput of ``EntityExtractor`` over the chat corpus, side by side
/// with an NSRegularExpression extractor of twitter-text's mention rule (mentions and lists
/// only), and a check that both find the same mentions.
///
/// The headline rows are like for like: every entity with its value and its UTF-16 range read,
/// which is what twitter-text's API returns (and what the regex extractor builds). The scan-only
/// rows beside them find and count the entities without reading them (each entity's value is
/// still built: a ``MessageEntity`` holds it).
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

    let twitterMentions = EntityExtractor(profile: .twitter(hashtags: false))
    let twitter = EntityExtractor(profile: .twitter)
    let chat = EntityExtractor(profile: .chat)
    let regex = RegexMentionExtractor()
    // Every row is timed the same way: the fastest of at least 7 passes over the corpus and at
    // least half a second of passes, each pass summing into a local of its own.
    var checksum = 0
    func time(_ pass: () -> Int) -> Double {
      megabytesPerSecond(Timing.fastest(of: 7, minimumSeconds: 0.5) { checksum &+= pass() })
    }
    // Like for like: every entity with its value and its UTF-16 range read, as twitter-text's
    // API returns them (a name or tag with its indices).
    func entitiesRead(_ extractor: EntityExtractor) -> Double {
      time {
        var n = 0
        for line in corpusLines {
          for entity in extractor.extract(line).entities {
            n &+=
              entity.value.utf8.count &+ entity.utf16Range.lowerBound
              &+ entity.utf16Range.upperBound
          }
        }
        return n
      }
    }
    // Scan only: the entities are found and counted, but no value or range is read.
    func entitiesCounted(_ extractor: EntityExtractor) -> Double {
      time {
        var n = 0
        for line in corpusLines { n &+= extractor.extract(line).entities.count }
        return n
      }
    }

    let twitterRead = entitiesRead(twitter)
    let mentionsRead = entitiesRead(twitterMentions)
    let chatRead = entitiesRead(chat)
    let regexThroughput = time {
      var n = 0
      for line in corpusLines {
        for mention in regex.mentionsOrLists(in: line) {
          n &+=
            mention.screenName.utf8.count &+ mention.utf16Range.lowerBound
            &+ mention.utf16Range.upperBound
        }
      }
      return n
    }
    var likeForLike = Report(
      key: "like_for_like",
      title: "like for like: extract(_:), every entity's value and UTF-16 range read")
    likeForLike.add(
      "twitter_megabytes_per_second", "EntityExtractor(profile: .twitter)", twitterRead, "MB/s")
    likeForLike.add(
      "twitter_mentions_megabytes_per_second", ".twitter, hashtags off (mentions and lists)",
      mentionsRead, "MB/s")
    likeForLike.add(
      "chat_megabytes_per_second", "EntityExtractor(profile: .chat)", chatRead, "MB/s")
    likeForLike.add(
      "nsregularexpression_megabytes_per_second",
      "NSRegularExpression, mentions and lists only", regexThroughput,
      "MB/s")
    likeForLike.add(
      "twitter_mentions_over_regex_speedup",
      "speed-up, mentions and lists ÷ NSRegularExpression", mentionsRead / regexThroughput, "×")
    report.add(likeForLike)

    let mentionsCounted = entitiesCounted(twitterMentions)
    let twitterCounted = entitiesCounted(twitter)
    let chatCounted = entitiesCounted(chat)
    var reused = Message(text: "")
    let reusedScan = time {
      var n = 0
      for line in corpusLines {
        twitter.extract(line, into: &reused)
        n &+= reused.entities.count
      }
      return n
    }
    let reusedRead = time {
      var n = 0
      for line in corpusLines {
        twitter.extract(line, into: &reused)
        for entity in reused.entities {
          n &+=
            entity.value.utf8.count &+ entity.utf16Range.lowerBound
            &+ entity.utf16Range.upperBound
        }
      }
      return n
    }
    var scanOnly = Report(
      key: "scan_only", title: "scan only: entities found and counted, no value or range read")
    scanOnly.add(
      "twitter_mentions_megabytes_per_second", ".twitter, hashtags off, extract(_:)",
      mentionsCounted, "MB/s")
    scanOnly.add(
      "twitter_megabytes_per_second", ".twitter, extract(_:)", twitterCounted, "MB/s")
    scanOnly.add("chat_megabytes_per_second", ".chat, extract(_:)", chatCounted, "MB/s")
    scanOnly.add(
      "twitter_reused_megabytes_per_second",
      ".twitter, extract(_:into:), one reused Message", reusedScan, "MB/s")
    scanOnly.add(
      "twitter_reused_read_megabytes_per_second",
      "the same, every entity read", reusedRead, "MB/s")
    scanOnly.add(
      "twitter_mentions_over_regex_speedup",
      "mentions, scan only ÷ regex (not like for like)",
      mentionsCounted / regexThroughput, "×")
    scanOnly.add(
      "twitter_over_regex_speedup",
      ".twitter, scan only ÷ regex (not like for like)",
      twitterCounted / regexThroughput, "×")
    report.add(scanOnly)

    // Both must find the same mentions and list mentions, with the same UTF-16 ranges.
    var mismatches: [String] = []
    var compared = 0
    let extractor = twitterMentions
    for (number, line) in corpusLines.enumerated() {
      let ours = extractor.extract(line).entities.map {
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
      "targets, like for like (every entity's value and range read): ≥ 500 MB/s per core "
        + "with .twitter " + (twitterRead >= 500 ? "met" : "MISSED")
        + "; ≥ 10× NSRegularExpression, both finding mentions and lists only, "
        + (mentionsRead >= 10 * regexThroughput ? "met" : "MISSED")
        + " (checksum \(checksum % 1000))")
    return report
  }
}
