import MentionKit

/// Records every delegate call, on the main actor, in order.
@MainActor
final class SpyDelegate: MentionManagerDelegate {
  enum Event: Equatable {
    case update(query: String, items: [String])
    case failure(query: String, message: String)
    case complete(text: String)
    case end
  }

  private(set) var events: [Event] = []

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions) {
    events.append(.update(query: suggestions.query.text, items: suggestions.items.map(\.id)))
  }

  func mentionManager(
    _ manager: MentionManager, didFailWith error: any Error, for query: MentionQuery
  ) {
    events.append(.failure(query: query.text, message: "\(error)"))
  }

  func mentionManager(_ manager: MentionManager, didComplete replacement: MentionReplacement) {
    events.append(.complete(text: replacement.text))
  }

  func mentionManagerDidEndCompletion(_ manager: MentionManager) {
    events.append(.end)
  }

  /// Waits (by yielding) until at least `count` events arrived.
  func waitForEvents(_ count: Int) async -> [Event] {
    for _ in 0..<100_000 where events.count < count { await Task.yield() }
    return events
  }
}
