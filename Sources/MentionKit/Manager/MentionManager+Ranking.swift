#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension MentionManager {
  /// The ranking signals and the paging state, kept in the manager's storage.
  struct Learning: Sendable {
    var history = PickHistory()
    var context: Set<String> = []
    /// The data source's continuation after the list's last page; `nil` when there is no more.
    var continuation: (any Sendable)?
    /// The ranking the list's first page was fetched with: every later page of the query ranks
    /// with it, so that a page continues where the last one ended even as time passes.
    var pagingRanking = MentionRanking()
    /// The task fetching the next page, while one runs.
    var pageTask: Task<Void, Never>?

    /// Starts paging a new first page: forgets the previous query's next page.
    mutating func startPaging(after continuation: (any Sendable)?, ranking: MentionRanking) {
      pageTask?.cancel()
      pageTask = nil
      self.continuation = continuation
      pagingRanking = ranking
    }
  }

  /// What the user has picked and when: accepting a suggestion records it, and within a match
  /// route and tier an item picked more often and more recently ranks first. Read it to persist
  /// it, set it to restore it; the next query ranks with the new value.
  public var history: PickHistory {
    get { storage.withLock { $0.learning.history } }
    set { storage.withLock { $0.learning.history = newValue } }
  }

  /// Ids of items to rank first within their match route and tier, above the pick history: for
  /// example the people in the current conversation. The next query ranks with the new value.
  public var context: Set<String> {
    get { storage.withLock { $0.learning.context } }
    set { storage.withLock { $0.learning.context = newValue } }
  }

  /// Forgets an item's picks, so it ranks as if it had never been picked (a "remove from
  /// suggestions" action).
  ///
  /// - Parameter id: The item's id.
  public func forget(id: String) {
    storage.withLock { $0.learning.history.forget(id) }
  }

  /// Fetches the next page of matches for the list's query and appends it to the list (a "Show
  /// more" row), when the data source pages (a ``RankingDataSource`` such as ``MentionIndex``
  /// that returned a continuation: ``MentionSuggestions/hasMore``).
  ///
  /// The page arrives like any list change, through the delegate. It is dropped when the query
  /// changed or the list closed before it arrived. Items already in the list are not repeated.
  /// Every page of a query ranks with the signals and the time of its first page.
  ///
  /// - Returns: Whether a page is being fetched: `false` when no list is shown, the data source
  ///   has no more, or a page is already on its way.
  @discardableResult
  public func showMore() -> Bool {
    storage.withLock { storage -> Bool in
      guard let query = storage.state.active, storage.suggestions != nil,
        let continuation = storage.learning.continuation, storage.learning.pageTask == nil
      else { return false }
      let generation = storage.state.generation
      let request = FetchOperation.Request(
        filter: filter, ranking: storage.learning.pagingRanking, continuation: continuation)
      liveTasks.increment()
      storage.learning.pageTask = Task { [self] in
        defer { liveTasks.decrement() }
        await loadPage(query, request: request, generation: generation)
      }
      return true
    }
  }

  /// The ranking for a query starting now. Runs under the lock.
  func ranking(of storage: Storage) -> MentionRanking {
    MentionRanking(context: storage.learning.context, history: storage.learning.history, now: now())
  }

  private func loadPage(
    _ query: MentionQuery, request: FetchOperation.Request, generation: UInt64
  ) async {
    let event: Event
    do {
      let page = try await FetchOperation.page(
        for: query, dataSource: dataSource, request: request, clock: clock, tasks: liveTasks)
      let stored = storage.withLock { storage -> Bool in
        guard !Task.isCancelled, isCurrentList(storage, generation) else { return false }
        storage.list.append(page.matches)
        storage.learning.continuation = page.continuation
        storage.learning.pageTask = nil
        return true
      }
      guard stored else { return }
      event = .suggestions
    } catch {
      let current = storage.withLock { storage -> Bool in
        guard !Task.isCancelled, isCurrentList(storage, generation) else { return false }
        storage.learning.pageTask = nil
        return true
      }
      guard current else { return }
      event = .failure(error, query, generation: generation)
    }
    await Self.deliver([event], from: self, on: deliveryActor)
  }

  /// Whether the list shown still answers the query of `generation`.
  private func isCurrentList(_ storage: Storage, _ generation: UInt64) -> Bool {
    storage.state.isCurrent(generation) && storage.listGeneration == generation
  }

  /// Wall-clock seconds since 1970, the default time for the pick history.
  ///
  /// - Returns: The current time in seconds.
  @Sendable public static func wallClockSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
  }
}
