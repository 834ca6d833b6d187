extension MessageDraft {
  // MARK: - Input method composition

  /// Sets the text an input method is composing (marked text: a CJK reading, a dead key's
  /// accent), as `UITextInput.setMarkedText(_:selectedRange:)` and a GTK or IBus preedit do.
  ///
  /// The text replaces the current marked text, or the selection when nothing is being composed,
  /// and becomes the new ``markedUTF16Range``. Entities outside the replaced range shift as with
  /// any edit. An empty string removes the marked text and ends the composition (Escape in an
  /// input method); with nothing being composed it changes nothing.
  ///
  /// ```swift
  /// // text "@", caret 1
  /// draft.setMarkedText("や")     // "@や", marked 1..<2
  /// draft.setMarkedText("やま")   // "@やま", marked 1..<3
  /// draft.unmarkText()            // "@やま", nothing marked
  /// ```
  ///
  /// - Parameters:
  ///   - markedText: The text being composed.
  ///   - selectedUTF16Range: The selection inside the marked text, relative to its start (as
  ///     UIKit's `selectedRange`), clamped into it; a caret is rounded down to a grapheme
  ///     boundary and a selection widened to them, as ``moveCursor(utf16Offset:)`` and
  ///     ``select(utf16Range:)`` do. `nil` puts the caret at its end.
  public mutating func setMarkedText(_ markedText: String, selectedUTF16Range: Range<Int>? = nil) {
    let target = markedUTF16Range ?? self.selectedUTF16Range
    if markedText.isEmpty && markedUTF16Range == nil { return }
    let replaced = applyEdit(target, markedText, inside: options.editInsideMention)
    guard !markedText.isEmpty else { return }
    let start = replaced.lowerBound
    let length = markedText.utf16.count
    let inside = selectedUTF16Range ?? length..<length
    let lower = min(max(inside.lowerBound, 0), length)
    let upper = min(max(inside.upperBound, lower), length)
    // Selected before marking: a selection end rounded to a grapheme boundary outside the
    // marked text (marked text starting with a combining mark) does not end the composition.
    if lower == upper {
      moveCursor(utf16Offset: start + lower)
    } else {
      select(utf16Range: (start + lower)..<(start + upper))
    }
    markedUTF16Range = start..<(start + length)
  }

  /// Ends the composition, keeping the marked text as ordinary text (an input method's commit,
  /// as `UITextInput.unmarkText()`); the selection stays where it is.
  public mutating func unmarkText() {
    markedUTF16Range = nil
  }

  /// Ends the composition when the selection no longer lies inside the marked text: an edit
  /// elsewhere or a click outside it commits it, as text systems do.
  mutating func commitMarkedTextIfSelectionLeft() {
    guard let marked = markedUTF16Range else { return }
    if selectedUTF16Range.lowerBound < marked.lowerBound
      || selectedUTF16Range.upperBound > marked.upperBound
    {
      markedUTF16Range = nil
    }
  }
}
