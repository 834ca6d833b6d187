import MentionKit

extension ChatSession {
  /// The prompt.
  nonisolated static let prompt = "› "

  /// The prompt area for a terminal size: the input line (scrolled so the cursor shows, with
  /// the ghost completion dimmed after it), up to eight suggestions with the matched part
  /// highlighted, and a hint line. Every line fits in `columns - 1` cells, so nothing wraps.
  func frame(columns: Int, rows: Int) -> Frame {
    let width = max(columns - 1, 4)
    var lines: [Frame.Line] = []

    // The input line.
    let promptWidth = DisplayWidth.of(Self.prompt)
    let available = max(width - promptWidth, 1)
    let characters = editor.characters
    let cursor = editor.cursor
    var start = 0
    var beforeCursor = characters[..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    while beforeCursor >= available && start < cursor {
      beforeCursor -= DisplayWidth.of(characters[start])
      start += 1
    }
    var input: Frame.Line = [Frame.Span(Self.prompt, .prompt)]
    if start > 0 {
      // Show that the line continues to the left: "…" over the first visible cells.
      let hidden = DisplayWidth.of(characters[start])
      input.append(Frame.Span("…" + String(repeating: " ", count: max(hidden - 1, 0)), .dim))
    }
    let styles = entityStyles()
    var used = 0
    var index = start
    while index < characters.count {
      let cell = DisplayWidth.of(characters[index])
      if used + cell > available { break }
      if index > start || start == 0 {
        let style = styles[index] ?? .plain
        if let last = input.last, input.count > 1, last.style == style {
          input[input.count - 1].text.append(characters[index])
        } else {
          input.append(Frame.Span(String(characters[index]), style))
        }
      }
      used += cell
      index += 1
    }
    if index == characters.count, let ghost = ghostText, used < available {
      input.append(Frame.Span(Self.truncated(ghost, to: available - used), .ghost))
    }
    lines.append(input)
    let cursorColumn = promptWidth + beforeCursor

    // Suggestions and hints, as many as fit.
    let room = max(rows - 2, 0)
    if let suggestions {
      let query = suggestions.query
      let items = suggestions.items
      if items.isEmpty {
        lines.append([
          Frame.Span(
            Self.truncated("  no match for \(query.sourceText[query.range])", to: width),
            .dim)
        ])
      } else {
        let highlighted = suggestions.highlightedIndex ?? 0
        let count = min(items.count, Self.maximumRows, room)
        // Keep the highlighted row visible when fewer rows fit than there are items.
        let first = max(0, min(highlighted - count + 1, items.count - count))
        for offset in first..<(first + count) {
          lines.append(
            Self.row(
              for: items[offset], query: query,
              isHighlighted: offset == suggestions.highlightedIndex, width: width))
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
    return Frame(lines: lines, cursorRow: 0, cursorColumn: cursorColumn)
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

  /// One suggestion row: what the item is, how it is written, the matched part highlighted.
  nonisolated static func row(
    for item: MentionItem, query: MentionQuery, isHighlighted: Bool, width: Int
  ) -> Frame.Line {
    let base: Frame.Style = isHighlighted ? .selected : .plain
    let match: Frame.Style = isHighlighted ? .selectedMatch : .match
    var line: Frame.Line = [Frame.Span(isHighlighted ? "› " : "  ", base)]
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
      line += highlighted(item.displayText)
      line.append(Frame.Span("  ", base))
      line += highlighted(item.insertionText, prefix: "@")
    case Trigger.hashtag.name:
      line += highlighted(item.insertionText, prefix: "#")
    case Trigger.emoji.name:
      line.append(Frame.Span(item.insertionText + "  ", base))
      line += highlighted(item.displayText, prefix: ":")
      line.append(Frame.Span(":", base))
    case Trigger.command.name:
      line += highlighted(item.insertionText, prefix: "/")
      line.append(Frame.Span("  " + (item.metadata["summary"] ?? ""), isHighlighted ? base : .dim))
    default:
      line += highlighted(item.displayText)
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
