import Synchronization

/// Runs one fetch: a static list, or the data source raced against the trigger's timeout.
///
/// The race does not wait for a data source that ignores cancellation: the timeout resumes the
/// caller at once and the abandoned fetch is cancelled and left to finish on its own.
enum FetchOperation {
  static func items(
    for query: MentionQuery,
    dataSource: (any MentionDataSource)?,
    clock: any Clock<Duration>,
    tasks: TaskCounter
  ) async throws -> [MentionItem] {
    let trigger = query.trigger
    if let items = trigger.items { return items }
    guard let dataSource else { return [] }
    guard let timeout = trigger.timeout else {
      return try await dataSource.items(for: query)
    }
    let race = Race<[MentionItem]>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.install(continuation)
        // The race starts both tasks only if it has not finished yet: a fetch cancelled before
        // this point never reaches the data source.
        race.launch {
          tasks.increment()
          let work = Task {
            defer { tasks.decrement() }
            do {
              race.finish(.success(try await dataSource.items(for: query)))
            } catch {
              race.finish(.failure(error))
            }
          }
          tasks.increment()
          let timer = Task {
            defer { tasks.decrement() }
            do {
              try await clock.sleep(for: timeout)
              race.finish(.failure(MentionError.timedOut(trigger: trigger.name, after: timeout)))
            } catch {
              // Cancelled: the fetch finished first.
            }
          }
          return [work, timer]
        }
      }
    } onCancel: {
      race.finish(.failure(CancellationError()))
    }
  }
}

/// The first of several outcomes resumes a continuation; the rest are dropped and the racing
/// tasks are cancelled.
final class Race<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, any Error>?
    var outcome: Result<Value, any Error>?
    var isFinished = false
    var tasks: [Task<Void, Never>] = []
  }

  private let state = Lock(State())

  func install(_ continuation: CheckedContinuation<Value, any Error>) {
    let early = state.withLock { state -> Result<Value, any Error>? in
      if let outcome = state.outcome { return outcome }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  /// Starts the racing tasks unless the race has already finished (cancelled before it began).
  ///
  /// `start` runs under the race's lock, so `finish` cannot slip in between starting the tasks
  /// and recording them: every task started here is cancelled when the race finishes. A task may
  /// call `finish` while `start` is still running; it then waits for the lock.
  func launch(_ start: () -> [Task<Void, Never>]) {
    state.withLock { state in
      guard !state.isFinished else { return }
      state.tasks = start()
    }
  }

  func finish(_ result: Result<Value, any Error>) {
    let (continuation, tasks) = state.withLock {
      state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) in
      guard !state.isFinished else { return (nil, []) }
      state.isFinished = true
      if state.continuation == nil { state.outcome = result }
      defer {
        state.continuation = nil
        state.tasks = []
      }
      return (state.continuation, state.tasks)
    }
    for task in tasks { task.cancel() }
    continuation?.resume(with: result)
  }
}

/// Counts a manager's live tasks, so tests can prove none leak.
final class TaskCounter: Sendable {
  private let count = Atomic<Int>(0)

  var value: Int { count.load(ordering: .acquiring) }

  func increment() { count.add(1, ordering: .relaxed) }

  func decrement() { count.subtract(1, ordering: .releasing) }
}
