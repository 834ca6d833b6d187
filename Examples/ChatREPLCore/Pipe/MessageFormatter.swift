import MentionKit

/// Renders an analysed message in one of the output formats.
///
/// Wire formats replace each resolved entity with its wire form and leave unresolved and
/// ambiguous ones as typed (nothing is dropped); `json` describes every entity.
protocol MessageFormatter: Sendable {
  func render(_ message: AnalyzedMessage, as format: Options.Format) -> String
}

/// The app's interim wire formats, until the library's renderer replaces them.
struct BasicFormatter: MessageFormatter {
  func render(_ message: AnalyzedMessage, as format: Options.Format) -> String {
    switch format {
    case .json: return JSONLine.render(message)
    case .plain: return message.text
    case .html: return renderPieces(message, escape: HTML.escape, wire: htmlWire)
    case .slack: return renderPieces(message, escape: slackEscape, wire: slackWire)
    case .discord: return renderPieces(message, escape: { String($0) }, wire: discordWire)
    case .markdown: return renderPieces(message, escape: { String($0) }, wire: markdownWire)
    }
  }

  private func renderPieces(
    _ message: AnalyzedMessage, escape: (Substring) -> String,
    wire: (AnalyzedMessage.Entity, MentionItem) -> String
  ) -> String {
    var output = ""
    var position = message.text.startIndex
    for entity in message.entities {
      output += escape(message.text[position..<entity.range.lowerBound])
      if case .resolved(let item) = entity.resolution {
        output += wire(entity, item)
      } else {
        output += escape(message.text[entity.range])
      }
      position = entity.range.upperBound
    }
    output += escape(message.text[position...])
    return output
  }

  private func slackEscape(_ text: Substring) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }

  private func slackWire(_ entity: AnalyzedMessage.Entity, _ item: MentionItem) -> String {
    entity.kind == .hashtag ? "<#\(item.id)|\(item.insertionText)>" : "<@\(item.id)>"
  }

  private func discordWire(_ entity: AnalyzedMessage.Entity, _ item: MentionItem) -> String {
    entity.kind == .hashtag ? "<#\(item.id)>" : "<@\(item.id)>"
  }

  private func markdownWire(_ entity: AnalyzedMessage.Entity, _ item: MentionItem) -> String {
    let label = entity.kind == .hashtag ? "#" + item.insertionText : "@" + item.displayText
    let scheme = entity.kind == .hashtag ? "channel" : "user"
    return "[\(label)](\(scheme):\(item.id))"
  }

  private func htmlWire(_ entity: AnalyzedMessage.Entity, _ item: MentionItem) -> String {
    let kind = entity.kind == .hashtag ? "channel" : "mention"
    let label = entity.kind == .hashtag ? "#" + item.insertionText : "@" + item.displayText
    return "<a class=\"\(kind)\" data-id=\"\(HTML.escape(item.id[...]))\">"
      + HTML.escape(label[...]) + "</a>"
  }
}

/// HTML escaping of user text.
enum HTML {
  static func escape(_ text: Substring) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
