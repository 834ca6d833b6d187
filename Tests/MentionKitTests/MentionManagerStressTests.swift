import Testing

@testable import MentionKit

/// Thousands of keystrokes, typed faster than a data source answers: answers take a random
/// number of scheduler turns (sometimes a real sleep), arrive out of order, some throw, some hang
/// until cancelled, some ignore cancellation. The typing script and every fetch's behaviour come
/// from a seed, so a failure replays.
///
/// Checked: the delegate only hears about the latest query; every fetch ends, and a fetch whose
/// query was superseded before it ended saw its cancellation; no fetch is delivered twice; the
/// manager's live task count returns to zero at every checkpoint; some fetches throw, some are
/// cancelled; the final state answers the final query.
@MainActor
struct MentionManagerStressTests {
  @Test(arguments: [UInt64(1), 2, 3])
  func latestQueryWinsUnderRandomLatency(seed: UInt64) async throws {
    let ledger = QueryLedger()
    let source = ChaosDataSource(seed: seed, ledger: ledger)
    // Mentions wait for their data source as long as it takes, so only cancellation ends a
    // superseded hanging fetch; hashtags are debounced and time out on the manual clock.
    var mention = Trigger.mention
    mention.timeout = nil
    var hashtag = Trigger.hashtag
    hashtag.timeout = .milliseconds(10)
    hashtag.debounce = .microseconds(300)
    let clock = ManualClock()
    let manager = MentionManager(
      triggers: [mention, hashtag], dataSource: source,
      filter: ClosureMentionFilter { _, _ in }, clock: clock)
    let delegate = StressDelegate(manager: manager)
    manager.delegate = delegate

    var random = SeededGenerator(seed: seed)
    var text = ""
    var processed: Set<String> = [""]
    var checkpoints = 0
    let keystrokes = 4_000

    for keystroke in 1...keystrokes {
      var typed = true
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<50: text.append(["a", "b", "c", "d", "é", "_"].randomElement(using: &random)!)
      case 50..<62: text.append(text.last?.isWhitespace == false ? " @" : "@")
      case 62..<70: text.append(text.last?.isWhitespace == false ? " #" : "#")
      case 70..<75: text.append(" ")
      case 75..<76: text.append("\n")
      case 76..<88: if !text.isEmpty { text.removeLast() }
      case 88..<91:
        manager.cancel()
        delegate.expectedQuery = nil
        ledger.record(nil)
        typed = false
      case 91..<95:
        guard let query = manager.activeQuery else { break }
        let item = MentionItem(id: "chosen", insertionText: query.text + "x")
        text = try manager.select(item).text
        delegate.expectedQuery = nil
        ledger.record(nil)
        typed = false
      default:
        for _ in 0..<Int.random(in: 0..<30, using: &random) { await Task.yield() }
        clock.advance(by: .microseconds(Int64.random(in: 0..<2_000, using: &random)))
      }
      if typed {
        if text.unicodeScalars.count > 120 { text = String(text.suffix(40)) }
        delegate.expectedQuery = manager.process(text)
        ledger.record(delegate.expectedQuery.map(QueryLedger.identity))
      }
      processed.insert(text)
      if Bool.random(using: &random) { await Task.yield() }

      if keystroke % 250 == 0 {
        checkpoints += 1
        try await checkQuiescence(manager, delegate, source, clock, at: keystroke)
      }
    }

    print(
      "STATS seed \(seed) calls \(source.calls.count) updates \(delegate.updates) failures \(delegate.failures) ends \(delegate.ends) cancelled \(source.calls.filter { $0.outcome == .cancelled }.count) answered \(source.calls.filter { $0.outcome == .answered }.count)"
    )
    #expect(checkpoints == keystrokes / 250)
    let violations = delegate.violations
    #expect(violations.count == 0, "first violations: \(violations.prefix(5))")
    let calls = source.calls
    #expect(calls.count > 300, "too few fetches to stress anything: \(calls.count)")
    #expect(calls.allSatisfy { processed.contains($0.sourceText) })
    // Every fetch ended: it answered, threw or saw its cancellation; none is still running.
    #expect(calls.allSatisfy { $0.outcome != nil })
    // Cancellation reached every fetch that waits for it, and nothing else ended one.
    for call in calls where call.behavior == .hangUntilCancelled && !call.isReleased {
      #expect(call.outcome == .cancelled)
    }
    let outcomes = Dictionary(grouping: calls, by: { $0.outcome })
    #expect((outcomes[.cancelled]?.count ?? 0) > 0, "no fetch was ever cancelled")
    #expect((outcomes[.answered]?.count ?? 0) > 0)
    #expect((outcomes[.threw]?.count ?? 0) > 0)
    #expect(delegate.updates > 0 && delegate.failures > 0 && delegate.ends > 0)
    // A delegate call per fetch at most: superseded answers were dropped, not delivered late.
    #expect(delegate.updates + delegate.failures <= calls.count)
    #expect(
      delegate.deliveredTwice.isEmpty, "delivered twice: \(delegate.deliveredTwice.prefix(5))")
    #expect(Set(delegate.deliveredCalls).isSubset(of: Set(calls.indices)))
    // Every fetch is delivered or cancelled: one whose query was no longer the latest when it
    // ended must have seen its cancellation (the manager cancels what it will not deliver).
    let history = ledger.history
    let superseded = calls.indices.filter { calls[$0].isSuperseded(in: history) }
    let leaked = superseded.filter { !calls[$0].sawCancellation }
    #expect(superseded.count > 0, "no fetch was ever superseded")
    #expect(leaked.isEmpty, "superseded but never cancelled: \(leaked.prefix(5).map { calls[$0] })")
    // A fetch superseded before it reached the data source arrives there already cancelled (or
    // not at all): the manager never starts live work for a query that is gone.
    let lateStarts = calls.indices.filter {
      calls[$0].startedSuperseded(in: history) && !calls[$0].startCancelled
    }
    #expect(
      lateStarts.isEmpty,
      "started after being superseded: \(lateStarts.prefix(5).map { calls[$0] })")
    // A fetch that answered while current was delivered, unless typing superseded it later.
    let deliveredSet = Set(delegate.deliveredCalls)
    #expect(calls.indices.contains { deliveredSet.contains($0) && calls[$0].outcome == .answered })
  }

  /// Stops typing, waits until no task is left, then checks the delegate heard the final word on
  /// the current state.
  private func checkQuiescence(
    _ manager: MentionManager, _ delegate: StressDelegate, _ source: ChaosDataSource,
    _ clock: ManualClock, at keystroke: Int
  ) async throws {
    // The open query's fetch may be one that hangs until cancelled: let it answer instead.
    if let active = manager.activeQuery { source.release(active) }
    var settled = false
    for round in 1...200_000 {
      if manager.liveTasks.value == 0 && source.inFlight == 0 {
        settled = true
        break
      }
      // Debounce and hashtag timeouts run on the manual clock.
      if round % 16 == 0 { clock.advance(by: .milliseconds(1)) }
      await Task.yield()
    }
    try #require(
      settled,
      """
      tasks still alive at keystroke \(keystroke): \(manager.liveTasks.value) in the manager, \
      \(source.inFlight) in the data source
      """)
    // Delivery hops to the main actor; give queued deliveries their turn.
    for _ in 0..<50 { await Task.yield() }
    let active = manager.activeQuery
    #expect(active?.text == delegate.expectedQuery?.text, "at keystroke \(keystroke)")
    guard let active else {
      if let last = delegate.last {
        #expect(last == .end || last == .complete, "at keystroke \(keystroke): \(last)")
      }
      return
    }
    // The session is open: its last event answers this very query, as its behaviour says.
    let behavior = source.behavior(for: active)
    guard case .answer(let query)? = delegate.last else {
      Issue.record("at keystroke \(keystroke): last event \(String(describing: delegate.last))")
      return
    }
    #expect(query.text == active.text, "at keystroke \(keystroke)")
    switch behavior {
    case .answer, .ignoreCancellation:
      #expect(
        delegate.lastOutcome == .items || delegate.lastOutcome == .timedOut,
        "at keystroke \(keystroke): \(String(describing: delegate.lastOutcome))")
    case .fail:
      #expect(delegate.lastOutcome == .failure || delegate.lastOutcome == .timedOut)
    case .throwCancellation:
      #expect(delegate.lastOutcome == .cancellation || delegate.lastOutcome == .timedOut)
    case .hangUntilCancelled:
      #expect(delegate.lastOutcome == .items || delegate.lastOutcome == .timedOut)
    }
  }
}

/// Checks, at the moment of every delegate call, that the call is about the latest query.
@MainActor
private final class StressDelegate: MentionManagerDelegate {
  enum Last: Equatable {
    case answer(query: MentionQuery)
    case complete
    case end
  }

  enum Outcome: Equatable {
    case items, failure, cancellation, timedOut
  }

  /// What `process` last returned; set by the test as it types.
  var expectedQuery: MentionQuery?
  private(set) var violations: [String] = []
  private(set) var last: Last?
  private(set) var lastOutcome: Outcome?
  private(set) var updates = 0
  private(set) var failures = 0
  private(set) var ends = 0
  /// The data source's call index of every delivered update or data-source failure, in order.
  private(set) var deliveredCalls: [Int] = []
  private(set) var deliveredTwice: [Int] = []
  private var delivered: Set<Int> = []
  private unowned let manager: MentionManager

  init(manager: MentionManager) { self.manager = manager }

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions) {
    updates += 1
    checkLatest(suggestions.query, "update")
    for item in suggestions.items where !item.id.hasPrefix(suggestions.query.text + "/") {
      violations.append("item \(item.id) delivered for query \(suggestions.query.text)")
    }
    // Item ids are `query/call/k`.
    if let first = suggestions.items.first {
      let parts = first.id.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count >= 3, let call = Int(parts[parts.count - 2]) { record(call) }
    }
    last = .answer(query: suggestions.query)
    lastOutcome = .items
  }

  func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery
  ) {
    failures += 1
    checkLatest(query, "failure")
    last = .answer(query: query)
    switch error {
    case let failure as ChaosDataSource.Failure:
      if failure.queryText != query.text {
        violations.append("failure for \(failure.queryText) delivered as \(query.text)")
      }
      record(failure.call)
      lastOutcome = .failure
    case is CancellationError: lastOutcome = .cancellation
    case MentionError.timedOut: lastOutcome = .timedOut
    default: violations.append("unexpected error \(error)")
    }
  }

  func mentionManager(_ manager: MentionManager, didComplete replacement: MentionReplacement) {
    if self.manager.activeQuery != nil { violations.append("completion while a query is open") }
    last = .complete
  }

  func mentionManagerDidEndCompletion(_ manager: MentionManager) {
    ends += 1
    if self.manager.activeQuery != nil || expectedQuery != nil {
      violations.append("end delivered while \(expectedQuery?.text ?? "?") is open")
    }
    last = .end
  }

  private func record(_ call: Int) {
    if !delivered.insert(call).inserted { deliveredTwice.append(call) }
    deliveredCalls.append(call)
  }

  private func checkLatest(_ query: MentionQuery, _ kind: String) {
    guard let expected = expectedQuery else {
      violations.append("\(kind) for \(query.text) delivered with no open query")
      return
    }
    let offset = { (query: MentionQuery) in
      query.sourceText.utf8.distance(from: query.sourceText.startIndex, to: query.range.lowerBound)
    }
    if expected.text != query.text || expected.trigger != query.trigger
      || offset(expected) != offset(query)
    {
      violations.append("\(kind) for stale \(query.text) while \(expected.text) is open")
    }
  }
}

/// A data source whose every fetch takes a random time and ends in a way chosen from the seed
/// and the query: answer, throw, hang until cancelled, ignore cancellation, or throw
/// `CancellationError` on its own.
private final class ChaosDataSource: MentionDataSource {
  enum Behavior: Equatable {
    case answer, fail, hangUntilCancelled, ignoreCancellation, throwCancellation
  }

  enum Outcome: Equatable {
    case answered, threw, cancelled
  }

  struct Call {
    var sourceText: String
    var queryText: String
    var behavior: Behavior
    var outcome: Outcome?
    var isReleased = false
    /// What ``QueryLedger/identity(_:)`` says about the fetch's query.
    var identity: String
    /// How many keystrokes the ledger had recorded when the fetch ended.
    var endEpoch = 0
    /// How many keystrokes the ledger had recorded when the fetch reached the data source.
    var startEpoch = 0
    /// Whether the fetch's task was already cancelled when it reached the data source.
    var startCancelled = false
    /// Whether the fetch's task was cancelled when it ended (read after `wasSuperseded`).
    var sawCancellation = false
  }

  struct Failure: Error {
    var queryText: String
    var call: Int
  }

  private struct State {
    var calls: [Call] = []
    var inFlight = 0
    var released: Set<[String]> = []
    var hanging: [Int: Gate] = [:]
  }

  private let seed: UInt64
  private let ledger: QueryLedger
  private let state = Lock(State())

  init(seed: UInt64, ledger: QueryLedger) {
    self.seed = seed
    self.ledger = ledger
  }

  var calls: [Call] { state.withLock { $0.calls } }
  var inFlight: Int { state.withLock { $0.inFlight } }

  /// Lets hanging fetches for this query answer, now and later.
  func release(_ query: MentionQuery) {
    let gates = state.withLock { state -> [Gate] in
      state.released.insert([query.sourceText, query.text])
      var gates: [Gate] = []
      for (index, gate) in state.hanging
      where state.calls[index].sourceText == query.sourceText
        && state.calls[index].queryText == query.text
      {
        state.calls[index].isReleased = true
        gates.append(gate)
      }
      return gates
    }
    for gate in gates { gate.open() }
  }

  func behavior(for query: MentionQuery) -> Behavior {
    switch stableHash(seed, query.sourceText, query.text) % 100 {
    case 0..<50: .answer
    case 50..<65: .fail
    case 65..<75: .hangUntilCancelled
    case 75..<90: .ignoreCancellation
    default: .throwCancellation
    }
  }

  func items(for query: MentionQuery) async throws -> [MentionItem] {
    let behavior = behavior(for: query)
    let index = state.withLock { state in
      state.inFlight += 1
      state.calls.append(
        Call(
          sourceText: query.sourceText, queryText: query.text, behavior: behavior,
          identity: QueryLedger.identity(query), startEpoch: ledger.count,
          startCancelled: Task.isCancelled))
      return state.calls.count - 1
    }
    var outcome = Outcome.threw
    defer {
      // The ledger first: the test records a keystroke after the manager has cancelled what
      // it supersedes, so every cancellation the ledger shows has reached this task.
      let epoch = ledger.count
      let cancelled = Task.isCancelled
      state.withLock { state in
        state.inFlight -= 1
        state.calls[index].outcome = outcome
        state.calls[index].endEpoch = epoch
        state.calls[index].sawCancellation = cancelled
      }
    }
    var random = SeededGenerator(seed: stableHash(seed, query.sourceText, "latency"))
    let turns = Int.random(in: 0..<80, using: &random)
    let sleeps = Int.random(in: 0..<10, using: &random) == 0
    let items = (0..<3).map {
      MentionItem(id: "\(query.text)/\(index)/\($0)", insertionText: query.text + "\($0)")
    }
    switch behavior {
    case .ignoreCancellation:
      for _ in 0..<turns { await Task.yield() }
      outcome = .answered
      return items
    case .hangUntilCancelled:
      let gate = Gate()
      let isReleased = state.withLock { state in
        state.hanging[index] = gate
        if state.released.contains([query.sourceText, query.text]) {
          state.calls[index].isReleased = true
        }
        return state.calls[index].isReleased
      }
      if isReleased { gate.open() }
      await withTaskCancellationHandler {
        await gate.wait()
      } onCancel: {
        gate.open()
      }
      let released = state.withLock { state in
        state.hanging[index] = nil
        return state.calls[index].isReleased
      }
      if released && !Task.isCancelled {
        outcome = .answered
        return items
      }
      outcome = .cancelled
      throw CancellationError()
    case .answer, .fail, .throwCancellation:
      for _ in 0..<turns { await Task.yield() }
      do {
        if sleeps { try await Task.sleep(for: .microseconds(200)) }
        try Task.checkCancellation()
      } catch {
        outcome = .cancelled
        throw error
      }
      switch behavior {
      case .fail: throw Failure(queryText: query.text, call: index)
      case .throwCancellation: throw CancellationError()
      default:
        outcome = .answered
        return items
      }
    }
  }
}

/// The identity of the query after each keystroke, as the manager sees it, shared with the
/// data source: the manager keeps a fetch only while keystrokes leave its query's identity
/// unchanged.
private final class QueryLedger: Sendable {
  /// One entry per keystroke, `nil` when no query is open; the first for the empty text.
  private let entries = Lock<[String?]>([nil])

  var count: Int { entries.withLock { $0.count } }
  var history: [String?] { entries.withLock { $0 } }

  /// Records the query a keystroke left open, after the manager has processed it.
  func record(_ identity: String?) { entries.withLock { $0.append(identity) } }

  /// What the manager compares to decide whether a keystroke keeps the fetch: trigger,
  /// delimiter, query text and where the delimiter is.
  static func identity(_ query: MentionQuery) -> String {
    let offset = query.sourceText.utf8.distance(
      from: query.sourceText.startIndex, to: query.range.lowerBound)
    return "\(query.trigger.name) \(query.delimiter) \(offset) \(query.text)"
  }
}

extension ChaosDataSource.Call {
  /// Whether the fetch's query was no longer open when it ended: neither the last keystroke
  /// recorded then nor the one being processed (a fetch may end before its keystroke is
  /// recorded) left it open.
  func isSuperseded(in history: [String?]) -> Bool {
    let latest = history[endEpoch - 1]
    let next = endEpoch < history.count ? history[endEpoch] : nil
    return latest != identity && next != identity
  }

  /// Whether the fetch's query was no longer open when the fetch reached the data source.
  func startedSuperseded(in history: [String?]) -> Bool {
    let latest = history[startEpoch - 1]
    let next = startEpoch < history.count ? history[startEpoch] : nil
    return latest != identity && next != identity
  }
}
