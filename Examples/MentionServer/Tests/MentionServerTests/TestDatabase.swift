import Foundation
import Logging
import MentionKit
import MentionStore
import PostgresNIO
import Testing

/// Every test that needs PostgreSQL is in this suite, one at a time: one of them restarts the
/// server. The server comes from `Examples/MentionServer/with-postgres`, which sets `PGHOST`
/// and the rest; without it the suite is skipped with that reason, unless
/// `MENTIONKIT_REQUIRE_POSTGRES=1` (set by `.ci/run`) makes it fail instead.
@Suite(
  .serialized,
  .enabled(
    if: TestDatabase.isAvailable,
    "needs PostgreSQL: run `Examples/MentionServer/with-postgres swift test` (it starts one)"))
struct PostgresIntegration {}

/// Fails when PostgreSQL is required but its settings are missing, so CI cannot skip the suite.
@Test func postgresIsAvailableWhenRequired() {
  if TestDatabase.isRequired {
    #expect(TestDatabase.isAvailable, "MENTIONKIT_REQUIRE_POSTGRES=1 but PGHOST is not set")
  }
}

/// A fresh database per test, created on the server `with-postgres` started, with the schema,
/// dropped when the test ends.
struct TestDatabase {
  static let environment = ProcessInfo.processInfo.environment
  static let base: PostgresSettings? = try? PostgresSettings.fromEnvironment(environment)
  static var isAvailable: Bool { base != nil }
  static var isRequired: Bool { environment["MENTIONKIT_REQUIRE_POSTGRES"] == "1" }

  static let logger: Logger = {
    var logger = Logger(label: "mention-server-tests")
    logger.logLevel = .warning
    return logger
  }()

  let settings: PostgresSettings

  /// Runs `body` with a new database and a running client on it.
  static func with<T>(
    _ body: (TestDatabase, PostgresClient) async throws -> T
  ) async throws -> T {
    let base = try #require(base)
    let name = "mk_test_\(UInt64.random(in: 0...UInt64.max))"
    try await admin(base) {
      try await $0.query("CREATE DATABASE \(unescaped: name)", logger: logger)
    }
    let database = TestDatabase(settings: base.with(database: name))
    do {
      let connection = try await database.connect()
      try await DirectorySchema.migrate(connection, logger: logger)
      try await connection.close()
      let client = PostgresClient(
        configuration: database.settings.clientConfiguration, backgroundLogger: logger)
      let result = try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await client.run() }
        defer { group.cancelAll() }
        return try await body(database, client)
      }
      try await drop(name, base)
      return result
    } catch {
      try? await drop(name, base)
      throw error
    }
  }

  func connect(applicationName: String = "mention-tests") async throws -> PostgresConnection {
    var configuration = settings.connectionConfiguration
    configuration.options.additionalStartupParameters = [("application_name", applicationName)]
    return try await PostgresConnection.connect(
      configuration: configuration, id: 1, logger: Self.logger)
  }

  /// Runs statements on one connection.
  func run(_ statements: PostgresQuery...) async throws {
    let connection = try await connect()
    do {
      for statement in statements { try await connection.query(statement, logger: Self.logger) }
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
  }

  /// The first column of the first row of a query, as an integer.
  func count(_ query: PostgresQuery) async throws -> Int {
    let connection = try await connect()
    var value = 0
    do {
      for try await number in try await connection.query(query, logger: Self.logger).decode(
        Int64.self)
      {
        value = Int(number)
      }
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
    return value
  }

  /// Ends every connection of this database whose application name is `name`.
  func terminate(applicationName name: String) async throws -> Int {
    try await count(
      """
      SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
      WHERE datname = \(settings.database) AND application_name = \(name)
      """)
  }

  private static func admin(
    _ base: PostgresSettings, _ body: (PostgresConnection) async throws -> Void
  ) async throws {
    let connection = try await PostgresConnection.connect(
      configuration: base.connectionConfiguration, id: 0, logger: logger)
    do {
      try await body(connection)
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
  }

  private static func drop(_ name: String, _ base: PostgresSettings) async throws {
    try await admin(base) {
      try await $0.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)", logger: logger)
    }
  }
}

/// The users of `../shared/data/users.tsv`, when the file is beside the clone.
enum SharedUsers {
  static let path: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { url.deleteLastPathComponent() }  // …/Examples/MentionServer/Tests/X/file
    return url.deletingLastPathComponent().path + "/shared/data/users.tsv"
  }()
  static var isPresent: Bool { FileManager.default.isReadableFile(atPath: path) }
  static var isRequired: Bool {
    ProcessInfo.processInfo.environment["MENTIONKIT_REQUIRE_SHARED_DATA"] == "1"
  }

  /// The first `count` users.
  static func read(count: Int) throws -> [MentionItem] {
    let handle = try #require(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    // The first 100,000 lines are under 8 MB.
    let data = handle.readData(ofLength: 64 << 20)
    let text = String(decoding: data, as: UTF8.self)
    var items: [MentionItem] = []
    for line in text.split(separator: "\n").dropFirst() {
      if items.count == count { break }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 3 else { continue }
      items.append(
        MentionItem(
          id: String(fields[0]), insertionText: String(fields[1]),
          displayText: String(fields[2])))
    }
    return items
  }
}

/// Polls until `condition` holds or `timeout` passes.
func eventually(
  timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(20))
  }
  return try await condition()
}
