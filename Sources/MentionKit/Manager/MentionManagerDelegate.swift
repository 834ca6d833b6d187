/// Receives a ``MentionManager``'s suggestions, errors and replacements.
///
/// Every method is `async` with an empty default, so implement only what you need. The manager
/// calls them on the actor it was created on (for UI code, the main actor); a `@MainActor`
/// class conforms with ordinary main-actor methods, and an `actor` with its own methods. The
/// requirements are `nonisolated(nonsending)`: they run on the caller's actor, so when the
/// delegate is isolated to the manager's actor the call starts without a suspension point in
/// between. A delegate only ever receives results for the latest query: freshness is checked on
/// that actor immediately before each call.
///
/// ```swift
/// @MainActor final class Composer: MentionManagerDelegate {
///   func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions) {
///     list.show(suggestions.items)
///   }
///   func mentionManager(_ manager: MentionManager, didComplete replacement: MentionReplacement) {
///     textView.text = replacement.text
///   }
/// }
/// ```
public protocol MentionManagerDelegate: AnyObject, Sendable {
  /// New suggestions for the active query.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - suggestions: The ranked items and the query they answer.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didUpdate suggestions: MentionSuggestions) async

  /// The data source failed or timed out for the active query. The session stays active: the
  /// next keystroke fetches again.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - error: The data source's error, or ``MentionError/timedOut(trigger:after:)``.
  ///   - query: The query that failed.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery)
    async

  /// An item was chosen: replace the whole text with the replacement's text.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - replacement: The new text, cursor and mention range.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didComplete replacement: MentionReplacement) async

  /// The completion session ended: the cursor left the query, the text no longer has it, an
  /// item was chosen, or the session was cancelled. Hide the suggestion list.
  ///
  /// - Parameter manager: The manager.
  nonisolated(nonsending) func mentionManagerDidEndCompletion(_ manager: MentionManager) async
}

extension MentionManagerDelegate {
  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didUpdate suggestions: MentionSuggestions
  )
    async
  {}

  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery
  ) async {}

  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didComplete replacement: MentionReplacement
  )
    async
  {}

  /// Does nothing.
  public nonisolated(nonsending) func mentionManagerDidEndCompletion(_ manager: MentionManager)
    async
  {}
}
