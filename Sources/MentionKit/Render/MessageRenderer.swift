/// Renders a resolved message to a chat platform's wire format, HTML, Markdown, or plain text.
///
/// Resolved mentions (kind ``ExtractedEntity/Kind-swift.struct/mention``) become user tokens
/// and resolved hashtags (``ExtractedEntity/Kind-swift.struct/hashtag``) channel tokens, with the
/// item's id; every other entity (unresolved, ambiguous, skipped, list mentions, cashtags,
/// custom kinds) is written as it was typed. All user text, names and ids included, is escaped
/// for the format (see ``WireFormat``), so a display name of `<script>` never comes out live;
/// display names also lose bidi overrides and control characters, so `U+202E` in a name cannot
/// reverse the text around it. An item whose id the format does not accept is rendered as the
/// text typed: in Discord any id but a snowflake (1–20 ASCII digits, so no id can spell
/// `<@here>`), elsewhere an empty id or one containing whitespace, controls, a backtick, or one
/// of `< > | & " ' \ ( ) [ ]`.
///
/// ```swift
/// let message = try resolver.resolveSynchronously(text, entities: extractor.entities(in: text))
/// // text: "hi @jose & #general"
/// MessageRenderer(format: .slack).render(message)
/// // "hi <@U1> &amp; <#C1|general>"
/// MessageRenderer(format: .html).render(message)
/// // "hi <a class=\"mention\" data-id=\"U1\">@José</a> &amp; <a class=\"channel\" …"
/// ```
///
/// The HTML form carries no `href`, so no `javascript:` URL can be produced. A client that
/// links the anchors must build the URL from `data-id` (percent-encoded into a URL of its own),
/// never copy it into `href`: an id may be `javascript:x`. ``WireParser`` reads every format
/// but ``WireFormat/plain`` back.
///
/// - Complexity: O(*n*) in the length of the message and the names written.
public struct MessageRenderer: Sendable, Hashable {
  /// The format written.
  public var format: WireFormat

  /// Creates a renderer.
  ///
  /// - Parameter format: The format to write.
  public init(format: WireFormat) {
    self.format = format
  }

  /// Renders a message.
  ///
  /// Entities are placed by their ``ExtractedEntity/utf8Range``; one that overlaps the previous
  /// entity or lies outside the text is skipped, and its text is written as text.
  ///
  /// A message that the format leaves as it is (no token and nothing to escape, or any message
  /// in ``WireFormat/plain``) comes back as `message.text` itself; others are written once,
  /// into stack memory for ordinary sizes.
  ///
  /// - Parameter message: A resolved message.
  /// - Returns: The message in the renderer's format.
  public func render(_ message: ResolvedMessage) -> String {
    message.entities.withUnsafeBufferPointer { entities in
      render(message.text, count: entities.count) { index in
        entities[index].entity.utf8Range
      } token: { index in
        guard case .resolved(let item) = entities[index].resolution,
          let isChannel = Self.isChannel(entities[index].entity.kind)
        else { return nil }
        return (item, isChannel)
      }
    }
  }

  /// Renders a message resolved into reusable storage: the same text that
  /// ``render(_:)-(ResolvedMessage)`` gives for ``ResolvedEntities/message``, read from the
  /// storage without building its entities.
  ///
  /// - Parameter resolved: A message from ``MentionResolver/resolveSynchronously(_:using:into:)``.
  /// - Returns: The message in the renderer's format.
  public func render(_ resolved: ResolvedEntities) -> String {
    resolved.withStorage { records, kinds, resolutions in
      render(resolved.text, count: records.count) { index in
        records[index].raw.start..<records[index].raw.end
      } token: { index in
        guard case .resolved(let item) = resolutions[index],
          let isChannel = Self.isChannel(kinds[records[index].raw.kind])
        else { return nil }
        return (item, isChannel)
      }
    }
  }

  /// Messages up to this many bytes are rendered into a stack buffer of ``stackBufferSize``
  /// bytes (which moves to the heap if tokens and escapes outgrow it); longer ones into the heap.
  static let stackThreshold = 512
  static let stackBufferSize = 1024

  /// Renders `text` with `count` entities: `range(i)` is the UTF-8 range of entity `i`, and
  /// `token(i)` its resolved item and whether it is a channel, or `nil` when it is written as
  /// typed.
  @inline(__always)
  private func render(
    _ text: String, count: Int, range: (Int) -> Range<Int>,
    token: (Int) -> (item: MentionItem, isChannel: Bool)?
  ) -> String {
    if format == .plain { return text }
    return UTF8Scanning.withUTF8(text) { p in
      if p.count > Self.stackThreshold {
        var out = WireWriter(capacity: p.count + p.count / 8 + 32 * count)
        defer { out.release() }
        return write(p, count: count, range: range, token: token, to: &out)
          ? out.makeString() : text
      }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackBufferSize) {
        var out = WireWriter(buffer: $0)
        defer { out.release() }
        return write(p, count: count, range: range, token: token, to: &out)
          ? out.makeString() : text
      }
    }
  }

  /// Writes the rendered message to `out`; `false` when it is the text unchanged (then `out`
  /// may hold a prefix of it).
  @inline(__always)
  private func write(
    _ p: UnsafeBufferPointer<UInt8>, count: Int, range: (Int) -> Range<Int>,
    token: (Int) -> (item: MentionItem, isChannel: Bool)?, to out: inout WireWriter
  ) -> Bool {
    // Bytes from `pending` on are unchanged and not yet written; nothing is written until the
    // first escape or token. The text between two tokens (entities written as typed
    // included) is escaped as one stretch, so an entity's edge cannot hide a Discord
    // `@everyone`.
    var pending = 0
    var position = 0
    var taken = 0
    for index in 0..<count {
      let range = range(index)
      guard range.lowerBound >= taken, range.upperBound <= p.count else { continue }
      taken = range.upperBound
      guard let (item, isChannel) = token(index), canWriteToken(for: item) else { continue }
      WireText.escape(
        p, position..<range.lowerBound, format: format, atLineStart: position == 0,
        pending: &pending, to: &out)
      // Markdown: `!` right before a link would make it an image.
      if format == .markdown, range.lowerBound > position,
        p[range.lowerBound - 1] == UInt8(ascii: "!")
      {
        out.append(p, pending..<range.lowerBound - 1)
        out.append(UInt8(ascii: "\\"))
        pending = range.lowerBound - 1
      }
      out.append(p, pending..<range.lowerBound)
      appendToken(for: item, isChannel: isChannel, to: &out)
      pending = range.upperBound
      position = range.upperBound
    }
    WireText.escape(
      p, position..<p.count, format: format, atLineStart: position == 0, pending: &pending,
      to: &out)
    // Every escape and token writes something.
    guard out.count > 0 else { return false }
    out.append(p, pending..<p.count)
    return true
  }

  /// `false` for a user token, `true` for a channel token, `nil` for other kinds.
  @inline(__always)
  private static func isChannel(_ kind: ExtractedEntity.Kind) -> Bool? {
    switch kind {
    case .mention: false
    case .hashtag: true
    default: nil
    }
  }

  /// Whether a resolved item is written as a token (else as the text typed).
  private func canWriteToken(for item: MentionItem) -> Bool {
    switch format {
    case .plain: false
    case .discord: WireText.isValidID(item.id) && WireText.isDiscordID(item.id)
    case .slack, .markdown, .html: WireText.isValidID(item.id)
    }
  }

  /// Appends the wire token of a resolved user or channel, one ``canWriteToken(for:)`` accepts.
  private func appendToken(for item: MentionItem, isChannel: Bool, to out: inout WireWriter) {
    switch format {
    case .slack:
      out.append(isChannel ? "<#" : "<@")
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
      out.append(isChannel ? "<#" : "<@")
      out.append(item.id)
      out.append(UInt8(ascii: ">"))
    case .markdown:
      out.append(isChannel ? "[#" : "[@")
      let label = WireText.label(isChannel ? item.insertionText : item.displayText)
      WireText.appendEscaped(label, format: .markdown, to: &out)
      out.append(isChannel ? "](channel:" : "](user:")
      out.append(item.id)
      out.append(UInt8(ascii: ")"))
    case .html:
      out.append(isChannel ? #"<a class="channel" data-id=""# : #"<a class="mention" data-id=""#)
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
