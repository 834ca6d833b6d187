import MentionKit

/// Renders an analysed message in one of the output formats.
///
/// Wire formats replace each resolved entity with its wire form and leave unresolved and
/// ambiguous ones as typed (nothing is dropped); `json` describes every entity.
protocol MessageFormatter: Sendable {
  func render(_ message: AnalyzedMessage, as format: Options.Format) -> String
}

/// MentionKit's `MessageRenderer` for the wire formats, the app's `JSONLine` for json.
struct BasicFormatter: MessageFormatter {
  func render(_ message: AnalyzedMessage, as format: Options.Format) -> String {
    guard format != .json, let wire = WireFormat(rawValue: format.rawValue) else {
      return JSONLine.render(message)
    }
    return MessageRenderer(format: wire).render(message.resolvedMessage)
  }
}
