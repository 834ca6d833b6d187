import MentionKit

extension ChatSession {
  // MARK: Sending

  /// Sends the line: a command runs; a message goes to the transcript with its wire form.
  func send() -> [Effect] {
    guard !editor.text.allSatisfy(\.isWhitespace) else { return [] }
    let message = editor.commit()
    if message.text.hasPrefix("/") { return runCommand(message.text) }
    var analyzed = Self.analyzed(message, analyzer: analyzer)
    var notification: MentionNotification?
    if let notifier {
      notification = notifier.notify(analyzed)
      analyzed = notification?.message ?? analyzed
    }
    var lines = Self.transcriptLines(
      for: analyzed, format: format, formatter: formatter, mentionLimit: analyzer.mentionLimit,
      isBroadcast: { [notifier] in notifier?.isBroadcast($0) == true })
    if let notification, let line = notifyLine(for: notification) { lines.append(line) }
    return [.print(lines)]
  }

  /// The dim line under a sent message that says whom it notifies (`→ notifies ana, bo`; more
  /// than five as a count) and which mentions notify nobody, and why; `nil` when the message
  /// mentions nobody.
  func notifyLine(for notification: MentionNotification) -> Frame.Line? {
    var parts: [String] = []
    let recipients = notification.recipients
    if recipients.count > 5 {
      parts.append("notifies \(grouped(recipients.count)) people")
    } else if !recipients.isEmpty {
      let wanted = Set(recipients)
      var handles: [String: String] = [:]
      for user in users where wanted.contains(user.id) && handles[user.id] == nil {
        handles[user.id] = user.insertionText
      }
      parts.append("notifies " + recipients.map { handles[$0] ?? $0 }.joined(separator: ", "))
    }
    let text = notification.message.text
    for exclusion in notification.exclusions {
      let entity = notification.message.entities[exclusion.entityIndex]
      let written = entity.range(in: text).map { String(text[$0]) } ?? entity.value
      parts.append("\(written): \(exclusion.reason)")
    }
    guard !parts.isEmpty else { return nil }
    return [Frame.Span("  → " + parts.joined(separator: "; "), .dim)]
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
      var resolved = MessageEntity(
        trigger: entity.trigger, utf16Range: entity.utf16Range, value: entity.value,
        resolution: .resolved(item))
      // The audience the resolver gives the same mention (a group), else the composer's.
      resolved.audience =
        analyzed.entities.first {
          $0.utf16Range == entity.utf16Range && $0.item?.id == item.id
        }?.audience ?? entity.audience
      kept.append(resolved)
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
  /// form under it. A broadcast word (`isBroadcast`) is never listed as not in the directory.
  nonisolated static func transcriptLines(
    for message: Message, format: Options.Format, formatter: any MessageFormatter,
    mentionLimit: Int, isBroadcast: (MessageEntity) -> Bool = { _ in false }
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
      case .unresolved where entity.trigger == .mention && isBroadcast(entity):
        style = .error
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
