/// Why a message could not be resolved.
///
/// ``MentionResolver`` never crashes on a failing directory: it throws one of these (or
/// `CancellationError` when its task was cancelled).
public enum ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A directory threw; `message` is its error's description.
  case directoryFailed(kind: ExtractedEntity.Kind, handleCount: Int, message: String)
  /// ``MentionResolver/resolveSynchronously(_:entities:)`` needed a directory that is not a
  /// ``SynchronousMentionDirectory``; use the async ``MentionResolver/resolve(_:entities:)``.
  case directoryNotSynchronous(kind: ExtractedEntity.Kind)

  /// A sentence that says what was wrong.
  public var description: String {
    switch self {
    case .directoryFailed(let kind, let count, let message):
      return "the \(kind) directory failed to look up \(count) handle(s): \(message)"
    case .directoryNotSynchronous(let kind):
      return "the \(kind) directory is not synchronous: resolve with the async API"
    }
  }
}
