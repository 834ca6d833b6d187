/// The lines of a message that CommonMark reads as part of a block quote: lines that open with
/// `>` (after at most three spaces, or after a list item's marker), and the lazy continuation
/// lines of a paragraph inside a quote (a line without `>` that does not start a new block).
///
/// A quote ends at a blank line, at a line without `>` that starts a block (a heading, a
/// thematic break, a fence, a list item),
/// and after a fenced code block inside it (lazy continuation continues paragraphs only). Lines
/// of a fenced code block outside quotes are never quote lines. As in the extractor, indented
/// code is prose, so indentation never keeps a `>` from opening a quote; a fence is indented
/// at most three spaces, as the extractor reads fences.
enum BlockQuotes {
  /// The UTF-16 ranges of the quoted lines of `text`, in order, each from its start to its end
  /// (line break excluded).
  static func quotedLines(in text: String) -> [Range<Int>] {
    guard text.utf8.contains(0x3E) else { return [] }
    let units = Array(text.utf16)
    var quoted: [Range<Int>] = []
    let n = units.count
    /// Whether the last line left a paragraph open inside a quote.
    var paragraphInQuote = false
    /// An open fence: its character, its length, and whether it is inside a quote.
    var fence: (unit: UInt16, count: Int, inQuote: Bool)?
    var start = 0
    while start <= n {
      var end = start
      while end < n, units[end] != 0x0A, units[end] != 0x0D { end += 1 }
      let line = Line(units: units, start: start, end: end)
      let (content, afterListMarker) = line.quoteContent()
      if let open = fence {
        // A fence inside a quote ends with the quote: at a line without `>`, or one that opens
        // a list item.
        if open.inQuote && (content == nil || afterListMarker) {
          fence = nil  // The quote, and its fence, end; the line is read anew below.
        } else {
          if open.inQuote { quoted.append(start..<end) }
          let from = content ?? start
          if line.closesFence(from: from, unit: open.unit, count: open.count) { fence = nil }
          paragraphInQuote = false
          start = Self.next(after: end, units)
          continue
        }
      }
      if let content {
        quoted.append(start..<end)
        let inner = Line(units: units, start: content, end: end)
        if inner.isBlank {
          paragraphInQuote = false
        } else if let open = inner.fenceOpening() {
          fence = (open.unit, open.count, true)
          paragraphInQuote = false
        } else if inner.isHeading || inner.isThematicBreak {
          paragraphInQuote = false
        } else {
          paragraphInQuote = true
        }
      } else if paragraphInQuote, !line.isBlank, !line.interruptsParagraph {
        quoted.append(start..<end)
      } else {
        paragraphInQuote = false
        if let open = line.fenceOpening() { fence = (open.unit, open.count, false) }
      }
      start = Self.next(after: end, units)
    }
    return quoted
  }

  /// The start of the line after a line that ends at `end` (past `\n`, `\r` or `\r\n`), or past
  /// the text.
  private static func next(after end: Int, _ units: [UInt16]) -> Int {
    guard end < units.count else { return units.count + 1 }
    if units[end] == 0x0D, end + 1 < units.count, units[end + 1] == 0x0A { return end + 2 }
    return end + 1
  }

  /// One line, as the block structure reads it.
  private struct Line {
    var units: [UInt16]
    var start: Int
    var end: Int

    /// The columns of indentation (a tab counts four) and where the text after it starts.
    var indentation: (columns: Int, first: Int) {
      var columns = 0
      var k = start
      while k < end, units[k] == 0x20 || units[k] == 0x09 {
        columns += units[k] == 0x09 ? 4 : 1
        k += 1
      }
      return (columns, k)
    }

    var isBlank: Bool { indentation.first == end }

    /// Where the content of a quote line starts (past its `>` markers and the space after
    /// each), or `nil` when the line does not open with `>`; and whether a list item's marker
    /// comes first (`- > quote`).
    func quoteContent() -> (Int?, afterListMarker: Bool) {
      var afterListMarker = false
      var k = indentation.first
      if k < end, units[k] != 0x3E, let afterMarker = listMarkerEnd(at: k) {
        var m = afterMarker
        var gap = 0
        while m < end, units[m] == 0x20, gap < 4 {
          m += 1
          gap += 1
        }
        if gap > 0, m < end, units[m] == 0x3E {
          k = m
          afterListMarker = true
        }
      }
      guard k < end, units[k] == 0x3E else { return (nil, false) }
      // Nested markers: `> > a`, `>>a`.
      while k < end, units[k] == 0x3E {
        k += 1
        if k < end, units[k] == 0x20 || units[k] == 0x09 { k += 1 }
        var m = k
        while m < end, units[m] == 0x20 || units[m] == 0x09 { m += 1 }
        if m < end, units[m] == 0x3E { k = m } else { break }
      }
      return (k, afterListMarker)
    }

    /// The end of a list item's marker at `k` (`-`, `+`, `*`, or one to nine digits and `.`
    /// or `)`), or `nil`.
    func listMarkerEnd(at k: Int) -> Int? {
      guard k < end else { return nil }
      let unit = units[k]
      if unit == 0x2D || unit == 0x2B || unit == 0x2A { return k + 1 }
      var d = k
      while d < end, d - k < 9, units[d] >= 0x30, units[d] <= 0x39 { d += 1 }
      guard d > k, d < end, units[d] == 0x2E || units[d] == 0x29 else { return nil }
      return d + 1
    }

    /// A fence that the line opens: three or more backticks (and no backtick after them) or
    /// tildes after at most three spaces.
    func fenceOpening() -> (unit: UInt16, count: Int)? {
      let (columns, first) = indentation
      guard columns < 4, first < end, units[first] == 0x60 || units[first] == 0x7E else {
        return nil
      }
      let unit = units[first]
      var k = first
      while k < end, units[k] == unit { k += 1 }
      guard k - first >= 3 else { return nil }
      if unit == 0x60, units[k..<end].contains(0x60) { return nil }
      return (unit, k - first)
    }

    /// Whether the line from `from` closes a fence of `count` `unit`s.
    func closesFence(from: Int, unit: UInt16, count: Int) -> Bool {
      var k = from
      var spaces = 0
      while k < end, units[k] == 0x20, spaces < 3 {
        k += 1
        spaces += 1
      }
      var run = 0
      while k < end, units[k] == unit {
        k += 1
        run += 1
      }
      return run >= count && units[k..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// An ATX heading: one to six `#` then a space, a tab or the end.
    var isHeading: Bool {
      let first = indentation.first
      var k = first
      while k < end, units[k] == 0x23 { k += 1 }
      return k > first && k - first <= 6
        && (k == end || units[k] == 0x20 || units[k] == 0x09)
    }

    /// Three or more `-`, `*` or `_`, with spaces or tabs between them and nothing else.
    var isThematicBreak: Bool {
      let first = indentation.first
      guard first < end else { return false }
      let unit = units[first]
      guard unit == 0x2D || unit == 0x2A || unit == 0x5F else { return false }
      var count = 0
      for k in first..<end {
        if units[k] == unit {
          count += 1
        } else if units[k] != 0x20 && units[k] != 0x09 {
          return false
        }
      }
      return count >= 3
    }

    /// Whether the line starts a block that may interrupt a paragraph, so it cannot be a lazy
    /// continuation line: a heading, a thematic break, a fence, or a list item with content
    /// of any kind. A list item interrupts here even when empty or ordered from another number
    /// than 1: the paragraph it would continue is in a quote the line has left, so CommonMark's
    /// rule for list items that interrupt a paragraph does not apply (commonmark.js and
    /// markdown-it agree).
    var interruptsParagraph: Bool {
      if isHeading || isThematicBreak || fenceOpening() != nil { return true }
      guard let markerEnd = listMarkerEnd(at: indentation.first) else { return false }
      return markerEnd == end || units[markerEnd] == 0x20 || units[markerEnd] == 0x09
    }
  }
}
