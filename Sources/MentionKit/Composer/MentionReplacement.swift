/// The result of choosing an item for a query: the whole new text, the new cursor, and where
/// the inserted mention lies. ``MessageDraft`` applies it as one edit.
struct MentionReplacement: Sendable, Hashable {
  /// The whole new text.
  var text: String
  /// The cursor in ``text``, after the mention and its suffix: always on a character boundary,
  /// so past the suffix's character when the text after it starts with a combining scalar.
  var cursor: String.Index
  /// The range of the inserted mention (delimiter and item, without the suffix) in ``text``.
  var mentionRange: Range<String.Index>
  /// The chosen item.
  var item: MentionItem
  /// The trigger the item was chosen for.
  var trigger: Trigger
  /// What follows the delimiter in the inserted mention (the entity's value).
  var value: String
  /// Whether the mention keeps the query's silent marker (`@_ana`).
  var isSilent: Bool

  /// ``cursor`` as a UTF-16 offset.
  var utf16Cursor: Int { TextCursor.utf16Offset(of: cursor, in: text) }

  /// ``mentionRange`` as UTF-16 offsets.
  var utf16MentionRange: Range<Int> { TextCursor.utf16Range(of: mentionRange, in: text) }

  /// Builds the replacement for choosing `item` at `query`.
  ///
  /// The query's ``MentionQuery/range`` (the delimiter through the end of the word at the
  /// cursor) is replaced by the delimiter (per ``Trigger/Insertion-swift.struct/keepsDelimiter``,
  /// never doubled when the item's text already starts with one) and the item's
  /// ``MentionItem/insertionText``, followed by the trigger's suffix unless the text already
  /// continues with it. After a silent query (``MentionQuery/isSilent``) the marker stays
  /// between the delimiter and the item's text, unless that text starts with one itself.
  ///
  /// - Parameters:
  ///   - query: The active query, from ``TriggerDetector`` or ``MentionManager``.
  ///   - item: The chosen item.
  init(query: MentionQuery, item: MentionItem) {
    let source = query.sourceText
    let trigger = query.trigger
    let insertion = trigger.insertion
    var inserted = ""
    let alreadyDelimited = trigger.allDelimiters.contains { item.insertionText.hasPrefix($0) }
    if insertion.keepsDelimiter && !alreadyDelimited { inserted += trigger.delimiter }
    inserted += item.insertionText
    let ownDelimiter = trigger.allDelimiters.filter { item.insertionText.hasPrefix($0) }
      .max { $0.utf8.count < $1.utf8.count }
    var value =
      ownDelimiter.map { String(item.insertionText.dropFirst($0.count)) } ?? item.insertionText
    // A silent query keeps its marker, unless the handle itself starts with one.
    let isSilent = query.isSilent && value.unicodeScalars.first != SilentMarker.marker
    if isSilent {
      var scalars = String.UnicodeScalarView(inserted.unicodeScalars)
      scalars.removeLast(value.unicodeScalars.count)
      scalars.append(SilentMarker.marker)
      scalars.append(contentsOf: value.unicodeScalars)
      inserted = String(scalars)
      value = String(SilentMarker.marker) + value
    }

    let before = source[..<query.range.lowerBound]
    let after = source[query.range.upperBound...]
    let suffix = insertion.suffix
    let suffixFollows = !suffix.isEmpty && after.utf8.starts(with: suffix.utf8)

    var text = String(before)
    let mentionStartOffset = text.utf8.count
    text += inserted
    let mentionEndOffset = text.utf8.count
    if !suffixFollows { text += suffix }
    let cursorOffset = text.utf8.count + (suffixFollows ? suffix.utf8.count : 0)
    text += after

    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: mentionStartOffset)
    let end = utf8.index(utf8.startIndex, offsetBy: mentionEndOffset)
    self.text = text
    self.mentionRange = start..<end
    // After the suffix; past the whole character when the text after the suffix starts with a
    // combining scalar (a zero-width joiner, a mark) that joins the suffix's last character.
    let cursor = utf8.index(utf8.startIndex, offsetBy: cursorOffset)
    let down = TextCursor.roundedDown(cursor, in: text)
    self.cursor = down == cursor ? cursor : text.index(after: down)
    self.item = item
    self.trigger = trigger
    self.value = value
    self.isSilent = isSilent
  }
}
