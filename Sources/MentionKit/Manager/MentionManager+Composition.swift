extension MentionManager {
  // MARK: - Input method composition

  /// Sets the text an input method is composing (marked text), as a text view's
  /// `setMarkedText(_:selectedRange:)` or a GTK or IBus preedit reports it; see
  /// ``MessageDraft/setMarkedText(_:selectedUTF16Range:)``.
  ///
  /// While text is being composed the manager neither detects nor fetches: the list stays as it
  /// was before the composition began, without ghost text, the list keys (``accept()``,
  /// ``tab()``, ``highlightNext()``, ``dismiss()`` …) return `false` so the host lets the input
  /// method have the key, and no announcement is made. When the composition ends — with
  /// ``unmarkText()``, ``insert(_:)`` (the input method's commit replaces the marked text), any
  /// other edit, or a selection outside the marked text — the query is detected at once and
  /// fetched as after any keystroke.
  ///
  /// ```swift
  /// manager.insert("@")
  /// manager.setMarkedText("や")      // composing: no query "や", Enter goes to the IME
  /// manager.setMarkedText("やまだ")
  /// manager.unmarkText()             // committed: the query "やまだ" is active at once
  /// ```
  ///
  /// - Parameters:
  ///   - markedText: The text being composed; an empty string removes the marked text and ends
  ///     the composition (Escape in an input method).
  ///   - selectedUTF16Range: The selection inside the marked text, relative to its start;
  ///     `nil` puts the caret at its end.
  public func setMarkedText(_ markedText: String, selectedUTF16Range: Range<Int>? = nil) {
    let events = storage.withLock { storage -> [Event] in
      guard !markedText.isEmpty || storage.isComposing else { return [] }
      storage.draft.setMarkedText(markedText, selectedUTF16Range: selectedUTF16Range)
      return refresh(&storage, after: markedText.isEmpty ? .deletion : .insertion)
    }
    post(events)
  }

  /// Ends the composition, keeping the marked text (an input method's commit, as
  /// `unmarkText()`), and detects the query at the caret at once; with nothing being composed
  /// it does nothing.
  public func unmarkText() {
    let events = storage.withLock { storage -> [Event] in
      guard storage.isComposing else { return [] }
      storage.draft.unmarkText()
      return refresh(&storage, after: .insertion)
    }
    post(events)
  }

  /// While text is being composed, the list keeps its items and loses its ghost; nothing is
  /// detected or fetched. Runs under the lock.
  func refreshWhileComposing(_ storage: inout Storage) -> [Event] {
    storage.change = .cursorMovement
    storage.list.inline.update(query: nil, items: [], after: .cursorMovement)
    return [.suggestions]
  }
}

extension MentionManager.Storage {
  /// Whether an input method is composing text in the draft.
  var isComposing: Bool { draft.markedUTF16Range != nil }
}
