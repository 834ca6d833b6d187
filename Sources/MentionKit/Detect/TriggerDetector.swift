/// Finds the active query at a cursor: the nearest valid trigger before it.
///
/// Detection looks back from the cursor over at most each trigger's
/// ``Trigger/maximumQueryLength`` scalars, so it costs the same on a 10 MB text as on a short
/// one. Among the triggers that match, the one whose delimiter is **nearest** the cursor wins,
/// whatever the order they were registered in; at equal distance, the longer delimiter wins,
/// then the earlier registered trigger.
///
/// Triggers and queries are whole characters: a delimiter that forms one grapheme cluster with
/// what follows (the keycap emoji `#️⃣`, `@` followed by a combining mark) is no delimiter, a
/// query never starts with a combining mark, and a word that ends inside a cluster (`@ana`
/// followed by U+200D) is no query. The chat extraction profile applies the same rules.
///
/// ```swift
/// let detector = TriggerDetector(triggers: [.mention, .hashtag])
/// detector.detect(in: "@ana #gen")?.trigger.name   // "hashtag"
/// detector.detect(in: "mail@example")              // nil: a letter precedes "@"
/// detector.detect(in: "#\u{FE0F}\u{20E3}")         // nil: the keycap emoji is no sign
/// ```
struct TriggerDetector: Sendable, Hashable {
  /// The triggers, in registration order.
  var triggers: [Trigger]

  /// Finds the active query with the cursor at the end of the text.
  ///
  /// - Parameter text: The whole input.
  /// - Returns: The active query, or `nil` when no trigger is active.
  /// - Complexity: O(*m*), where *m* is the longest ``Trigger/maximumQueryLength``.
  func detect(in text: String) -> MentionQuery? {
    detectAligned(in: text, cursor: text.endIndex)
  }

  /// Finds the active query at a cursor given as a `String.Index`.
  ///
  /// A cursor inside a grapheme cluster is rounded down to the cluster's start.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - cursor: The cursor, an index of `text`.
  /// - Returns: The active query, or `nil` when no trigger is active.
  /// - Throws: ``MentionError/cursorIndexOutOfBounds`` when the cursor lies past the end.
  func detect(in text: String, cursor: String.Index) throws(MentionError) -> MentionQuery? {
    detectAligned(in: text, cursor: try TextCursor.validated(cursor, in: text))
  }

  /// Finds the active query at a cursor given as a UTF-16 offset (an `NSRange` location).
  ///
  /// An offset inside a surrogate pair or a grapheme cluster is rounded down to the cluster's
  /// start.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - utf16Offset: The cursor as a UTF-16 offset.
  /// - Returns: The active query, or `nil` when no trigger is active.
  /// - Throws: ``MentionError/cursorOutOfBounds(offset:utf16Count:)`` when the offset is
  ///   negative or past the end.
  func detect(in text: String, utf16Offset: Int) throws(MentionError) -> MentionQuery? {
    detectAligned(in: text, cursor: try TextCursor.index(utf16Offset: utf16Offset, in: text))
  }

  func detectAligned(in text: String, cursor: String.Index) -> MentionQuery? {
    var best: (query: MentionQuery, start: String.Index, delimiterLength: Int)?
    for trigger in triggers {
      guard let found = Self.candidate(for: trigger, in: text, cursor: cursor) else { continue }
      let length = found.delimiter.unicodeScalars.count
      if let current = best {
        let nearer = found.range.lowerBound > current.start
        let sameButLonger =
          found.range.lowerBound == current.start && length > current.delimiterLength
        if !nearer && !sameButLonger { continue }
      }
      best = (found, found.range.lowerBound, length)
    }
    return best?.query
  }

  /// The query for one trigger, if it is active at the cursor.
  static func candidate(for trigger: Trigger, in text: String, cursor: String.Index)
    -> MentionQuery?
  {
    let scalars = text.unicodeScalars
    let delimiters = trigger.allDelimiters
    var position = cursor
    var length = 0
    var spaces = 0
    var previousWasSpace = false
    var firstIsSpace = false
    while true {
      for delimiter in delimiters {
        guard let start = delimiterStart(delimiter, endingAt: position, in: scalars) else {
          continue
        }
        guard !firstIsSpace, length >= trigger.minimumQueryLength,
          isBoundary(before: start, in: scalars, rule: trigger.boundary),
          isWholeCharacters(start..<position, in: text),
          !startsWithMark(at: position, in: scalars, trigger: trigger)
        else { continue }
        // A word that ends inside a character (`@ana` + U+200D) is no mention: the extractor
        // finds none there, and a completion would replace half of a character.
        guard let end = wordEnd(from: cursor, in: scalars, trigger: trigger, length: length),
          end.samePosition(in: text) != nil
        else { return nil }
        // A mention query after the silent marker (`@_an`) is the text after it (`an`).
        // Only when the marker is a whole character and what follows could start a handle.
        var queryStart = position
        var isSilent = false
        if trigger.name == .mention, position < cursor, scalars[position] == SilentMarker.marker {
          let next = scalars.index(after: position)
          isSilent =
            next.samePosition(in: text) != nil
            && !startsWithMark(at: next, in: scalars, trigger: trigger)
          if isSilent { queryStart = next }
        }
        return MentionQuery(
          trigger: trigger,
          delimiter: delimiter,
          text: String(scalars[queryStart..<cursor]),
          sourceText: text,
          range: start..<end,
          queryRange: queryStart..<cursor,
          cursor: cursor,
          isSilent: isSilent)
      }
      guard position > scalars.startIndex else { return nil }
      let previous = scalars.index(before: position)
      let scalar = scalars[previous]
      if scalar == " " && trigger.maximumSpaces > 0 {
        spaces += 1
        if spaces > trigger.maximumSpaces || previousWasSpace { return nil }
        previousWasSpace = true
        firstIsSpace = true
      } else if trigger.queryCharacters.contains(scalar) {
        previousWasSpace = false
        firstIsSpace = false
      } else {
        return nil
      }
      length += 1
      if length > trigger.maximumQueryLength { return nil }
      position = previous
    }
  }

  /// The start of `delimiter` if it ends exactly at `end`.
  static func delimiterStart(
    _ delimiter: String, endingAt end: String.Index, in scalars: String.UnicodeScalarView
  ) -> String.Index? {
    var position = end
    for expected in delimiter.unicodeScalars.reversed() {
      guard position > scalars.startIndex else { return nil }
      position = scalars.index(before: position)
      if scalars[position] != expected { return nil }
    }
    return position
  }

  /// Whether a delimiter is whole characters: it starts a grapheme cluster (not after a
  /// prepended scalar such as U+0600) and the scalar after it does not join it (a combining
  /// mark, a variation selector, the keycap U+20E3, a ZWJ: `#️⃣` is an emoji, not a sign).
  static func isWholeCharacters(_ delimiter: Range<String.Index>, in text: String) -> Bool {
    delimiter.lowerBound.samePosition(in: text) != nil
      && delimiter.upperBound.samePosition(in: text) != nil
  }

  /// Whether the word after a delimiter starts with a combining mark that is a query character
  /// (one that does not join the delimiter, such as U+102B): a handle never does.
  static func startsWithMark(
    at position: String.Index, in scalars: String.UnicodeScalarView, trigger: Trigger
  ) -> Bool {
    guard position < scalars.endIndex else { return false }
    let scalar = scalars[position]
    return ScalarClass.category(of: scalar) == .marks && trigger.queryCharacters.contains(scalar)
  }

  /// Whether the boundary rule allows a delimiter that starts at `start`.
  static func isBoundary(
    before start: String.Index, in scalars: String.UnicodeScalarView, rule: Trigger.Boundary
  ) -> Bool {
    guard start > scalars.startIndex else { return true }
    let previous = scalars[scalars.index(before: start)]
    if rule.requiresLineStart {
      return previous == "\n" || previous == "\r" || previous == "\u{2028}"
        || previous == "\u{2029}" || previous == "\u{85}"
    }
    return rule.preceding.contains(previous)
  }

  /// The end of the word the cursor is in, or `nil` when the whole query would exceed the
  /// trigger's maximum length.
  static func wordEnd(
    from cursor: String.Index, in scalars: String.UnicodeScalarView, trigger: Trigger,
    length: Int
  ) -> String.Index? {
    var position = cursor
    var total = length
    while position < scalars.endIndex, trigger.queryCharacters.contains(scalars[position]) {
      total += 1
      if total > trigger.maximumQueryLength { return nil }
      position = scalars.index(after: position)
    }
    return position
  }
}
