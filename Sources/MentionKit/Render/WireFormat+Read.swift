extension WireFormat {
  /// Reads a message written in this format back into its text and user and channel entities.
  ///
  /// The reader takes what ``write(_:)`` writes, plus the common variants of each platform
  /// (Slack's `<@U1|name>`, Discord's legacy `<@!1>`), and undoes the format's escaping. It is
  /// total: anything it does not recognise as a token (a Slack link or `<!date…>`, an unknown
  /// HTML tag or entity, an unterminated `<@U1`, a token whose id is empty or holds a forbidden
  /// character) is kept as text, exactly as written, so it has no error to throw. It runs in
  /// linear time on any input.
  ///
  /// Groups (Slack `<!subteam^ID>`, Discord `<@&ID>`, Markdown `group:`, HTML `class="group"`)
  /// read as mentions with the audience ``MessageEntity/Audience/group``; broadcasts (Slack
  /// `<!here>`, `<!channel>`, `<!everyone>`, Discord `@here` and `@everyone` that no backslash
  /// escapes, Markdown `broadcast:`, HTML `class="broadcast"`) as unresolved mentions of the
  /// word with the audience ``MessageEntity/Audience/broadcast``; HTML's `class="mention silent"`
  /// as ``MessageEntity/Audience/silent``.
  ///
  /// Each token becomes text in the message: the sign and the label the token carried
  /// (`@Ana Lima`, `#general`), or the sign and the id when it carried none (Slack's `<@U1>`
  /// reads as `@U1`). Its entity is a ``Trigger/Name/mention`` (user) or
  /// ``Trigger/Name/hashtag`` (channel) whose ``MessageEntity/value`` is that label or id, and
  /// whose resolution is ``MessageEntity/Resolution/resolved(_:)`` with an item that carries
  /// the token's id and, as its ``MentionItem/insertionText``, the same label or id: the wire
  /// text holds no more of the item, so look it up by id for the rest.
  ///
  /// ```swift
  /// let message = WireFormat.slack.read("hi <@U1> in <#C1|general> &amp; more")
  /// message.text                          // "hi @U1 in #general & more"
  /// message.entities.map(\.item?.id)      // ["U1", "C1"]
  /// message.entities.map(\.utf16Range)    // [3..<6, 10..<18]
  /// ```
  ///
  /// Round trip: for a message whose resolved users and channels have ids ``write(_:)`` can
  /// write, `read(write(message))` gives back those entities, in order, with their ids, and
  /// the text between them unchanged. ``plain`` has no tokens: its text comes back as is, with
  /// no entities.
  ///
  /// - Parameter wire: Text in this format.
  /// - Returns: The unescaped text and its entities.
  /// - Complexity: O(*n*) in the length of the wire text.
  public func read(_ wire: String) -> Message {
    guard self != .plain else { return Message(text: wire) }
    var storage = wire
    let (bytes, spans) = storage.withUTF8 { p in
      var reader = WireReader(p: p, format: self)
      reader.run()
      return (reader.out, reader.spans)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return Message(text: text, entities: Self.entities(spans, bytes))
  }

  /// Turns byte-offset spans into entities with UTF-16 ranges.
  private static func entities(_ spans: [WireReader.Span], _ bytes: [UInt8]) -> [MessageEntity] {
    var result: [MessageEntity] = []
    var position = 0
    var utf16 = 0
    func advance(to offset: Int) {
      while position < offset {
        let byte = bytes[position]
        if byte & 0xC0 != 0x80 { utf16 += byte >= 0xF0 ? 2 : 1 }
        position += 1
      }
    }
    for span in spans {
      advance(to: span.start)
      let utf16Start = utf16
      advance(to: span.end)
      let value = span.label ?? span.id
      var entity = MessageEntity(
        trigger: span.isChannel ? .hashtag : .mention, utf16Range: utf16Start..<utf16,
        value: value,
        // A broadcast names no item.
        resolution: span.audience == .broadcast
          ? .unresolved : .resolved(MentionItem(id: span.id, insertionText: value)))
      entity.audience = span.audience
      result.append(entity)
    }
    return result
  }
}
