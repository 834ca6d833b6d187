/// Trigger detection the obvious way, for differential fuzzing: every candidate delimiter
/// position before the cursor is tried on a plain array of scalars and the rules of
/// ``Trigger`` are checked one by one, with no early exits to get wrong.
struct ReferenceDetector {
  struct Match: Equatable, CustomStringConvertible {
    var trigger: Int
    var delimiter: String
    var start: Int
    var queryStart: Int
    var cursor: Int
    var end: Int
    var isSilent = false

    var description: String {
      "trigger \(trigger) \(delimiter.debugDescription) [\(start) \(queryStart) \(cursor) \(end)]"
        + (isSilent ? " silent" : "")
    }
  }

  let triggers: [Trigger]

  /// The match at a cursor; `characterStarts` are the scalar offsets where grapheme clusters
  /// start, plus the end (a delimiter must be whole characters, and a word must end where a
  /// character ends).
  func detect(in scalars: [Unicode.Scalar], cursor: Int, characterStarts: Set<Int>) -> Match? {
    var best: Match?
    for index in triggers.indices {
      guard let found = candidate(index, in: scalars, cursor: cursor, characterStarts) else {
        continue
      }
      if let current = best {
        let length = found.delimiter.unicodeScalars.count
        let currentLength = current.delimiter.unicodeScalars.count
        let better =
          found.start > current.start || (found.start == current.start && length > currentLength)
        if !better { continue }
      }
      best = found
    }
    return best
  }

  private func candidate(
    _ index: Int, in scalars: [Unicode.Scalar], cursor: Int, _ characterStarts: Set<Int>
  ) -> Match? {
    let trigger = triggers[index]
    // The nearest query start wins; at the same start, the earlier-listed delimiter.
    for queryStart in stride(from: cursor, through: 0, by: -1) {
      let query = Array(scalars[queryStart..<cursor])
      guard isValid(query, trigger) else { return nil }
      for delimiter in trigger.allDelimiters {
        let delimiterScalars = Array(delimiter.unicodeScalars)
        let start = queryStart - delimiterScalars.count
        guard start >= 0, Array(scalars[start..<queryStart]) == delimiterScalars else {
          continue
        }
        guard query.count >= trigger.minimumQueryLength, !startsWithSpace(query, trigger),
          isBoundary(before: start, in: scalars, trigger.boundary), characterStarts.contains(start),
          characterStarts.contains(queryStart),
          !startsWithMark(scalars[queryStart...].first, trigger)
        else { continue }
        var end = cursor
        while end < scalars.count, trigger.queryCharacters.contains(scalars[end]) { end += 1 }
        guard end - queryStart <= trigger.maximumQueryLength else { return nil }
        guard characterStarts.contains(end) else { return nil }
        // Zulip's silent mention: `@_an` searches for `an` when the `_` is a character of its
        // own and what follows it does not start with a combining mark.
        let isSilent =
          trigger.name == .mention && queryStart < cursor && scalars[queryStart] == "_"
          && characterStarts.contains(queryStart + 1)
          && !startsWithMark(scalars[(queryStart + 1)...].first, trigger)
        return Match(
          trigger: index, delimiter: delimiter, start: start,
          queryStart: isSilent ? queryStart + 1 : queryStart, cursor: cursor, end: end,
          isSilent: isSilent)
      }
    }
    return nil
  }

  private func isSpace(_ scalar: Unicode.Scalar, _ trigger: Trigger) -> Bool {
    scalar == " " && trigger.maximumSpaces > 0
  }

  /// Whether the word after a delimiter starts with a combining mark that is a query character.
  private func startsWithMark(_ first: Unicode.Scalar?, _ trigger: Trigger) -> Bool {
    guard let first, trigger.queryCharacters.contains(first) else { return false }
    switch first.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  private func startsWithSpace(_ query: [Unicode.Scalar], _ trigger: Trigger) -> Bool {
    query.first.map { isSpace($0, trigger) } ?? false
  }

  private func isValid(_ query: [Unicode.Scalar], _ trigger: Trigger) -> Bool {
    guard query.count <= trigger.maximumQueryLength else { return false }
    var spaces = 0
    for (offset, scalar) in query.enumerated() {
      if isSpace(scalar, trigger) {
        spaces += 1
        if offset > 0 && isSpace(query[offset - 1], trigger) { return false }
      } else if !trigger.queryCharacters.contains(scalar) {
        return false
      }
    }
    return spaces <= trigger.maximumSpaces
  }

  private func isBoundary(
    before start: Int, in scalars: [Unicode.Scalar], _ rule: Trigger.Boundary
  ) -> Bool {
    guard start > 0 else { return true }
    let previous = scalars[start - 1]
    if rule.requiresLineStart {
      return ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"].contains(previous)
    }
    return rule.preceding.contains(previous)
  }
}
