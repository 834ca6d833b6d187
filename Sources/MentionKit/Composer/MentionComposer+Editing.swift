extension MentionComposer {
  // MARK: - Edits from a text view or a server

  /// Replaces a UTF-16 range with a string, as a text view's `shouldChangeTextIn` reports it,
  /// and puts the caret after the inserted text.
  ///
  /// Insert with an empty range, delete with an empty string. Entities are kept true as the type's
  /// discussion describes.
  ///
  /// ```swift
  /// // text "hi @jose ", entity "@jose" at 3..<8
  /// try composer.replace(utf16Range: 0..<2, with: "hello")
  /// composer.entities[0].utf16Range   // 6..<11
  /// ```
  ///
  /// - Parameters:
  ///   - utf16Range: The range to replace, in UTF-16 offsets.
  ///   - replacement: The new text.
  /// - Throws: ``MentionError/editOutOfBounds(location:length:utf16Count:)`` when the range lies
  ///   outside the text; ``MentionError/splitsUnicodeScalar(utf16Offset:)`` or
  ///   ``MentionError/splitsGrapheme(utf16Offset:)`` when an end splits a character and
  ///   ``Options-swift.struct/misalignedEdit`` is ``Options-swift.struct/MisalignedEdit/throwsError``.
  ///   Nothing changes when it throws. With
  ///   ``Options-swift.struct/MisalignedEdit/widensToGraphemes`` a range widens outward to whole
  ///   grapheme clusters, and an insertion point moves to the start of its cluster.
  public mutating func replace(utf16Range: Range<Int>, with replacement: String)
    throws(MentionError)
  {
    try replace(
      utf16Location: utf16Range.lowerBound, length: utf16Range.count, with: replacement)
  }

  /// Replaces a UTF-16 location and length (an `NSRange`'s fields) with a string.
  ///
  /// Any integers are accepted: negative or overflowing values throw instead of trapping.
  ///
  /// - Parameters:
  ///   - utf16Location: The start of the range, in UTF-16 offsets.
  ///   - length: The length of the range, in UTF-16 code units.
  ///   - replacement: The new text.
  /// - Throws: As ``replace(utf16Range:with:)``.
  public mutating func replace(utf16Location: Int, length: Int, with replacement: String)
    throws(MentionError)
  {
    let count = text.utf16.count
    let (end, overflow) = utf16Location.addingReportingOverflow(length)
    guard utf16Location >= 0, length >= 0, !overflow, end <= count else {
      throw .editOutOfBounds(location: utf16Location, length: length, utf16Count: count)
    }
    let lower = try aligned(utf16Location, roundingUp: false)
    let upper = length == 0 ? lower : try aligned(end, roundingUp: true)
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
  public mutating func replace(_ range: Range<String.Index>, with replacement: String)
    throws(MentionError)
  {
    guard range.upperBound <= text.endIndex else { throw .cursorIndexOutOfBounds }
    let lower = try aligned(range.lowerBound, roundingUp: false)
    let upper = range.isEmpty ? lower : try aligned(range.upperBound, roundingUp: true)
    applyEdit(lower..<max(lower, upper), replacement, inside: options.editInsideMention)
  }

  // MARK: - Keystrokes

  /// Types or pastes text over the selection, as a keyboard does.
  ///
  /// - Parameter string: The typed or pasted text.
  public mutating func insert(_ string: String) {
    applyEdit(utf16Selection, string, inside: options.editInsideMention)
  }

  /// Backspace: deletes the selection, or the mention or grapheme cluster before the caret.
  ///
  /// Right after a mention, ``Options-swift.struct/backspaceAtMentionEnd`` decides.
  ///
  /// ```swift
  /// // options.backspaceAtMentionEnd = .deletesByParts, text "@Jon Snow|"
  /// composer.deleteBackward()   // "@Jon|", still the same entity
  /// composer.deleteBackward()   // "|"
  /// ```
  public mutating func deleteBackward() {
    guard utf16Selection.isEmpty else {
      applyEdit(utf16Selection, "", inside: options.editInsideMention)
      return
    }
    let caret = utf16Selection.lowerBound
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
    guard utf16Selection.isEmpty else {
      applyEdit(utf16Selection, "", inside: options.editInsideMention)
      return
    }
    let caret = utf16Selection.lowerBound
    guard caret < text.utf16.count else { return }
    let next = TextCursor.utf16Offset(of: text.index(after: index(caret)), in: text)
    applyEdit(caret..<next, "", inside: options.editInsideMention)
  }

  private mutating func deleteLastPart(ofEntityAt position: Int) {
    var entity = entities[position]
    let name = entity.text
    var cut: String.Index?
    var previousIsSpace = false
    for index in name.indices {
      let isSpace = name[index].isWhitespace
      if isSpace && !previousIsSpace && index > name.startIndex { cut = index }
      previousIsSpace = isSpace
    }
    guard let cut else {
      applyEdit(entity.utf16Range, "", inside: .detachesMention)
      return
    }
    let kept = name.utf16.distance(from: name.startIndex, to: cut)
    let start = entity.utf16Range.lowerBound
    entities.remove(at: position)
    applyEdit((start + kept)..<entity.utf16Range.upperBound, "", inside: .detachesMention)
    entity.utf16Range = start..<(start + kept)
    entity.text = String(name[..<cut])
    guard isGraphemeBoundary(entity.utf16Range.upperBound) else { return }
    insertSorted(entity)
  }

  // MARK: - Completion

  /// The active query at the caret, unless the caret is in or right after a mention entity.
  ///
  /// - Parameter detector: The triggers to look for.
  /// - Returns: The query, or `nil` when none is active or the selection is not empty.
  public func activeQuery(using detector: TriggerDetector) -> MentionQuery? {
    guard utf16Selection.isEmpty,
      let query = try? detector.detect(in: text, utf16Offset: utf16Selection.lowerBound)
    else { return nil }
    let start = TextCursor.utf16Offset(of: query.range.lowerBound, in: text)
    if entities.contains(where: { $0.utf16Range.contains(start) }) { return nil }
    return query
  }

  /// Writes a chosen item for a query (see ``MentionReplacement``) and records its entity.
  ///
  /// ```swift
  /// // text "hi @jo|"
  /// try composer.complete(with: jose, for: query)
  /// composer.text        // "hi @jose "
  /// composer.entities    // [@jose 3..<8, id "U1", trigger "mention"]
  /// composer.utf16Cursor // 9
  /// ```
  ///
  /// - Parameters:
  ///   - item: The chosen item.
  ///   - query: The active query, detected in this composer's ``text``.
  /// - Throws: ``MentionError/staleQuery`` when the query was detected in another text.
  public mutating func complete(with item: MentionItem, for query: MentionQuery)
    throws(MentionError)
  {
    guard query.sourceText == text else { throw .staleQuery }
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
    utf16Selection = cursor..<cursor
    guard !range.isEmpty, isGraphemeBoundary(range.lowerBound),
      isGraphemeBoundary(range.upperBound)
    else { return }
    insertSorted(
      MentionEntity(
        utf16Range: range, itemID: item.id, trigger: query.trigger.name.rawValue,
        text: String(new[replacement.mentionRange])))
  }

  /// Replaces the typed text of a query (after its delimiter, up to the caret), as Tab's
  /// common-prefix completion does (``SuggestionSelection/TabOutcome/extendedQuery(_:)``).
  ///
  /// - Parameters:
  ///   - query: The active query, detected in this composer's ``text``.
  ///   - newText: The new query text.
  /// - Throws: ``MentionError/staleQuery`` when the query was detected in another text.
  public mutating func replaceQueryText(of query: MentionQuery, with newText: String)
    throws(MentionError)
  {
    guard query.sourceText == text else { throw .staleQuery }
    applyEdit(
      TextCursor.utf16Range(of: query.queryRange, in: text), newText,
      inside: options.editInsideMention)
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
  /// edges stop being grapheme boundaries in the new text counts as touched.
  mutating func applyEdit(
    _ requested: Range<Int>, _ replacement: String, inside: Options.EditInsideMention
  ) {
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
      var kept: [MentionEntity] = []
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
      let caret = clampedBoundary(range.lowerBound + replacement.utf16.count, roundingUp: true)
      utf16Selection = caret..<caret
      return
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

  private mutating func insertSorted(_ entity: MentionEntity) {
    let position =
      entities.firstIndex { $0.utf16Range.lowerBound >= entity.utf16Range.upperBound }
      ?? entities.endIndex
    entities.insert(entity, at: position)
  }
}
