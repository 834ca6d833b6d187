/// The errors MentionKit reports.
///
/// Every error says what was wrong in its ``description``; none is fatal to the process.
public enum MentionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A cursor offset lies outside the text.
  case cursorOutOfBounds(utf16Offset: Int, utf16Count: Int)
  /// A `String.Index` cursor lies beyond the end of the text.
  case cursorIndexOutOfBounds
  /// The data source did not answer in the trigger's timeout.
  case timedOut(trigger: Trigger.Name, after: Duration)
  /// A callback data source called its completion more than once; the extra calls are ignored.
  case callbackCalledMoreThanOnce
  /// The data source failed; `message` is its error's description.
  case dataSourceFailed(trigger: Trigger.Name, message: String)
  /// A draft edit's range lies outside the text.
  case editOutOfBounds(utf16Range: Range<Int>, utf16Count: Int)
  /// A draft edit or selection ends inside a Unicode scalar: between the two halves of a
  /// surrogate pair, or inside a scalar's UTF-8 bytes. `utf16Offset` is where it ends (for a
  /// UTF-8 position, the start of the scalar it falls in).
  case splitsUnicodeScalar(utf16Offset: Int)
  /// A draft edit ends inside a grapheme cluster: between a letter and its combining mark,
  /// inside an emoji ZWJ sequence or a flag.
  case splitsGrapheme(utf16Offset: Int)
  /// An entity loaded into a draft does not fit its text.
  case invalidEntity(utf16Range: Range<Int>, reason: String)

  /// A sentence that says what was wrong.
  public var description: String {
    switch self {
    case .cursorOutOfBounds(let offset, let count):
      return "cursor offset \(offset) is outside the text (UTF-16 length \(count))"
    case .cursorIndexOutOfBounds:
      return "cursor index lies beyond the end of the text"
    case .timedOut(let trigger, let after):
      return "data source for trigger '\(trigger)' did not answer within \(after)"
    case .callbackCalledMoreThanOnce:
      return "data source callback was called more than once"
    case .dataSourceFailed(let trigger, let message):
      return "data source for trigger '\(trigger)' failed: \(message)"
    case .editOutOfBounds(let range, let count):
      return "edit of UTF-16 range \(range) is outside the text (UTF-16 length \(count))"
    case .splitsUnicodeScalar(let offset):
      return
        "UTF-16 offset \(offset) lies inside a Unicode scalar (a surrogate pair or UTF-8 bytes)"
    case .splitsGrapheme(let offset):
      return "UTF-16 offset \(offset) lies inside a grapheme cluster"
    case .invalidEntity(let range, let reason):
      return "entity at UTF-16 range \(range) does not fit the text: \(reason)"
    }
  }
}
