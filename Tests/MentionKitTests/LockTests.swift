import Testing

@testable import MentionKit

/// The library's lock. Under `swift test --sanitize=thread` these tests also prove that TSan
/// sees its happens-before edges: with `Synchronization.Mutex` in its place, the contended test
/// reports a (false) race on Linux and the run fails.
struct LockTests {
  @Test func guardsAValueUnderContention() async {
    let lock = Lock((count: 0, log: [Int]()))
    let tasks = 8
    let rounds = 5_000
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for round in 0..<rounds {
            lock.withLock { state in
              state.count += 1
              state.log.append(task &* rounds &+ round)
              if state.log.count > 64 { state.log.removeAll(keepingCapacity: true) }
            }
          }
        }
      }
    }
    #expect(lock.withLock { $0.count } == tasks * rounds)
  }

  @Test func returnsTheBodysResultAndRethrowsItsError() {
    struct Refused: Error {}
    let lock = Lock(41)
    #expect(
      lock.withLock { value -> Int in
        value += 1
        return value
      } == 42)
    #expect(throws: Refused.self) {
      try lock.withLock { (_: inout Int) throws(Refused) in throw Refused() }
    }
    #expect(lock.withLock { $0 } == 42)
  }
}
