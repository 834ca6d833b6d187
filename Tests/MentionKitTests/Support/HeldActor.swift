@testable import MentionKit

/// An actor whose jobs wait in a queue until the test runs them, so work bound for it (a
/// manager's delegate delivery) is held at the hop onto it for as long as a test needs, with
/// no sleeps.
actor HeldActor {
  /// A serial executor that only queues jobs; ``runQueued()`` runs them on the caller's thread.
  final class Executor: SerialExecutor {
    private let queue = Lock<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      queue.withLock { $0.append(job) }
    }

    /// The number of jobs waiting.
    var queuedCount: Int { queue.withLock { $0.count } }

    /// Runs the waiting jobs, and the ones they queue in turn, until none is left.
    func runQueued() {
      while true {
        let jobs = queue.withLock { queue -> [UnownedJob] in
          defer { queue = [] }
          return queue
        }
        if jobs.isEmpty { return }
        for job in jobs { job.runSynchronously(on: asUnownedSerialExecutor()) }
      }
    }
  }

  nonisolated let executor = Executor()

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}
