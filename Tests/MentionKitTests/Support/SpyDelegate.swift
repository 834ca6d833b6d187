import MentionKit

/// Records every delegate call, on the main actor, in order.
@MainActor
final class SpyDelegate: MentionManagerDelegate {
  enum Event: Equatable {
    case update(query: String, items: [String])
    case failure(query: String, message: String)
    /// The manager changed the text itself.
    case edit(text: String)
    /// The list closed.
    case end
  }

  private(set) var events: [Event] = []

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) {
    guard let suggestions else {
      events.append(.end)
      return
    }
    events.append(.update(query: suggestions.query.text, items: suggestions.items.map(\.id)))
  }

  func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery
  ) {
    events.append(.failure(query: query.text, message: "\(error)"))
  }

  func mentionManager(_ manager: MentionManager, didEdit draft: MessageDraft) {
    events.append(.edit(text: draft.text))
  }

  /// Waits (by yielding) until at least `count` events arrived.
  func waitForEvents(_ count: Int) async -> [Event] {
    for _ in 0..<100_000 where events.count < count { await Task.yield() }
    return events
  }
}
