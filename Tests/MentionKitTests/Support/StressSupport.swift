import Testing
import ToolSupport

@testable import MentionKit

/// Checks, at the moment of every delegate call, that the call is about the latest query.
@MainActor
final class StressDelegate: MentionManagerDelegate {
  enum Outcome: Equatable {
    case failure, cancellation, timedOut
  }

  /// What `process` last returned; set by the test as it types.
  var expectedQuery: MentionQuery?
  private(set) var violations: [String] = []
  /// The list as last received.
  private(set) var list: MentionSuggestions?
  /// The last failure received: its query's text and what it was.
  private(set) var lastFailure: (query: String, outcome: Outcome)?
  /// Lists received with items not received before.
  private(set) var updates = 0
  private(set) var failures = 0
  /// Lists closed.
  private(set) var ends = 0
  /// Texts the manager changed itself.
  private(set) var edits = 0
  /// The data source's call index of every delivered update or data-source failure, in order.
  private(set) var deliveredCalls: [Int] = []
  private(set) var deliveredTwice: [Int] = []
  private var delivered: Set<Int> = []
  private unowned let manager: MentionManager

  init(manager: MentionManager) { self.manager = manager }

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) {
    let previous = list
    list = suggestions
    guard let suggestions else {
      // Hiding the list is right at any time: while an answer is on its way too.
      ends += 1
      return
    }
    checkLatest(suggestions.query, "update")
    // The same answer again (the query re-detected in a changed text) is no new delivery.
    guard previous?.items != suggestions.items else { return }
    updates += 1
    for item in suggestions.items where !item.id.hasPrefix(suggestions.query.text + "/") {
      violations.append("item \(item.id) delivered for query \(suggestions.query.text)")
    }
    // Item ids are `query/call/k`.
    if let first = suggestions.items.first {
      let parts = first.id.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count >= 3, let call = Int(parts[parts.count - 2]) { record(call) }
    }
  }

  func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery
  ) {
    failures += 1
    checkLatest(query, "failure")
    switch error {
    case let failure as ChaosDataSource.Failure:
      if failure.queryText != query.text {
        violations.append("failure for \(failure.queryText) delivered as \(query.text)")
      }
      record(failure.call)
      lastFailure = (query.text, .failure)
    case is CancellationError: lastFailure = (query.text, .cancellation)
    case MentionError.timedOut: lastFailure = (query.text, .timedOut)
    default: violations.append("unexpected error \(error)")
    }
  }

  func mentionManager(_ manager: MentionManager, didEdit draft: MessageDraft) {
    edits += 1
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
final class ChaosDataSource: MentionDataSource {
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
    var random = SplitMix64(seed: stableHash(seed, query.sourceText, "latency"))
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
final class QueryLedger: Sendable {
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
