import MentionKit

/// Renders a resolved message in one of the output formats.
///
/// Wire formats replace each resolved entity with its wire form and leave the others as typed
/// (nothing is dropped); `json` describes every entity.
protocol MessageFormatter: Sendable {
  func render(_ message: Message, as format: Options.Format, mentionLimit: Int) -> String
  /// Appends the rendering to `output` as UTF-8: what pipe mode calls, so that a formatter can
  /// write its bytes straight into the output buffer.
  func render(
    _ message: Message, as format: Options.Format, mentionLimit: Int, into output: inout [UInt8])
}

extension MessageFormatter {
  func render(
    _ message: Message, as format: Options.Format, mentionLimit: Int, into output: inout [UInt8]
  ) {
    output.append(contentsOf: render(message, as: format, mentionLimit: mentionLimit).utf8)
  }
}

/// MentionKit's `WireFormat` for the wire formats, the app's `JSONLine` for json.
struct BasicFormatter: MessageFormatter {
  func render(_ message: Message, as format: Options.Format, mentionLimit: Int) -> String {
    guard format != .json, let wire = WireFormat(rawValue: format.rawValue) else {
      return JSONLine.render(message, mentionLimit: mentionLimit)
    }
    return wire.write(message)
  }

  func render(
    _ message: Message, as format: Options.Format, mentionLimit: Int, into output: inout [UInt8]
  ) {
    guard format == .json else {
      return output.append(contentsOf: render(message, as: format, mentionLimit: mentionLimit).utf8)
    }
    JSONLine.render(message, mentionLimit: mentionLimit, into: &output)
  }
}
