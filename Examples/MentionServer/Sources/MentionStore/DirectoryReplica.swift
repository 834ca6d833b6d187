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
  /// How often the replica looks for changes when no notification came.
  public let pollInterval: Duration
  /// How long a connection may make no progress before the replica drops it and reconnects.
  public let stallTimeout: Duration

  private let configuration: PostgresConnection.Configuration
  private let logger: Logger
  private let state = Mutex(State())
  private let connectionIDs = Atomic<Int>(1)

  private struct State {
    var index: MentionIndex?
    var position: Int64 = 0
    var isFollowing = false
    var lastError: String?
    var connection: PostgresConnection?
    var lastProgress = ContinuousClock.now
    var isIndexing = false
  }

  /// Creates a replica; it connects when run.
  ///
  /// - Parameters:
  ///   - configuration: Where the database is.
  ///   - logger: Where loading progress, reconnections and errors go.
  ///   - maximumRetryDelay: The most it waits between reconnection attempts.
  ///   - batchSize: Changes read per query while catching up.
  ///   - pollInterval: How often it looks for changes when no notification came.
  ///   - stallTimeout: How long a connection may make no progress before it is dropped.
  ///   - applicationName: The connection's `application_name`, which `pg_stat_activity` shows.
  public init(
    configuration: PostgresConnection.Configuration, logger: Logger,
    maximumRetryDelay: Duration = .seconds(2), batchSize: Int = 5_000,
    pollInterval: Duration = .seconds(1), stallTimeout: Duration = .seconds(10),
    applicationName: String = "mention-replica"
  ) {
    self.stallTimeout = stallTimeout
    self.pollInterval = pollInterval
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
        try await watched { try await self.followOnce() }
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

  /// Runs one connection's life in its own task and gives up on it when it has made no
  /// progress (connected, loaded rows, caught up) for ``stallTimeout``: a connection the
  /// server ended can leave a query or the notification stream waiting forever. The stalled
  /// task is cancelled, its connection closed, and left behind.
  private func watched(_ body: @escaping @Sendable () async throws -> Void) async throws {
    let finished = Mutex<Result<Void, any Error>?>(nil)
    touch()
    let task = Task {
      do {
        try await body()
        finished.withLock { $0 = .success(()) }
      } catch {
        finished.withLock { $0 = .failure(error) }
      }
    }
    while true {
      if let result = finished.withLock({ $0 }) { return try result.get() }
      if Task.isCancelled {
        task.cancel()
        throw CancellationError()
      }
      let (last, busy) = state.withLock { ($0.lastProgress, $0.isIndexing) }
      if !busy, ContinuousClock.now - last > stallTimeout {
        task.cancel()
        if let connection = state.withLock({ $0.connection.take() }) { Self.close(connection) }
        throw ReplicaError.stalled(stallTimeout)
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Notes that the current connection made progress.
  private func touch() {
    state.withLock { $0.lastProgress = .now }
  }

  /// One connection's life: listen, load if needed, catch up, then apply changes as they are
  /// announced. Returns or throws when the connection ends.
  private func followOnce() async throws {
    let id = connectionIDs.add(1, ordering: .relaxed).oldValue
    let connection = try await PostgresConnection.connect(
      configuration: configuration, id: id, logger: logger)
    state.withLock { $0.connection = connection }
    touch()
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
        // Changes are applied on each notification, and every `pollInterval` without one: a
        // connection that died without closing its notification stream fails the poll.
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for try await _ in notifications { try await self.catchUp(connection) }
            throw ReplicaError.connectionEnded
          }
          group.addTask {
            while true {
              try await Task.sleep(for: self.pollInterval)
              try await self.catchUp(connection)
            }
          }
          defer { group.cancelAll() }
          try await group.next()
        }
      }
    } catch {
      Self.close(connection)
      throw error
    }
    Self.close(connection)
    throw ReplicaError.connectionEnded
  }

  /// Closes a connection without waiting: closing one the server has just ended can wait on
  /// the network. The connection is kept alive until the close completes.
  private static func close(_ connection: PostgresConnection) {
    let closing: EventLoopFuture<Void> = connection.close()
    closing.whenComplete { _ in withExtendedLifetime(connection) {} }
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
        if items.count % 10_000 == 0 { touch() }
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
    state.withLock { $0.isIndexing = true }
    let index = MentionIndex(items)
    state.withLock {
      $0.isIndexing = false
      $0.lastProgress = .now
    }
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
        // change to the same id brings its final state. Applied under the lock and only past
        // the position, so a notification and a poll catching up at once apply each change once.
        state.withLock { state in
          guard seq > state.position else { return }
          if op == "D" || handle == nil {
            index.remove(id: id)
          } else {
            index.add(
              MentionItem(
                id: id, insertionText: handle ?? "", displayText: name ?? "",
                searchTerms: terms ?? [], score: score ?? 0))
          }
          state.position = seq
        }
        applied += 1
      }
      touch()
      if applied < batchSize { return }
    }
  }
}

/// Why a replica's connection stopped.
public enum ReplicaError: Error, Sendable {
  /// The server closed the notification stream.
  case connectionEnded
  /// The connection made no progress for this long.
  case stalled(Duration)
}
