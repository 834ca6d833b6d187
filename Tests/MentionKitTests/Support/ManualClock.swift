@testable import MentionKit

/// A clock that moves only when a test advances it, so debounce and timeout tests never sleep.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var cancelledBeforeInstall: Set<Int> = []
  }

  private let state = Lock(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// The number of tasks currently sleeping on this clock.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Result<Void, any Error>? = state.withLock { state in
          if state.cancelledBeforeInstall.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let resumeNow { continuation.resume(with: resumeNow) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledBeforeInstall.insert(id)
          return nil
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has passed.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for key in due.keys { state.sleepers.removeValue(forKey: key) }
      return Array(due.values)
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}

/// Yields until a condition holds, without sleeping; fails the wait after many yields.
func eventually(
  _ condition: @Sendable () -> Bool, yields: Int = 100_000
) async -> Bool {
  for _ in 0..<yields {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
