import MentionKit

/// A single-line editor as a value with pure transitions: MentionKit's `MentionComposer` (the
/// text, the caret and the mentions kept as entities through every edit) plus the keys of a
/// terminal line editor and a history.
///
/// The cursor counts grapheme clusters, so it never lands inside `é` spelled with a combining
/// mark, a flag, or an emoji with a skin tone. Backspace right after a completed mention
/// deletes the whole mention; typing inside one turns it back into plain text. History keeps
/// each sent line with its mentions, so recalling a line brings its entities back.
///
/// ```swift
/// var editor = LineEditor()
/// editor.insert("hi @jo")
/// editor.deleteWordBackward()   // "hi "
/// editor.text                   // "hi "
/// ```
struct LineEditor: Sendable, Equatable {
  /// The text, the caret and the mentions.
  private(set) var composer = MentionComposer(
    options: MentionComposer.Options(misalignedEdit: .widensToGraphemes))
  /// Sent lines, oldest first.
  private(set) var history: [MentionComposer.Message] = []
  private var historyIndex: Int?
  private var draft = MentionComposer.Message(text: "")

  /// The text.
  var text: String { composer.text }

  /// The text as grapheme clusters, as the screen shows them.
  var characters: [Character] { Array(composer.text) }

  /// The mentions in the text, kept as entities.
  var entities: [MentionEntity] { composer.entities }

  /// The cursor, in grapheme clusters from the start.
  var cursor: Int { composer.text[..<composer.cursor].count }

  /// The text before the cursor.
  var textBeforeCursor: String { String(composer.text[..<composer.cursor]) }

  /// The cursor as a UTF-16 offset of ``text``.
  var utf16Cursor: Int { composer.utf16Cursor }

  var isEmpty: Bool { composer.text.isEmpty }

  /// Whether Up/Down are browsing history.
  var isBrowsingHistory: Bool { historyIndex != nil }

  // MARK: Editing

  /// Inserts typed or pasted text at the cursor; line breaks and tabs become spaces.
  mutating func insert(_ text: String) {
    let clean = Self.sanitized(text)
    guard !clean.isEmpty else { return }
    composer.insert(clean)
    historyIndex = nil
  }

  /// Backspace: the character before the cursor, or the whole mention that ends there.
  mutating func backspace() {
    composer.deleteBackward()
    historyIndex = nil
  }

  /// Delete: the character after the cursor.
  mutating func deleteForward() {
    composer.deleteForward()
    historyIndex = nil
  }

  /// Ctrl-W: deletes the spaces before the cursor, then the word before them.
  mutating func deleteWordBackward() {
    delete(wordStart(before: cursor)..<cursor)
  }

  /// Ctrl-U: deletes from the start of the line to the cursor.
  mutating func killToStart() {
    delete(0..<cursor)
  }

  /// Ctrl-K: deletes from the cursor to the end of the line.
  mutating func killToEnd() {
    delete(cursor..<characters.count)
  }

  /// Empties the line (Ctrl-C).
  mutating func clear() {
    delete(0..<characters.count)
  }

  /// Writes a chosen suggestion for the active query and records it as an entity.
  ///
  /// - Returns: `false` when the query was not detected in the current text.
  @discardableResult
  mutating func complete(with item: MentionItem, for query: MentionQuery) -> Bool {
    do {
      try composer.complete(with: item, for: query)
    } catch {
      return false
    }
    historyIndex = nil
    return true
  }

  /// The query at the cursor, unless the cursor is in or right after a mention entity.
  func activeQuery(using detector: TriggerDetector) -> MentionQuery? {
    composer.activeQuery(using: detector)
  }

  // MARK: Moving

  mutating func moveLeft() { composer.moveLeft() }
  mutating func moveRight() { composer.moveRight() }
  mutating func moveHome() { move(to: 0) }
  mutating func moveEnd() { move(to: characters.count) }
  mutating func moveWordLeft() { move(to: wordStart(before: cursor)) }

  mutating func moveWordRight() {
    let characters = self.characters
    var position = cursor
    while position < characters.count && characters[position].isWhitespace { position += 1 }
    while position < characters.count && !characters[position].isWhitespace { position += 1 }
    move(to: position)
  }

  /// Moves the cursor to a cluster offset, clamped to the text.
  mutating func move(to position: Int) {
    composer.moveCursor(toUTF16Offset: utf16Offset(ofCluster: position))
  }

  // MARK: History

  /// Records a sent line (not empty, not a repeat of the last one) and empties the editor.
  mutating func commit() {
    let message = composer.message
    if !message.text.isEmpty && history.last?.text != message.text { history.append(message) }
    historyIndex = nil
    draft = MentionComposer.Message(text: "")
    load(MentionComposer.Message(text: ""))
  }

  /// Up: the previous history entry; the line being typed is kept as a draft.
  mutating func historyPrevious() {
    guard !history.isEmpty else { return }
    let index: Int
    if let current = historyIndex {
      guard current > 0 else { return }
      index = current - 1
    } else {
      draft = composer.message
      index = history.count - 1
    }
    load(history[index])
    historyIndex = index
  }

  /// Down: the next history entry, then the draft.
  mutating func historyNext() {
    guard let current = historyIndex else { return }
    if current + 1 < history.count {
      load(history[current + 1])
      historyIndex = current + 1
    } else {
      load(draft)
      historyIndex = nil
    }
  }

  // MARK: Helpers

  private mutating func load(_ message: MentionComposer.Message) {
    let options = composer.options
    // A message saved from a composer is valid; a fresh composer is the fallback anyway.
    composer =
      (try? MentionComposer(message: message, options: options))
      ?? MentionComposer(options: options)
  }

  private mutating func delete(_ clusters: Range<Int>) {
    guard !clusters.isEmpty else { return }
    let lower = utf16Offset(ofCluster: clusters.lowerBound)
    let upper = utf16Offset(ofCluster: clusters.upperBound)
    // Cluster offsets are grapheme boundaries inside the text, so this cannot throw.
    try? composer.replace(utf16Range: lower..<upper, with: "")
    historyIndex = nil
  }

  private func utf16Offset(ofCluster position: Int) -> Int {
    var offset = 0
    for character in composer.text.prefix(max(position, 0)) { offset += character.utf16.count }
    return offset
  }

  private func wordStart(before position: Int) -> Int {
    let characters = self.characters
    var start = position
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  /// Line breaks and tabs become spaces and other control characters are dropped: the editor
  /// holds one line.
  static func sanitized(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
