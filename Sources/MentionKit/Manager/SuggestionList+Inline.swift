/// Safari-style inline completion: the best item's remaining text, shown as a ghost after the
/// caret.
///
/// A value with pure transitions. After every change to the input, call
/// ``update(query:items:after:)`` (or ``update(wholeField:items:after:)`` for a search field
/// without triggers) with the ranked items and the kind of change; show ``ghostText`` after the
/// caret; on Backspace call ``deleteBackward()`` first; on → or End call ``accept()``.
///
/// ```swift
/// var inline = InlineCompletion()
/// inline.update(query: query, items: [jose], after: .insertion)   // query "@JO"
/// inline.ghostText                 // "se": the user's "JO" stays as typed
/// inline.deleteBackward()          // true: only the ghost went
/// inline.update(query: shorter, items: [jose], after: .deletion)  // "@J"
/// inline.ghostText                 // "": no ghost while deleting
/// ```
///
/// The rules:
/// - The ghost is the rest of the best item's ``MentionItem/insertionText`` after the characters
///   that match what was typed (compared folded, so case, accents and width don't matter). The
///   best item is the first item, in ranked order, whose insertion text extends the typed text.
/// - An item whose insertion text equals what was typed (folded) wins over any longer prefix
///   match, and is not offered: there is then no ghost.
/// - Nothing is offered for an empty query, or when the caret is not at the end of the word.
/// - The first delete removes the ghost only; while the user keeps deleting, no ghost appears,
///   until they type again.
/// - Moving the caret hides the ghost.
extension SuggestionList {
  struct InlineCompletion: Sendable, Hashable {
    /// What the last change to the input was.
    enum Change: Sendable, Hashable {
      /// Text was typed or pasted.
      case insertion
      /// Text was deleted.
      case deletion
      /// Only the caret or selection moved.
      case cursorMovement
    }

    /// An offered completion.
    struct Suggestion: Sendable, Hashable {
      /// The item whose text completes the input.
      var item: MentionItem
      /// What the user typed, in their own case.
      var typed: String
      /// The ghost text: the rest of the item's insertion text.
      var completion: String
      /// The query the completion is for; `nil` in whole-field mode.
      var query: MentionQuery?

      /// ``typed`` followed by ``completion``: the field as it looks with the ghost.
      var text: String { typed + completion }

      /// Creates a suggestion.
      ///
      /// - Parameters:
      ///   - item: The item whose text completes the input.
      ///   - typed: What the user typed.
      ///   - completion: The rest of the item's insertion text.
      ///   - query: The query the completion is for.
      init(item: MentionItem, typed: String, completion: String, query: MentionQuery?) {
        self.item = item
        self.typed = typed
        self.completion = completion
        self.query = query
      }
    }

    /// The offered completion, if any.
    private(set) var suggestion: Suggestion?
    /// Whether the user is deleting: no completion is offered until they type again.
    private(set) var isSuppressed = false

    /// Creates an inline completion with nothing offered.
    init() {}

    /// The ghost text to draw after the caret; empty when nothing is offered.
    var ghostText: String { suggestion?.completion ?? "" }

    /// Takes the active query and its ranked items after a change to the input.
    ///
    /// - Parameters:
    ///   - query: The active query, or `nil` when no trigger is active.
    ///   - items: Its items, best first.
    ///   - change: What the change was.
    mutating func update(query: MentionQuery?, items: [MentionItem], after change: Change) {
      guard let query, query.range.upperBound == query.cursor else {
        apply(change, typed: "", items: [], query: nil)
        return
      }
      apply(change, typed: query.text, items: items, query: query)
    }

    /// Takes the whole input of a field without triggers (a search field) and its ranked items.
    ///
    /// - Parameters:
    ///   - text: The whole input, with the caret at its end.
    ///   - items: Its items, best first.
    ///   - change: What the change was.
    mutating func update(wholeField text: String, items: [MentionItem], after change: Change) {
      apply(change, typed: text, items: items, query: nil)
    }

    private mutating func apply(
      _ change: Change, typed: String, items: [MentionItem], query: MentionQuery?
    ) {
      switch change {
      case .insertion:
        isSuppressed = false
        suggestion = Self.bestCompletion(for: typed, in: items, query: query)
      case .deletion:
        isSuppressed = true
        suggestion = nil
      case .cursorMovement:
        suggestion = nil
      }
    }

    /// Handles Backspace before the text is touched.
    ///
    /// - Returns: `true` when a ghost was shown: it is removed and the text must stay as it is;
    ///   `false` when there was none: delete text as usual, then call
    ///   ``update(query:items:after:)`` with ``Change/deletion``.
    mutating func deleteBackward() -> Bool {
      isSuppressed = true
      guard suggestion != nil else { return false }
      suggestion = nil
      return true
    }

    /// Accepts the ghost completion (→, End or Tab in a search field).
    ///
    /// Commit it like any selection: accept its item for its query, or replace the field with
    /// ``Suggestion/text`` in whole-field mode.
    ///
    /// - Returns: The accepted suggestion, or `nil` when none was offered.
    mutating func accept() -> Suggestion? {
      defer { suggestion = nil }
      return suggestion
    }

    /// The accepted suggestion as a ``SuggestionList/Acceptance`` with action
    /// ``SuggestionList/AcceptAction/inlineCompletion``, for code that handles every
    /// acceptance in one place.
    ///
    /// - Parameter items: The list the item came from, to report its position (0 when absent).
    /// - Returns: The acceptance, or `nil` when none was offered.
    mutating func acceptance(in items: [MentionItem]) -> SuggestionList.Acceptance? {
      guard let accepted = accept() else { return nil }
      let index = items.firstIndex { $0.id == accepted.item.id } ?? 0
      return .init(
        item: accepted.item, index: index, query: accepted.query, action: .inlineCompletion)
    }

    /// The completion the rules offer for a typed text, ignoring deletion state.
    ///
    /// ```swift
    /// InlineCompletion.bestCompletion(for: "Jo", in: [jose])?.completion   // "se"
    /// InlineCompletion.bestCompletion(for: "jo", in: [jose, jo])           // nil: exact "jo"
    /// ```
    ///
    /// - Parameters:
    ///   - typed: What the user typed.
    ///   - items: Candidate items, best first.
    ///   - query: The query to report with the suggestion.
    /// - Returns: The suggestion, or `nil` when nothing extends `typed`.
    /// - Complexity: O(*n* · *k*) to fold *n* items of length *k*, plus O(*k*²) for the chosen one.
    static func bestCompletion(
      for typed: String, in items: [MentionItem], query: MentionQuery? = nil
    ) -> Suggestion? {
      let folded = Folding.fold(typed)
      guard !folded.isEmpty else { return nil }
      var candidates: [MentionItem] = []
      for item in items {
        let candidate = Folding.fold(item.insertionText)
        if candidate == folded { return nil }
        if candidate.count > folded.count && candidate.starts(with: folded) {
          candidates.append(item)
        }
      }
      for item in candidates {
        guard let completion = FoldedPrefix.completion(of: typed, by: item.insertionText),
          !completion.rest.isEmpty
        else { continue }
        return Suggestion(
          item: item, typed: typed, completion: String(completion.rest), query: query)
      }
      return nil
    }
  }
}
