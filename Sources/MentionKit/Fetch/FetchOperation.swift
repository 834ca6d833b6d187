import Synchronization

/// Runs one fetch: a static list, or the data source raced against the trigger's timeout; then
/// ranks the answer (a ``RankingDataSource`` ranks its own, other items go through the filter).
///
/// The race does not wait for a data source that ignores cancellation: the timeout resumes the
/// caller at once and the abandoned fetch is cancelled and left to finish on its own.
enum FetchOperation {
  /// One page of ranked matches and where the next one starts.
  struct Page: Sendable {
    var matches: [MentionMatch]
    /// The data source's continuation (its own type), or `nil` when there is nothing more.
    var continuation: (any Sendable)?
  }

  /// What ranks the fetched items, and after which page.
  struct Request: Sendable {
    var filter: any MentionFilter
    var ranking: MentionRanking
    /// The continuation of the previous page; `nil` for the first page.
    var continuation: (any Sendable)?
  }

  static func page(
    for query: MentionQuery,
    dataSource: (any MentionDataSource)?,
    request: Request,
    clock: any Clock<Duration>,
    tasks: TaskCounter
  ) async throws -> Page {
    let trigger = query.trigger
    if let items = trigger.items {
      guard request.continuation == nil else { return Page(matches: []) }
      return Page(matches: request.filter.matches(in: items, for: query, ranking: request.ranking))
    }
    guard let dataSource else { return Page(matches: []) }
    if let ranking = dataSource as? any RankingDataSource {
      return try await race(query, clock: clock, tasks: tasks) {
        try await nextPage(of: ranking, for: query, request: request)
      }
    }
    guard request.continuation == nil else { return Page(matches: []) }
    let items = try await race(query, clock: clock, tasks: tasks) {
      try await dataSource.items(for: query)
    }
    return Page(matches: request.filter.matches(in: items, for: query, ranking: request.ranking))
  }

  private static func nextPage<Source: RankingDataSource>(
    of source: Source, for query: MentionQuery, request: Request
  ) async throws -> Page {
    let after: Source.Continuation?
    if let previous = request.continuation {
      // A continuation of another type cannot come from this source: nothing more.
      guard let own = previous as? Source.Continuation else { return Page(matches: []) }
      after = own
    } else {
      after = nil
    }
    let page = try await source.page(
      for: query, limit: query.trigger.resultLimit, ranking: request.ranking, after: after)
    return Page(matches: page.matches, continuation: page.continuation)
  }

  /// Runs `fetch` against the trigger's timeout, if it has one.
  static func race<Value: Sendable>(
    _ query: MentionQuery, clock: any Clock<Duration>, tasks: TaskCounter,
    _ fetch: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let trigger = query.trigger
    guard let timeout = trigger.timeout else { return try await fetch() }
    let race = Race<Value>()
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
              race.finish(.success(try await fetch()))
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

extension FetchOperation.Page {
  init(matches: [MentionMatch]) {
    self.matches = matches
    self.continuation = nil
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
