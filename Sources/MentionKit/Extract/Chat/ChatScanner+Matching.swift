/// Matching a delimiter and reading the handle after it.
extension ChatScanner {
  @inline(__always)
  func firstDelimiter(_ p: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Int? {
    var order = tables.firstDelimiterOfByte[Int(p[i])]
    while order >= 0 {
      let delimiter = delimiterOrder[order]
      if i &+ delimiter.length <= limit,
        delimiter.length == 1 || hasBytes(p, delimiterBytes[order], at: i, limit: limit),
        isBoundary(p, before: i, trigger: delimiter.trigger)
      {
        return order
      }
      order = tables.nextDelimiterOfSameByte[order]
    }
    return nil
  }

  /// Tries every trigger at `i`; returns where scanning resumes when a delimiter matched.
  func match(
    _ p: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int, into entities: inout RawEntityBuffer
  ) -> Int? {
    guard let order = firstDelimiter(p, at: i, limit: limit) else { return nil }
    return handle(p, delimiter: order, sign: i, limit: limit, into: &entities)
  }

  /// Reads the handle after the delimiter `order` (an index into `delimiterOrder`) at `sign`
  /// and records it. Returns where scanning resumes.
  @inline(__always)
  func handle(
    _ p: UnsafeBufferPointer<UInt8>, delimiter order: Int, sign: Int, limit: Int,
    into entities: inout RawEntityBuffer
  ) -> Int {
    let delimiter = delimiterOrder[order]
    return handle(
      p, trigger: delimiter.trigger, sign: sign, valueStart: sign &+ delimiter.length,
      limit: limit, into: &entities)
  }

  func hasBytes(_ p: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8], at i: Int, limit: Int)
    -> Bool
  {
    guard i &+ bytes.count <= limit else { return false }
    for k in bytes.indices where p[i &+ k] != bytes[k] { return false }
    return true
  }

  func isBoundary(_ p: UnsafeBufferPointer<UInt8>, before i: Int, trigger index: Int)
    -> Bool
  {
    guard i > 0 else { return true }
    let previous = UTF8Scanning.decode(p, before: i).value
    if rules[index].requiresLineStart {
      return previous == 0x0A || previous == 0x0D || previous == 0x2028 || previous == 0x2029
        || previous == 0x85
    }
    if previous < 0x80 { return rules[index].preceding.contains(previous) }
    return precedingClasses[index].contains(previous, category: category(of: previous))
  }

  /// Reads the handle after a delimiter and records it. Returns where scanning resumes.
  func handle(
    _ p: UnsafeBufferPointer<UInt8>,
    trigger kind: Int,
    sign: Int,
    valueStart: Int,
    limit: Int,
    into entities: inout RawEntityBuffer
  ) -> Int {
    let rule = rules[kind]
    let query = rule.query
    var j = valueStart
    var count = 0
    // Where the value ends once trailing punctuation is trimmed, and its length then.
    var trimmedEnd = valueStart
    var trimmedCount = 0
    let readsWordRuns = rule.readsWordRuns
    let n = p.count
    while j < limit {
      let byte = p[j]
      if byte < 0x80 {
        // ASCII letters, digits and `_`, eight bytes at a time while they are readable.
        if readsWordRuns, j &+ 8 <= n {
          let run = min(UTF8Scanning.wordCharacters(in: p, at: j).count, limit &- j)
          if run > 0 {
            j &+= run
            count &+= run
            trimmedEnd = j
            trimmedCount = count
            continue
          }
        }
        // ASCII: answered from the bit sets alone.
        guard query.contains(UInt32(byte)) else { break }
        j &+= 1
        count &+= 1
        if !trailing.contains(UInt32(byte)) {
          trimmedEnd = j
          trimmedCount = count
        }
        continue
      }
      let (c, length) = UTF8Scanning.decode(p, at: j)
      // One category look-up answers the query class, the mark rule and the trailing class.
      let category = category(of: c)
      guard queryClasses[kind].contains(c, category: category) else { break }
      // A handle never starts with a combining mark, nor inside the sign's character (a
      // joining letter such as THAI SARA AM, or a format or symbol scalar that joins it).
      if count == 0, c >= 0x300,
        category == .marks || CharacterBoundaries.joinsLikeAMark(c)
          || (!category.isDisjoint(with: [.controls, .symbols])
            && !CharacterBoundaries.contains(j, p, after: sign))
      {
        break
      }
      j &+= length
      count &+= 1
      if !trailingClass.contains(c, category: category) {
        trimmedEnd = j
        trimmedCount = count
      }
    }
    let runEnd = j
    // Punctuation is trimmed by whole characters: a `.` that the letter before it joins (a
    // prepended letter such as U+0D4E) is part of that letter's character and stays.
    if trimmedEnd != runEnd, trimmedEnd > valueStart,
      !CharacterBoundaries.contains(trimmedEnd, p, after: sign)
    {
      repeat {
        trimmedEnd &+= UTF8Scanning.decode(p, at: trimmedEnd).length
        trimmedCount &+= 1
      } while trimmedEnd < runEnd && !CharacterBoundaries.contains(trimmedEnd, p, after: sign)
    }
    // The limit counts the run as typed, trailing punctuation included, as the composer counts
    // a query: a word the composer stops completing is never extracted.
    guard count <= rule.maximumQueryLength else { return runEnd }
    guard trimmedCount >= max(1, rule.minimumQueryLength) else {
      return max(runEnd, sign &+ 1)
    }
    var end = trimmedEnd
    // A host only ever follows an at sign (tested here, before the call).
    if rule.joinsFediverseHost, trimmedEnd == runEnd, runEnd < limit, p[runEnd] == 0x40,
      let hostEnd = fediverseHostEnd(p, at: runEnd, limit: limit)
    {
      end = hostEnd
    }
    // The run of query characters ends where a character ends, or it is no entity (`@ana.`
    // followed by U+200D). The entity's own ends are checked against the whole text when its
    // offsets are counted; this is the one end they do not cover.
    if runEnd != end, !CharacterBoundaries.contains(runEnd, p, after: sign) {
      return max(end, runEnd)
    }
    entities.append(
      RawEntity(kind: kind, start: sign, valueStart: valueStart, valueEnd: end, end: end))
    return max(end, runEnd)
  }

  /// The end of `@host.example` at `i` (an ASCII or internationalised host name with at least
  /// one letter, trailing dots and hyphens excluded), or `nil`.
  func fediverseHostEnd(_ p: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Int? {
    guard i < limit, p[i] == 0x40 else { return nil }
    var j = i &+ 1
    var end = j
    var hasLetter = false
    var previousWasDot = true
    while j < limit {
      let (c, length) = UTF8Scanning.decode(p, at: j)
      if c == 0x2E {
        if previousWasDot { break }
        previousWasDot = true
        j &+= 1
        continue
      }
      let isAlphanumeric =
        c < 0x80
        ? (UInt8(c) | 0x20) &- 0x61 < 26 || UInt8(c) &- 0x30 < 10
        : !category(of: c).isDisjoint(with: [.letters, .marks, .numbers])
      guard c == 0x2D || isAlphanumeric else { break }
      if c >= 0x80 || (UInt8(c) | 0x20) &- 0x61 < 26 { hasLetter = true }
      previousWasDot = false
      j &+= length
      // A trailing `-` is trimmed, as a trailing `.` is.
      if c != 0x2D { end = j }
    }
    return hasLetter ? end : nil
  }
}
