/// The message being written: its text, the mentions in it kept as entities through every
/// edit, and the text selection.
///
/// A value with pure transitions. ``MentionManager`` owns one and applies a UI's edits to it;
/// code that replays edits without suggestions (a server, a test) can use it alone. Each
/// accepted suggestion is a ``MessageEntity`` resolved to its item; ``message`` hands text and
/// entities over at send time, and ``init(message:options:)`` loads a saved message back for
/// editing.
///
/// ```swift
/// var draft = try MessageDraft(message: Message(text: "hi @jose ", entities: [
///   MessageEntity(trigger: .mention, utf16Range: 3..<8, value: "jose", resolution: .resolved(jose))
/// ]))
/// draft.moveCursor(utf16Offset: 0)
/// draft.insert("🎉 ")
/// draft.entities[0].utf16Range   // 6..<11: shifted by the 3 UTF-16 units typed
/// ```
///
/// **Entity rules.** An edit before a mention shifts it; an edit touching only its edges (typing
/// right before or right after it) leaves it alone; an edit inside it either detaches the entity
/// (the text stays, as plain text) or removes the whole mention, per
/// ``Options-swift.struct/editInsideMention``. Backspace right after a mention deletes it whole,
/// by parts (`"@Jon Snow"` → `"@Jon"`), or one character, per
/// ``Options-swift.struct/backspaceAtMentionEnd``. An edit that changes how the characters at a
/// mention's edge cluster (a combining mark typed right after it) counts as an edit inside it.
///
/// **Offsets never trap.** An edit outside the text throws
/// ``MentionError/editOutOfBounds(utf16Range:utf16Count:)``. An edit ending inside a
/// surrogate pair or a grapheme cluster throws ``MentionError/splitsUnicodeScalar(utf16Offset:)``
/// or ``MentionError/splitsGrapheme(utf16Offset:)`` by default, or is widened outward to whole
/// grapheme clusters with ``Options-swift.struct/MisalignedEdit/widensToGraphemes``. Selections
/// are always clamped: a selection end inside a grapheme cluster moves outward to the cluster's
/// edge.
public struct MessageDraft: Sendable, Hashable {
  /// How the draft treats edits that touch mentions or split characters.
  public struct Options: Sendable, Hashable {
    /// What an edit inside a mention does to it.
    public enum EditInsideMention: Sendable, Hashable {
      /// The entity goes; the edit applies as given and the text stays as plain text.
      case detachesMention
      /// The edit is widened to the whole mention, which disappears.
      case removesMention
    }

    /// What Backspace does right after a mention.
    public enum BackspaceAtMentionEnd: Sendable, Hashable {
      /// The whole mention goes.
      case deletesMention
      /// The last word goes and the rest stays a mention with the same id (`"@Jon Snow"` →
      /// `"@Jon"`); a one-word mention goes whole.
      case deletesByParts
      /// One character goes, as an edit inside the mention (see ``EditInsideMention``).
      case deletesCharacter
    }

    /// What an edit whose range ends inside a surrogate pair or grapheme cluster does.
    public enum MisalignedEdit: Sendable, Hashable {
      /// It throws ``MentionError/splitsUnicodeScalar(utf16Offset:)`` or
      /// ``MentionError/splitsGrapheme(utf16Offset:)`` and changes nothing.
      case throwsError
      /// Its range widens outward to whole grapheme clusters.
      case widensToGraphemes
    }

    /// What an edit inside a mention does to it.
    public var editInsideMention: EditInsideMention
    /// What Backspace does right after a mention.
    public var backspaceAtMentionEnd: BackspaceAtMentionEnd
    /// What an edit splitting a surrogate pair or grapheme cluster does.
    public var misalignedEdit: MisalignedEdit

    /// Creates options.
    ///
    /// - Parameters:
    ///   - editInsideMention: What an edit inside a mention does; detaches it by default.
    ///   - backspaceAtMentionEnd: What Backspace right after a mention does; deletes it whole
    ///     by default.
    ///   - misalignedEdit: What an edit splitting a character does; throws by default.
    public init(
      editInsideMention: EditInsideMention = .detachesMention,
      backspaceAtMentionEnd: BackspaceAtMentionEnd = .deletesMention,
      misalignedEdit: MisalignedEdit = .throwsError
    ) {
      self.editInsideMention = editInsideMention
      self.backspaceAtMentionEnd = backspaceAtMentionEnd
      self.misalignedEdit = misalignedEdit
    }
  }

  /// The whole text.
  public internal(set) var text: String
  /// The mentions, sorted by position, never overlapping; each accepted suggestion is one,
  /// resolved to its item.
  public internal(set) var entities: [MessageEntity]
  /// The text selection in UTF-16 offsets; empty for a caret. Its ends are grapheme boundaries.
  /// A selection that leaves the marked text commits it (see ``markedUTF16Range``).
  public internal(set) var selectedUTF16Range: Range<Int> {
    didSet { commitMarkedTextIfSelectionLeft() }
  }
  /// The text an input method is composing (marked text), in UTF-16 offsets, or `nil` when
  /// nothing is being composed; see ``setMarkedText(_:selectedUTF16Range:)``.
  public internal(set) var markedUTF16Range: Range<Int>?
  /// How edits touching mentions or splitting characters are treated.
  public var options: Options

  /// Creates an empty draft.
  ///
  /// - Parameter options: How edits touching mentions or splitting characters are treated.
  public init(options: Options = Options()) {
    self.text = ""
    self.entities = []
    self.selectedUTF16Range = 0..<0
    self.options = options
  }

  /// Loads a saved message (edit mode), with the caret at the end.
  ///
  /// - Parameters:
  ///   - message: The text and its entities, in any order.
  ///   - options: How edits touching mentions or splitting characters are treated.
  /// - Throws: ``MentionError/invalidEntity(utf16Range:reason:)`` when an entity is empty, lies
  ///   outside the text, splits a grapheme cluster, overlaps another, or the text in its range
  ///   does not end with its ``MessageEntity/value``.
  public init(message: Message, options: Options = Options()) throws(MentionError) {
    self.text = message.text
    self.entities = []
    self.options = options
    let end = text.utf16.count
    self.selectedUTF16Range = end..<end
    let sorted = message.entities.sorted { $0.utf16Range.lowerBound < $1.utf16Range.lowerBound }
    for entity in sorted {
      try validate(entity)
      if let last = self.entities.last, last.utf16Range.upperBound > entity.utf16Range.lowerBound {
        throw .invalidEntity(
          utf16Range: entity.utf16Range, reason: "overlaps the entity at \(last.utf16Range)")
      }
      self.entities.append(entity)
    }
  }

  /// The text and its entities, to send or save.
  public var message: Message { Message(text: text, entities: entities) }

  private func validate(_ entity: MessageEntity) throws(MentionError) {
    let range = entity.utf16Range
    let count = text.utf16.count
    guard !range.isEmpty else { throw .invalidEntity(utf16Range: range, reason: "empty") }
    guard range.lowerBound >= 0, range.upperBound <= count else {
      throw .invalidEntity(utf16Range: range, reason: "outside UTF-16 length \(count)")
    }
    guard isGraphemeBoundary(range.lowerBound), isGraphemeBoundary(range.upperBound) else {
      throw .invalidEntity(utf16Range: range, reason: "splits a character")
    }
    let actual = text[index(range.lowerBound)..<index(range.upperBound)]
    guard actual.hasSuffix(entity.value) else {
      throw .invalidEntity(
        utf16Range: range, reason: "text is '\(actual)', which does not end with '\(entity.value)'")
    }
  }

  // MARK: - Positions

  /// The text selection as a `String.Index` range of ``text``.
  public var selection: Range<String.Index> {
    index(selectedUTF16Range.lowerBound)..<index(selectedUTF16Range.upperBound)
  }

  /// The caret (the end of the selection) as a UTF-16 offset.
  var cursorUTF16Offset: Int { selectedUTF16Range.upperBound }

  /// The caret as a `String.Index` of ``text``.
  var cursor: String.Index { index(selectedUTF16Range.upperBound) }

  /// The entity whose range contains a UTF-16 offset (its start included, its end excluded).
  ///
  /// - Parameter utf16Offset: A position in ``text``.
  /// - Returns: The entity, or `nil`.
  func entity(at utf16Offset: Int) -> MessageEntity? {
    entities.first { $0.utf16Range.contains(utf16Offset) }
  }

  func index(_ utf16Offset: Int) -> String.Index {
    text.utf16.index(text.utf16.startIndex, offsetBy: utf16Offset)
  }

  func isGraphemeBoundary(_ utf16Offset: Int) -> Bool {
    let position = index(utf16Offset)
    return position.samePosition(in: text.unicodeScalars) != nil
      && position.samePosition(in: text) != nil
  }

  // MARK: - Selection

  /// Moves the caret to a UTF-16 offset, clamped into the text and rounded down to a grapheme
  /// boundary.
  ///
  /// - Parameter utf16Offset: The new caret.
  public mutating func moveCursor(utf16Offset: Int) {
    let offset = clampedBoundary(utf16Offset, roundingUp: false)
    selectedUTF16Range = offset..<offset
  }

  /// Selects a UTF-16 range, clamped into the text and widened outward to grapheme boundaries.
  ///
  /// - Parameter utf16Range: The range to select.
  public mutating func select(utf16Range: Range<Int>) {
    let lower = clampedBoundary(utf16Range.lowerBound, roundingUp: false)
    let upper = max(lower, clampedBoundary(utf16Range.upperBound, roundingUp: true))
    selectedUTF16Range = lower..<upper
  }

  /// Selects a range of ``text``, widened outward to grapheme boundaries.
  ///
  /// - Parameter range: The range to select; indices past the end are clamped.
  mutating func select(_ range: Range<String.Index>) {
    let lower = TextCursor.utf16Offset(of: scalarFloor(range.lowerBound), in: text)
    let upper = TextCursor.utf16Offset(of: scalarFloor(range.upperBound), in: text)
    select(utf16Range: lower..<max(lower, upper))
  }

  /// Selects the whole text.
  mutating func selectAll() {
    selectedUTF16Range = 0..<text.utf16.count
  }

  /// Moves the caret one grapheme cluster left, or collapses a selection to its start.
  public mutating func moveLeft() {
    guard selectedUTF16Range.isEmpty else {
      selectedUTF16Range = selectedUTF16Range.lowerBound..<selectedUTF16Range.lowerBound
      return
    }
    let caret = cursor
    guard caret > text.startIndex else { return }
    let offset = TextCursor.utf16Offset(of: text.index(before: caret), in: text)
    selectedUTF16Range = offset..<offset
  }

  /// Moves the caret one grapheme cluster right, or collapses a selection to its end.
  public mutating func moveRight() {
    guard selectedUTF16Range.isEmpty else {
      selectedUTF16Range = selectedUTF16Range.upperBound..<selectedUTF16Range.upperBound
      return
    }
    let caret = cursor
    guard caret < text.endIndex else { return }
    let offset = TextCursor.utf16Offset(of: text.index(after: caret), in: text)
    selectedUTF16Range = offset..<offset
  }

  /// A UTF-16 offset clamped into the text and moved to a grapheme boundary.
  func clampedBoundary(_ utf16Offset: Int, roundingUp: Bool) -> Int {
    let offset = min(max(utf16Offset, 0), text.utf16.count)
    let position = index(offset)
    let down = TextCursor.roundedDown(position, in: text)
    if down == position || !roundingUp || down == text.endIndex {
      return TextCursor.utf16Offset(of: down, in: text)
    }
    return TextCursor.utf16Offset(of: text.index(after: down), in: text)
  }

  /// An index clamped into the text and rounded down to a scalar boundary.
  func scalarFloor(_ position: String.Index) -> String.Index {
    if position >= text.endIndex { return text.endIndex }
    if position <= text.startIndex { return text.startIndex }
    if position.samePosition(in: text.unicodeScalars) != nil { return position }
    let scalars = text.unicodeScalars
    return scalars.index(before: scalars.index(after: position))
  }
}
