import Testing

@testable import MentionKit

extension MentionManager {
  /// Waits (by yielding) until no fetch or delegate call is in flight, so every answer to the
  /// edits so far has been stored and delivered.
  @MainActor func settle() async {
    for _ in 0..<1_000_000 {
      if liveTasks.value == 0 { return }
      await Task.yield()
    }
    Issue.record("the manager did not settle")
  }
}
