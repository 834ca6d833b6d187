/// The tokens a wire format writes for users, channels, groups and broadcasts.
extension WireFormat {
  /// What an entity is written as.
  enum Token {
    case user(MentionItem)
    case channel(MentionItem)
    /// A user shown as a mention that notifies nobody.
    case silentUser(MentionItem)
    case group(MentionItem)
    /// A broadcast, by its case-folded word.
    case broadcast(String)
  }

  /// The broadcasts Slack writes as `<!word>` ("Formatting text for app surfaces").
  static let slackBroadcasts: Set<String> = ["here", "channel", "everyone"]
  /// The broadcasts Discord pings from the message content ("Message Formatting"); the reader
  /// and the escaping find them in bytes with `WireText.discordBroadcastLength`.
  static let discordBroadcasts: Set<String> = ["here", "everyone"]

  /// Whether Markdown and HTML write a broadcast of this word: 1–32 ASCII letters, digits,
  /// `_` or `-` (a host's own words, such as Zulip's `stream` and `topic`, included).
  static func isBroadcastWord(_ word: String) -> Bool {
    let utf8 = word.utf8
    return !utf8.isEmpty && utf8.count <= 32
      && utf8.allSatisfy {
        ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 || $0 == 0x5F || $0 == 0x2D
      }
  }

  /// The token of a mention whose audience is not ``MessageEntity/Audience/direct``, or `nil`
  /// to write it as typed.
  ///
  /// A broadcast's token is built from a fixed table of words, never from an id or a name, so
  /// directory data cannot make one. Slack has no mention that does not notify: a silent
  /// mention is written as typed there, and so is a mention the resolver skipped.
  func token(for entity: MessageEntity) -> Token? {
    guard entity.trigger == .mention, entity.listSlug == nil else { return nil }
    if case .skipped = entity.resolution { return nil }
    switch entity.audience {
    case .direct:
      return nil
    case .broadcast:
      let word = HandleKey(entity.value).rawValue
      switch self {
      case .slack: return Self.slackBroadcasts.contains(word) ? .broadcast(word) : nil
      case .discord: return Self.discordBroadcasts.contains(word) ? .broadcast(word) : nil
      case .markdown, .html: return Self.isBroadcastWord(word) ? .broadcast(word) : nil
      case .plain: return nil
      }
    case .group:
      guard let item = entity.item, canWriteToken(for: item) else { return nil }
      return .group(item)
    case .silent:
      guard self != .slack, let item = entity.item, canWriteToken(for: item) else { return nil }
      return .silentUser(item)
    }
  }

  /// Appends a token ``token(for:)`` or ``canWriteToken(for:)`` accepted.
  func appendToken(_ token: Token, to out: inout WireWriter) {
    switch token {
    case .user(let item): appendItemToken(item, kind: .user, to: &out)
    case .silentUser(let item): appendItemToken(item, kind: .silentUser, to: &out)
    case .channel(let item): appendItemToken(item, kind: .channel, to: &out)
    case .group(let item): appendItemToken(item, kind: .group, to: &out)
    case .broadcast(let word):
      switch self {
      case .slack:
        out.append("<!")
        out.append(word)
        out.append(UInt8(ascii: ">"))
      case .discord:
        out.append(UInt8(ascii: "@"))
        out.append(word)
      case .markdown:
        out.append("[@")
        WireText.appendEscaped(word, format: .markdown, to: &out)
        out.append("](broadcast:")
        out.append(word)
        out.append(UInt8(ascii: ")"))
      case .html:
        out.append(#"<a class="broadcast" data-id=""#)
        WireText.appendEscaped(word, format: .html, to: &out)
        out.append("\">@")
        WireText.appendEscaped(word, format: .html, to: &out)
        out.append("</a>")
      case .plain:
        break
      }
    }
  }

  /// A silent user's token differs from a user's in HTML only.
  private enum ItemKind { case user, silentUser, channel, group }

  /// Appends the token of a user, channel or group whose id the format accepts.
  private func appendItemToken(
    _ item: MentionItem, kind: ItemKind, to out: inout WireWriter
  ) {
    let isChannel = kind == .channel
    switch self {
    case .slack:
      switch kind {
      case .user, .silentUser: out.append("<@")
      case .channel: out.append("<#")
      case .group: out.append("<!subteam^")
      }
      out.append(item.id)
      if isChannel {
        let label = WireText.label(item.insertionText)
        if !label.isEmpty {
          out.append(UInt8(ascii: "|"))
          WireText.appendEscaped(label, format: .slack, to: &out)
        }
      }
      out.append(UInt8(ascii: ">"))
    case .discord:
      switch kind {
      case .user, .silentUser: out.append("<@")
      case .channel: out.append("<#")
      case .group: out.append("<@&")
      }
      out.append(item.id)
      out.append(UInt8(ascii: ">"))
    case .markdown:
      out.append(isChannel ? "[#" : "[@")
      let label = WireText.label(isChannel ? item.insertionText : item.displayText)
      WireText.appendEscaped(label, format: .markdown, to: &out)
      switch kind {
      case .user, .silentUser: out.append("](user:")
      case .channel: out.append("](channel:")
      case .group: out.append("](group:")
      }
      out.append(item.id)
      out.append(UInt8(ascii: ")"))
    case .html:
      switch kind {
      case .user: out.append(#"<a class="mention" data-id=""#)
      case .silentUser: out.append(#"<a class="mention silent" data-id=""#)
      case .channel: out.append(#"<a class="channel" data-id=""#)
      case .group: out.append(#"<a class="group" data-id=""#)
      }
      WireText.appendEscaped(item.id, format: .html, to: &out)
      out.append(isChannel ? "\">#" : "\">@")
      let label = WireText.label(isChannel ? item.insertionText : item.displayText)
      WireText.appendEscaped(label, format: .html, to: &out)
      out.append("</a>")
    case .plain:
      break
    }
  }
}
