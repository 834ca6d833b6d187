/// Renders a resolved message to a chat platform's wire format, HTML, Markdown, or plain text.
///
/// Resolved mentions (kind ``ExtractedEntity/Kind-swift.struct/mention``) become user tokens
/// and resolved hashtags (``ExtractedEntity/Kind-swift.struct/hashtag``) channel tokens, with the
/// item's id; every other entity (unresolved, ambiguous, skipped, list mentions, cashtags,
/// custom kinds) is written as it was typed. All user text, names and ids included, is escaped
/// for the format (see ``WireFormat``), so a display name of `<script>` never comes out live;
/// display names also lose bidi overrides and control characters, so `U+202E` in a name cannot
/// reverse the text around it. An item whose id cannot be written safely (empty, or containing
/// whitespace, controls, a backtick, or one of `< > | & " ' \ ( ) [ ]`) is rendered as the text
/// typed.
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
/// The HTML form carries no `href`, so no `javascript:` URL can be produced; link the anchors
/// from their `data-id` in the client. ``WireParser`` reads every format but ``WireFormat/plain``
/// back.
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
  /// - Parameter message: A resolved message.
  /// - Returns: The message in the renderer's format.
  public func render(_ message: ResolvedMessage) -> String {
    var text = message.text
    let bytes = text.withUTF8 { p -> [UInt8] in
      var out: [UInt8] = []
      out.reserveCapacity(p.count + p.count / 8 + 32 * message.entities.count)
      var position = 0
      for resolved in message.entities {
        let range = resolved.entity.utf8Range
        guard range.lowerBound >= position, range.upperBound <= p.count else { continue }
        WireText.appendEscaped(p, position..<range.lowerBound, format: format, to: &out)
        if !appendToken(for: resolved, to: &out) {
          WireText.appendEscaped(p, range, format: format, to: &out)
        }
        position = range.upperBound
      }
      WireText.appendEscaped(p, position..<p.count, format: format, to: &out)
      return out
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The wire token of a resolved user or channel; `false` when the entity is written as typed.
  private func appendToken(for resolved: ResolvedEntity, to out: inout [UInt8]) -> Bool {
    guard format != .plain, case .resolved(let item) = resolved.resolution,
      WireText.isValidID(item.id)
    else { return false }
    let isChannel: Bool
    switch resolved.entity.kind {
    case .mention: isChannel = false
    case .hashtag: isChannel = true
    default: return false
    }
    switch format {
    case .slack:
      out += isChannel ? "<#".utf8 : "<@".utf8
      out += item.id.utf8
      if isChannel {
        let label = WireText.label(item.insertionText)
        if !label.isEmpty {
          out.append(UInt8(ascii: "|"))
          WireText.appendEscaped(label, format: .slack, to: &out)
        }
      }
      out.append(UInt8(ascii: ">"))
    case .discord:
      guard WireText.isDiscordID(item.id) else { return false }
      out += isChannel ? "<#".utf8 : "<@".utf8
      out += item.id.utf8
      out.append(UInt8(ascii: ">"))
    case .markdown:
      out += isChannel ? "[#".utf8 : "[@".utf8
      let label = WireText.label(isChannel ? item.insertionText : item.displayText)
      WireText.appendEscaped(label, format: .markdown, to: &out)
      out += isChannel ? "](channel:".utf8 : "](user:".utf8
      out += item.id.utf8
      out.append(UInt8(ascii: ")"))
    case .html:
      out +=
        isChannel ? #"<a class="channel" data-id=""#.utf8 : #"<a class="mention" data-id=""#.utf8
      WireText.appendEscaped(item.id, format: .html, to: &out)
      out += isChannel ? "\">#".utf8 : "\">@".utf8
      let label = WireText.label(isChannel ? item.insertionText : item.displayText)
      WireText.appendEscaped(label, format: .html, to: &out)
      out += "</a>".utf8
    case .plain:
      return false
    }
    return true
  }
}
