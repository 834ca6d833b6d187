import ArgumentParser
import Foundation
import Hummingbird
import Logging
import MentionKit
import MentionServerCore
import MentionStore
import PostgresNIO

@main
struct MentionServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mention-server",
    abstract: "A chat backend on MentionKit: users in PostgreSQL, served from memory.",
    discussion: """
      The database comes from --postgres, else from PGHOST, PGPORT, PGUSER, PGPASSWORD and
      PGDATABASE. `Examples/MentionServer/with-postgres CMD` starts a throwaway PostgreSQL and
      sets them. See Docs/Backend.md.
      """,
    subcommands: [Serve.self, Import.self],
    defaultSubcommand: Serve.self)
}

/// Options both subcommands take.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("postgres"),
    help: "postgres://user[:password]@host[:port]/database (default: the PG* variables).")
  var url: String?

  @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
  var logLevel: String = "info"

  func settings() throws -> PostgresSettings {
    if let url { return try PostgresSettings(url: url) }
    guard let settings = try PostgresSettings.fromEnvironment(ProcessInfo.processInfo.environment)
    else {
      throw ValidationError(
        "no database: pass --postgres postgres://user@host:port/db or set PGHOST (and PGPORT, PGUSER, PGDATABASE)"
      )
    }
    return settings
  }

  func logger(_ label: String) throws -> Logger {
    guard let level = Logger.Level(rawValue: logLevel) else {
      throw ValidationError(
        "unknown log level \(logLevel.debugDescription); use trace, debug, info, notice, warning, error or critical"
      )
    }
    var logger = Logger(label: label)
    logger.logLevel = level
    return logger
  }
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the HTTP API (the default subcommand).",
    discussion: """
      Creates the tables when missing, loads the users into memory (GET /ready answers 503
      until then), follows changes with LISTEN/NOTIFY, and stops gracefully on SIGINT or
      SIGTERM.
      """)

  @OptionGroup var database: DatabaseOptions

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0 picks a free one; the log says which).")
  var port = 8080

  @Option(help: "The largest request body accepted, in bytes.")
  var maxBodyBytes = 1 << 20

  @Option(help: "The most mentions of a message that are looked up.")
  var maxMentions = MentionResolver.defaultMentionLimit

  @Option(help: "Database connections in the pool.")
  var connections = 8

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive") }
    guard maxMentions >= 0 else { throw ValidationError("--max-mentions must be 0 or more") }
    guard connections > 0 else { throw ValidationError("--connections must be positive") }
  }

  func run() async throws {
    let logger = try database.logger("mention-server")
    let settings = try database.settings()
    try await DirectorySchema.migrate(
      settings, logger: logger, deadline: .now + .seconds(60))
    var clientConfiguration = settings.clientConfiguration
    clientConfiguration.options.maximumConnections = connections
    let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: logger)
    let replica = DirectoryReplica(
      configuration: settings.connectionConfiguration, logger: logger)
    let api = MentionAPI(
      replica: replica, directory: PostgresDirectory(client: client, logger: logger),
      messages: MessageStore(client: client, logger: logger), maximumBodyBytes: maxBodyBytes,
      mentionLimit: maxMentions, logger: logger)
    let router = Router()
    api.addRoutes(to: router)
    let app = Application(
      router: router,
      configuration: .init(address: .hostname(host, port: port), serverName: "mention-server"),
      services: [client, replica],
      onServerRunning: { channel in
        logger.info(
          "mention-server listening",
          metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
      },
      logger: logger)
    try await app.runService()
  }
}

struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Load users from a TSV file into the database.",
    discussion: """
      The file's first line is a header naming the columns id, handle and display_name (any
      order; other columns are ignored). Users whose id exists are updated, keeping their place.
      """)

  @OptionGroup var database: DatabaseOptions

  @Option(help: "The users file (TSV with a header line).")
  var users: String

  @Option(help: "Import only the first N users.")
  var limit: Int?

  @Option(help: "Users written per transaction.")
  var batch = 5_000

  func run() async throws {
    let logger = try database.logger("mention-server")
    let settings = try database.settings()
    let items = try UserFile.read(path: users, limit: limit)
    try await DirectorySchema.migrate(settings, logger: logger, deadline: .now + .seconds(60))
    let client = PostgresClient(
      configuration: settings.clientConfiguration, backgroundLogger: logger)
    let clock = ContinuousClock()
    let start = clock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      let directory = PostgresDirectory(client: client, logger: logger)
      var done = 0
      for start in stride(from: 0, to: items.count, by: max(1, batch)) {
        let slice = Array(items[start..<min(items.count, start + max(1, batch))])
        try await directory.upsert(slice)
        done += slice.count
        if done % 100_000 < slice.count || done == items.count {
          logger.info("imported users", metadata: ["done": "\(done)", "of": "\(items.count)"])
        }
      }
      group.cancelAll()
    }
    print("imported \(items.count) users in \(clock.now - start)")
  }
}
