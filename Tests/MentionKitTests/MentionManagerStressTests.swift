import Testing
import ToolSupport

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
      triggers: [mention, hashtag], dataSource: source, filter: KeepAll(), clock: clock)
    let delegate = StressDelegate(manager: manager)
    manager.delegate = delegate

    var random = SplitMix64(seed: seed)
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
        // Sending ends the session and starts an empty draft.
        _ = manager.send()
        text = ""
        delegate.expectedQuery = nil
        ledger.record(nil)
        typed = false
      case 91..<95:
        // Enter: accepts the highlighted item when the list for the open query is shown.
        guard manager.accept() else { break }
        text = manager.draft.text
        delegate.expectedQuery = manager.activeQuery
        ledger.record(delegate.expectedQuery.map(QueryLedger.identity))
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
    #expect(delegate.edits > 0, "no item was ever accepted")
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
    // The list the delegate shows is the manager's, and answers the open query or nothing.
    #expect(delegate.list == manager.currentSuggestions, "at keystroke \(keystroke)")
    guard let active else {
      #expect(delegate.list == nil, "at keystroke \(keystroke): a list with no open query")
      return
    }
    // The session is open: the list or the last failure answers this very query, as its
    // behaviour says.
    let behavior = source.behavior(for: active)
    let listed = delegate.list?.query.text == active.text
    let failed = delegate.lastFailure?.query == active.text ? delegate.lastFailure?.outcome : nil
    let context = "at keystroke \(keystroke): list \(listed), failure \(String(describing: failed))"
    switch behavior {
    case .answer, .ignoreCancellation, .hangUntilCancelled:
      #expect(listed || failed == .timedOut, "\(context)")
    case .fail:
      #expect(!listed && (failed == .failure || failed == .timedOut), "\(context)")
    case .throwCancellation:
      #expect(!listed && (failed == .cancellation || failed == .timedOut), "\(context)")
    }
  }
}

/// A filter that keeps every fetched item, in the data source's order.
struct KeepAll: MentionFilter {
  func matches(in items: [MentionItem], for query: MentionQuery, ranking: MentionRanking)
    -> [MentionMatch]
  {
    items.map { MentionMatch(item: $0, tier: .prefix) }
  }
}
