/// Hears about a ``MentionManager``'s suggestion list, its data source's failures, and the text
/// changes the manager makes itself.
///
/// Every method is `async` with an empty default, so implement only what you need. The manager
/// calls them on the actor it was created on (for UI code, the main actor); a `@MainActor`
/// class conforms with ordinary main-actor methods, and an `actor` with its own methods. The
/// requirements are `nonisolated(nonsending)`: they run on the caller's actor, so when the
/// delegate is isolated to the manager's actor the call starts without a suspension point in
/// between. Each call carries the manager's state as it is when the call is made, on that actor:
/// a list never answers a query older than the draft's, and several changes in a row may arrive
/// as one call.
///
/// ```swift
/// @MainActor final class Composer: MentionManagerDelegate {
///   func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) {
///     list.show(suggestions?.items ?? [], highlighted: suggestions?.highlightedIndex)
///   }
///   func mentionManager(_ manager: MentionManager, didEdit draft: MessageDraft) {
///     textView.text = draft.text
///   }
/// }
/// ```
public protocol MentionManagerDelegate: AnyObject, Sendable {
  /// The suggestion list changed: new results arrived, the highlight moved, or the list closed.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - suggestions: The list to show, or `nil` to hide it.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) async

  /// The data source failed or timed out for the active query. The query stays active: the
  /// next keystroke fetches again.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - error: The data source's error, or ``MentionError/timedOut(trigger:after:)``.
  ///   - query: The query that failed.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery)
    async

  /// The manager changed the text itself (an accepted suggestion, Tab's common-prefix
  /// completion): mirror the draft's text and selection in the text view.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - draft: The draft after the change.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didEdit draft: MessageDraft)
    async

  /// Something for a screen reader to say: the list opened with its count, the highlight
  /// moved, an item was inserted, or the list closed. Post ``MentionAnnouncement/text`` (or
  /// your own string for the value) as an accessibility announcement. Each change is announced
  /// once, in order, and never while an input method is composing text.
  ///
  /// - Parameters:
  ///   - manager: The manager.
  ///   - announcement: What to say.
  nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, announce announcement: MentionAnnouncement)
    async
}

extension MentionManagerDelegate {
  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didUpdate suggestions: MentionSuggestions?
  ) async {}

  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery
  ) async {}

  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, didEdit draft: MessageDraft
  ) async {}

  /// Does nothing.
  public nonisolated(nonsending) func mentionManager(
    _ manager: MentionManager, announce announcement: MentionAnnouncement
  ) async {}
}
