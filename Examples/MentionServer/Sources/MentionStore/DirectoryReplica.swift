import Logging
import MentionKit
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// An in-memory copy of the `users` table, kept fresh from PostgreSQL, that answers keystrokes
/// and resolves handles in microseconds.
///
/// As a service (``run()``), the replica opens its own connection, `LISTEN`s on
/// ``DirectorySchema/channel``, loads the table into a ``MentionIndex`` (streamed in insertion
/// order, from one snapshot that also gives the change number it reflects, with progress in
/// the log), and then applies every row of `user_changes` after that number, in order, each
/// time a notification arrives. When the connection drops, or PostgreSQL restarts, it keeps
/// serving what it has, reconnects with a growing delay (up to ``maximumRetryDelay``), and
/// catches up from the last change it applied: no change is lost or applied out of order,
/// because the schema's trigger hands out change numbers in commit order.
///
/// ``index`` is `nil` until the first load completes (``Status/isReady``).
public final class DirectoryReplica: Service, Sendable {
  /// What the replica has and whether it is following the database.
  public struct Status: Sendable, Hashable {
    /// Whether the first load completed, so ``DirectoryReplica/index`` answers.
    public var isReady: Bool
    /// The number of users in memory.
    public var userCount: Int
    /// The last change number applied.
    public var position: Int64
    /// Whether the replica's connection is up and it has caught up once on it.
    public var isFollowing: Bool
    /// The last connection or query error, if the replica is not following.
    public var lastError: String?
    /// How many connections the replica has opened (more than one after a reconnection).
    public var connections: Int
  }

  /// The most the replica waits between reconnection attempts.
  public let maximumRetryDelay: Duration
  /// Changes read per query while catching up.
  public let batchSize: Int

  private let configuration: PostgresConnection.Configuration
  private let logger: Logger
  private let state = Mutex(State())
  private let connectionIDs = Atomic<Int>(1)

  private struct State {
    var index: MentionIndex?
    var position: Int64 = 0
    var isFollowing = false
    var lastError: String?
  }

  /// Creates a replica; it connects when run.
  ///
  /// - Parameters:
  ///   - configuration: Where the database is.
  ///   - logger: Where loading progress, reconnections and errors go.
  ///   - maximumRetryDelay: The most it waits between reconnection attempts.
  ///   - batchSize: Changes read per query while catching up.
  ///   - applicationName: The connection's `application_name`, which `pg_stat_activity` shows.
  public init(
    configuration: PostgresConnection.Configuration, logger: Logger,
    maximumRetryDelay: Duration = .seconds(2), batchSize: Int = 5_000,
    applicationName: String = "mention-replica"
  ) {
    var configuration = configuration
    configuration.options.additionalStartupParameters.append(("application_name", applicationName))
    self.configuration = configuration
    self.logger = logger
    self.maximumRetryDelay = maximumRetryDelay
    self.batchSize = max(1, batchSize)
  }

  /// The index, once loaded; it changes in place as changes arrive.
  public var index: MentionIndex? { state.withLock { $0.index } }

  /// The replica's state now.
  public var status: Status {
    state.withLock {
      Status(
        isReady: $0.index != nil, userCount: $0.index?.count ?? 0, position: $0.position,
        isFollowing: $0.isFollowing, lastError: $0.lastError,
        connections: connectionIDs.load(ordering: .relaxed) - 1)
    }
  }

  /// Loads, then follows changes until cancelled or a graceful shutdown.
  public func run() async throws {
    await cancelWhenGracefulShutdown {
      await self.follow()
    }
  }

  private func follow() async {
    var delay = Duration.milliseconds(50)
    while !Task.isCancelled {
      do {
        try await followOnce()
      } catch {
        if Task.isCancelled { break }
        let message = String(reflecting: error)
        state.withLock {
          $0.isFollowing = false
          $0.lastError = message
        }
        logger.warning(
          "directory replica lost the database; retrying",
          metadata: ["error": "\(message)", "retry_in": "\(delay)"])
      }
      do { try await Task.sleep(for: delay) } catch { break }
      delay = min(delay * 2, maximumRetryDelay)
    }
    state.withLock { $0.isFollowing = false }
  }

  /// One connection's life: listen, load if needed, catch up, then apply changes as they are
  /// announced. Returns or throws when the connection ends.
  private func followOnce() async throws {
    let id = connectionIDs.add(1, ordering: .relaxed).oldValue
    let connection = try await PostgresConnection.connect(
      configuration: configuration, id: id, logger: logger)
    do {
      try await connection.listen(on: DirectorySchema.channel) { notifications in
        if self.index == nil { try await self.load(connection) }
        try await self.catchUp(connection)
        self.state.withLock {
          $0.isFollowing = true
          $0.lastError = nil
        }
        self.logger.info(
          "directory replica following changes",
          metadata: ["position": "\(self.status.position)"])
        for try await _ in notifications {
          try await self.catchUp(connection)
        }
      }
      try? await connection.close()
    } catch {
      try? await connection.close()
      throw error
    }
    throw ReplicaError.connectionEnded
  }

  /// Loads the whole table from one snapshot, with the change number it reflects.
  private func load(_ connection: PostgresConnection) async throws {
    let clock = ContinuousClock()
    let start = clock.now
    logger.info("directory replica loading users")
    var items: [MentionItem] = []
    let position = try await connection.withTransaction(logger: logger) {
      connection async throws -> Int64 in
      try await connection.query(
        "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
      var position: Int64 = 0
      for try await value in try await connection.query(
        "SELECT coalesce(max(seq), 0) FROM user_changes", logger: logger
      ).decode(Int64.self) {
        position = value
      }
      var total = 0
      for try await count in try await connection.query(
        "SELECT count(*) FROM users", logger: logger
      ).decode(Int64.self) {
        total = Int(count)
      }
      items.reserveCapacity(total)
      let rows = try await connection.query(
        "SELECT id, handle, name, score, search_terms FROM users ORDER BY ord" as PostgresQuery,
        logger: logger)
      var nextReport = 100_000
      for try await (id, handle, name, score, terms) in rows.decode(
        (String, String, String, Double, [String]).self)
      {
        items.append(
          MentionItem(
            id: id, insertionText: handle, displayText: name, searchTerms: terms, score: score))
        if items.count == nextReport {
          nextReport += 100_000
          logger.info(
            "directory replica loading users",
            metadata: ["read": "\(items.count)", "of": "\(total)"])
        }
      }
      return position
    }
    let read = clock.now
    let index = MentionIndex(items)
    state.withLock {
      $0.index = index
      $0.position = position
    }
    logger.info(
      "directory replica loaded",
      metadata: [
        "users": "\(index.count)", "position": "\(position)",
        "read": "\(read - start)", "indexed": "\(clock.now - read)",
      ])
  }

  /// Applies every change after the current position, in order.
  private func catchUp(_ connection: PostgresConnection) async throws {
    guard let index else { return }
    while true {
      let position = state.withLock { $0.position }
      let rows = try await connection.query(
        """
        SELECT c.seq, c.op::text, c.user_id, u.handle, u.name, u.score, u.search_terms
        FROM user_changes c LEFT JOIN users u ON u.id = c.user_id
        WHERE c.seq > \(position) ORDER BY c.seq LIMIT \(batchSize)
        """, logger: logger)
      var applied = 0
      for try await (seq, op, id, handle, name, score, terms) in rows.decode(
        (Int64, String, String, String?, String?, Double?, [String]?).self)
      {
        // The row as it is now: a change whose row was deleted since is a removal; a later
        // change to the same id brings its final state.
        if op == "D" || handle == nil {
          index.remove(id: id)
        } else {
          index.add(
            MentionItem(
              id: id, insertionText: handle ?? "", displayText: name ?? "",
              searchTerms: terms ?? [], score: score ?? 0))
        }
        state.withLock { $0.position = seq }
        applied += 1
      }
      if applied < batchSize { return }
    }
  }
}

/// Why a replica's connection stopped.
public enum ReplicaError: Error, Sendable {
  /// The server closed the notification stream.
  case connectionEnded
}
