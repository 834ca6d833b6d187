import MentionKit

/// A single-line editor over a `MentionManager`: the manager owns the message being written (the
/// text, the caret and the mentions kept as entities through every edit, MentionKit's
/// `MessageDraft`); the editor adds the keys of a terminal line editor and a history.
///
/// The cursor counts grapheme clusters, so it never lands inside `é` spelled with a combining
/// mark, a flag, or an emoji with a skin tone. Backspace right after a completed mention
/// deletes the whole mention; typing inside one turns it back into plain text. History keeps
/// each sent line with its mentions, so recalling a line brings its entities back.
///
/// ```swift
/// let editor = LineEditor()
/// editor.insert("hi @jo")
/// editor.deleteWordBackward()   // "hi "
/// editor.text                   // "hi "
/// ```
@MainActor final class LineEditor {
  /// The manager that owns the text, the caret, the mentions and the suggestion list.
  let manager: MentionManager
  /// Sent lines, oldest first.
  private(set) var history: [Message] = []
  private var historyIndex: Int?
  private var savedDraft = Message(text: "")

  /// Creates an editor over a manager; by default one without triggers.
  init(manager: MentionManager? = nil) {
    self.manager =
      manager
      ?? MentionManager(
        triggers: [], options: MessageDraft.Options(misalignedEdit: .widensToGraphemes))
  }

  /// The text, caret and mentions.
  var draft: MessageDraft { manager.draft }

  /// The text.
  var text: String { draft.text }

  /// The text as grapheme clusters, as the screen shows them.
  var characters: [Character] { Array(draft.text) }

  /// The mentions in the text, kept as entities.
  var entities: [MessageEntity] { draft.entities }

  /// The cursor, in grapheme clusters from the start.
  var cursor: Int { textBeforeCursor.count }

  /// The text before the cursor.
  var textBeforeCursor: String {
    let draft = self.draft
    return String(draft.text[..<draft.selection.upperBound])
  }

  /// The cursor as a UTF-16 offset of ``text``.
  var utf16Cursor: Int { draft.selectedUTF16Range.upperBound }

  var isEmpty: Bool { draft.text.isEmpty }

  /// Whether Up/Down are browsing history.
  var isBrowsingHistory: Bool { historyIndex != nil }

  // MARK: Editing

  /// Inserts typed or pasted text at the cursor; line breaks and tabs become spaces.
  func insert(_ text: String) {
    let clean = Self.sanitized(text)
    guard !clean.isEmpty else { return }
    manager.insert(clean)
    historyIndex = nil
  }

  /// Backspace: the character before the cursor, or the whole mention that ends there (the
  /// ghost completion first, when one is shown).
  func backspace() {
    manager.deleteBackward()
    historyIndex = nil
  }

  /// Delete: the character after the cursor.
  func deleteForward() {
    manager.deleteForward()
    historyIndex = nil
  }

  /// Ctrl-W: deletes the spaces before the cursor, then the word before them.
  func deleteWordBackward() {
    delete(wordStart(before: cursor)..<cursor)
  }

  /// Ctrl-U: deletes from the start of the line to the cursor.
  func killToStart() {
    delete(0..<cursor)
  }

  /// Ctrl-K: deletes from the cursor to the end of the line.
  func killToEnd() {
    delete(cursor..<characters.count)
  }

  /// Empties the line (Ctrl-C).
  func clear() {
    delete(0..<characters.count)
  }

  // MARK: Moving

  func moveLeft() {
    let selection = draft.selectedUTF16Range
    if !selection.isEmpty {
      manager.select(utf16Range: selection.lowerBound..<selection.lowerBound)
    } else {
      move(to: cursor - 1)
    }
  }

  func moveRight() {
    let selection = draft.selectedUTF16Range
    if !selection.isEmpty {
      manager.select(utf16Range: selection.upperBound..<selection.upperBound)
    } else {
      move(to: cursor + 1)
    }
  }

  func moveHome() { move(to: 0) }
  func moveEnd() { move(to: characters.count) }
  func moveWordLeft() { move(to: wordStart(before: cursor)) }

  func moveWordRight() {
    let characters = self.characters
    var position = cursor
    while position < characters.count && characters[position].isWhitespace { position += 1 }
    while position < characters.count && !characters[position].isWhitespace { position += 1 }
    move(to: position)
  }

  /// Moves the cursor to a cluster offset, clamped to the text.
  func move(to position: Int) {
    let offset = utf16Offset(ofCluster: position)
    manager.select(utf16Range: offset..<offset)
  }

  // MARK: History

  /// Sends the line: records it (not empty, not a repeat of the last one) and empties the
  /// editor.
  ///
  /// - Returns: The text and its mentions.
  @discardableResult
  func commit() -> Message {
    let message = manager.send()
    if !message.text.isEmpty && history.last?.text != message.text { history.append(message) }
    historyIndex = nil
    savedDraft = Message(text: "")
    return message
  }

  /// Up: the previous history entry; the line being typed is kept as a draft.
  func historyPrevious() {
    guard !history.isEmpty else { return }
    let index: Int
    if let current = historyIndex {
      guard current > 0 else { return }
      index = current - 1
    } else {
      savedDraft = draft.message
      index = history.count - 1
    }
    load(history[index])
    historyIndex = index
  }

  /// Down: the next history entry, then the draft.
  func historyNext() {
    guard let current = historyIndex else { return }
    if current + 1 < history.count {
      load(history[current + 1])
      historyIndex = current + 1
    } else {
      load(savedDraft)
      historyIndex = nil
    }
  }

  // MARK: Helpers

  private func load(_ message: Message) {
    // A message saved from the draft is valid; an empty one is the fallback anyway.
    do {
      try manager.load(message)
    } catch {
      try? manager.load(Message(text: ""))
    }
  }

  private func delete(_ clusters: Range<Int>) {
    guard !clusters.isEmpty else { return }
    let lower = utf16Offset(ofCluster: clusters.lowerBound)
    let upper = utf16Offset(ofCluster: clusters.upperBound)
    // Cluster offsets are grapheme boundaries inside the text, so this cannot throw.
    try? manager.replace(utf16Range: lower..<upper, with: "")
    historyIndex = nil
  }

  private func utf16Offset(ofCluster position: Int) -> Int {
    var offset = 0
    for character in draft.text.prefix(max(position, 0)) { offset += character.utf16.count }
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
  nonisolated static func sanitized(_ text: String) -> String {
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
