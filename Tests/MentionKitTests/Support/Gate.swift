@testable import MentionKit

/// A one-shot gate: tasks wait until the test opens it.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Lock(State())

  func wait() async {
    await withCheckedContinuation { continuation in
      let openNow = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if openNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
