import MentionKit

extension ChatSession {
  /// The prompt.
  nonisolated static let prompt = "› "

  /// The prompt area for a terminal size: the input line (scrolled so the cursor shows, "…"
  /// on each side where the text continues, and the ghost completion dimmed after the cursor
  /// at the line's end), up to eight suggestions with the matched part highlighted, and a hint
  /// line. Every line fits in `columns - 1` cells, so nothing wraps, and the frame has at most
  /// `rows` lines; any size of at least 1 × 1 works.
  func frame(columns: Int, rows: Int) -> Frame {
    let width = max(columns - 1, 1)
    let input = inputLine(width: width)
    var lines: [Frame.Line] = [input.line]
    let cursorColumn = min(input.cursorColumn, max(columns - 1, 0))

    // Suggestions and hints, as many as fit.
    let room = max(rows - 2, 0)
    if let suggestions {
      let query = suggestions.query
      let matches = suggestions.matches
      if matches.isEmpty {
        lines.append([
          Frame.Span(
            Self.truncated("  no match for \(query.sourceText[query.range])", to: width),
            .dim)
        ])
      } else {
        let highlighted = suggestions.highlightedIndex ?? 0
        let count = min(matches.count, Self.maximumRows, room)
        // Keep the highlighted row visible when fewer rows fit than there are items.
        let first = max(0, min(highlighted - count + 1, matches.count - count))
        for offset in first..<(first + count) {
          lines.append(
            Self.row(
              for: matches[offset], query: query,
              isHighlighted: offset == suggestions.highlightedIndex,
              needsHandle: suggestions.needsHandle(at: offset), width: width))
        }
        if lines.count < rows {
          lines.append([
            Frame.Span(
              Self.truncated("  ↑↓ choose · Tab/Enter accept · → ghost · Esc dismiss", to: width),
              .dim)
          ])
        }
      }
    }
    if let notice, lines.count < max(rows, 2) {
      lines.append(Self.truncated(notice, to: width))
    }
    return Frame(lines: Array(lines.prefix(max(rows, 1))), cursorRow: 0, cursorColumn: cursorColumn)
  }

  /// The input line cut to `width` cells, and the cursor's column in it.
  ///
  /// The prompt shows when the line has room for it and a wide character. The line scrolls so
  /// that the cursor and the cell it stands on show; a dimmed "…" takes one cell on each side
  /// where text is hidden.
  private func inputLine(width: Int) -> (line: Frame.Line, cursorColumn: Int) {
    let promptWidth = DisplayWidth.of(Self.prompt)
    let prompt = width >= promptWidth + 2 ? Self.prompt : ""
    let available = width - DisplayWidth.of(prompt)
    let characters = editor.characters
    let cells = characters.map { DisplayWidth.of($0) }
    let cursor = editor.cursor
    // Scroll right until the text before the cursor, the cursor's cell and the left "…" fit.
    var start = 0
    var beforeCursor = cells[..<cursor].reduce(0, +)
    while start < cursor && (start > 0 ? 1 : 0) + beforeCursor + 1 > available {
      beforeCursor -= cells[start]
      start += 1
    }
    let leftMarker = start > 0 ? 1 : 0
    var used = leftMarker
    var end = start
    while end < characters.count && used + cells[end] <= available {
      used += cells[end]
      end += 1
    }
    let continues = end < characters.count
    if continues {
      // Room for the right "…".
      while end > start && used + 1 > available {
        end -= 1
        used -= cells[end]
      }
    }
    var line: Frame.Line = prompt.isEmpty ? [] : [Frame.Span(prompt, .prompt)]
    if leftMarker > 0 { line.append(Frame.Span("…", .dim)) }
    let styles = entityStyles()
    for index in start..<end {
      let style = styles[index] ?? .plain
      if let last = line.last, last.style == style {
        line[line.count - 1].text.append(characters[index])
      } else {
        line.append(Frame.Span(String(characters[index]), style))
      }
    }
    if continues, used + 1 <= available {
      line.append(Frame.Span("…", .dim))
    } else if end == characters.count, let ghost = ghostText,
      used < available
    {
      line.append(Frame.Span(Self.truncated(ghost, to: available - used), .ghost))
    }
    return (line, DisplayWidth.of(prompt) + leftMarker + beforeCursor)
  }

  /// The style of each character (by cluster offset) that belongs to a mention entity.
  private func entityStyles() -> [Int: Frame.Style] {
    var styles: [Int: Frame.Style] = [:]
    guard !editor.entities.isEmpty else { return styles }
    var utf16 = 0
    for (offset, character) in editor.text.enumerated() {
      if let entity = editor.entities.first(where: { $0.utf16Range.contains(utf16) }) {
        styles[offset] = entity.trigger == .hashtag ? .channel : .mention
      }
      utf16 += character.utf16.count
    }
    return styles
  }

  /// One suggestion row: what the item is, how it is written, the matched part highlighted,
  /// and how it matched: a dim "≈ " before a match with one typo, the Latin spelling that
  /// matched after a transliterated one (`王芳 · wangfang`). People always show their handle;
  /// other items show it when another row has the same name (`needsHandle`). A group shows its
  /// handle and member count (`@team · 5 people`), a broadcast what it reaches (`@here ·
  /// notifies everyone here`).
  nonisolated static func row(
    for suggestion: MentionMatch, query: MentionQuery, isHighlighted: Bool,
    needsHandle: Bool = false, width: Int
  ) -> Frame.Line {
    let item = suggestion.item
    let base: Frame.Style = isHighlighted ? .selected : .plain
    let match: Frame.Style = isHighlighted ? .selectedMatch : .match
    let dim: Frame.Style = isHighlighted ? base : .dim
    var line: Frame.Line = [Frame.Span(isHighlighted ? "› " : "  ", base)]
    if case .typo = suggestion.route { line.append(Frame.Span("≈ ", dim)) }
    var spelling: [Frame.Span] = []
    if case .transliterated(let latin) = suggestion.route {
      spelling = [Frame.Span(" · \(latin)", dim)]
    }
    func highlighted(_ text: String, prefix: String = "") -> [Frame.Span] {
      guard let range = MatchHighlighter.range(of: query.text, in: text) else {
        return [Frame.Span(prefix + text, base)]
      }
      let characters = Array(text)
      return [
        Frame.Span(prefix + String(characters[..<range.lowerBound]), base),
        Frame.Span(String(characters[range]), match),
        Frame.Span(String(characters[range.upperBound...]), base),
      ]
    }
    switch query.trigger.name {
    case Trigger.mention.name:
      if let summary = MentionTargets.summary(of: item) {
        // A group or a broadcast: its handle, then what it reaches.
        line += highlighted(item.insertionText, prefix: "@")
        line.append(Frame.Span(" · \(summary)", dim))
        break
      }
      line += highlighted(item.displayText)
      line += spelling
      line.append(Frame.Span("  ", base))
      line += highlighted(item.insertionText, prefix: "@")
    case Trigger.hashtag.name:
      line += highlighted(item.insertionText, prefix: "#")
      line += spelling
    case Trigger.emoji.name:
      line.append(Frame.Span(item.insertionText + "  ", base))
      line += highlighted(item.displayText, prefix: ":")
      line.append(Frame.Span(":", base))
    case Trigger.command.name:
      line += highlighted(item.insertionText, prefix: "/")
      line.append(Frame.Span("  " + (item.metadata["summary"] ?? ""), isHighlighted ? base : .dim))
    default:
      line += highlighted(item.displayText)
      line += spelling
      if needsHandle { line.append(Frame.Span("  " + item.insertionText, dim)) }
    }
    return truncated(line.filter { !$0.text.isEmpty }, to: width)
  }

  /// Cuts text to a number of cells, ending in "…" when cut.
  nonisolated static func truncated(_ text: String, to cells: Int) -> String {
    guard DisplayWidth.of(text) > cells else { return text }
    var result = ""
    var used = 0
    for character in text {
      let cell = DisplayWidth.of(character)
      if used + cell > cells - 1 { break }
      result.append(character)
      used += cell
    }
    return result + (cells > 0 ? "…" : "")
  }

  /// Cuts a styled line to a number of cells.
  nonisolated static func truncated(_ line: Frame.Line, to cells: Int) -> Frame.Line {
    let total = line.reduce(0) { $0 + DisplayWidth.of($1.text) }
    guard total > cells else { return line }
    var result: Frame.Line = []
    var remaining = cells
    for span in line {
      let spanWidth = DisplayWidth.of(span.text)
      if spanWidth < remaining {
        result.append(span)
        remaining -= spanWidth
      } else {
        result.append(Frame.Span(truncated(span.text + "…", to: remaining), span.style))
        break
      }
    }
    return result
  }
}
