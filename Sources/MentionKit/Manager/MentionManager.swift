/// Finds the active trigger as the user types, fetches and ranks suggestions, and builds the
/// replacement text when an item is chosen.
///
/// Whole string in, whole string out: call ``process(_:)`` (or ``process(_:cursor:)``) with the
/// entire input after every change; the manager finds the nearest trigger before the cursor,
/// fetches items for its query through the data source (cancelling any fetch the keystroke
/// superseded), filters them in place, and tells its ``delegate``. When the user chooses an item,
/// ``select(_:)`` returns the new text and cursor and tells the delegate too.
///
/// ```swift
/// let directory = InMemoryDataSource(items: [
///   MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez"),
///   MentionItem(id: "U2", insertionText: "zoe", displayText: "Zoë Quinn"),
/// ])
/// let manager = MentionManager(triggers: [.mention], dataSource: directory)
/// let suggestions = try await manager.suggestions(for: "hi @jos")
/// suggestions?.items.first?.displayText  // "José Álvarez"
/// ```
///
/// ## Isolation
///
/// The manager is `Sendable` and its methods are synchronous and callable from any isolation;
/// its state sits behind a lock. Delegate calls are made on the actor the manager was created
/// on (`#isolation`: the main actor for UI code, your actor on a server, or no actor), and each
/// call is preceded, on that actor, by a check that its results are still the latest. Fetching
/// and filtering run off that actor.
public final class MentionManager: Sendable {
  private struct Storage: Sendable {
    var state = State()
    var detector: TriggerDetector
    var task: Task<Void, Never>?
    var delegate = WeakDelegate()
  }

  private struct WeakDelegate: Sendable {
    weak var value: (any MentionManagerDelegate)?
  }

  private enum Event: Sendable {
    case update(MentionSuggestions)
    case failure(any Error, MentionQuery)
    case complete(MentionReplacement)
    case end
  }

  private let storage: Lock<Storage>
  private let dataSource: (any MentionDataSource)?
  private let filter: any MentionFilter
  private let clock: any Clock<Duration>
  private let deliveryActor: (any Actor)?
  let liveTasks = TaskCounter()

  /// Creates a manager.
  ///
  /// - Parameters:
  ///   - triggers: The triggers to detect; the nearest one before the cursor wins.
  ///   - dataSource: Where items come from for triggers without a static ``Trigger/items``
  ///     list; `nil` gives such triggers no items.
  ///   - filter: Narrows and ranks fetched items in place.
  ///   - clock: The clock for debounce and timeouts; tests inject a manual clock.
  ///   - isolation: The actor delegate calls are made on; defaults to the caller's.
  public init(
    triggers: [Trigger],
    dataSource: (any MentionDataSource)? = nil,
    filter: any MentionFilter = DefaultMentionFilter(),
    clock: any Clock<Duration> = ContinuousClock(),
    isolation: (any Actor)? = #isolation
  ) {
    self.storage = Lock(Storage(detector: TriggerDetector(triggers: triggers)))
    self.dataSource = dataSource
    self.filter = filter
    self.clock = clock
    self.deliveryActor = isolation
  }

  deinit {
    storage.withLock { $0.task?.cancel() }
  }

  /// The object told about suggestions, errors and completions; held weakly.
  public var delegate: (any MentionManagerDelegate)? {
    get { storage.withLock { $0.delegate.value } }
    set { storage.withLock { $0.delegate.value = newValue } }
  }

  /// The triggers, in registration order. Changing them ends nothing by itself: the next
  /// ``process(_:)`` uses the new set.
  public var triggers: [Trigger] {
    get { storage.withLock { $0.detector.triggers } }
    set { storage.withLock { $0.detector.triggers = newValue } }
  }

  /// The active query, if a completion session is open.
  public var activeQuery: MentionQuery? { storage.withLock { $0.state.active } }

  /// Processes the whole input with the cursor at its end.
  ///
  /// - Parameter text: The whole input.
  /// - Returns: The active query, or `nil` when no trigger is active.
  @discardableResult
  public func process(_ text: String) -> MentionQuery? {
    processAligned(text, cursor: text.endIndex)
  }

  /// Processes the whole input with the cursor at a `String.Index`.
  ///
  /// A cursor inside a grapheme cluster is rounded down to the cluster's start.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - cursor: The cursor, an index of `text`.
  /// - Returns: The active query, or `nil` when no trigger is active.
  /// - Throws: ``MentionError/cursorIndexOutOfBounds`` when the cursor lies past the end; the
  ///   session is left as it was.
  @discardableResult
  public func process(_ text: String, cursor: String.Index) throws(MentionError) -> MentionQuery? {
    processAligned(text, cursor: try TextCursor.validated(cursor, in: text))
  }

  /// Processes the whole input with the cursor at a UTF-16 offset (an `NSRange` location).
  ///
  /// An offset inside a surrogate pair or a grapheme cluster is rounded down to the cluster's
  /// start.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - utf16Cursor: The cursor as a UTF-16 offset.
  /// - Returns: The active query, or `nil` when no trigger is active.
  /// - Throws: ``MentionError/cursorOutOfBounds(offset:utf16Count:)`` when the offset is
  ///   negative or past the end; the session is left as it was.
  @discardableResult
  public func process(_ text: String, utf16Cursor: Int) throws(MentionError) -> MentionQuery? {
    processAligned(text, cursor: try TextCursor.index(utf16Offset: utf16Cursor, in: text))
  }

  /// Chooses an item for the active query.
  ///
  /// Ends the session, tells the delegate (``MentionManagerDelegate/mentionManager(_:didComplete:)``
  /// then ``MentionManagerDelegate/mentionManagerDidEndCompletion(_:)``), and returns the
  /// replacement.
  ///
  /// - Parameter item: The chosen item.
  /// - Returns: The new text, cursor and mention range.
  /// - Throws: ``MentionError/noActiveQuery`` when no session is open.
  @discardableResult
  public func select(_ item: MentionItem) throws(MentionError) -> MentionReplacement {
    let result = storage.withLock { storage -> (MentionReplacement, UInt64)? in
      guard let query = storage.state.active else { return nil }
      let replacement = MentionReplacement(query: query, item: item)
      let generation = storage.state.complete(replacement)
      storage.task?.cancel()
      storage.task = nil
      return (replacement, generation)
    }
    guard let (replacement, generation) = result else { throw .noActiveQuery }
    post([.complete(replacement), .end], generation: generation)
    return replacement
  }

  /// Ends the session, if one is open, and cancels its fetch.
  public func cancel() {
    let action = storage.withLock { storage -> State.Action in
      storage.task?.cancel()
      storage.task = nil
      return storage.state.cancel()
    }
    if case .end(let generation) = action { post([.end], generation: generation) }
  }

  /// Detects, fetches and ranks suggestions without opening a session or calling the delegate.
  ///
  /// For pipelines and servers. Debounce does not apply; the trigger's timeout does.
  ///
  /// - Parameter text: The whole input, with the cursor at its end.
  /// - Returns: The suggestions, or `nil` when no trigger is active.
  /// - Throws: The data source's error, ``MentionError/timedOut(trigger:after:)``, or
  ///   `CancellationError`.
  public func suggestions(for text: String) async throws -> MentionSuggestions? {
    try await suggestions(for: text, alignedCursor: text.endIndex)
  }

  /// Detects, fetches and ranks suggestions at a cursor without opening a session.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - cursor: The cursor, an index of `text`.
  /// - Returns: The suggestions, or `nil` when no trigger is active.
  /// - Throws: A ``MentionError`` for a bad cursor or a timeout, or the data source's error.
  public func suggestions(for text: String, cursor: String.Index) async throws
    -> MentionSuggestions?
  {
    try await suggestions(for: text, alignedCursor: try TextCursor.validated(cursor, in: text))
  }

  /// Detects, fetches and ranks suggestions at a UTF-16 cursor without opening a session.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - utf16Cursor: The cursor as a UTF-16 offset.
  /// - Returns: The suggestions, or `nil` when no trigger is active.
  /// - Throws: A ``MentionError`` for a bad cursor or a timeout, or the data source's error.
  public func suggestions(for text: String, utf16Cursor: Int) async throws -> MentionSuggestions? {
    try await suggestions(
      for: text, alignedCursor: try TextCursor.index(utf16Offset: utf16Cursor, in: text))
  }

  // MARK: - Internals

  private func suggestions(for text: String, alignedCursor: String.Index) async throws
    -> MentionSuggestions?
  {
    let detector = storage.withLock { $0.detector }
    guard let query = detector.detectAligned(in: text, cursor: alignedCursor) else { return nil }
    var items = try await FetchOperation.items(
      for: query, dataSource: dataSource, clock: clock, tasks: liveTasks)
    filter.filter(&items, for: query)
    return MentionSuggestions(query: query, items: items)
  }

  private func processAligned(_ text: String, cursor: String.Index) -> MentionQuery? {
    let detector = storage.withLock { $0.detector }
    let detected = detector.detectAligned(in: text, cursor: cursor)
    let (action, active) = storage.withLock { storage -> (State.Action, MentionQuery?) in
      let action = storage.state.process(detected)
      switch action {
      case .none:
        break
      case .fetch(let query, let generation):
        storage.task?.cancel()
        liveTasks.increment()
        storage.task = Task { [self] in
          defer { liveTasks.decrement() }
          await run(query, generation: generation)
        }
      case .end:
        storage.task?.cancel()
        storage.task = nil
      }
      return (action, storage.state.active)
    }
    if case .end(let generation) = action { post([.end], generation: generation) }
    return active
  }

  private func run(_ query: MentionQuery, generation: UInt64) async {
    let debounce = query.trigger.debounce
    if debounce > .zero {
      do { try await clock.sleep(for: debounce) } catch { return }
    }
    guard !Task.isCancelled else { return }
    let event: Event
    do {
      var items = try await FetchOperation.items(
        for: query, dataSource: dataSource, clock: clock, tasks: liveTasks)
      guard !Task.isCancelled else { return }
      filter.filter(&items, for: query)
      event = .update(MentionSuggestions(query: query, items: items))
    } catch {
      guard !Task.isCancelled else { return }
      event = .failure(error, query)
    }
    await Self.deliver([event], generation: generation, from: self, on: deliveryActor)
  }

  private func isCurrent(_ generation: UInt64) -> Bool {
    storage.withLock { $0.state.isCurrent(generation) }
  }

  private func post(_ events: [Event], generation: UInt64) {
    liveTasks.increment()
    Task { [self] in
      defer { liveTasks.decrement() }
      await Self.deliver(events, generation: generation, from: self, on: deliveryActor)
    }
  }

  private static func deliver(
    _ events: [Event],
    generation: UInt64,
    from manager: MentionManager,
    on actor: isolated (any Actor)?
  ) async {
    for event in events {
      guard manager.isCurrent(generation), let delegate = manager.delegate else { return }
      switch event {
      case .update(let suggestions):
        await delegate.mentionManager(manager, didUpdate: suggestions)
      case .failure(let error, let query):
        await delegate.mentionManager(manager, didFailWith: error, for: query)
      case .complete(let replacement):
        await delegate.mentionManager(manager, didComplete: replacement)
      case .end:
        await delegate.mentionManagerDidEndCompletion(manager)
      }
    }
  }
}
