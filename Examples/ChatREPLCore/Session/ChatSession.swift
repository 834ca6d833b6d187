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

  /// An open completion: the query, its suggestions and the highlighted one.
  struct Completion: Sendable, Equatable {
    var query: MentionQuery
    var items: [MentionItem]
    var highlighted = 0
  }

  /// The most suggestion rows shown.
  static let maximumRows = 8

  var editor = LineEditor()
  private(set) var completion: Completion?
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
  /// The start (UTF-16 offset) of a query the user dismissed with Esc: it stays dismissed
  /// while they keep typing it.
  private var dismissedQueryStart: Int?

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

  // MARK: Keys

  /// Applies one key.
  mutating func handle(_ key: Key) -> [Effect] {
    notice = nil
    if key != .interrupt { isInterruptPending = false }
    switch key {
    case .text(let text):
      editor.insert(text)
    case .enter:
      if let completion, !completion.items.isEmpty { return accept() }
      return send()
    case .tab:
      if let completion, !completion.items.isEmpty { return accept() }
      return []
    case .backTab:
      moveHighlight(by: -1)
      return []
    case .up:
      if let completion, !completion.items.isEmpty {
        moveHighlight(by: -1)
        return []
      }
      editor.historyPrevious()
    case .down:
      if let completion, !completion.items.isEmpty {
        moveHighlight(by: 1)
        return []
      }
      editor.historyNext()
    case .escape:
      if let completion {
        dismissedQueryStart = completion.query.utf16Range.lowerBound
        self.completion = nil
      }
      return []
    case .backspace: editor.backspace()
    case .delete: editor.deleteForward()
    case .left: editor.moveLeft()
    case .right: editor.moveRight()
    case .home: editor.moveHome()
    case .end: editor.moveEnd()
    case .wordLeft: editor.moveWordLeft()
    case .wordRight: editor.moveWordRight()
    case .deleteWord: editor.deleteWordBackward()
    case .killToStart: editor.killToStart()
    case .killToEnd: editor.killToEnd()
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
      return []
    }
    refreshCompletion()
    return []
  }

  private mutating func moveHighlight(by offset: Int) {
    guard var completion, !completion.items.isEmpty else { return }
    let count = completion.items.count
    completion.highlighted = ((completion.highlighted + offset) % count + count) % count
    self.completion = completion
  }

  /// Finds the query at the cursor and asks for its suggestions.
  mutating func refreshCompletion() {
    guard
      let query = try? detector.detect(in: editor.text, utf16Offset: editor.utf16Cursor)
    else {
      completion = nil
      dismissedQueryStart = nil
      return
    }
    let start = query.utf16Range.lowerBound
    if let dismissedQueryStart {
      if dismissedQueryStart == start {
        completion = nil
        return
      }
      self.dismissedQueryStart = nil
    }
    let items = engine.suggestions(for: query, limit: Self.maximumRows)
    var highlighted = 0
    if let previous = completion, previous.query.utf16Range.lowerBound == start,
      let item = previous.items[safe: previous.highlighted],
      let index = items.firstIndex(of: item)
    {
      highlighted = index
    }
    completion = Completion(query: query, items: items, highlighted: highlighted)
  }

  /// Inserts the highlighted item.
  private mutating func accept() -> [Effect] {
    guard let completion, let item = completion.items[safe: completion.highlighted] else {
      return []
    }
    let replacement = MentionReplacement(query: completion.query, item: item)
    editor.setText(replacement.text, utf16Cursor: replacement.utf16Cursor)
    self.completion = nil
    refreshCompletion()
    return []
  }

  // MARK: Sending

  private mutating func send() -> [Effect] {
    let text = editor.text
    guard !text.allSatisfy(\.isWhitespace) else { return [] }
    editor.commit()
    completion = nil
    dismissedQueryStart = nil
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
