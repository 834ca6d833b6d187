/// A data source that answers through a completion callback, as MJAutoComplete's
/// `itemListForTrigger:withString:callback:` does.
///
/// The closure receives the query and a ``Request``. Call ``Request/complete(with:)`` or
/// ``Request/fail(_:)`` exactly once, from any thread; later calls are ignored. When the fetch
/// is superseded, ``Request/isCancelled`` becomes true and the cancellation handler runs.
///
/// ```swift
/// let source = CallbackDataSource { query, request in
///   legacyAPI.search(query.text) { users in
///     request.complete(with: users.map { MentionItem(id: $0.id, insertionText: $0.handle) })
///   }
/// }
/// ```
public struct CallbackDataSource: MentionDataSource {
  private let body: @Sendable (MentionQuery, Request) -> Void

  /// Creates a callback data source.
  ///
  /// - Parameter body: Starts a fetch and later completes the request.
  public init(_ body: @escaping @Sendable (MentionQuery, Request) -> Void) {
    self.body = body
  }

  /// Calls the closure and waits for its request to complete or be cancelled.
  ///
  /// - Parameter query: The active query.
  /// - Returns: The items the closure completed with.
  /// - Throws: The closure's error, or `CancellationError` when the fetch was cancelled first.
  public func items(for query: MentionQuery) async throws -> [MentionItem] {
    let request = Request()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        request.install(continuation)
        body(query, request)
      }
    } onCancel: {
      request.cancel()
    }
  }

  /// One fetch of a ``CallbackDataSource``: complete it once, observe its cancellation.
  public final class Request: Sendable {
    private struct State {
      var continuation: CheckedContinuation<[MentionItem], any Error>?
      var pending: Result<[MentionItem], any Error>?
      var isFinished = false
      var isCancelled = false
      var onCancel: (@Sendable () -> Void)?
    }

    private let state = Lock(State())

    init() {}

    /// Whether the fetch was cancelled because a newer query superseded it.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Completes the fetch with items. Only the first completion counts.
    ///
    /// - Parameter items: The candidate items.
    public func complete(with items: [MentionItem]) { finish(.success(items)) }

    /// Completes the fetch with an error. Only the first completion counts.
    ///
    /// - Parameter error: What went wrong.
    public func fail(_ error: any Error) { finish(.failure(error)) }

    /// Sets a closure to run when the fetch is cancelled (at once if it already was).
    ///
    /// - Parameter handler: Stops the underlying work, such as a network request.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
      let runNow = state.withLock { state -> Bool in
        if state.isCancelled { return true }
        state.onCancel = handler
        return false
      }
      if runNow { handler() }
    }

    func install(_ continuation: CheckedContinuation<[MentionItem], any Error>) {
      let early = state.withLock { state -> Result<[MentionItem], any Error>? in
        if let pending = state.pending { return pending }
        state.continuation = continuation
        return nil
      }
      if let early { continuation.resume(with: early) }
    }

    func cancel() {
      let (continuation, handler) = state.withLock {
        state -> (CheckedContinuation<[MentionItem], any Error>?, (@Sendable () -> Void)?) in
        state.isCancelled = true
        let handler = state.onCancel
        state.onCancel = nil
        guard !state.isFinished else { return (nil, handler) }
        state.isFinished = true
        if state.continuation == nil { state.pending = .failure(CancellationError()) }
        defer { state.continuation = nil }
        return (state.continuation, handler)
      }
      handler?()
      continuation?.resume(throwing: CancellationError())
    }

    private func finish(_ result: Result<[MentionItem], any Error>) {
      let continuation = state.withLock { state -> CheckedContinuation<[MentionItem], any Error>? in
        guard !state.isFinished else { return nil }
        state.isFinished = true
        state.onCancel = nil
        if state.continuation == nil { state.pending = result }
        defer { state.continuation = nil }
        return state.continuation
      }
      continuation?.resume(with: result)
    }
  }
}
