import MentionKit

/// The interactive chat as a value: the line editor, the open completion, the transcript and
/// the settings, with a pure transition per key. The terminal loop feeds it keys, performs the
/// effects it returns, and draws ``frame(columns:rows:)``; tests do the same with scripted keys.
struct ChatSession: Sendable {
  /// What the loop must do after a key.
  enum Effect: Sendable, Equatable {
    /// Print lines above the prompt (the transcript).
    case print([Frame.Line])
    /// Clear the screen and redraw (Ctrl-L).
    case clearScreen
    case quit
  }

  /// The most suggestion rows shown.
  static let maximumRows = 8

  var editor = LineEditor()
  /// The active query, if a trigger is active at the cursor.
  private(set) var query: MentionQuery?
  /// The suggestion list and its highlight (MentionKit's keyboard model).
  private(set) var selection = SuggestionSelection(tabBehavior: .accepts)
  /// The ghost completion after the cursor (MentionKit's inline completion).
  private(set) var inline = InlineCompletion()
  /// The wire format shown under each sent message.
  var format: Options.Format = .slack
  /// Set by a first Ctrl-C; a second one in a row quits.
  private(set) var isInterruptPending = false
  /// A one-line notice shown under the prompt until the next key.
  private(set) var notice: Frame.Line?

  /// The items completed so far, by id: what the entities in the line stand for.
  private(set) var chosenItems: [String: MentionItem] = [:]

  private let detector: TriggerDetector
  private let engine: any SuggestionEngine
  let analyzer: any MessageAnalyzer
  let formatter: any MessageFormatter
  let directorySummary: String

  init(
    engine: any SuggestionEngine, analyzer: any MessageAnalyzer,
    formatter: any MessageFormatter, directorySummary: String, format: Options.Format = .slack
  ) {
    self.detector = TriggerDetector(triggers: [.mention, .hashtag, .emoji, .command])
    self.engine = engine
    self.analyzer = analyzer
    self.formatter = formatter
    self.directorySummary = directorySummary
    self.format = format
  }

  /// The ghost text to draw after the cursor.
  var ghostText: String? {
    let ghost = inline.ghostText
    return ghost.isEmpty || selection.isDismissed ? nil : ghost
  }

  // MARK: Keys

  /// Applies one key.
  mutating func handle(_ key: Key) -> [Effect] {
    notice = nil
    if key != .interrupt { isInterruptPending = false }
    switch key {
    case .text(let text):
      editor.insert(text)
      refreshCompletion(after: .insertion)
    case .enter:
      if let acceptance = selection.accept(.enter) { return complete(acceptance) }
      let effects = send()
      refreshCompletion(after: .cursorMovement)
      return effects
    case .tab:
      if case .accepted(let acceptance) = selection.tab() { return complete(acceptance) }
    case .backTab:
      selection.highlightPrevious()
    case .up:
      if !selection.highlightPrevious() {
        editor.historyPrevious()
        refreshCompletion(after: .cursorMovement)
      }
    case .down:
      if !selection.highlightNext() {
        editor.historyNext()
        refreshCompletion(after: .cursorMovement)
      }
    case .escape:
      selection.dismiss()
    case .backspace:
      // The first Backspace after a ghost completion removes only the ghost.
      if ghostText != nil, inline.deleteBackward() { return [] }
      editor.backspace()
      refreshCompletion(after: .deletion)
    case .right, .end:
      if editor.cursor == editor.characters.count, ghostText != nil,
        let acceptance = inline.acceptance(in: selection.items)
      {
        return complete(acceptance)
      }
      if key == .right { editor.moveRight() } else { editor.moveEnd() }
      refreshCompletion(after: .cursorMovement)
    case .delete, .deleteWord, .killToStart, .killToEnd:
      switch key {
      case .delete: editor.deleteForward()
      case .deleteWord: editor.deleteWordBackward()
      case .killToStart: editor.killToStart()
      default: editor.killToEnd()
      }
      refreshCompletion(after: .deletion)
    case .left, .home, .wordLeft, .wordRight:
      switch key {
      case .left: editor.moveLeft()
      case .home: editor.moveHome()
      case .wordLeft: editor.moveWordLeft()
      default: editor.moveWordRight()
      }
      refreshCompletion(after: .cursorMovement)
    case .interrupt:
      if isInterruptPending { return [.quit] }
      isInterruptPending = true
      editor.clear()
      refreshCompletion(after: .deletion)
      notice = [Frame.Span("(press Ctrl-C again to quit)", .dim)]
    case .endOfFile:
      if editor.isEmpty { return [.quit] }
      editor.deleteForward()
      refreshCompletion(after: .deletion)
    case .redraw:
      return [.clearScreen]
    case .unknown:
      break
    }
    return []
  }

  /// Finds the query at the cursor (none inside or right after a mention already completed),
  /// asks for its suggestions, and updates the list and the ghost completion.
  mutating func refreshCompletion(after change: InlineCompletion.Change) {
    query = editor.activeQuery(using: detector)
    let items = query.map { engine.suggestions(for: $0, limit: Self.maximumRows) } ?? []
    selection.update(query: query, items: items)
    inline.update(query: query, items: items, after: change)
  }

  /// Writes an accepted item into the line as an entity (MentionKit's `MentionComposer`).
  private mutating func complete(_ acceptance: SuggestionSelection.Acceptance) -> [Effect] {
    guard let query = acceptance.query else { return [] }
    if editor.complete(with: acceptance.item, for: query) {
      chosenItems[acceptance.item.id] = acceptance.item
    }
    refreshCompletion(after: .cursorMovement)
    return []
  }
}
