import MentionKit

/// Messages per second for the backend pipeline: extract (``EntityExtractor``), resolve against
/// a large user directory (``MentionResolver`` over ``HandleDirectory``), and write
/// (``WireFormat/write(_:)``, Slack format), over a ``MessageStream``: the corpus's messages with
/// their mentions naming users of the directory, as many distinct messages as asked for (more
/// text than the caches hold), rather than the same 10,000 replayed.
///
/// Four ways of running it are timed, each on one core:
/// - `sync`: `resolve(_:into:)` into a new ``Message`` per message, in a plain loop (the fast
///   path for in-memory directories);
/// - `reused`: the same into one reused ``Message``, so its entity array is not allocated per
///   message (checked first: it writes every message as the `sync` path does);
/// - `async`: `await resolve(_:)` per message (never suspends for in-memory directories, so
///   this is the cost of the async call itself);
/// - `batched`: `await resolve(_:)` over batches of 1,000 messages, one directory call per
///   trigger per batch (the path a remote directory takes).
///
/// Then the `reused` path on every core at once: one child task per online core, each with a
/// stream of its own (as a server receives distinct messages on each thread) and its own
/// ``Message``, all sharing one resolver with its extractor and directories. The figure is all the tasks' messages over the wall time, and the scaling is that
/// figure over the one-core `reused` figure.
///
/// Its figures are ``Report`` values (counts as integers), which `main.swift` prints.
enum PipelineBenchmark {
  /// The figures of one run.
  struct Result: Sendable {
    /// The extraction profile used.
    var profile: String
    /// Messages in the stream, distinct texts among them, and their average size.
    var streamMessages: Int
    var distinctMessages: Int
    var averageMessageBytes: Double
    /// Users and channels in the directories, and the time to build their tables.
    var users: Int
    var channels: Int
    var directoryBuildSeconds: Double
    /// Entities per pass over the stream, and how many resolved to exactly one item.
    var entitiesPerPass: Int
    var resolvedPerPass: Int
    /// Mentions per pass by outcome: resolved, unresolved, ambiguous, not looked up.
    var mentions: Outcomes
    /// Hashtags per pass by outcome (the channel directory).
    var hashtags: Outcomes
    /// Other entities per pass (list mentions, cashtags).
    var otherEntities: Int
    /// Mentions per pass that name a user of the directory, according to the stream.
    var mentionsNamingUsers: Int
    /// Timed passes over the stream per mode.
    var passes: Int
    /// Sync path: total messages, seconds, messages/s, MB/s of message text.
    var messages: Int
    var totalSeconds: Double
    var messagesPerSecond: Double
    var megabytesPerSecond: Double
    /// Sync path, one message at a time (each timed alone, clock overhead included).
    var p50Nanoseconds: Double
    var p99Nanoseconds: Double
    /// Each step of the sync path alone, ns per message (best whole pass of several): extract;
    /// resolve (extract and resolve, less extract); write, on messages resolved beforehand.
    var extractNanoseconds: Double
    var resolveNanoseconds: Double
    var renderNanoseconds: Double
    /// The sync path with reusable storage, messages/s.
    var reusedMessagesPerSecond: Double
    /// Messages that the reused-storage path rendered differently from the sync path (none
    /// expected), the first few quoted.
    var reusedMismatches: [String]
    /// The async per-message and batched async paths, messages/s.
    var asyncMessagesPerSecond: Double
    var batchedMessagesPerSecond: Double
    /// The reused-storage path on every core at once: how many tasks ran, their messages/s
    /// together, and that figure over `reusedMessagesPerSecond`.
    var parallelTasks: Int
    var parallelMessagesPerSecond: Double
    var parallelScaling: Double { parallelMessagesPerSecond / reusedMessagesPerSecond }
    /// The target (1,000,000 messages/s), and whether the sync path reached it.
    var targetMessagesPerSecond: Double
    var meetsTarget: Bool { messagesPerSecond >= targetMessagesPerSecond }
    var reusedMeetsTarget: Bool { reusedMessagesPerSecond >= targetMessagesPerSecond }
    /// Bytes rendered per pass (keeps the work from being optimised away; also a sanity check).
    var renderedBytesPerPass: Int

    /// Every figure as (key, label, value, unit), for a text or JSON report.
    var figures: [(key: String, label: String, value: Report.Value, unit: String)] {
      [
        ("stream_messages", "messages in the stream", .integer(streamMessages), ""),
        (
          "distinct_messages", "distinct texts (a message without a mention repeats)",
          .integer(distinctMessages), ""
        ),
        ("average_message_bytes", "average message", .number(averageMessageBytes), "B"),
        ("users", "users in the directory", .integer(users), ""),
        ("channels", "channels in the directory", .integer(channels), ""),
        (
          "directory_build_seconds", "directory tables built in", .number(directoryBuildSeconds),
          "s"
        ),
        ("entities_per_pass", "entities per pass over the stream", .integer(entitiesPerPass), ""),
        ("resolved_per_pass", "entities resolved per pass", .integer(resolvedPerPass), ""),
        (
          "mentions_naming_users", "mentions naming a user (as the stream wrote them)",
          .integer(mentionsNamingUsers), ""
        ),
        ("mentions_resolved", "mentions resolved", .integer(mentions.resolved), ""),
        ("mentions_unresolved", "mentions unresolved", .integer(mentions.unresolved), ""),
        ("mentions_ambiguous", "mentions ambiguous", .integer(mentions.ambiguous), ""),
        ("mentions_skipped", "mentions not looked up", .integer(mentions.skipped), ""),
        ("hashtags_resolved", "hashtags resolved (channels)", .integer(hashtags.resolved), ""),
        ("hashtags_unresolved", "hashtags unresolved", .integer(hashtags.unresolved), ""),
        ("hashtags_ambiguous", "hashtags ambiguous", .integer(hashtags.ambiguous), ""),
        ("hashtags_skipped", "hashtags not looked up", .integer(hashtags.skipped), ""),
        ("other_entities", "other entities (lists, cashtags)", .integer(otherEntities), ""),
        ("messages", "messages timed (sync)", .integer(messages), ""),
        ("total_seconds", "total (sync)", .number(totalSeconds), "s"),
        (
          "messages_per_second", "extract+resolve+render (sync)", .number(messagesPerSecond),
          "msg/s"
        ),
        (
          "megabytes_per_second", "message text throughput (sync)", .number(megabytesPerSecond),
          "MB/s"
        ),
        ("p50_nanoseconds", "p50 per message (sync)", .number(p50Nanoseconds), "ns"),
        ("p99_nanoseconds", "p99 per message (sync)", .number(p99Nanoseconds), "ns"),
        (
          "extract_nanoseconds", "step alone: extract, per message", .number(extractNanoseconds),
          "ns"
        ),
        (
          "resolve_nanoseconds", "step alone: resolve, per message", .number(resolveNanoseconds),
          "ns"
        ),
        ("render_nanoseconds", "step alone: render, per message", .number(renderNanoseconds), "ns"),
        (
          "reused_messages_per_second", "the same, one reused Message (sync)",
          .number(reusedMessagesPerSecond), "msg/s"
        ),
        (
          "reused_mismatches", "reused storage rendered ≠ sync path",
          .integer(reusedMismatches.count),
          "messages"
        ),
        (
          "async_messages_per_second", "extract+resolve+render (async)",
          .number(asyncMessagesPerSecond),
          "msg/s"
        ),
        (
          "batched_messages_per_second", "extract+resolve+render (batched async)",
          .number(batchedMessagesPerSecond), "msg/s"
        ),
        ("parallel_tasks", "tasks on all cores (one per core)", .integer(parallelTasks), ""),
        (
          "parallel_messages_per_second", "the same, reused storage, all cores together",
          .number(parallelMessagesPerSecond), "msg/s"
        ),
        (
          "parallel_scaling", "all cores ÷ one core (reused storage)", .number(parallelScaling), "×"
        ),
        (
          "target_messages_per_second", "target (one core)", .number(targetMessagesPerSecond),
          "msg/s"
        ),
      ]
    }
  }

  /// Resolution outcomes of one kind of entity.
  struct Outcomes: Sendable {
    var resolved = 0
    var unresolved = 0
    var ambiguous = 0
    var skipped = 0

    mutating func count(_ resolution: MessageEntity.Resolution) {
      switch resolution {
      case .resolved: resolved += 1
      case .unresolved: unresolved += 1
      case .ambiguous: ambiguous += 1
      case .skipped, .pending: skipped += 1
      }
    }
  }

  /// Runs the benchmark.
  ///
  /// - Parameters:
  ///   - stream: The messages, timed on one core.
  ///   - taskStreams: One stream per task of the all-cores mode, each distinct.
  ///   - users: The user directory (1,000,000 users from `users.tsv`).
  ///   - channels: The channel directory.
  ///   - profile: The extraction profile; the default chat profile unless told.
  ///   - minimumSeconds: How long each mode runs at least.
  /// - Returns: The figures.
  /// - Throws: A ``ResolutionError`` if resolution fails (it cannot, in memory).
  static func run(
    stream: MessageStream, taskStreams: [[String]], users: [MentionItem],
    channels: [MentionItem], profile: ExtractionProfile = .chat, minimumSeconds: Double = 2
  ) async throws -> Result {
    let streamLines = stream.messages
    let buildStart = Timing.now()
    let extractor = EntityExtractor(profile: profile)
    let resolver = MentionResolver(
      users: HandleDirectory(users), channels: HandleDirectory(channels), extractor: extractor)
    let buildSeconds = Timing.seconds(since: buildStart)
    let renderer = WireFormat.slack
    let streamBytes = streamLines.reduce(0) { $0 + $1.utf8.count }

    // One checked pass: entity counts and outcomes, output size, and the reused-storage path
    // against the sync path.
    var entities = 0
    var resolved = 0
    var mentions = Outcomes()
    var hashtags = Outcomes()
    var otherEntities = 0
    var renderedBytes = 0
    var reusedMismatches: [String] = []
    var storage = Message(text: "")
    for line in streamLines {
      var message = Message(text: line)
      try resolver.resolve(line, into: &message)
      entities += message.entities.count
      resolved += message.entities.count { $0.item != nil }
      for entity in message.entities {
        switch entity.trigger {
        case .mention where entity.listSlug == nil: mentions.count(entity.resolution)
        case .hashtag: hashtags.count(entity.resolution)
        default: otherEntities += 1
        }
      }
      let rendered = renderer.write(message)
      renderedBytes += rendered.utf8.count
      try resolver.resolve(line, into: &storage)
      if renderer.write(storage) != rendered || storage != message {
        reusedMismatches.append(line)
      }
    }

    // Sync path: whole passes until the time is up.
    var passes = 0
    var sink = 0
    let start = Timing.now()
    repeat {
      for line in streamLines {
        var message = Message(text: line)
        try resolver.resolve(line, into: &message)
        sink &+= renderer.write(message).utf8.count
      }
      passes += 1
    } while Timing.seconds(since: start) < minimumSeconds
    let total = Timing.seconds(since: start)

    // Per-message latency, one pass.
    var samples: [UInt64] = []
    samples.reserveCapacity(streamLines.count)
    for line in streamLines {
      let t0 = Timing.now()
      var message = Message(text: line)
      try resolver.resolve(line, into: &message)
      sink &+= renderer.write(message).utf8.count
      samples.append(Timing.now() &- t0)
    }
    samples.sort()

    // Each step alone: the best of the whole passes made in half a second (at least 5), the
    // inputs of each step made beforehand. A few passes are not enough: the first ones run
    // with cold caches and a slower clock.
    func bestPass(_ body: () throws -> Int) rethrows -> Double {
      let best = try Timing.fastest(of: 5, minimumSeconds: 0.5) { sink &+= try body() }
      return Double(best) / Double(max(1, streamLines.count))
    }
    let resolvedMessages = try streamLines.map { line in
      var message = Message(text: line)
      try resolver.resolve(line, into: &message)
      return message
    }
    let extractNanoseconds = bestPass {
      var n = 0
      for line in streamLines { n &+= extractor.extract(line).entities.count }
      return n
    }
    // Resolution runs inside extraction (each entity is looked up as it is found): its cost is
    // that of both, less extraction's.
    let extractAndResolveNanoseconds = try bestPass {
      var n = 0
      for line in streamLines {
        var message = Message(text: line)
        try resolver.resolve(line, into: &message)
        n &+= message.entities.count
      }
      return n
    }
    let resolveNanoseconds = max(0, extractAndResolveNanoseconds - extractNanoseconds)
    let renderNanoseconds = bestPass {
      var n = 0
      for message in resolvedMessages { n &+= renderer.write(message).utf8.count }
      return n
    }

    // Sync path with one reusable storage.
    var reusedPasses = 0
    var reused = Message(text: "")
    let reusedStart = Timing.now()
    repeat {
      for line in streamLines {
        try resolver.resolve(line, into: &reused)
        sink &+= renderer.write(reused).utf8.count
      }
      reusedPasses += 1
    } while Timing.seconds(since: reusedStart) < minimumSeconds
    let reusedTotal = Timing.seconds(since: reusedStart)

    // Async per message.
    var asyncPasses = 0
    let asyncStart = Timing.now()
    repeat {
      for line in streamLines {
        let message = try await resolver.resolve(line)
        sink &+= renderer.write(message).utf8.count
      }
      asyncPasses += 1
    } while Timing.seconds(since: asyncStart) < minimumSeconds
    let asyncTotal = Timing.seconds(since: asyncStart)

    // Batched async: resolve(_:) over batches of 1,000 messages.
    let batches = stride(from: 0, to: streamLines.count, by: 1_000).map {
      Array(streamLines[$0..<min($0 + 1_000, streamLines.count)])
    }
    var batchedPasses = 0
    let batchedStart = Timing.now()
    repeat {
      for batch in batches {
        for message in try await resolver.resolve(batch) {
          sink &+= renderer.write(message).utf8.count
        }
      }
      batchedPasses += 1
    } while Timing.seconds(since: batchedStart) < minimumSeconds
    let batchedTotal = Timing.seconds(since: batchedStart)
    if sink == 42 { print("") }  // keeps `sink` alive

    // All cores: one task per core, each on a stream of its own. The tasks block their threads
    // on purpose: the cooperative pool has one thread per core.
    let tasks = max(1, taskStreams.count)
    let copies = taskStreams.isEmpty ? [streamLines] : taskStreams
    let parallelStart = Timing.now()
    let parallelMessages = try await withThrowingTaskGroup(of: Int.self) { group in
      for copy in copies {
        group.addTask {
          var resolved = Message(text: "")
          var messages = 0
          var sink = 0
          let start = Timing.now()
          repeat {
            for line in copy {
              try resolver.resolve(line, into: &resolved)
              sink &+= renderer.write(resolved).utf8.count
            }
            messages += copy.count
          } while Timing.seconds(since: start) < minimumSeconds
          return sink == 42 ? messages + 1 : messages  // keeps `sink` alive
        }
      }
      return try await group.reduce(0, +)
    }
    let parallelTotal = Timing.seconds(since: parallelStart)

    let messages = passes * streamLines.count
    func percentile(_ p: Double) -> Double {
      guard !samples.isEmpty else { return .nan }
      let rank = max(1, Int((p * Double(samples.count)).rounded(.up)))
      return Double(samples[min(rank, samples.count) - 1])
    }
    return Result(
      profile: profile == .twitter ? "twitter" : "chat",
      streamMessages: streamLines.count, distinctMessages: stream.distinctMessages,
      averageMessageBytes: Double(streamBytes) / Double(max(1, streamLines.count)),
      users: users.count, channels: channels.count, directoryBuildSeconds: buildSeconds,
      entitiesPerPass: entities, resolvedPerPass: resolved, mentions: mentions,
      hashtags: hashtags, otherEntities: otherEntities,
      mentionsNamingUsers: stream.mentionsNamingUsers, passes: passes, messages: messages,
      totalSeconds: total, messagesPerSecond: Double(messages) / total,
      megabytesPerSecond: Double(passes * streamBytes) / total / 1e6,
      p50Nanoseconds: percentile(0.5), p99Nanoseconds: percentile(0.99),
      extractNanoseconds: extractNanoseconds, resolveNanoseconds: resolveNanoseconds,
      renderNanoseconds: renderNanoseconds,
      reusedMessagesPerSecond: Double(reusedPasses * streamLines.count) / reusedTotal,
      reusedMismatches: reusedMismatches,
      asyncMessagesPerSecond: Double(asyncPasses * streamLines.count) / asyncTotal,
      batchedMessagesPerSecond: Double(batchedPasses * streamLines.count) / batchedTotal,
      parallelTasks: tasks,
      parallelMessagesPerSecond: Double(parallelMessages) / parallelTotal,
      targetMessagesPerSecond: 1_000_000, renderedBytesPerPass: renderedBytes)
  }
}
