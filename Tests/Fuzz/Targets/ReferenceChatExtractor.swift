/// The `chat` profile's rules the slow, obvious way, for differential fuzzing.
///
/// Works on an array of scalars: at each position outside nothing (see below), every trigger's
/// delimiters are tried, longest first, in the profile's order; the trigger's boundary rule
/// looks at the previous scalar; the handle is the longest run of the trigger's query
/// characters (not starting with a combining mark); an over-long run is skipped whole; trailing
/// punctuation is trimmed, by whole characters; `@user@host` joins a host of dot-separated
/// labels with a letter; an entity that is not whole grapheme clusters (its sign after a
/// prepended scalar, its value starting inside the sign's cluster, its run of query characters
/// or its value ending inside a cluster) yields nothing.
///
/// Not covered: the spans the profile skips (Markdown code, URLs, e-mail addresses). Callers
/// compare only texts without `` ` ``, `~`, `.` and `:`, where none of those spans can exist.
struct ReferenceChatExtractor {
  /// An entity as scalar offsets.
  struct Entity: Equatable, CustomStringConvertible {
    var kind: String
    var start: Int
    var valueEnd: Int

    var description: String { "\(kind) [\(start) \(valueEnd))" }
  }

  let profile: ExtractionProfile

  /// Whether the reference applies to a text: none of the bytes that start a skipped span.
  static func applies(to text: String) -> Bool {
    !text.utf8.contains { $0 == 0x60 || $0 == 0x7E || $0 == 0x2E || $0 == 0x3A }
  }

  func entities(in text: String) -> [Entity] {
    let c = Array(text.unicodeScalars)
    // Scalar offsets where a grapheme cluster starts: a sign must start one.
    var characterStarts: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.unicodeScalars.count
      characterStarts.insert(offset)
    }
    // Each trigger's spellings, longest first.
    let delimiters = profile.triggers.map { trigger in
      trigger.allDelimiters.map { Array($0.unicodeScalars) }.sorted { $0.count > $1.count }
    }
    var result: [Entity] = []
    var i = 0
    scanning: while i < c.count {
      for (trigger, spellings) in zip(profile.triggers, delimiters) {
        for delimiter in spellings where c[i...].starts(with: delimiter) {
          guard isBoundary(c, before: i, trigger.boundary) else { continue }
          i = handle(
            c, trigger: trigger, sign: i, valueStart: i + delimiter.count, characterStarts,
            &result)
          continue scanning
        }
      }
      i += 1
    }
    return result
  }

  private func isBoundary(_ c: [Unicode.Scalar], before i: Int, _ rule: Trigger.Boundary) -> Bool {
    guard i > 0 else { return true }
    if rule.requiresLineStart {
      return ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}"].contains(c[i - 1])
    }
    return rule.preceding.contains(c[i - 1])
  }

  private func handle(
    _ c: [Unicode.Scalar], trigger: Trigger, sign: Int, valueStart: Int,
    _ characterStarts: Set<Int>, _ result: inout [Entity]
  ) -> Int {
    var runEnd = valueStart
    while runEnd < c.count, trigger.queryCharacters.contains(c[runEnd]) {
      if runEnd == valueStart, isMark(c[runEnd]) { break }
      runEnd += 1
    }
    if runEnd - valueStart > trigger.maximumQueryLength { return runEnd }
    var end = runEnd
    while end > valueStart, profile.trailingPunctuation.contains(c[end - 1]) { end -= 1 }
    // By whole characters: a trimmed end inside a character moves up to that character's end.
    while end > valueStart, end < runEnd, !characterStarts.contains(end) { end += 1 }
    guard end - valueStart >= max(1, trigger.minimumQueryLength) else {
      return max(runEnd, sign + 1)
    }
    if profile.allowsFediverseAddresses, trigger.allDelimiters.contains("@"), end == runEnd,
      runEnd < c.count, c[runEnd] == "@", let hostEnd = hostEnd(c, from: runEnd + 1)
    {
      end = hostEnd
    }
    if characterStarts.contains(sign), characterStarts.contains(valueStart),
      characterStarts.contains(runEnd), characterStarts.contains(end)
    {
      result.append(Entity(kind: trigger.name.rawValue, start: sign, valueEnd: end))
    }
    return max(end, runEnd)
  }

  private func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Labels of letters, digits, marks and `-` separated by single dots, with at least one letter
  /// (any non-ASCII scalar counts); trailing dots and hyphens are not part of the host.
  private func hostEnd(_ c: [Unicode.Scalar], from start: Int) -> Int? {
    var j = start
    var end = start
    var hasLetter = false
    var previousWasDot = true
    while j < c.count {
      if c[j] == "." {
        if previousWasDot { break }
        previousWasDot = true
        j += 1
        continue
      }
      guard c[j] == "-" || ScalarClass.alphanumerics.contains(c[j]) else { break }
      if !c[j].isASCII || c[j].properties.isAlphabetic { hasLetter = true }
      previousWasDot = false
      j += 1
      // Trailing dots and hyphens are not part of the host.
      if c[j - 1] != "-" { end = j }
    }
    return hasLetter ? end : nil
  }
}
