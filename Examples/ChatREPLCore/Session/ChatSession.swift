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

  private let detector: TriggerDetector
  private let engine: any SuggestionEngine
  private let analyzer: any MessageAnalyzer
  private let formatter: any MessageFormatter
  private let directorySummary: String

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
      return send()
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

  /// Finds the query at the cursor, asks for its suggestions, and updates the list and the
  /// ghost completion.
  mutating func refreshCompletion(after change: InlineCompletion.Change) {
    query = try? detector.detect(in: editor.text, utf16Offset: editor.utf16Cursor)
    let items = query.map { engine.suggestions(for: $0, limit: Self.maximumRows) } ?? []
    selection.update(query: query, items: items)
    inline.update(query: query, items: items, after: change)
  }

  /// Writes an accepted item into the line.
  private mutating func complete(_ acceptance: SuggestionSelection.Acceptance) -> [Effect] {
    guard let query = acceptance.query else { return [] }
    let replacement = MentionReplacement(query: query, item: acceptance.item)
    editor.setText(replacement.text, utf16Cursor: replacement.utf16Cursor)
    refreshCompletion(after: .cursorMovement)
    return []
  }

  // MARK: Sending

  private mutating func send() -> [Effect] {
    let text = editor.text
    guard !text.allSatisfy(\.isWhitespace) else { return [] }
    editor.commit()
    refreshCompletion(after: .cursorMovement)
    if text.hasPrefix("/") { return runCommand(text) }
    let message = analyzer.analyze(text)
    return [.print(Self.transcriptLines(for: message, format: format, formatter: formatter))]
  }

  /// The transcript for a sent message: the text with its mentions highlighted, and the wire
  /// form under it.
  static func transcriptLines(
    for message: AnalyzedMessage, format: Options.Format, formatter: any MessageFormatter
  ) -> [Frame.Line] {
    var line: Frame.Line = [Frame.Span("you", .emphasis), Frame.Span(": ")]
    var position = message.text.startIndex
    for entity in message.entities {
      line.append(Frame.Span(String(message.text[position..<entity.range.lowerBound])))
      let style: Frame.Style
      switch entity.resolution {
      case .resolved: style = entity.kind == .hashtag ? .channel : .mention
      case .notApplicable: style = .channel
      case .unresolved, .ambiguous: style = .error
      }
      line.append(Frame.Span(entity.text, style))
      position = entity.range.upperBound
    }
    line.append(Frame.Span(String(message.text[position...])))
    let wire: Frame.Line = [
      Frame.Span("  ↳ \(format.rawValue): ", .dim),
      Frame.Span(formatter.render(message, as: format), .dim),
    ]
    var lines = [line, wire]
    let unknown = message.entities.filter {
      if case .unresolved = $0.resolution { return $0.kind != .hashtag }
      if case .ambiguous = $0.resolution { return true }
      return false
    }
    if !unknown.isEmpty {
      lines.append([
        Frame.Span("  ↳ not in the directory: ", .dim),
        Frame.Span(unknown.map(\.text).joined(separator: ", "), .error),
      ])
    }
    return lines
  }

  private mutating func runCommand(_ text: String) -> [Effect] {
    let words = text.dropFirst().split(separator: " ")
    let name = words.first.map(String.init) ?? ""
    switch Command(rawValue: name) {
    case .help:
      return [.print(Self.helpLines)]
    case .quit:
      return [.quit]
    case .users:
      return [.print([[Frame.Span(directorySummary)]])]
    case .format:
      guard let argument = words.dropFirst().first else {
        return [.print([[Frame.Span("wire format: \(format.rawValue)")]])]
      }
      guard let format = Options.Format(rawValue: String(argument)), format != .json else {
        return [
          .print([
            [
              Frame.Span(
                "unknown format '\(argument)': use slack, discord, markdown, html or plain",
                .error)
            ]
          ])
        ]
      }
      self.format = format
      return [.print([[Frame.Span("wire format: \(format.rawValue)")]])]
    case nil:
      return [.print([[Frame.Span("unknown command /\(name): try /help", .error)]])]
    }
  }

  static let helpLines: [Frame.Line] = [
    [Frame.Span("Type a message; @ people, # channels, : emoji, / commands.", .emphasis)],
    [Frame.Span("  Tab/Enter accept · Up/Down move · Esc dismiss · Enter send")],
    [Frame.Span("  Ctrl-W word · Ctrl-U line · Ctrl-C clear (twice: quit) · Ctrl-D quit")],
    [
      Frame.Span(
        "  " + Command.allCases.map { "/\($0.rawValue) — \($0.summary)" }.joined(separator: "; "))
    ],
  ]
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
