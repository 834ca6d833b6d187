import MentionKit
import ToolSupport

/// One JSON object per message, keys in a fixed order so the output is deterministic:
///
/// ```json
/// {"text":"hi @jose","entities":[{"kind":"mention","text":"@jose","value":"jose",
///  "utf16":[3,8],"scalars":[3,8],"resolution":{"status":"resolved","id":"U1",
///  "handle":"jose","display_name":"José"}}],"unresolved":[]}
/// ```
///
/// Ranges are `[start, end)` offsets in UTF-16 code units and in Unicode scalars (code
/// points). `kind` is the entity's trigger (`mention`, `hashtag`, `cashtag`), or `list` for a
/// list mention (whose `value` is the owner's handle and the list's slug). `status` is
/// `resolved` (with the item), `ambiguous` (with every candidate), `unresolved`, `none` for a
/// hashtag that names no channel or an entity with no directory, or `over_limit` (with the
/// `limit`) for a mention past the per-message mention limit, which was not looked up.
/// `unresolved` lists the unknown handles again, so they are never lost. A mention that is not
/// plainly its item has an `audience` after its resolution: `group`, `silent` (`@_name`, a
/// quoted mention, a denied group) or `broadcast` (an allowed `@here`).
///
/// With a notification (always, from the app), two keys follow: `notify`, the ids of the users
/// to notify, each once, after groups, broadcasts, silent mentions, quotes and the policy; and
/// `excluded`, each mention that notifies nobody with its `reason` (`quoted`, `silent`,
/// `not_permitted`, `large_channel`):
///
/// ```json
/// …,"unresolved":[],"notify":["U1","U2"],"excluded":[{"text":"@_kim","reason":"silent"}]}
/// ```
enum JSONLine {
  /// The line for `message`, without a line end.
  static func render(_ message: Message, mentionLimit: Int) -> String {
    var out: [UInt8] = []
    render(message, mentionLimit: mentionLimit, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the line for `message` to `out` as UTF-8, without a line end.
  ///
  /// - Complexity: O(*n* + *e*) in the length of the text and of the entities' JSON: the
  ///   offsets are counted in one pass over the text, entities being in text order.
  static func render(
    _ message: Message, mentionLimit: Int, notification: MentionNotification? = nil,
    into out: inout [UInt8]
  ) {
    var text = message.text
    text.withUTF8 { bytes in
      render(
        message, bytes: bytes, mentionLimit: mentionLimit, notification: notification, into: &out)
    }
  }

  /// Appends the line of an edit's notification diff.
  static func renderDiff(_ diff: NotificationDiff, into out: inout [UInt8]) {
    out.append(#"{"added":"#)
    appendIDs(diff.added, to: &out)
    out.append(#","removed":"#)
    appendIDs(diff.removed, to: &out)
    out.append(#","kept":"#)
    appendIDs(diff.kept, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  private static func appendIDs(_ ids: [String], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "["))
    for (index, id) in ids.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONWriter.appendString(id, to: &out)
    }
    out.append(UInt8(ascii: "]"))
  }

  private static func render(
    _ message: Message, bytes: UnsafeBufferPointer<UInt8>, mentionLimit: Int,
    notification: MentionNotification?, into out: inout [UInt8]
  ) {
    out.append(#"{"text":""#)
    JSONWriter.appendEscaped(bytes, to: &out)
    out.append(#"","entities":["#)
    var unresolved: [Range<Int>] = []
    var allWritten: [Range<Int>] = []
    var cursor = OffsetCursor(bytes)
    for (offset, entity) in message.entities.enumerated() {
      if offset > 0 { out.append(UInt8(ascii: ",")) }
      let start = cursor.advance(toUTF16: entity.utf16Range.lowerBound)
      let end = cursor.advance(toUTF16: entity.utf16Range.upperBound)
      let written = start.byte..<max(start.byte, end.byte)
      if notification != nil { allWritten.append(written) }
      out.append(#"{"kind":""#)
      if entity.listSlug == nil {
        JSONWriter.appendEscaped(entity.trigger.rawValue, to: &out)
      } else {
        out.append("list")
      }
      out.append(#"","text":""#)
      JSONWriter.appendEscaped(UnsafeBufferPointer(rebasing: bytes[written]), to: &out)
      out.append(#"","value":""#)
      JSONWriter.appendEscaped(entity.value, to: &out)
      if let slug = entity.listSlug { JSONWriter.appendEscaped(slug, to: &out) }
      out.append(#"","utf16":["#)
      out.appendDecimal(entity.utf16Range.lowerBound)
      out.append(UInt8(ascii: ","))
      out.appendDecimal(entity.utf16Range.upperBound)
      out.append(#"],"scalars":["#)
      out.appendDecimal(start.scalar)
      out.append(UInt8(ascii: ","))
      out.appendDecimal(max(start.scalar, end.scalar))
      out.append(#"],"resolution":"#)
      switch entity.resolution {
      case .resolved(let item):
        out.append(#"{"status":"resolved","#)
        appendItem(item, to: &out)
        out.append(UInt8(ascii: "}"))
      case .ambiguous(let items):
        out.append(#"{"status":"ambiguous","candidates":["#)
        for (index, item) in items.enumerated() {
          out.append(index > 0 ? #",{"# : "{")
          appendItem(item, to: &out)
          out.append(UInt8(ascii: "}"))
        }
        out.append("]}")
      case .unresolved where entity.trigger == .mention:
        out.append(#"{"status":"unresolved"}"#)
        unresolved.append(written)
      case .skipped(.overMentionLimit):
        out.append(#"{"status":"over_limit","limit":"#)
        out.appendDecimal(mentionLimit)
        out.append(UInt8(ascii: "}"))
      case .unresolved, .skipped, .pending:
        out.append(#"{"status":"none"}"#)
      }
      switch entity.audience {
      case .direct: break
      case .silent: out.append(#","audience":"silent""#)
      case .group: out.append(#","audience":"group""#)
      case .broadcast: out.append(#","audience":"broadcast""#)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(#"],"unresolved":["#)
    for (index, range) in unresolved.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\""))
      JSONWriter.appendEscaped(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
      out.append(UInt8(ascii: "\""))
    }
    out.append(UInt8(ascii: "]"))
    if let notification {
      out.append(#","notify":"#)
      appendIDs(notification.recipients, to: &out)
      out.append(#","excluded":["#)
      for (index, exclusion) in notification.exclusions.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out.append(#"{"text":""#)
        JSONWriter.appendEscaped(
          UnsafeBufferPointer(rebasing: bytes[allWritten[exclusion.entityIndex]]), to: &out)
        out.append(#"","reason":""#)
        out.append(contentsOf: exclusion.reason.rawValue.utf8)
        out.append(#""}"#)
      }
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "}"))
  }

  private static func appendItem(_ item: MentionItem, to out: inout [UInt8]) {
    out.append(#""id":"#)
    JSONWriter.appendString(item.id, to: &out)
    out.append(#","handle":"#)
    JSONWriter.appendString(item.insertionText, to: &out)
    out.append(#","display_name":"#)
    JSONWriter.appendString(item.displayText, to: &out)
  }

  /// Appends a JSON string literal (ToolSupport's `JSONWriter`): non-ASCII text is written as
  /// UTF-8, control characters and line separators as escapes.
  static func appendString(_ text: String, to out: inout String) {
    JSONWriter.appendString(text, to: &out)
  }
}

extension [UInt8] {
  /// Appends the UTF-8 of ASCII text.
  fileprivate mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends an integer in decimal.
  fileprivate mutating func appendDecimal(_ value: Int) {
    let zero = UInt8(ascii: "0")
    switch value {
    case 0..<10:
      append(zero + UInt8(value))
    case 10..<100:
      append(zero + UInt8(value / 10))
      append(zero + UInt8(value % 10))
    case 100..<1000:
      append(zero + UInt8(value / 100))
      append(zero + UInt8(value / 10 % 10))
      append(zero + UInt8(value % 10))
    default:
      append(contentsOf: String(value).utf8)
    }
  }
}
