import MentionKit

/// Renders a resolved message in one of the output formats.
///
/// Wire formats replace each resolved entity with its wire form and leave the others as typed
/// (nothing is dropped); `json` describes every entity.
protocol MessageFormatter: Sendable {
  func render(_ message: Message, as format: Options.Format, mentionLimit: Int) -> String
}

/// MentionKit's `WireFormat` for the wire formats, the app's `JSONLine` for json.
struct BasicFormatter: MessageFormatter {
  func render(_ message: Message, as format: Options.Format, mentionLimit: Int) -> String {
    guard format != .json, let wire = WireFormat(rawValue: format.rawValue) else {
      return JSONLine.render(message, mentionLimit: mentionLimit)
    }
    return wire.write(message)
  }
}
