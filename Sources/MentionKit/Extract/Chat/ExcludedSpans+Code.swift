/// Markdown code: fenced code blocks and code spans, with the line prefixes (block quotes,
/// list items) and headings that bound them.
extension ExcludedSpans {
  /// How a line of Markdown opens: its block-quote markers, a list marker, and where its
  /// content starts.
  private struct LinePrefix {
    /// How many `>` markers the line starts with.
    var quoteDepth = 0
    /// Where the line's content starts: past the quote markers, a list marker and its spaces.
    var content: Int
    /// Where the line starts past its quote markers.
    var afterQuotes: Int
    /// The width of a list marker and its spaces on this line (0: none): how far the lines of
    /// the item are indented.
    var listIndent = 0
    /// Whether the line holds nothing but its quote markers and spaces.
    var isBlank = false
  }

  private static func prefix(
    _ p: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ lineEnd: Int
  ) -> LinePrefix {
    var line = LinePrefix(content: lineStart, afterQuotes: lineStart)
    var k = lineStart
    while true {
      var m = k
      while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
      guard m < lineEnd, p[m] == 0x3E else { break }
      line.quoteDepth &+= 1
      k = m &+ 1
      if k < lineEnd, p[k] == 0x20 || p[k] == 0x09 { k &+= 1 }
    }
    line.content = k
    line.afterQuotes = k
    var m = k
    while m < lineEnd, p[m] == 0x20 || p[m] == 0x09 || p[m] == 0x0D { m &+= 1 }
    if m == lineEnd {
      line.isBlank = true
      return line
    }
    // A list marker: `-`, `*`, `+`, or one to nine digits and `.` or `)`, then a space.
    m = k
    while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
    var markerEnd = -1
    if m < lineEnd, p[m] == 0x2D || p[m] == 0x2A || p[m] == 0x2B {
      markerEnd = m &+ 1
    } else {
      var d = m
      while d < lineEnd, d &- m < 9, p[d] &- 0x30 < 10 { d &+= 1 }
      if d > m, d < lineEnd, p[d] == 0x2E || p[d] == 0x29 { markerEnd = d &+ 1 }
    }
    if markerEnd > 0, markerEnd < lineEnd, p[markerEnd] == 0x20 || p[markerEnd] == 0x09 {
      var c = markerEnd
      while c < lineEnd, c &- markerEnd < 4, p[c] == 0x20 { c &+= 1 }
      line.listIndent = c &- k
      line.content = c
    }
    return line
  }

  /// Whether the line from `k` is an ATX heading, a thematic break or a setext underline:
  /// a line that no code span crosses.
  private static func isHeadingOrBreak(_ p: UnsafeBufferPointer<UInt8>, _ k: Int, _ lineEnd: Int)
    -> Bool
  {
    var m = k
    while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
    guard m < lineEnd else { return false }
    let first = p[m]
    if first == 0x23 {
      var h = m
      while h < lineEnd, p[h] == 0x23 { h &+= 1 }
      return h &- m <= 6 && (h == lineEnd || p[h] == 0x20 || p[h] == 0x09 || p[h] == 0x0D)
    }
    guard first == 0x2D || first == 0x2A || first == 0x5F || first == 0x3D else { return false }
    var count = 0
    var sawSpace = false
    for j in m..<lineEnd {
      if p[j] == first {
        if sawSpace, first == 0x3D { return false }
        count &+= 1
      } else if p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0D {
        sawSpace = true
      } else {
        return false
      }
    }
    return first == 0x3D ? count >= 1 : count >= 3
  }

  /// Markdown code, as CommonMark reads it: fenced code blocks (a line of three or more
  /// backticks or tildes, indented at most three spaces inside its block quotes and list item,
  /// closed by a line of at least as many of the same character, or by the end of its block
  /// quote or list item, or of the text) and code spans (a run of N backticks closed by the
  /// next run of exactly N backticks in the same paragraph or heading; a backtick after an
  /// unescaped backslash opens nothing, while backslashes inside a span are text).
  static func appendCode(_ p: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>]) {
    let n = p.count
    var open: (start: Int, byte: UInt8, count: Int, quoteDepth: Int, indent: Int)?
    /// Backtick runs outside fences: where the run starts, its length as a closer, where it
    /// starts and its length as an opener (one less after a backslash), and its paragraph.
    var runs: [(start: Int, count: Int, block: Int32, isEscaped: Bool)] = []
    var block = 0
    /// The quote depth of the current paragraph: a line with fewer markers continues it
    /// (a lazy continuation line), one with more starts a new block.
    var paragraphDepth = 0
    /// The content indent of the list item the lines are in (0: none), after quote markers.
    var itemIndent = 0
    var lineStart = 0
    while lineStart < n {
      var lineEnd = lineStart
      while lineEnd < n, p[lineEnd] != 0x0A { lineEnd &+= 1 }
      let line = prefix(p, lineStart, lineEnd)
      if let current = open {
        // A fence ends with its block quote or list item: a line without its quote markers, or
        // holding more than spaces and not indented to the item's content.
        var k = lineStart
        var depth = 0
        while depth < current.quoteDepth {
          var m = k
          while m < lineEnd, m &- k < 3, p[m] == 0x20 { m &+= 1 }
          guard m < lineEnd, p[m] == 0x3E else { break }
          depth &+= 1
          k = m &+ 1
          if k < lineEnd, p[k] == 0x20 || p[k] == 0x09 { k &+= 1 }
        }
        var indent = k
        while indent < lineEnd, p[indent] == 0x20 { indent &+= 1 }
        let isBlank = (indent..<lineEnd).allSatisfy { p[$0] == 0x09 || p[$0] == 0x0D }
        let leftContainer =
          depth < current.quoteDepth
          || (current.indent > 0 && !isBlank && indent &- k < current.indent)
        if leftContainer {
          spans.append(current.start..<lineStart)
          open = nil
          block &+= 1
        } else {
          var skipped = 0
          while k < lineEnd, skipped < current.indent &+ 3, p[k] == 0x20 {
            k &+= 1
            skipped &+= 1
          }
          var count = 0
          while k &+ count < lineEnd, p[k &+ count] == current.byte { count &+= 1 }
          if count >= current.count,
            (k &+ count..<lineEnd).allSatisfy({ p[$0] == 0x20 || p[$0] == 0x09 || p[$0] == 0x0D })
          {
            spans.append(current.start..<lineEnd)
            open = nil
            block &+= 1
          }
          lineStart = lineEnd &+ 1
          continue
        }
      }
      var k = line.content
      while k < lineEnd, k &- line.content < 3, p[k] == 0x20 { k &+= 1 }
      var count = 0
      let fenceByte = k < lineEnd ? p[k] : 0
      if fenceByte == 0x60 || fenceByte == 0x7E {
        while k &+ count < lineEnd, p[k &+ count] == fenceByte { count &+= 1 }
      }
      // The list item the line is in: one it opens, or the one whose content it is indented to.
      var leading = line.afterQuotes
      while leading < lineEnd, p[leading] == 0x20 { leading &+= 1 }
      if line.listIndent > 0 {
        itemIndent = line.listIndent
      } else if !line.isBlank, leading &- line.afterQuotes < itemIndent {
        itemIndent = 0
      }
      if count >= 3, !(fenceByte == 0x60 && (k &+ count..<lineEnd).contains { p[$0] == 0x60 }) {
        open = (lineStart, fenceByte, count, line.quoteDepth, itemIndent)
        block &+= 1
        paragraphDepth = line.quoteDepth
        lineStart = lineEnd &+ 1
        continue
      }
      // Blank lines, headings, breaks, new list items and deeper quotes start a new block.
      let isOwnLine = !line.isBlank && isHeadingOrBreak(p, line.content, lineEnd)
      if line.isBlank || isOwnLine || line.listIndent > 0 || line.quoteDepth > paragraphDepth {
        block &+= 1
        paragraphDepth = line.quoteDepth
      }
      var i = lineStart
      while i < lineEnd {
        guard p[i] == 0x60 else {
          i &+= 1
          continue
        }
        var j = i
        while j < lineEnd, p[j] == 0x60 { j &+= 1 }
        var backslashes = 0
        while i &- backslashes > lineStart, p[i &- backslashes &- 1] == 0x5C { backslashes &+= 1 }
        let escaped = backslashes & 1 == 1
        runs.append((i, j &- i, Int32(truncatingIfNeeded: block), escaped))
        i = j
      }
      if isOwnLine { block &+= 1 }
      lineStart = lineEnd &+ 1
    }
    if let current = open { spans.append(current.start..<n) }
    guard runs.count > 1 else { return }
    // Each opener's closer candidate: the next run whose length is the opener's (one less
    // after a backslash), found in one backward pass through the last run of each length.
    var nextCloser = [Int](repeating: -1, count: runs.count)
    var lastOfLength: [Int: Int] = [:]
    for index in runs.indices.reversed() {
      let run = runs[index]
      let openCount = run.isEscaped ? run.count &- 1 : run.count
      if openCount > 0 { nextCloser[index] = lastOfLength[openCount] ?? -1 }
      lastOfLength[run.count] = index
    }
    var index = 0
    while index < runs.count {
      let closer = nextCloser[index]
      // The first run of that length in a later paragraph: no closer in this one.
      guard closer >= 0, runs[closer].block == runs[index].block else {
        index += 1
        continue
      }
      let openStart = runs[index].isEscaped ? runs[index].start &+ 1 : runs[index].start
      spans.append(openStart..<runs[closer].start &+ runs[closer].count)
      index = closer &+ 1
    }
  }
}
