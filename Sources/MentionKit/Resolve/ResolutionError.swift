/// Why a message could not be resolved.
///
/// ``MentionResolver`` never crashes on a failing directory: it throws one of these (or
/// `CancellationError` when its task was cancelled).
public enum ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A directory threw; `message` is its error's description.
  case directoryFailed(trigger: Trigger.Name, handleCount: Int, message: String)
  /// ``MentionResolver/resolve(_:into:)`` needed a directory that cannot answer without
  /// suspending (its ``MentionDirectory/resolution(of:trigger:)`` returned `nil`); use the
  /// async ``MentionResolver/resolve(_:)-(String)``.
  case directoryNotSynchronous(trigger: Trigger.Name)

  /// A sentence that says what was wrong.
  public var description: String {
    switch self {
    case .directoryFailed(let trigger, let count, let message):
      return "the \(trigger) directory failed to look up \(count) handle(s): \(message)"
    case .directoryNotSynchronous(let trigger):
      return "the \(trigger) directory is not synchronous: resolve with the async API"
    }
  }
}
