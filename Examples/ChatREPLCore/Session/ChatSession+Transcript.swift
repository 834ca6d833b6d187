import MentionKit

extension ChatSession {
  // MARK: Sending

  /// Sends the line: a command runs; a message goes to the transcript with its wire form.
  func send() -> [Effect] {
    guard !editor.text.allSatisfy(\.isWhitespace) else { return [] }
    let message = editor.commit()
    if message.text.hasPrefix("/") { return runCommand(message.text) }
    let analyzed = Self.analyzed(message, analyzer: analyzer)
    return [
      .print(
        Self.transcriptLines(
          for: analyzed, format: format, formatter: formatter,
          mentionLimit: analyzer.mentionLimit))
    ]
  }

  /// A composed message as the transcript and the wire form see it: the mentions the manager
  /// kept as entities resolve to the item that was chosen (whatever the handle table would
  /// say); the rest of the text is extracted and resolved as pipe mode does.
  ///
  /// - Parameters:
  ///   - message: The sent text and its entities.
  ///   - analyzer: Extraction and resolution for the text typed by hand.
  nonisolated static func analyzed(_ message: Message, analyzer: any MessageAnalyzer)
    -> Message
  {
    var analyzed = analyzer.analyze(message.text)
    var kept: [MessageEntity] = []
    for entity in message.entities {
      guard entity.trigger == .mention || entity.trigger == .hashtag, let item = entity.item
      else { continue }
      kept.append(
        MessageEntity(
          trigger: entity.trigger, utf16Range: entity.utf16Range, value: entity.value,
          resolution: .resolved(item)))
    }
    guard !kept.isEmpty else { return analyzed }
    analyzed.entities.removeAll { extracted in
      kept.contains { $0.utf16Range.overlaps(extracted.utf16Range) }
    }
    analyzed.entities += kept
    analyzed.entities.sort { $0.utf16Range.lowerBound < $1.utf16Range.lowerBound }
    return analyzed
  }
  /// The transcript for a sent message: the text with its mentions highlighted, and the wire
  /// form under it.
  nonisolated static func transcriptLines(
    for message: Message, format: Options.Format, formatter: any MessageFormatter,
    mentionLimit: Int
  ) -> [Frame.Line] {
    var line: Frame.Line = [Frame.Span("you", .emphasis), Frame.Span(": ")]
    var position = message.text.startIndex
    var unknown: [String] = []
    for entity in message.entities {
      guard let range = entity.range(in: message.text), range.lowerBound >= position else {
        continue
      }
      line.append(Frame.Span(String(message.text[position..<range.lowerBound])))
      let text = String(message.text[range])
      let style: Frame.Style
      switch entity.resolution {
      case .resolved: style = entity.trigger == .hashtag ? .channel : .mention
      case .unresolved where entity.trigger == .mention, .ambiguous:
        style = .error
        unknown.append(text)
      case .skipped(.overMentionLimit): style = .error
      case .unresolved, .skipped, .pending: style = .channel
      }
      line.append(Frame.Span(text, style))
      position = range.upperBound
    }
    line.append(Frame.Span(String(message.text[position...])))
    let wire: Frame.Line = [
      Frame.Span("  ↳ \(format.rawValue): ", .dim),
      Frame.Span(formatter.render(message, as: format, mentionLimit: mentionLimit), .dim),
    ]
    var lines = [line, wire]
    if !unknown.isEmpty {
      lines.append([
        Frame.Span("  ↳ not in the directory: ", .dim),
        Frame.Span(unknown.joined(separator: ", "), .error),
      ])
    }
    return lines
  }

  private func runCommand(_ text: String) -> [Effect] {
    let words = text.dropFirst().split(separator: " ")
    let name = words.first.map(String.init) ?? ""
    switch Command(rawValue: name) {
    case .help:
      return [.print(Self.helpLines(width: max(columns - 1, 1)))]
    case .quit:
      return [.quit]
    case .users:
      return [.print([[Frame.Span(directorySummary)]])]
    case .format:
      guard let argument = words.dropFirst().first else {
        return [.print([[Frame.Span("wire format: \(format.rawValue)")]])]
      }
      guard let format = Options.Format(rawValue: String(argument)), format != .json else {
        return [
          .print([
            [
              Frame.Span(
                "unknown format '\(argument)': use slack, discord, markdown, html or plain",
                .error)
            ]
          ])
        ]
      }
      self.format = format
      return [.print([[Frame.Span("wire format: \(format.rawValue)")]])]
    case nil:
      return [.print([[Frame.Span("unknown command /\(name): try /help", .error)]])]
    }
  }
}
