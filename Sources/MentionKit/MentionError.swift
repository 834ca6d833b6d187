/// The errors MentionKit reports.
///
/// Every error says what was wrong in its ``description``; none is fatal to the process.
public enum MentionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A cursor offset lies outside the text.
  case cursorOutOfBounds(offset: Int, utf16Count: Int)
  /// A `String.Index` cursor lies beyond the end of the text.
  case cursorIndexOutOfBounds
  /// The data source did not answer in the trigger's timeout.
  case timedOut(trigger: String, after: Duration)
  /// A callback data source called its completion more than once; the extra calls are ignored.
  case callbackCalledMoreThanOnce
  /// The data source failed; `message` is its error's description.
  case dataSourceFailed(trigger: String, message: String)
  /// An item was selected while no query was active.
  case noActiveQuery

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
    case .noActiveQuery:
      return "no completion is active: process text with a trigger at the cursor first"
    }
  }
}
