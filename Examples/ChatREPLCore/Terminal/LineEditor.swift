/// A single-line editor as a value with pure transitions: text, cursor, history.
///
/// The cursor counts grapheme clusters, so it never lands inside `é` spelled with a combining
/// mark, a flag, or an emoji with a skin tone. Every change goes through
/// ``replace(_:with:)``, which records it as ``lastEdit`` (a UTF-16 range and its replacement)
/// so that a composer keeping mentions as entities can follow the same edits.
///
/// ```swift
/// var editor = LineEditor()
/// editor.insert("hi @jo")
/// editor.deleteWordBackward()   // "hi "
/// editor.text                   // "hi "
/// ```
struct LineEditor: Sendable, Equatable {
  /// One change: the UTF-16 range of the old text that was replaced, and the new text.
  struct Edit: Sendable, Equatable {
    var utf16Range: Range<Int>
    var replacement: String
  }

  private(set) var characters: [Character] = []
  /// The cursor, in grapheme clusters from the start.
  private(set) var cursor = 0
  private(set) var history: [String] = []
  private var historyIndex: Int?
  private var draft: [Character] = []
  /// The most recent change, if the last transition changed the text.
  private(set) var lastEdit: Edit?

  /// The text.
  var text: String { String(characters) }

  /// The text before the cursor.
  var textBeforeCursor: String { String(characters[..<cursor]) }

  /// The cursor as an index of ``text``.
  var cursorIndex: String.Index {
    let text = self.text
    return text.index(text.startIndex, offsetBy: cursor)
  }

  /// The cursor as a UTF-16 offset of ``text``.
  var utf16Cursor: Int { characters[..<cursor].reduce(0) { $0 + $1.utf16.count } }

  var isEmpty: Bool { characters.isEmpty }

  // MARK: Editing

  /// Replaces a range of grapheme clusters and puts the cursor after the new text.
  mutating func replace(_ range: Range<Int>, with replacement: String) {
    let range = range.clamped(to: 0..<characters.count)
    let start = characters[..<range.lowerBound].reduce(0) { $0 + $1.utf16.count }
    let length = characters[range].reduce(0) { $0 + $1.utf16.count }
    let sanitized = Self.sanitized(replacement)
    // Replace the text and re-split it: inserted text may join the cluster before it (a
    // combining mark, a skin tone), so clusters are recomputed around the edit.
    var newText = String(characters[..<range.lowerBound])
    newText += sanitized
    let cursorUTF16 = start + sanitized.utf16.count
    newText += String(characters[range.upperBound...])
    characters = Array(newText)
    cursor = Self.clusterCount(in: characters, upToUTF16: cursorUTF16)
    lastEdit = Edit(utf16Range: start..<(start + length), replacement: sanitized)
    historyIndex = nil
  }

  /// Replaces the whole text and sets the cursor (a UTF-16 offset, rounded to a cluster).
  mutating func setText(_ text: String, utf16Cursor: Int? = nil) {
    replace(0..<characters.count, with: text)
    if let utf16Cursor { cursor = Self.clusterCount(in: characters, upToUTF16: utf16Cursor) }
  }

  /// Inserts typed or pasted text at the cursor.
  mutating func insert(_ text: String) {
    replace(cursor..<cursor, with: text)
  }

  mutating func backspace() {
    guard cursor > 0 else { return noEdit() }
    replace((cursor - 1)..<cursor, with: "")
  }

  mutating func deleteForward() {
    guard cursor < characters.count else { return noEdit() }
    let position = cursor
    replace(cursor..<(cursor + 1), with: "")
    cursor = position
  }

  /// Ctrl-W: deletes the spaces before the cursor, then the word before them.
  mutating func deleteWordBackward() {
    let start = wordStart(before: cursor)
    guard start < cursor else { return noEdit() }
    replace(start..<cursor, with: "")
  }

  /// Ctrl-U: deletes from the start of the line to the cursor.
  mutating func killToStart() {
    guard cursor > 0 else { return noEdit() }
    replace(0..<cursor, with: "")
  }

  /// Ctrl-K: deletes from the cursor to the end of the line.
  mutating func killToEnd() {
    guard cursor < characters.count else { return noEdit() }
    let position = cursor
    replace(cursor..<characters.count, with: "")
    cursor = position
  }

  /// Empties the line (Ctrl-C).
  mutating func clear() {
    guard !characters.isEmpty else { return noEdit() }
    replace(0..<characters.count, with: "")
  }

  // MARK: Moving

  mutating func moveLeft() { move(to: cursor - 1) }
  mutating func moveRight() { move(to: cursor + 1) }
  mutating func moveHome() { move(to: 0) }
  mutating func moveEnd() { move(to: characters.count) }
  mutating func moveWordLeft() { move(to: wordStart(before: cursor)) }

  mutating func moveWordRight() {
    var position = cursor
    while position < characters.count && characters[position].isWhitespace { position += 1 }
    while position < characters.count && !characters[position].isWhitespace { position += 1 }
    move(to: position)
  }

  /// Moves the cursor to a cluster offset, clamped to the text.
  mutating func move(to position: Int) {
    cursor = min(max(position, 0), characters.count)
    lastEdit = nil
  }

  // MARK: History

  /// Records a sent line (not empty, not a repeat of the last one) and empties the editor.
  mutating func commit() {
    let line = text
    if !line.isEmpty && history.last != line { history.append(line) }
    historyIndex = nil
    draft = []
    characters = []
    cursor = 0
    lastEdit = nil
  }

  /// Up: the previous history entry; the line being typed is kept as a draft.
  mutating func historyPrevious() {
    guard !history.isEmpty else { return noEdit() }
    let index: Int
    if let current = historyIndex {
      guard current > 0 else { return noEdit() }
      index = current - 1
    } else {
      draft = characters
      index = history.count - 1
    }
    replace(0..<characters.count, with: history[index])
    historyIndex = index
  }

  /// Down: the next history entry, then the draft.
  mutating func historyNext() {
    guard let current = historyIndex else { return noEdit() }
    if current + 1 < history.count {
      replace(0..<characters.count, with: history[current + 1])
      historyIndex = current + 1
    } else {
      replace(0..<characters.count, with: String(draft))
      historyIndex = nil
    }
  }

  /// Whether Up/Down are browsing history.
  var isBrowsingHistory: Bool { historyIndex != nil }

  // MARK: Helpers

  private mutating func noEdit() { lastEdit = nil }

  private func wordStart(before position: Int) -> Int {
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

  /// The number of whole clusters within the first `utf16` code units.
  private static func clusterCount(in characters: [Character], upToUTF16 utf16: Int) -> Int {
    var total = 0
    for (index, character) in characters.enumerated() {
      total += character.utf16.count
      if total > utf16 { return index }
    }
    return characters.count
  }
}
