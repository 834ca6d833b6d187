/// The text of a message being written, its selection, and the mentions in it kept as entities
/// through every edit.
///
/// A mutable value with pure transitions, for any UI: a text view forwards its edits
/// (``replace(utf16Range:with:)`` from `shouldChangeTextIn`), a terminal forwards keys
/// (``insert(_:)``, ``deleteBackward()``, ``moveLeft()``), a server replays them. When the user
/// picks a suggestion, ``complete(with:for:)`` writes it and records a ``MentionEntity`` with the
/// item's id; ``message`` hands text and entities over at send time, and
/// ``init(message:options:)`` loads a saved message back for editing.
///
/// ```swift
/// var composer = MentionComposer()
/// composer.insert("hi @jo")
/// let query = composer.activeQuery(using: TriggerDetector(triggers: [.mention]))!
/// try composer.complete(with: jose, for: query)
/// composer.text                       // "hi @jose "
/// composer.entities.first?.itemID     // "U1"
/// composer.moveCursor(toUTF16Offset: 0)
/// composer.insert("🎉 ")
/// composer.entities.first?.utf16Range // 6..<11: shifted by the 3 UTF-16 units typed
/// ```
///
/// **Entity rules.** An edit before a mention shifts it; an edit touching only its edges (typing
/// right before or right after it) leaves it alone; an edit inside it either detaches the entity
/// (the text stays, as plain text) or removes the whole mention, per
/// ``Options-swift.struct/editInsideMention``. Backspace right after a mention deletes it whole,
/// by parts (`"@Jon Snow"` → `"@Jon"` → gone), or one character, per
/// ``Options-swift.struct/backspaceAtMentionEnd``. An edit that changes how the characters at a
/// mention's edge cluster (a combining mark typed right after it) counts as an edit inside it.
///
/// **Offsets never trap.** An edit outside the text throws
/// ``MentionError/editOutOfBounds(location:length:utf16Count:)``. An edit ending inside a
/// surrogate pair or a grapheme cluster throws ``MentionError/splitsUnicodeScalar(utf16Offset:)``
/// or ``MentionError/splitsGrapheme(utf16Offset:)`` by default, or is widened outward to whole
/// grapheme clusters with ``Options-swift.struct/MisalignedEdit/widensToGraphemes``. Selections
/// are always clamped: a selection end inside a grapheme cluster moves outward to the cluster's
/// edge.
public struct MentionComposer: Sendable, Hashable {
  /// How the composer treats edits that touch mentions or split characters.
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

  /// A finished message: its text and the mentions in it, what an app sends or saves.
  public struct Message: Sendable, Hashable {
    /// The text.
    public var text: String
    /// The mentions, in text order.
    public var entities: [MentionEntity]

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - entities: The mentions in it.
    public init(text: String, entities: [MentionEntity] = []) {
      self.text = text
      self.entities = entities
    }
  }

  /// The whole text.
  public internal(set) var text: String
  /// The mentions, sorted by position, never overlapping.
  public internal(set) var entities: [MentionEntity]
  /// The selection in UTF-16 offsets; empty for a caret. Its ends are grapheme boundaries.
  public internal(set) var utf16Selection: Range<Int>
  /// How edits touching mentions or splitting characters are treated.
  public var options: Options

  /// Creates an empty composer.
  ///
  /// - Parameter options: How edits touching mentions or splitting characters are treated.
  public init(options: Options = Options()) {
    self.text = ""
    self.entities = []
    self.utf16Selection = 0..<0
    self.options = options
  }

  /// Loads text and its mentions (edit mode), with the caret at the end.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - entities: Its mentions, in any order.
  ///   - options: How edits touching mentions or splitting characters are treated.
  /// - Throws: ``MentionError/invalidEntity(itemID:reason:)`` when an entity is empty, lies
  ///   outside the text, splits a grapheme cluster, overlaps another, or its ``MentionEntity/text``
  ///   differs from the text in its range.
  public init(text: String, entities: [MentionEntity] = [], options: Options = Options())
    throws(MentionError)
  {
    self.text = text
    self.entities = []
    self.options = options
    let end = text.utf16.count
    self.utf16Selection = end..<end
    let sorted = entities.sorted { $0.utf16Range.lowerBound < $1.utf16Range.lowerBound }
    for entity in sorted {
      try validate(entity)
      if let last = self.entities.last, last.utf16Range.upperBound > entity.utf16Range.lowerBound {
        throw .invalidEntity(itemID: entity.itemID, reason: "overlaps '\(last.itemID)'")
      }
      self.entities.append(entity)
    }
  }

  /// Loads a saved message (edit mode), with the caret at the end.
  ///
  /// - Parameters:
  ///   - message: The text and its mentions.
  ///   - options: How edits touching mentions or splitting characters are treated.
  /// - Throws: ``MentionError/invalidEntity(itemID:reason:)`` as ``init(text:entities:options:)``.
  public init(message: Message, options: Options = Options()) throws(MentionError) {
    try self.init(text: message.text, entities: message.entities, options: options)
  }

  /// The text and its mentions, to send or save.
  public var message: Message { Message(text: text, entities: entities) }

  private func validate(_ entity: MentionEntity) throws(MentionError) {
    let range = entity.utf16Range
    let count = text.utf16.count
    guard !range.isEmpty else { throw .invalidEntity(itemID: entity.itemID, reason: "empty") }
    guard range.lowerBound >= 0, range.upperBound <= count else {
      throw .invalidEntity(
        itemID: entity.itemID, reason: "range \(range) outside UTF-16 length \(count)")
    }
    guard isGraphemeBoundary(range.lowerBound), isGraphemeBoundary(range.upperBound) else {
      throw .invalidEntity(itemID: entity.itemID, reason: "range \(range) splits a character")
    }
    let actual = String(text[index(range.lowerBound)..<index(range.upperBound)])
    guard actual == entity.text else {
      throw .invalidEntity(
        itemID: entity.itemID, reason: "text is '\(actual)', not '\(entity.text)'")
    }
  }

  // MARK: - Positions

  /// The selection as a `String.Index` range of ``text``.
  public var selection: Range<String.Index> {
    index(utf16Selection.lowerBound)..<index(utf16Selection.upperBound)
  }

  /// The caret: the end of the selection.
  public var cursor: String.Index { index(utf16Selection.upperBound) }

  /// The caret as a UTF-16 offset.
  public var utf16Cursor: Int { utf16Selection.upperBound }

  /// The `String.Index` range of an entity in ``text``.
  ///
  /// - Parameter entity: One of ``entities``.
  /// - Returns: Its range, clamped to the text.
  public func range(of entity: MentionEntity) -> Range<String.Index> {
    let count = text.utf16.count
    let lower = min(max(entity.utf16Range.lowerBound, 0), count)
    let upper = min(max(entity.utf16Range.upperBound, lower), count)
    return index(lower)..<index(upper)
  }

  /// The entity whose range contains a UTF-16 offset (its start included, its end excluded).
  ///
  /// - Parameter utf16Offset: A position in ``text``.
  /// - Returns: The entity, or `nil`.
  public func entity(at utf16Offset: Int) -> MentionEntity? {
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
  public mutating func moveCursor(toUTF16Offset utf16Offset: Int) {
    let offset = clampedBoundary(utf16Offset, roundingUp: false)
    utf16Selection = offset..<offset
  }

  /// Selects a UTF-16 range, clamped into the text and widened outward to grapheme boundaries.
  ///
  /// - Parameter utf16Range: The range to select.
  public mutating func select(utf16Range: Range<Int>) {
    let lower = clampedBoundary(utf16Range.lowerBound, roundingUp: false)
    let upper = max(lower, clampedBoundary(utf16Range.upperBound, roundingUp: true))
    utf16Selection = lower..<upper
  }

  /// Selects a range of ``text``, widened outward to grapheme boundaries.
  ///
  /// - Parameter range: The range to select; indices past the end are clamped.
  public mutating func select(_ range: Range<String.Index>) {
    let lower = TextCursor.utf16Offset(of: scalarFloor(range.lowerBound), in: text)
    let upper = TextCursor.utf16Offset(of: scalarFloor(range.upperBound), in: text)
    select(utf16Range: lower..<max(lower, upper))
  }

  /// Selects the whole text.
  public mutating func selectAll() {
    utf16Selection = 0..<text.utf16.count
  }

  /// Moves the caret one grapheme cluster left, or collapses a selection to its start.
  public mutating func moveLeft() {
    guard utf16Selection.isEmpty else {
      utf16Selection = utf16Selection.lowerBound..<utf16Selection.lowerBound
      return
    }
    let caret = cursor
    guard caret > text.startIndex else { return }
    let offset = TextCursor.utf16Offset(of: text.index(before: caret), in: text)
    utf16Selection = offset..<offset
  }

  /// Moves the caret one grapheme cluster right, or collapses a selection to its end.
  public mutating func moveRight() {
    guard utf16Selection.isEmpty else {
      utf16Selection = utf16Selection.upperBound..<utf16Selection.upperBound
      return
    }
    let caret = cursor
    guard caret < text.endIndex else { return }
    let offset = TextCursor.utf16Offset(of: text.index(after: caret), in: text)
    utf16Selection = offset..<offset
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
