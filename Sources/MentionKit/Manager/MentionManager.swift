/// The message being written and its suggestion list: one object from keystroke to sent
/// message.
///
/// The manager owns a ``MessageDraft`` (text, entities, selection) and the list of suggestions
/// for the trigger at the caret. A UI forwards its edits (``replace(utf16Range:with:)`` from a
/// text view's `shouldChangeTextIn`, ``insert(_:)`` and ``deleteBackward()`` from a terminal,
/// or the whole text with ``setText(_:utf16Offset:)``); after each one the manager finds the
/// active query in its draft, fetches items for it through the data source (debounced,
/// cancelling any fetch the edit superseded), filters them, and tells its ``delegate``. The list
/// keys (``highlightNext()``, ``tab()``, ``dismiss()``, ``accept()``) are synchronous and return
/// whether they consumed the key. Accepting writes the item into the draft as a
/// ``MessageEntity``; ``send()`` hands the ``Message`` over and starts a new draft. An input
/// method's marked text goes through ``setMarkedText(_:selectedUTF16Range:)``: while it is
/// composed nothing is detected and the list keys return `false`.
///
/// ```swift
/// let manager = MentionManager(triggers: [.mention], dataSource: directory)
/// manager.insert("hi @jo")
/// // … the delegate receives the list for "@jo"; the user presses Enter:
/// if manager.accept() {
///   manager.draft.text  // "hi @jose "
/// }
/// let message = manager.send()
/// message.mentionedItems.map(\.id)  // ["U1"]
/// ```
///
/// ## Isolation
///
/// The manager is `Sendable` and its methods are synchronous and callable from any isolation;
/// its state sits behind a lock. Delegate calls are made on the actor the manager was created
/// on (`#isolation`: the main actor for UI code, your actor on a server, or no actor), with the
/// state as it is at that moment on that actor, so a list never answers an older query than the
/// draft's. Fetching and filtering run off that actor.
public final class MentionManager: Sendable {
  /// What Tab does while the list is shown.
  public enum TabBehavior: Sendable, Hashable {
    /// Tab accepts the highlighted item, like Enter (Tribute, At.js, Lexical).
    case accepts
    /// Readline style: Tab accepts a single item; with several, it first extends the query to
    /// their longest common folded prefix, and when there is nothing to extend it moves the
    /// highlight to the next item (wrapping).
    case completesThenCycles
  }

  struct Storage: Sendable {
    var state = State()
    var detector: TriggerDetector
    var draft: MessageDraft
    var list: SuggestionList
    /// The generation the list's items were fetched for.
    var listGeneration: UInt64?
    /// The kind of the last edit, for the ghost completion.
    var change: SuggestionList.InlineCompletion.Change = .cursorMovement
    var task: Task<Void, Never>?
    var delegate = WeakDelegate()
    /// The list the delegate last received.
    var delivered: MentionSuggestions?
    /// What was last announced to assistive technology.
    var announcer = MentionAnnouncement.Tracker()
    /// The ranking signals and the next page (see `MentionManager+Ranking.swift`).
    var learning = Learning()

    /// The list as shown: only while its items answer the active query.
    var suggestions: MentionSuggestions? {
      guard let active = state.active, listGeneration == state.generation, list.isAnswered
      else { return nil }
      return MentionSuggestions(
        query: active, matches: list.matches, highlightedIndex: list.highlightedIndex,
        ghostText: list.ghostText, hasMore: learning.continuation != nil)
    }
  }

  struct WeakDelegate: Sendable {
    weak var value: (any MentionManagerDelegate)?
  }

  enum Event: Sendable {
    case suggestions
    case failure(any Error, MentionQuery, generation: UInt64)
    case draft
  }

  let storage: Lock<Storage>
  let dataSource: (any MentionDataSource)?
  let filter: any MentionFilter
  let clock: any Clock<Duration>
  /// The time for the pick history, in seconds.
  let now: @Sendable () -> Double
  let deliveryActor: (any Actor)?
  let liveTasks = TaskCounter()

  /// Creates a manager with an empty draft.
  ///
  /// - Parameters:
  ///   - triggers: The triggers to detect; the nearest one before the caret wins.
  ///   - dataSource: Where items come from for triggers without a static ``Trigger/items``
  ///     list; `nil` gives such triggers no items.
  ///   - filter: Narrows and ranks the items of a data source that does not rank them itself
  ///     (see ``RankingDataSource``).
  ///   - tabBehavior: What Tab does; readline-style by default.
  ///   - options: How the draft treats edits touching mentions or splitting characters.
  ///   - clock: The clock for debounce and timeouts; tests inject a manual clock.
  ///   - now: The time for the pick ``history``, in seconds; wall-clock seconds since 1970 by
  ///     default. Tests inject a manual one. It is called while the manager's state is locked,
  ///     so it must not call the manager.
  ///   - isolation: The actor delegate calls are made on; defaults to the caller's.
  public init(
    triggers: [Trigger],
    dataSource: (any MentionDataSource)? = nil,
    filter: any MentionFilter = DefaultMentionFilter(),
    tabBehavior: TabBehavior = .completesThenCycles,
    options: MessageDraft.Options = MessageDraft.Options(),
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Double = MentionManager.wallClockSeconds,
    isolation: (any Actor)? = #isolation
  ) {
    self.storage = Lock(
      Storage(
        detector: TriggerDetector(triggers: triggers), draft: MessageDraft(options: options),
        list: SuggestionList(tabBehavior: tabBehavior)))
    self.dataSource = dataSource
    self.filter = filter
    self.clock = clock
    self.now = now
    self.deliveryActor = isolation
  }

  deinit {
    storage.withLock { $0.task?.cancel() }
  }

  /// The object told about the list, failures and the manager's own edits; held weakly.
  public var delegate: (any MentionManagerDelegate)? {
    get { storage.withLock { $0.delegate.value } }
    set { storage.withLock { $0.delegate.value = newValue } }
  }

  /// The triggers, in registration order; the next edit detects with the new set.
  public var triggers: [Trigger] {
    get { storage.withLock { $0.detector.triggers } }
    set { storage.withLock { $0.detector.triggers = newValue } }
  }

  /// The message being written: text, entities and selection.
  public var draft: MessageDraft { storage.withLock { $0.draft } }

  /// The active query at the caret, while its suggestions are being fetched or shown.
  var activeQuery: MentionQuery? { storage.withLock { $0.state.active } }

  /// The suggestion list as shown, or `nil` while it is hidden (no query, no results yet for
  /// the latest query, or dismissed). Its items are empty when nothing matches the query.
  public var currentSuggestions: MentionSuggestions? { storage.withLock { $0.suggestions } }

  // MARK: - Edits

  /// Replaces a UTF-16 range of the draft's text, as a text view's `shouldChangeTextIn`
  /// reports it, and puts the caret after the inserted text (see
  /// ``MessageDraft/replace(utf16Range:with:)``).
  ///
  /// - Parameters:
  ///   - utf16Range: The range to replace.
  ///   - replacement: The new text; empty to delete.
  /// - Throws: As ``MessageDraft/replace(utf16Range:with:)``; nothing changes when it throws.
  public func replace(utf16Range: Range<Int>, with replacement: String) throws(MentionError) {
    let result = storage.withLock { storage -> Result<[Event], MentionError> in
      do throws(MentionError) {
        try storage.draft.replace(utf16Range: utf16Range, with: replacement)
      } catch {
        return .failure(error)
      }
      return .success(refresh(&storage, after: replacement.isEmpty ? .deletion : .insertion))
    }
    switch result {
    case .success(let events): post(events)
    case .failure(let error): throw error
    }
  }

  /// Types or pastes text over the selection.
  ///
  /// - Parameter string: The typed or pasted text.
  public func insert(_ string: String) {
    edit(.insertion) { $0.insert(string) }
  }

  /// Backspace: deletes the selection, or the mention or grapheme cluster before the caret
  /// (see ``MessageDraft/deleteBackward()``). While a ghost completion is shown, the first
  /// Backspace removes only the ghost.
  public func deleteBackward() {
    let events = storage.withLock { storage -> [Event] in
      if storage.suggestions?.ghostText != nil, storage.list.inline.deleteBackward() {
        return [.suggestions]
      }
      storage.draft.deleteBackward()
      return refresh(&storage, after: .deletion)
    }
    post(events)
  }

  /// Forward delete: deletes the selection, or the grapheme cluster after the caret.
  public func deleteForward() {
    edit(.deletion) { $0.deleteForward() }
  }

  /// Selects a UTF-16 range of the draft's text, or moves the caret when the range is empty;
  /// clamped into the text and widened outward to grapheme boundaries.
  ///
  /// - Parameter utf16Range: The range to select.
  public func select(utf16Range: Range<Int>) {
    edit(.cursorMovement) { $0.select(utf16Range: utf16Range) }
  }

  /// Takes the whole text and caret from a host that only knows those (whole string in, whole
  /// string out): the part that changed is applied to the draft as one edit, so entities outside
  /// it stay, and an entity inside it is detached.
  ///
  /// - Parameters:
  ///   - text: The whole text.
  ///   - utf16Offset: The caret as a UTF-16 offset; `nil` for the end of the text. It is
  ///     clamped into the text and rounded down to a grapheme boundary.
  public func setText(_ text: String, utf16Offset: Int? = nil) {
    let events = storage.withLock { storage -> [Event] in
      let (changed, inserted) = storage.draft.setText(text, utf16Offset: utf16Offset)
      return refresh(
        &storage, after: !changed ? .cursorMovement : inserted ? .insertion : .deletion)
    }
    post(events)
  }

  /// Detects, fetches and ranks suggestions for a text without touching the draft, the list or
  /// the delegate: for pipelines and servers. Debounce does not apply; the trigger's timeout
  /// does.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - utf16Offset: The cursor as a UTF-16 offset; `nil` for the end of the text.
  /// - Returns: The suggestions, or `nil` when no trigger is active.
  /// - Throws: ``MentionError/cursorOutOfBounds(utf16Offset:utf16Count:)`` for an offset
  ///   outside the text, the data source's error, ``MentionError/timedOut(trigger:after:)``, or
  ///   `CancellationError`.
  public func suggestions(for text: String, utf16Offset: Int? = nil) async throws
    -> MentionSuggestions?
  {
    let cursor =
      try utf16Offset.map { offset throws(MentionError) in
        try TextCursor.index(utf16Offset: offset, in: text)
      } ?? text.endIndex
    let (detector, ranking) = storage.withLock { storage -> (TriggerDetector, MentionRanking) in
      (storage.detector, self.ranking(of: storage))
    }
    guard let query = detector.detectAligned(in: text, cursor: cursor) else { return nil }
    let page = try await FetchOperation.page(
      for: query, dataSource: dataSource,
      request: FetchOperation.Request(filter: filter, ranking: ranking),
      clock: clock, tasks: liveTasks)
    return MentionSuggestions(
      query: query, matches: page.matches, hasMore: page.continuation != nil)
  }

  // MARK: - Internals

  /// Applies a draft edit and refreshes the query.
  func edit(
    _ change: SuggestionList.InlineCompletion.Change, _ body: (inout MessageDraft) -> Void
  ) {
    let events = storage.withLock { storage -> [Event] in
      body(&storage.draft)
      return refresh(&storage, after: change)
    }
    post(events)
  }

  /// Detects the query in the draft after a change, starts or cancels the fetch, and updates
  /// the list. Runs under the lock.
  func refresh(_ storage: inout Storage, after change: SuggestionList.InlineCompletion.Change)
    -> [Event]
  {
    storage.change = change
    if storage.isComposing { return refreshWhileComposing(&storage) }
    let detected = storage.draft.activeQuery(using: storage.detector)
    switch storage.state.process(detected) {
    case .none:
      if let active = storage.state.active, storage.listGeneration == storage.state.generation {
        storage.list.update(query: active, matches: storage.list.matches, after: change)
      }
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
      storage.list.update(query: nil, items: [], after: change)
      storage.listGeneration = nil
    }
    return [.suggestions]
  }

  private func run(_ query: MentionQuery, generation: UInt64) async {
    let debounce = query.trigger.debounce
    if debounce > .zero {
      do { try await clock.sleep(for: debounce) } catch { return }
    }
    guard !Task.isCancelled else { return }
    let event: Event
    do {
      let ranking = storage.withLock { storage -> MentionRanking in self.ranking(of: storage) }
      let page = try await FetchOperation.page(
        for: query, dataSource: dataSource,
        request: FetchOperation.Request(filter: filter, ranking: ranking),
        clock: clock, tasks: liveTasks)
      guard !Task.isCancelled else { return }
      let stored = storage.withLock { storage -> Bool in
        guard storage.state.isCurrent(generation), let active = storage.state.active else {
          return false
        }
        storage.list.update(query: active, matches: page.matches, after: storage.change)
        storage.listGeneration = generation
        storage.learning.startPaging(after: page.continuation, ranking: ranking)
        return true
      }
      guard stored else { return }
      event = .suggestions
    } catch {
      guard !Task.isCancelled else { return }
      event = .failure(error, query, generation: generation)
    }
    await Self.deliver([event], from: self, on: deliveryActor)
  }

  func post(_ events: [Event]) {
    // A list equal to the one the delegate last received needs no call; one in flight reads
    // the state when it runs, so skipping here never leaves the delegate behind.
    let events = events.filter { event in
      guard case .suggestions = event else { return true }
      return storage.withLock { $0.suggestions != $0.delivered || $0.hasAnnouncement }
    }
    guard !events.isEmpty else { return }
    liveTasks.increment()
    Task { [self] in
      defer { liveTasks.decrement() }
      await Self.deliver(events, from: self, on: deliveryActor)
    }
  }

  static func deliver(
    _ events: [Event], from manager: MentionManager, on actor: isolated (any Actor)?
  ) async {
    for event in events {
      guard let delegate = manager.delegate else { return }
      switch event {
      case .suggestions:
        let changed = manager.storage.withLock { storage -> MentionSuggestions?? in
          let current = storage.suggestions
          guard current != storage.delivered else { return .none }
          storage.delivered = current
          return .some(current)
        }
        if case .some(let suggestions) = changed {
          await delegate.mentionManager(manager, didUpdate: suggestions)
        }
        for announcement in manager.storage.withLock({ $0.takeAnnouncements() }) {
          await delegate.mentionManager(manager, announce: announcement)
        }
      case .failure(let error, let query, let generation):
        guard manager.storage.withLock({ $0.state.isCurrent(generation) }) else { continue }
        await delegate.mentionManager(manager, didFailWith: error, for: query)
      case .draft:
        await delegate.mentionManager(manager, didEdit: manager.draft)
      }
    }
  }
}
