extension MessageDraft {
  // MARK: - Edits from a text view or a server

  /// Replaces a UTF-16 range with a string, as a text view's `shouldChangeTextIn` reports it,
  /// and puts the caret after the inserted text.
  ///
  /// Insert with an empty range, delete with an empty string. Entities are kept true as the type's
  /// discussion describes.
  ///
  /// ```swift
  /// // text "hi @jose ", entity "@jose" at 3..<8
  /// try draft.replace(utf16Range: 0..<2, with: "hello")
  /// draft.entities[0].utf16Range   // 6..<11
  /// ```
  ///
  /// - Parameters:
  ///   - utf16Range: The range to replace, in UTF-16 offsets.
  ///   - replacement: The new text.
  /// - Throws: ``MentionError/editOutOfBounds(utf16Range:utf16Count:)`` when the range lies
  ///   outside the text; ``MentionError/splitsUnicodeScalar(utf16Offset:)`` or
  ///   ``MentionError/splitsGrapheme(utf16Offset:)`` when an end splits a character and
  ///   ``Options-swift.struct/misalignedEdit`` is ``Options-swift.struct/MisalignedEdit/throwsError``.
  ///   Nothing changes when it throws. With
  ///   ``Options-swift.struct/MisalignedEdit/widensToGraphemes`` a range widens outward to whole
  ///   grapheme clusters, and an insertion point moves to the start of its cluster.
  public mutating func replace(utf16Range: Range<Int>, with replacement: String)
    throws(MentionError)
  {
    let count = text.utf16.count
    guard utf16Range.lowerBound >= 0, utf16Range.upperBound <= count else {
      throw .editOutOfBounds(utf16Range: utf16Range, utf16Count: count)
    }
    let lower = try aligned(utf16Range.lowerBound, roundingUp: false)
    let upper = utf16Range.isEmpty ? lower : try aligned(utf16Range.upperBound, roundingUp: true)
    applyEdit(lower..<max(lower, upper), replacement, inside: options.editInsideMention)
  }

  /// Replaces a range of ``text`` with a string and puts the caret after the inserted text.
  ///
  /// - Parameters:
  ///   - range: A range of ``text``.
  ///   - replacement: The new text.
  /// - Throws: ``MentionError/cursorIndexOutOfBounds`` when the range lies past the end; otherwise
  ///   as ``replace(utf16Range:with:)``, where an index inside a scalar's UTF-8 bytes counts as
  ///   splitting a scalar.
  mutating func replace(_ range: Range<String.Index>, with replacement: String)
    throws(MentionError)
  {
    guard range.upperBound <= text.endIndex else { throw .cursorIndexOutOfBounds }
    let lower = try aligned(range.lowerBound, roundingUp: false)
    let upper = range.isEmpty ? lower : try aligned(range.upperBound, roundingUp: true)
    applyEdit(lower..<max(lower, upper), replacement, inside: options.editInsideMention)
  }

  // MARK: - Keystrokes

  /// Types or pastes text over the selection, as a keyboard does; while text is being
  /// composed, the text replaces the marked text and ends the composition (an input method's
  /// commit).
  ///
  /// - Parameter string: The typed or pasted text.
  public mutating func insert(_ string: String) {
    applyEdit(markedUTF16Range ?? selectedUTF16Range, string, inside: options.editInsideMention)
  }

  /// Backspace: deletes the selection, or the mention or grapheme cluster before the caret.
  ///
  /// Right after a mention, ``Options-swift.struct/backspaceAtMentionEnd`` decides.
  ///
  /// ```swift
  /// // options.backspaceAtMentionEnd = .deletesByParts, text "@Jon Snow|"
  /// draft.deleteBackward()   // "@Jon|", still the same entity
  /// draft.deleteBackward()   // "|"
  /// ```
  public mutating func deleteBackward() {
    guard selectedUTF16Range.isEmpty else {
      applyEdit(selectedUTF16Range, "", inside: options.editInsideMention)
      return
    }
    let caret = selectedUTF16Range.lowerBound
    guard caret > 0 else { return }
    if let position = entities.firstIndex(where: { $0.utf16Range.upperBound == caret }) {
      switch options.backspaceAtMentionEnd {
      case .deletesMention:
        applyEdit(entities[position].utf16Range, "", inside: .detachesMention)
        return
      case .deletesByParts:
        deleteLastPart(ofEntityAt: position)
        return
      case .deletesCharacter:
        break
      }
    }
    let previous = TextCursor.utf16Offset(of: text.index(before: index(caret)), in: text)
    applyEdit(previous..<caret, "", inside: options.editInsideMention)
  }

  /// Forward delete: deletes the selection, or the grapheme cluster after the caret.
  public mutating func deleteForward() {
    guard selectedUTF16Range.isEmpty else {
      applyEdit(selectedUTF16Range, "", inside: options.editInsideMention)
      return
    }
    let caret = selectedUTF16Range.lowerBound
    guard caret < text.utf16.count else { return }
    let next = TextCursor.utf16Offset(of: text.index(after: index(caret)), in: text)
    applyEdit(caret..<next, "", inside: options.editInsideMention)
  }

  private mutating func deleteLastPart(ofEntityAt position: Int) {
    var entity = entities[position]
    let range = entity.utf16Range
    let name = text[index(range.lowerBound)..<index(range.upperBound)]
    var cut: String.Index?
    var previousIsSpace = false
    for index in name.indices {
      let isSpace = name[index].isWhitespace
      if isSpace && !previousIsSpace && index > name.startIndex { cut = index }
      previousIsSpace = isSpace
    }
    let kept = cut.map { name.utf16.distance(from: name.startIndex, to: $0) } ?? 0
    // The delimiter is what comes before the value; a cut inside it leaves no mention.
    let delimiterLength = name.utf16.count - entity.value.utf16.count
    guard kept > delimiterLength else {
      applyEdit(range, "", inside: .detachesMention)
      return
    }
    let start = range.lowerBound
    entities.remove(at: position)
    applyEdit((start + kept)..<range.upperBound, "", inside: .detachesMention)
    entity.utf16Range = start..<(start + kept)
    let value = entity.value.utf16
    guard
      let valueEnd = value.index(
        value.startIndex, offsetBy: kept - delimiterLength, limitedBy: value.endIndex),
      let cutValue = String(value[..<valueEnd]),
      isGraphemeBoundary(entity.utf16Range.upperBound)
    else { return }
    entity.value = cutValue
    insertSorted(entity)
  }

  // MARK: - Completion

  /// The active query at the caret, unless the selection is not empty or the query starts
  /// inside a mention entity.
  func activeQuery(using detector: TriggerDetector) -> MentionQuery? {
    guard selectedUTF16Range.isEmpty else { return nil }
    let query = detector.detectAligned(in: text, cursor: cursor)
    guard let query else { return nil }
    let start = TextCursor.utf16Offset(of: query.range.lowerBound, in: text)
    if entities.contains(where: { $0.utf16Range.contains(start) }) { return nil }
    return query
  }

  /// Writes a chosen item for a query detected in this draft's ``text`` (see
  /// ``MentionReplacement``), records its entity, and puts the caret after the suffix.
  ///
  /// No entity is recorded when the inserted mention or its value does not start and end on
  /// character boundaries (an item's text starting with a combining mark joins the delimiter);
  /// the text is still written.
  ///
  /// - Returns: Whether the query matched the text (nothing changes otherwise).
  @discardableResult
  mutating func accept(_ item: MentionItem, for query: MentionQuery) -> Bool {
    guard query.sourceText == text else { return false }
    let replacement = MentionReplacement(query: query, item: item)
    let old = query.utf16Range
    let new = replacement.text
    let pieceEnd = new.utf16.count - (text.utf16.count - old.upperBound)
    let utf16 = new.utf16
    let piece = new[
      utf16.index(
        utf16.startIndex, offsetBy: old.lowerBound)..<utf16.index(
          utf16.startIndex, offsetBy: pieceEnd)]
    applyEdit(old, String(piece), inside: .detachesMention)
    let range = replacement.utf16MentionRange
    let cursor = replacement.utf16Cursor
    selectedUTF16Range = cursor..<cursor
    // The mention is recorded only when it stands as its own characters and its value does
    // too: an item's text that starts with a combining mark joins the delimiter (`#` + U+0301
    // is one character), so the text no longer reads as delimiter + value.
    let valueStart = range.upperBound - replacement.value.utf16.count
    guard !range.isEmpty, isGraphemeBoundary(range.lowerBound),
      isGraphemeBoundary(range.upperBound), isGraphemeBoundary(valueStart)
    else { return true }
    var entity = MessageEntity(
      trigger: query.trigger.name, utf16Range: range, value: replacement.value,
      resolution: .resolved(item))
    if replacement.isSilent { entity.audience = .silent }
    insertSorted(entity)
    return true
  }

  /// Replaces the typed text of a query (after its delimiter, up to the caret), as Tab's
  /// common-prefix completion does.
  ///
  /// - Returns: Whether the query matched the text (nothing changes otherwise).
  @discardableResult
  mutating func replaceQueryText(of query: MentionQuery, with newText: String) -> Bool {
    guard query.sourceText == text else { return false }
    applyEdit(
      TextCursor.utf16Range(of: query.queryRange, in: text), newText,
      inside: options.editInsideMention)
    return true
  }

  /// Replaces the whole text with `newText`, as one edit over the part that changed (the
  /// longest common prefix and suffix of whole characters stay), then puts the caret at
  /// `utf16Offset` (the end by default).
  ///
  /// - Returns: Whether the text changed, and whether characters were inserted.
  mutating func setText(_ newText: String, utf16Offset: Int?) -> (changed: Bool, inserted: Bool) {
    guard newText != text else {
      moveCursor(utf16Offset: utf16Offset ?? text.utf16.count)
      return (false, false)
    }
    var oldStart = text.startIndex
    var newStart = newText.startIndex
    while oldStart < text.endIndex, newStart < newText.endIndex,
      text[oldStart].unicodeScalars.elementsEqual(newText[newStart].unicodeScalars)
    {
      oldStart = text.index(after: oldStart)
      newStart = newText.index(after: newStart)
    }
    var oldEnd = text.endIndex
    var newEnd = newText.endIndex
    while oldEnd > oldStart, newEnd > newStart {
      let oldPrevious = text.index(before: oldEnd)
      let newPrevious = newText.index(before: newEnd)
      guard text[oldPrevious].unicodeScalars.elementsEqual(newText[newPrevious].unicodeScalars)
      else { break }
      oldEnd = oldPrevious
      newEnd = newPrevious
    }
    let range = TextCursor.utf16Range(of: oldStart..<oldEnd, in: text)
    let inserted = String(newText[newStart..<newEnd])
    // The host's text is the truth: an edit inside a mention detaches it, never widens.
    applyEdit(range, inserted, inside: .detachesMention)
    moveCursor(utf16Offset: utf16Offset ?? text.utf16.count)
    return (true, !inserted.isEmpty)
  }

  // MARK: - The edit rule

  /// A UTF-16 offset (already in bounds) as an edit end, per the misaligned-edit option.
  private func aligned(_ utf16Offset: Int, roundingUp: Bool) throws(MentionError) -> Int {
    try aligned(index(utf16Offset), utf16Offset: utf16Offset, roundingUp: roundingUp)
  }

  /// A `String.Index` (not past the end) as a UTF-16 edit end, per the misaligned-edit option.
  private func aligned(_ position: String.Index, roundingUp: Bool) throws(MentionError) -> Int {
    let floor = scalarFloor(position)
    return try aligned(
      position, utf16Offset: TextCursor.utf16Offset(of: floor, in: text), roundingUp: roundingUp)
  }

  private func aligned(_ position: String.Index, utf16Offset: Int, roundingUp: Bool)
    throws(MentionError) -> Int
  {
    let onScalar = position.samePosition(in: text.unicodeScalars) != nil
    if onScalar && position.samePosition(in: text) != nil { return utf16Offset }
    switch options.misalignedEdit {
    case .throwsError:
      if !onScalar { throw .splitsUnicodeScalar(utf16Offset: utf16Offset) }
      throw .splitsGrapheme(utf16Offset: utf16Offset)
    case .widensToGraphemes:
      let down = TextCursor.roundedDown(position, in: text)
      let result = roundingUp && down < text.endIndex ? text.index(after: down) : down
      return TextCursor.utf16Offset(of: result, in: text)
    }
  }

  /// Whether an edit of `edit` changes the inside of `mention`.
  private static func touches(_ edit: Range<Int>, _ mention: Range<Int>) -> Bool {
    if edit.isEmpty {
      return mention.lowerBound < edit.lowerBound && edit.lowerBound < mention.upperBound
    }
    return edit.lowerBound < mention.upperBound && edit.upperBound > mention.lowerBound
  }

  /// Applies an edit whose ends are grapheme boundaries, keeping entities true, and puts the
  /// caret after the inserted text.
  ///
  /// Entities the edit touches are dropped (after widening the edit over them when `inside` is
  /// ``Options-swift.struct/EditInsideMention/removesMention``); the rest shift. An entity whose
  /// edges stop being grapheme boundaries in the new text counts as touched. Every edit ends a
  /// composition (the marked text stays as ordinary text).
  ///
  /// - Returns: The range that was replaced, after widening.
  @discardableResult
  mutating func applyEdit(
    _ requested: Range<Int>, _ replacement: String, inside: Options.EditInsideMention
  ) -> Range<Int> {
    var range = requested
    var dropped = Set<Int>()
    while true {
      // Widen over touched mentions until nothing more is touched.
      var changed = true
      while changed {
        changed = false
        for (position, entity) in entities.enumerated()
        where !dropped.contains(position) && Self.touches(range, entity.utf16Range) {
          dropped.insert(position)
          if inside == .removesMention {
            let lower = min(range.lowerBound, entity.utf16Range.lowerBound)
            let upper = max(range.upperBound, entity.utf16Range.upperBound)
            if lower..<upper != range {
              range = lower..<upper
              changed = true
            }
          }
        }
      }
      let lower = index(range.lowerBound)
      let upper = index(range.upperBound)
      var newText = String(text[..<lower])
      newText += replacement
      newText += text[upper...]
      let delta = replacement.utf16.count - range.count
      var kept: [MessageEntity] = []
      var broken: [Int] = []
      for (position, entity) in entities.enumerated() where !dropped.contains(position) {
        var moved = entity
        if entity.utf16Range.lowerBound >= range.upperBound {
          moved.utf16Range =
            (entity.utf16Range.lowerBound + delta)..<(entity.utf16Range.upperBound + delta)
        }
        if Self.isGraphemeBoundary(moved.utf16Range.lowerBound, in: newText)
          && Self.isGraphemeBoundary(moved.utf16Range.upperBound, in: newText)
        {
          kept.append(moved)
        } else {
          broken.append(position)
        }
      }
      if !broken.isEmpty && inside == .removesMention {
        for position in broken {
          dropped.insert(position)
          let mention = entities[position].utf16Range
          range =
            min(range.lowerBound, mention.lowerBound)..<max(range.upperBound, mention.upperBound)
        }
        continue
      }
      text = newText
      entities = kept
      markedUTF16Range = nil
      let caret = clampedBoundary(range.lowerBound + replacement.utf16.count, roundingUp: true)
      selectedUTF16Range = caret..<caret
      return range
    }
  }

  /// Whether a UTF-16 offset is a grapheme boundary of `text`; an offset outside the text is
  /// not, so an entity that would not fit the edited text counts as broken instead of trapping.
  private static func isGraphemeBoundary(_ utf16Offset: Int, in text: String) -> Bool {
    let utf16 = text.utf16
    guard utf16Offset >= 0,
      let position = utf16.index(utf16.startIndex, offsetBy: utf16Offset, limitedBy: utf16.endIndex)
    else { return false }
    return position.samePosition(in: text.unicodeScalars) != nil
      && position.samePosition(in: text) != nil
  }

  private mutating func insertSorted(_ entity: MessageEntity) {
    let position =
      entities.firstIndex { $0.utf16Range.lowerBound >= entity.utf16Range.upperBound }
      ?? entities.endIndex
    entities.insert(entity, at: position)
  }
}
