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
/// `unresolved` lists the unknown handles again, so they are never lost.
enum JSONLine {
  static func render(_ message: Message, mentionLimit: Int) -> String {
    let text = message.text
    var out = "{\"text\":"
    appendString(text, to: &out)
    out += ",\"entities\":["
    var unresolved: [String] = []
    for (offset, entity) in message.entities.enumerated() {
      if offset > 0 { out += "," }
      let range = entity.range(in: text) ?? text.endIndex..<text.endIndex
      let scalars = text.unicodeScalars
      let scalarStart = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
      let scalarEnd = scalarStart + scalars.distance(from: range.lowerBound, to: range.upperBound)
      let kind = entity.listSlug == nil ? entity.trigger.rawValue : "list"
      let written = String(text[range])
      out += "{\"kind\":"
      appendString(kind, to: &out)
      out += ",\"text\":"
      appendString(written, to: &out)
      out += ",\"value\":"
      appendString(entity.value + (entity.listSlug ?? ""), to: &out)
      out += ",\"utf16\":[\(entity.utf16Range.lowerBound),\(entity.utf16Range.upperBound)]"
      out += ",\"scalars\":[\(scalarStart),\(scalarEnd)]"
      out += ",\"resolution\":"
      switch entity.resolution {
      case .resolved(let item):
        out += "{\"status\":\"resolved\","
        appendItem(item, to: &out)
        out += "}"
      case .ambiguous(let items):
        out += "{\"status\":\"ambiguous\",\"candidates\":["
        for (index, item) in items.enumerated() {
          if index > 0 { out += "," }
          out += "{"
          appendItem(item, to: &out)
          out += "}"
        }
        out += "]}"
      case .unresolved where entity.trigger == .mention:
        out += "{\"status\":\"unresolved\"}"
        unresolved.append(written)
      case .skipped(.overMentionLimit):
        out += "{\"status\":\"over_limit\",\"limit\":\(mentionLimit)}"
      case .unresolved, .skipped, .pending:
        out += "{\"status\":\"none\"}"
      }
      out += "}"
    }
    out += "],\"unresolved\":["
    for (index, text) in unresolved.enumerated() {
      if index > 0 { out += "," }
      appendString(text, to: &out)
    }
    out += "]}"
    return out
  }

  private static func appendItem(_ item: MentionItem, to out: inout String) {
    out += "\"id\":"
    appendString(item.id, to: &out)
    out += ",\"handle\":"
    appendString(item.insertionText, to: &out)
    out += ",\"display_name\":"
    appendString(item.displayText, to: &out)
  }

  /// Appends a JSON string literal (ToolSupport's `JSONWriter`): non-ASCII text is written as
  /// UTF-8, control characters and line separators as escapes.
  static func appendString(_ text: String, to out: inout String) {
    JSONWriter.appendString(text, to: &out)
  }
}
