import Foundation
import Logging
import MentionKit
import MentionStore
import PostgresNIO
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension PostgresIntegration {
  /// Replicas load the table, follow changes, and survive losing the database.
  @Suite struct ReplicaTests {
    /// A deterministic generator, so a failure replays.
    struct Generator: RandomNumberGenerator {
      var state: UInt64
      mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }
    }

    /// Inserts, renames (handle and name), rescorings and deletes, on ids shared with the other
    /// writers so they race.
    static func write(
      _ directory: PostgresDirectory, seed: UInt64, operations: Int, ids: Range<Int>
    ) async throws {
      var random = Generator(state: seed)
      for step in 0..<operations {
        let id = "W\(Int.random(in: ids, using: &random))"
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
          try await directory.upsert([
            MentionItem(
              id: id, insertionText: "w\(seed)_\(step)", displayText: "Writer \(seed) Step \(step)",
              score: Double(Int.random(in: 0..<3, using: &random)))
          ])
        case 5..<8:
          try await directory.upsert(
            (0..<3).map { n in
              MentionItem(
                id: "W\(Int.random(in: ids, using: &random))",
                insertionText: "b\(seed)_\(step)_\(n)",
                displayText: "Batch \(n)")
            })
        default:
          try await directory.remove(ids: [id])
        }
      }
    }

    /// The replica holds exactly the table: the same users, in the same order for an empty
    /// query (score, then insertion order), and the same answers as SQL for some prefixes.
    static func expectSame(
      _ replica: DirectoryReplica, as directory: PostgresDirectory, database: TestDatabase,
      _ comment: Comment
    ) async throws {
      let total = try await database.count("SELECT count(*) FROM users")
      let index = try #require(replica.index)
      #expect(index.count == total, comment)
      let all = try await directory.matches(for: "", limit: total + 1).map(\.item)
      #expect(index.matches(for: "", limit: total + 1).map(\.item) == all, comment)
      for query in ["w", "b1", "writer 2", "batch 1", "seed", "w3_1"] {
        let expected = try await directory.matches(for: query, limit: 20).map(\.item.id)
        let literal = index.matches(for: query, limit: 20).filter { $0.route == .literal }
        #expect(literal.map(\.item.id) == expected, comment)
      }
    }

    static func caughtUp(_ replica: DirectoryReplica, _ database: TestDatabase) async throws
      -> Bool
    {
      let last = try await database.count("SELECT coalesce(max(seq), 0) FROM user_changes")
      return try await eventually { replica.status.position == Int64(last) }
    }

    @Test func twoReplicasConvergeAfterConcurrentWrites() async throws {
      try await TestDatabase.with { database, client in
        let directory = PostgresDirectory(client: client, logger: TestDatabase.logger)
        try await directory.upsert(
          (0..<200).map { MentionItem(id: "W\($0)", insertionText: "seed\($0)") })
        let replicas = (0..<2).map { _ in
          DirectoryReplica(
            configuration: database.settings.connectionConfiguration, logger: TestDatabase.logger)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
          for replica in replicas { group.addTask { try await replica.run() } }
          for replica in replicas {
            #expect(try await eventually { replica.status.isFollowing })
            #expect(replica.status.userCount == 200)
          }
          try await withThrowingTaskGroup(of: Void.self) { writers in
            for seed in 1...3 {
              writers.addTask {
                try await Self.write(directory, seed: UInt64(seed), operations: 60, ids: 0..<300)
              }
            }
            try await writers.waitForAll()
          }
          for (number, replica) in replicas.enumerated() {
            #expect(try await Self.caughtUp(replica, database))
            try await Self.expectSame(
              replica, as: directory, database: database, "replica \(number)")
          }
          group.cancelAll()
        }
      }
    }

    @Test func aReplicaWhoseConnectionIsKilledCatchesUp() async throws {
      try await TestDatabase.with { database, client in
        let directory = PostgresDirectory(client: client, logger: TestDatabase.logger)
        try await directory.upsert(
          (0..<100).map { MentionItem(id: "W\($0)", insertionText: "seed\($0)") })
        let replica = DirectoryReplica(
          configuration: database.settings.connectionConfiguration, logger: TestDatabase.logger,
          maximumRetryDelay: .milliseconds(200), stallTimeout: .seconds(3),
          applicationName: "replica-under-test")
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask { try await replica.run() }
          #expect(try await eventually { replica.status.isFollowing })
          var killed = 0
          try await withThrowingTaskGroup(of: Void.self) { writers in
            writers.addTask {
              try await Self.write(directory, seed: 7, operations: 150, ids: 0..<150)
            }
            // Kill the replica's connection three times while the writes go on.
            for _ in 0..<3 {
              try await Task.sleep(for: .milliseconds(150))
              killed += try await database.terminate(applicationName: "replica-under-test")
            }
            try await writers.waitForAll()
          }
          #expect(killed >= 1)
          #expect(try await Self.caughtUp(replica, database))
          #expect(replica.status.connections >= 2, "the replica reconnected")
          try await Self.expectSame(replica, as: directory, database: database, "after kills")
          group.cancelAll()
        }
      }
    }

    /// `MENTIONKIT_POSTGRES_CTL restart` (from with-postgres) restarts the server under a
    /// replica: it keeps answering from memory, reconnects, and applies what changed meanwhile.
    @Test(
      .enabled(
        if: TestDatabase.environment["MENTIONKIT_POSTGRES_CTL"] != nil,
        "needs with-postgres's MENTIONKIT_POSTGRES_CTL to restart the server"))
    func postgresRestartsUnderARunningReplica() async throws {
      let control = try #require(TestDatabase.environment["MENTIONKIT_POSTGRES_CTL"])
      try await TestDatabase.with { database, client in
        let directory = PostgresDirectory(client: client, logger: TestDatabase.logger)
        try await directory.upsert(
          (0..<50).map { MentionItem(id: "W\($0)", insertionText: "seed\($0)") })
        let replica = DirectoryReplica(
          configuration: database.settings.connectionConfiguration, logger: TestDatabase.logger,
          maximumRetryDelay: .milliseconds(200))
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask { try await replica.run() }
          #expect(try await eventually { replica.status.isFollowing })
          try run(control, "stop")
          #expect(try await eventually { !replica.status.isFollowing })
          // Still served from memory while the database is down.
          // seed4 and seed40…seed49 match literally (one-edit matches follow them).
          #expect(
            replica.index?.matches(for: "seed4", limit: 20).filter { $0.route == .literal }.count
              == 11)
          try run(control, "start")
          // The pool's connections died with the server; a write may meet one of them and
          // fail (changing nothing) before the client has opened new ones.
          #expect(
            try await eventually {
              (try? await directory.upsert([
                MentionItem(id: "W1", insertionText: "renamed_after_restart"),
                MentionItem(id: "N1", insertionText: "new_after_restart"),
              ])) != nil
            })
          #expect(try await Self.caughtUp(replica, database))
          #expect(replica.index?.item(id: "W1")?.insertionText == "renamed_after_restart")
          #expect(replica.index?.item(id: "N1") != nil)
          try await Self.expectSame(replica, as: directory, database: database, "after restart")
          group.cancelAll()
        }
      }
    }
  }
}

/// Runs a program and waits for it, failing on a non-zero exit. (`posix_spawn` and `waitpid`:
/// Foundation's `Process.waitUntilExit` does not return here once the program has started a
/// daemon, as `pg_ctl start` does.)
func run(_ executable: String, _ arguments: String...) throws {
  let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, executable, nil, nil, argv, environ)
  try #require(spawned == 0, "cannot start \(executable): error \(spawned)")
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  #expect(status == 0, "\(executable) \(arguments) ended with status \(status)")
}
