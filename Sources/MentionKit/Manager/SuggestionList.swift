/// The suggestion list a ``MentionManager`` shows: the items for the active query, the keyboard
/// highlight, the Escape dismissal that sticks, and the inline ghost completion.
///
/// A value with pure transitions. Navigation methods return whether they handled the key: when
/// the list is not shown (no query, no items, or dismissed) they return `false` and the host
/// lets the key do its usual job (move the caret, insert a tab, send the message).
///
/// **Dismissal.** ``dismiss()`` (Escape) hides the list for the current trigger occurrence. It
/// stays hidden while the user keeps typing or deleting in the same query, and ends when a
/// different trigger occurrence becomes active (another trigger, or a delimiter at another
/// offset), when the query gains whitespace, or when no query is active (the user typed a
/// space, moved the caret away or deleted the delimiter).
struct SuggestionList: Sendable, Hashable {
  /// The action that accepted an item.
  enum AcceptAction: String, Sendable, Hashable, CaseIterable {
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// A click or tap on a row.
    case pointer
    /// The inline ghost completion (→ or End).
    case inlineCompletion
  }

  /// An accepted item, the query it completes, and how it was accepted.
  struct Acceptance: Sendable, Hashable {
    /// The accepted item.
    var item: MentionItem
    /// Its position in the list.
    var index: Int
    /// The query it completes; `nil` in whole-field mode.
    var query: MentionQuery?
    /// The action that accepted it.
    var action: AcceptAction
  }

  /// What a Tab key press did.
  enum TabOutcome: Sendable, Hashable {
    /// An item was accepted (action ``AcceptAction/tab``).
    case accepted(Acceptance)
    /// The query should become this text (the longest common prefix, in the user's case for the
    /// part they typed); replace the query text with it.
    case extendedQuery(String)
    /// The highlight moved to this index.
    case highlighted(Int)
    /// The list is not shown: let Tab do its usual job.
    case ignored
  }

  /// Where a query starts: a trigger occurrence, or the whole field.
  struct Occurrence: Sendable, Hashable {
    var trigger: String?
    var start: Int
  }

  /// What was dismissed, so the dismissal can outlive later keystrokes in the same query.
  struct Dismissal: Sendable, Hashable {
    var occurrence: Occurrence
    var spaces: Int
  }

  /// The active query; `nil` in whole-field mode or when no trigger is active.
  private(set) var query: MentionQuery?
  /// The typed text the items answer: the query's text, or the whole field.
  private(set) var typedText: String = ""
  /// The items, best first.
  private(set) var items: [MentionItem] = []
  /// The items with how each matched, in the same order as ``items``.
  private(set) var matches: [MentionMatch] = []
  /// The highlighted position in ``items``, or `nil` when nothing is highlighted.
  private(set) var highlightedIndex: Int?
  /// What Tab does.
  var tabBehavior: MentionManager.TabBehavior
  /// Whether a new list starts with its first item highlighted.
  var highlightsFirstItem: Bool

  /// The ghost completion after the caret.
  var inline = InlineCompletion()

  private var occurrence: Occurrence?
  private var dismissal: Dismissal?

  /// Creates an empty selection.
  ///
  /// - Parameters:
  ///   - tabBehavior: What Tab does; readline-style by default.
  ///   - highlightsFirstItem: Whether a new list starts with its first item highlighted.
  init(
    tabBehavior: MentionManager.TabBehavior = .completesThenCycles, highlightsFirstItem: Bool = true
  ) {
    self.tabBehavior = tabBehavior
    self.highlightsFirstItem = highlightsFirstItem
  }

  /// Whether the user dismissed the list for the current query.
  var isDismissed: Bool { dismissal != nil }

  /// Whether a list (possibly empty) answers an active query and was not dismissed.
  var isAnswered: Bool { occurrence != nil && dismissal == nil }

  /// Whether the list is shown: a query (or whole-field text) is active, it has items, and it
  /// was not dismissed.
  var isPresented: Bool { occurrence != nil && dismissal == nil && !items.isEmpty }

  /// The highlighted item, when the list is shown.
  var highlightedItem: MentionItem? {
    guard isPresented, let index = highlightedIndex else { return nil }
    return items[index]
  }

  /// Takes a new query and its ranked items.
  ///
  /// The highlight stays on the same item (by id) when it is still in the list for the same
  /// trigger occurrence; otherwise it goes to the first item (or nowhere, per
  /// ``highlightsFirstItem``). A dismissal ends as the type's discussion describes.
  ///
  /// - Parameters:
  ///   - query: The active query, or `nil` when none is active.
  ///   - items: Its items, best first.
  mutating func update(query: MentionQuery?, items: [MentionItem]) {
    update(query: query, matches: Self.wrap(items))
  }

  /// Takes a new query and its ranked matches, as ``update(query:items:)``, keeping how each
  /// item matched.
  mutating func update(query: MentionQuery?, matches: [MentionMatch]) {
    let next = query.map {
      Occurrence(
        trigger: $0.trigger.name.rawValue,
        start: TextCursor.utf16Offset(of: $0.range.lowerBound, in: $0.sourceText))
    }
    self.query = query
    apply(occurrence: next, typed: query?.text ?? "", matches: query == nil ? [] : matches)
  }

  /// Takes a new query and its ranked matches after a change to the input, as
  /// ``update(query:items:after:)``, keeping how each item matched.
  mutating func update(
    query: MentionQuery?, matches: [MentionMatch], after change: InlineCompletion.Change
  ) {
    update(query: query, matches: matches)
    inline.update(query: query, items: items, after: change)
  }

  /// Appends the next page of matches for the same query, keeping the highlight.
  mutating func append(_ more: [MentionMatch]) {
    var known = Set(items.map(\.id))
    for match in more where known.insert(match.item.id).inserted {
      matches.append(match)
      items.append(match.item)
    }
  }

  /// Items whose match details are unknown, as literal prefix matches.
  private static func wrap(_ items: [MentionItem]) -> [MentionMatch] {
    items.map { MentionMatch(item: $0, tier: .prefix) }
  }

  /// Takes a new query and its ranked items after a change to the input: the list as
  /// ``update(query:items:)`` and the ghost completion as
  /// ``InlineCompletion/update(query:items:after:)``.
  mutating func update(
    query: MentionQuery?, items: [MentionItem], after change: InlineCompletion.Change
  ) {
    update(query: query, items: items)
    inline.update(query: query, items: items, after: change)
  }

  /// The ghost text to draw after the caret, or `nil` when none is offered or the list was
  /// dismissed.
  var ghostText: String? {
    let ghost = inline.ghostText
    return ghost.isEmpty || isDismissed ? nil : ghost
  }

  /// Accepts the ghost completion (→ or End).
  ///
  /// - Returns: The acceptance, or `nil` when no ghost is shown.
  mutating func acceptInlineCompletion() -> Acceptance? {
    guard ghostText != nil, let accepted = inline.acceptance(in: items) else { return nil }
    items = []
    matches = []
    highlightedIndex = nil
    return accepted
  }

  /// Takes the whole input of a field without triggers (a search field) and its ranked items.
  ///
  /// - Parameters:
  ///   - text: The whole input; the list ends when it is empty.
  ///   - items: Its items, best first.
  mutating func update(wholeField text: String, items: [MentionItem]) {
    query = nil
    let next = text.isEmpty ? nil : Occurrence(trigger: nil, start: 0)
    apply(occurrence: next, typed: text, matches: text.isEmpty ? [] : Self.wrap(items))
  }

  private mutating func apply(
    occurrence next: Occurrence?, typed: String, matches: [MentionMatch]
  ) {
    let items = matches.map(\.item)
    let previousID = highlightedIndex.map { self.items[$0].id }
    let sameOccurrence = next != nil && next == occurrence
    if let current = dismissal {
      let spaces = Self.spaces(in: typed)
      if next != current.occurrence || spaces > current.spaces { dismissal = nil }
    }
    occurrence = next
    typedText = typed
    self.items = items
    self.matches = matches
    if sameOccurrence, let previousID, let kept = items.firstIndex(where: { $0.id == previousID }) {
      highlightedIndex = kept
    } else {
      highlightedIndex = highlightsFirstItem && !items.isEmpty ? 0 : nil
    }
  }

  private static func spaces(in text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ($1.properties.isWhitespace ? 1 : 0) }
  }

  // MARK: - Navigation

  /// Moves the highlight down, wrapping from the last item to the first.
  ///
  /// - Returns: Whether the key was handled (the list is shown).
  @discardableResult
  mutating func highlightNext() -> Bool {
    guard isPresented else { return false }
    highlightedIndex = highlightedIndex.map { ($0 + 1) % items.count } ?? 0
    return true
  }

  /// Moves the highlight up, wrapping from the first item to the last.
  ///
  /// - Returns: Whether the key was handled (the list is shown).
  @discardableResult
  mutating func highlightPrevious() -> Bool {
    guard isPresented else { return false }
    highlightedIndex =
      highlightedIndex.map { ($0 + items.count - 1) % items.count } ?? items.count - 1
    return true
  }

  /// Highlights the first item (Home, Page Up).
  ///
  /// - Returns: Whether the key was handled (the list is shown).
  @discardableResult
  mutating func highlightFirst() -> Bool {
    guard isPresented else { return false }
    highlightedIndex = 0
    return true
  }

  /// Highlights the last item (End, Page Down).
  ///
  /// - Returns: Whether the key was handled (the list is shown).
  @discardableResult
  mutating func highlightLast() -> Bool {
    guard isPresented else { return false }
    highlightedIndex = items.count - 1
    return true
  }

  /// Highlights an item, as a pointer hovering over a row does.
  ///
  /// - Parameter index: A position in ``items``; out-of-range positions are ignored.
  /// - Returns: Whether the highlight moved.
  @discardableResult
  mutating func highlight(at index: Int) -> Bool {
    guard isPresented, items.indices.contains(index) else { return false }
    highlightedIndex = index
    return true
  }

  // MARK: - Accepting and dismissing

  /// Accepts the highlighted item.
  ///
  /// The list closes: ``items`` empties until the next ``update(query:items:)``.
  ///
  /// - Parameter action: The action that accepted it; Enter by default.
  /// - Returns: The acceptance, or `nil` when the list is not shown or nothing is highlighted.
  mutating func accept(_ action: AcceptAction = .enter) -> Acceptance? {
    guard isPresented, let index = highlightedIndex else { return nil }
    return finish(index, action)
  }

  /// Accepts the item at a position, as a click or tap on a row does.
  ///
  /// - Parameters:
  ///   - index: A position in ``items``; out-of-range positions are ignored.
  ///   - action: The action that accepted it; a pointer by default.
  /// - Returns: The acceptance, or `nil` when the list is not shown or `index` is out of range.
  mutating func accept(at index: Int, action: AcceptAction = .pointer) -> Acceptance? {
    guard isPresented, items.indices.contains(index) else { return nil }
    return finish(index, action)
  }

  private mutating func finish(_ index: Int, _ action: AcceptAction) -> Acceptance {
    let acceptance = Acceptance(item: items[index], index: index, query: query, action: action)
    items = []
    matches = []
    highlightedIndex = nil
    return acceptance
  }

  /// Hides the list for the current query (Escape); see the type's discussion for when the
  /// dismissal ends.
  ///
  /// - Returns: Whether the key was handled (the list was shown).
  @discardableResult
  mutating func dismiss() -> Bool {
    guard isPresented, let occurrence else { return false }
    dismissal = Dismissal(occurrence: occurrence, spaces: Self.spaces(in: typedText))
    highlightedIndex = nil
    return true
  }

  // MARK: - Tab

  /// Handles Tab according to ``tabBehavior``.
  ///
  /// With ``MentionManager/TabBehavior/completesThenCycles``: a single item is accepted; when several items
  /// share a folded prefix longer than what was typed, Tab extends the query to it; otherwise
  /// the highlight moves to the next item.
  ///
  /// ```swift
  /// // query "@jo", items "jonathan", "Jonas", "jon_snow"
  /// selection.tab()   // .extendedQuery("jon")
  /// // query "@jon": nothing longer is shared
  /// selection.tab()   // .highlighted(1)
  /// ```
  ///
  /// - Returns: What Tab did.
  mutating func tab() -> TabOutcome {
    guard isPresented else { return .ignored }
    switch tabBehavior {
    case .accepts:
      guard let index = highlightedIndex else { return .ignored }
      return .accepted(finish(index, .tab))
    case .completesThenCycles:
      if items.count == 1 { return .accepted(finish(0, .tab)) }
      if let extended = commonPrefixCompletion() { return .extendedQuery(extended) }
      highlightNext()
      return .highlighted(highlightedIndex ?? 0)
    }
  }

  /// The query text extended to the longest prefix every item's insertion text shares (compared
  /// folded), or `nil` when it would not extend what was typed.
  ///
  /// The typed part keeps the user's case and accents; the rest is taken from the highlighted
  /// item (or the first).
  ///
  /// ```swift
  /// // typed "JO", items "jonathan", "Jonas" (folded, they share "jona")
  /// selection.commonPrefixCompletion()   // "JOna"
  /// ```
  ///
  /// - Complexity: O(*n* · *k*²) for *n* items of length *k*.
  func commonPrefixCompletion() -> String? {
    guard isPresented else { return nil }
    let model = items[highlightedIndex ?? 0].insertionText
    let folded = items.map { Folding.fold($0.insertionText) }
    let typedFolded = Folding.fold(typedText)
    guard folded.allSatisfy({ $0.starts(with: typedFolded) }),
      let matched = FoldedPrefix.end(of: typedFolded, in: model)
    else { return nil }
    let common = FoldedPrefix.longestCommonEnd(of: model, withFolded: folded)
    guard common > matched else { return nil }
    return typedText + model[matched..<common]
  }
}
