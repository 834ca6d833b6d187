/// Conversions between cursor representations, shared by detection, replacement and the
/// composer.
///
/// Policy: a cursor outside the text throws ``MentionError``; a cursor inside a surrogate pair,
/// inside a scalar's UTF-8 bytes or inside a grapheme cluster is rounded **down** to the start
/// of that grapheme cluster. Nothing here traps.
enum TextCursor {
  /// The `String.Index` for a UTF-16 offset, rounded down to a grapheme boundary.
  ///
  /// - Throws: ``MentionError/cursorOutOfBounds(utf16Offset:utf16Count:)`` when `offset` is negative
  ///   or past the end.
  static func index(utf16Offset offset: Int, in text: String) throws(MentionError) -> String.Index {
    let utf16 = text.utf16
    guard offset >= 0,
      let index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex)
    else {
      throw .cursorOutOfBounds(utf16Offset: offset, utf16Count: utf16.count)
    }
    return roundedDown(index, in: text)
  }

  /// Validates a `String.Index` cursor and rounds it down to a grapheme boundary.
  ///
  /// - Throws: ``MentionError/cursorIndexOutOfBounds`` when the index lies past the end.
  static func validated(_ index: String.Index, in text: String) throws(MentionError)
    -> String.Index
  {
    guard index <= text.endIndex, index >= text.startIndex else {
      throw .cursorIndexOutOfBounds
    }
    return roundedDown(index, in: text)
  }

  /// Rounds an index down to the start of the grapheme cluster that contains it.
  static func roundedDown(_ index: String.Index, in text: String) -> String.Index {
    if index >= text.endIndex { return text.endIndex }
    if index <= text.startIndex { return text.startIndex }
    // `index(after:)` rounds a misaligned index down to a character boundary first.
    let next = text.index(after: index)
    let start = text.index(before: next)
    return start <= index ? start : text.startIndex
  }

  /// The UTF-16 offset of an index of `text`.
  static func utf16Offset(of index: String.Index, in text: String) -> Int {
    text.utf16.distance(from: text.utf16.startIndex, to: index)
  }

  /// The UTF-16 offsets of a range of `text`.
  static func utf16Range(of range: Range<String.Index>, in text: String) -> Range<Int> {
    let lower = utf16Offset(of: range.lowerBound, in: text)
    let upper = lower + text.utf16.distance(from: range.lowerBound, to: range.upperBound)
    return lower..<upper
  }
}
