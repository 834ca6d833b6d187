import MentionKit

/// The interactive chat: the line editor over a `MentionManager`, the suggestion list the
/// manager answers asynchronously, the transcript and the settings. The terminal loop feeds it
/// keys, performs the effects it returns, and draws ``frame(columns:rows:)``, again whenever
/// ``onUpdate`` fires (new suggestions arrived between keystrokes); tests do the same with
/// scripted keys.
///
/// The session is the manager's delegate, on the main actor where the manager was created: the
/// manager calls it there with the list for the latest query only.
@MainActor final class ChatSession: MentionManagerDelegate {
  /// What the loop must do after a key.
  enum Effect: Sendable, Equatable {
    /// Print lines above the prompt (the transcript).
    case print([Frame.Line])
    /// Write the screen again from its top (Ctrl-L).
    case clearScreen
    case quit
  }

  /// The most suggestion rows shown.
  static let maximumRows = 8

  /// The triggers the session completes, each answering with at most ``maximumRows`` per page.
  /// Local lookups take microseconds: no debounce.
  static let triggers: [Trigger] = triggers(limit: maximumRows)

  /// The session's triggers, answering with at most `limit` suggestions per page.
  nonisolated static func triggers(limit: Int) -> [Trigger] {
    [Trigger.mention, .hashtag, .emoji, .command].map { trigger in
      var trigger = trigger
      trigger.resultLimit = limit
      return trigger
    }
  }

  let editor: LineEditor
  /// The wire format shown under each sent message.
  var format: Options.Format = .slack
  /// Set by a first Ctrl-C; a second one in a row quits.
  private(set) var isInterruptPending = false
  /// A one-line notice shown under the prompt until the next key.
  private(set) var notice: Frame.Line?
  /// The terminal's width, for text the session wraps itself (`/help`).
  var columns = 80
  /// Set when Up or Down recalls a line: its query opens no list until the line is edited (or
  /// Tab asks for one), so Up and Down keep browsing and Enter sends it.
  private(set) var isListHeld = false
  /// Called after the manager changed the list or the text on its own: redraw.
  var onUpdate: (() -> Void)?
  /// Whether the manager's announcements for a screen reader show as the notice (`--announce`).
  var announces = false

  /// Who each sent message notifies, shown under it; `nil` for no line.
  var notifier: Notifier?
  /// The users, for the handles of the people a message notifies.
  var users: [MentionItem] = []

  let analyzer: any MessageAnalyzer
  let formatter: any MessageFormatter
  let directorySummary: String

  /// Creates a session whose manager fetches from `dataSource`.
  init(
    dataSource: any MentionDataSource, analyzer: any MessageAnalyzer,
    formatter: any MessageFormatter, directorySummary: String, format: Options.Format = .slack
  ) {
    let manager = MentionManager(
      triggers: Self.triggers, dataSource: dataSource,
      filter: DefaultMentionFilter(limit: Self.maximumRows), tabBehavior: .accepts,
      options: MessageDraft.Options(misalignedEdit: .widensToGraphemes))
    self.editor = LineEditor(manager: manager)
    self.analyzer = analyzer
    self.formatter = formatter
    self.directorySummary = directorySummary
    self.format = format
    manager.delegate = self
  }

  /// The manager: the message being written and its suggestion list.
  var manager: MentionManager { editor.manager }

  /// The list as shown: it always answers the query at the cursor; `nil` while none is active,
  /// while the answer for the latest keystroke is on its way, or after Escape.
  var suggestions: MentionSuggestions? { isListHeld ? nil : manager.currentSuggestions }

  /// The ghost text to draw after the cursor: only at the end of the line (never glued to the
  /// text that follows), and only while it completes the highlighted item, so that → and Tab
  /// take the same one.
  var ghostText: String? {
    guard let suggestions, let ghost = suggestions.ghostText,
      editor.cursor == editor.characters.count,
      let highlighted = suggestions.highlightedIndex,
      suggestions.items.indices.contains(highlighted)
    else { return nil }
    let insertion = suggestions.items[highlighted].insertionText
    guard insertion.hasSuffix(ghost),
      insertion.count == suggestions.query.text.count + ghost.count
    else { return nil }
    return ghost
  }

  // MARK: Delegate

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) {
    onUpdate?()
  }

  func mentionManager(_ manager: MentionManager, didEdit draft: MessageDraft) {
    onUpdate?()
  }

  func mentionManager(_ manager: MentionManager, announce announcement: MentionAnnouncement) {
    guard announces else { return }
    notice = [Frame.Span("screen reader: \(announcement.text)", .dim)]
    onUpdate?()
  }

  // MARK: Keys

  /// Applies one key.
  func handle(_ key: Key) -> [Effect] {
    notice = nil
    if key != .interrupt { isInterruptPending = false }
    switch key {
    case .up, .down, .left, .right, .home, .end, .wordLeft, .wordRight, .escape, .redraw,
      .unknown, .enter:
      break
    case .tab where isListHeld && manager.currentSuggestions != nil:
      // Tab asks for the list of a recalled line.
      isListHeld = false
      return []
    default:
      isListHeld = false
    }
    switch key {
    case .text(let text):
      editor.insert(text)
      detachMentionsReadLonger()
    case .enter:
      if suggestions != nil {
        if let effects = acceptAndSendWhenOnlyTheEntityChanges() { return effects }
        if manager.accept() { return [] }
      }
      isListHeld = false
      return send()
    case .tab:
      manager.tab()
    case .backTab:
      manager.highlightPrevious()
    case .up:
      if suggestions == nil || !manager.highlightPrevious() { recall(editor.historyPrevious) }
    case .down:
      // On the last row of a list with more, Down loads the next page instead of wrapping.
      if let shown = suggestions, shown.hasMore,
        shown.highlightedIndex == shown.matches.count - 1, manager.showMore()
      {
        break
      }
      if suggestions == nil || !manager.highlightNext() { recall(editor.historyNext) }
    case .escape:
      if suggestions != nil { manager.dismiss() }
    case .backspace:
      // The first Backspace after a ghost completion removes only the ghost.
      editor.backspace()
    case .right, .end:
      if ghostText != nil, manager.acceptInlineCompletion() {
        return []
      }
      if key == .right { editor.moveRight() } else { editor.moveEnd() }
    case .delete: editor.deleteForward()
    case .deleteWord: editor.deleteWordBackward()
    case .killToStart: editor.killToStart()
    case .killToEnd: editor.killToEnd()
    case .left: editor.moveLeft()
    case .home: editor.moveHome()
    case .wordLeft: editor.moveWordLeft()
    case .wordRight: editor.moveWordRight()
    case .interrupt:
      if isInterruptPending { return [.quit] }
      isInterruptPending = true
      editor.clear()
      notice = [Frame.Span("(press Ctrl-C again to quit)", .dim)]
    case .endOfFile:
      if editor.isEmpty { return [.quit] }
      editor.deleteForward()
    case .redraw:
      return [.clearScreen]
    case .unknown:
      break
    }
    return []
  }

  /// Enter on a query that already reads as the highlighted item (`/help`, a pasted
  /// `@jose_lerma_verd`): accepting would change nothing but the entity, so accept (recording
  /// the mention) and send at once, without the space accepting adds.
  ///
  /// - Returns: The effects of sending, or `nil` when accepting would change the text.
  private func acceptAndSendWhenOnlyTheEntityChanges() -> [Effect]? {
    guard let suggestions, let index = suggestions.highlightedIndex,
      suggestions.items.indices.contains(index),
      suggestions.items[index].insertionText == suggestions.query.text
    else { return nil }
    let before = Array(editor.text.utf16)
    guard manager.accept() else { return nil }
    let after = Array(editor.text.utf16)
    // What accepting inserted: between the common prefix and the common suffix.
    var prefix = 0
    while prefix < before.count && prefix < after.count && before[prefix] == after[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix && suffix < after.count - prefix
      && before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
      suffix += 1
    }
    let inserted = String(decoding: after[prefix..<(after.count - suffix)], as: UTF16.self)
    guard before.count - suffix == prefix, inserted.allSatisfy(\.isWhitespace) else {
      return []
    }
    if !inserted.isEmpty {
      try? manager.replace(utf16Range: prefix..<(after.count - suffix), with: "")
    }
    isListHeld = false
    return send()
  }

  /// A mention with text typed right after it that the extractor reads as part of it (`X`
  /// after `@jose_lerma_verd`) now reads as another handle: it turns back into plain text, the
  /// whole of it a query again, and the line resolves as pipe mode resolves it.
  private func detachMentionsReadLonger() {
    let entities = editor.entities.filter { $0.trigger == .mention || $0.trigger == .hashtag }
    guard !entities.isEmpty else { return }
    let extracted = analyzer.analyze(editor.text).entities.map(\.utf16Range)
    let utf16 = Array(editor.text.utf16)
    for entity in entities.reversed() {
      let range = entity.utf16Range
      guard
        extracted.contains(where: {
          $0.lowerBound == range.lowerBound && $0.upperBound > range.upperBound
        })
      else { continue }
      // Rewriting the mention's own text is an edit inside it: it detaches, the text stays.
      let selection = editor.draft.selectedUTF16Range
      try? manager.replace(
        utf16Range: range, with: String(decoding: utf16[range], as: UTF16.self))
      manager.select(utf16Range: selection)
    }
  }

  /// Up or Down through history: a line that changed opens no list until it is edited.
  private func recall(_ move: () -> Void) {
    let before = editor.text
    move()
    if editor.text != before { isListHeld = true }
  }
}
