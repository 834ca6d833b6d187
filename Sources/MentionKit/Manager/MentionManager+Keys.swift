extension MentionManager {
  // MARK: - List keys

  /// Moves the highlight down (↓), wrapping from the last item to the first.
  ///
  /// - Returns: Whether the key was consumed (the list is shown).
  @discardableResult
  public func highlightNext() -> Bool { listKey { $0.highlightNext() } }

  /// Moves the highlight up (↑), wrapping from the first item to the last.
  ///
  /// - Returns: Whether the key was consumed (the list is shown).
  @discardableResult
  public func highlightPrevious() -> Bool { listKey { $0.highlightPrevious() } }

  /// Highlights the first item (Home, Page Up).
  ///
  /// - Returns: Whether the key was consumed (the list is shown).
  @discardableResult
  public func highlightFirst() -> Bool { listKey { $0.highlightFirst() } }

  /// Highlights the last item (End, Page Down).
  ///
  /// - Returns: Whether the key was consumed (the list is shown).
  @discardableResult
  public func highlightLast() -> Bool { listKey { $0.highlightLast() } }

  /// Hides the list for the current trigger occurrence (Escape). The dismissal sticks while the
  /// user keeps typing or deleting in the same query, and ends when another occurrence becomes
  /// active, the query gains whitespace, or no query is active.
  ///
  /// - Returns: Whether the key was consumed (the list was shown).
  @discardableResult
  public func dismiss() -> Bool { listKey { $0.dismiss() } }

  /// Handles Tab per the manager's ``TabBehavior``: accepts an item, extends the query to the
  /// items' longest common prefix (the typed part keeps the user's case), or moves the
  /// highlight.
  ///
  /// - Returns: Whether the key was consumed (the list is shown).
  @discardableResult
  public func tab() -> Bool {
    let events = storage.withLock { storage -> [Event]? in
      guard let active = storage.state.active, storage.suggestions != nil, !storage.isComposing
      else { return nil }
      switch storage.list.tab() {
      case .accepted(let acceptance):
        return complete(&storage, acceptance.item, for: active)
      case .extendedQuery(let text):
        storage.draft.replaceQueryText(of: active, with: text)
        return [.draft] + refresh(&storage, after: .insertion)
      case .highlighted:
        return [.suggestions]
      case .ignored:
        return nil
      }
    }
    guard let events else { return false }
    post(events)
    return true
  }

  /// Accepts the highlighted item (Enter): writes it into the draft as a resolved
  /// ``MessageEntity`` followed by the trigger's suffix, and closes the list.
  ///
  /// - Returns: Whether the key was consumed (the list is shown and an item is highlighted).
  @discardableResult
  public func accept() -> Bool {
    acceptWith { $0.accept(.enter) }
  }

  /// Accepts the item at a position, as a click or tap on a row does.
  ///
  /// - Parameter index: A position in the list's items; out-of-range positions are ignored.
  /// - Returns: Whether an item was accepted.
  @discardableResult
  public func accept(at index: Int) -> Bool {
    acceptWith { $0.accept(at: index, action: .pointer) }
  }

  /// Accepts the inline ghost completion (→ or End at the end of the text).
  ///
  /// - Returns: Whether a ghost was shown and accepted.
  @discardableResult
  public func acceptInlineCompletion() -> Bool {
    acceptWith { $0.acceptInlineCompletion() }
  }

  // MARK: - Sending and loading

  /// Hands the message over and starts a new, empty draft with the same options.
  ///
  /// - Returns: The text and its entities, each accepted mention resolved to its item.
  public func send() -> Message {
    let (message, events) = storage.withLock { storage -> (Message, [Event]) in
      let message = storage.draft.message
      storage.draft = MessageDraft(options: storage.draft.options)
      return (message, refresh(&storage, after: .deletion))
    }
    post(events)
    return message
  }

  /// Loads a saved message for editing, with the caret at its end.
  ///
  /// - Parameter message: The text and its entities.
  /// - Throws: ``MentionError/invalidEntity(utf16Range:reason:)`` as
  ///   ``MessageDraft/init(message:options:)``; the draft is left as it was.
  public func load(_ message: Message) throws(MentionError) {
    let result = storage.withLock { storage -> Result<[Event], MentionError> in
      do throws(MentionError) {
        storage.draft = try MessageDraft(message: message, options: storage.draft.options)
      } catch {
        return .failure(error)
      }
      return .success(refresh(&storage, after: .cursorMovement))
    }
    switch result {
    case .success(let events): post(events)
    case .failure(let error): throw error
    }
  }

  // MARK: - Internals

  private func listKey(_ body: (inout SuggestionList) -> Bool) -> Bool {
    let handled = storage.withLock { storage -> Bool in
      guard storage.suggestions != nil, !storage.isComposing else { return false }
      return body(&storage.list)
    }
    if handled { post([.suggestions]) }
    return handled
  }

  private func acceptWith(_ body: (inout SuggestionList) -> SuggestionList.Acceptance?) -> Bool {
    let events = storage.withLock { storage -> [Event]? in
      guard let active = storage.state.active, storage.suggestions != nil, !storage.isComposing,
        let acceptance = body(&storage.list)
      else { return nil }
      return complete(&storage, acceptance.item, for: active)
    }
    guard let events else { return false }
    post(events)
    return true
  }

  /// Writes an accepted item into the draft, records the pick, and ends the session. Runs under
  /// the lock.
  private func complete(_ storage: inout Storage, _ item: MentionItem, for query: MentionQuery)
    -> [Event]
  {
    storage.draft.accept(item, for: query)
    storage.announcer.accepted = item
    storage.learning.history.record(item.id, at: now())
    storage.task?.cancel()
    storage.task = nil
    _ = storage.state.cancel()
    storage.list.update(query: nil, items: [], after: .cursorMovement)
    storage.listGeneration = nil
    return [.draft] + refresh(&storage, after: .cursorMovement)
  }
}
