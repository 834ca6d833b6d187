import PostgresNIO

/// Where the database is: host, port, user, password and database name, read from a
/// `postgres://user:password@host:port/database` URL or from the `PGHOST`, `PGPORT`, `PGUSER`,
/// `PGPASSWORD` and `PGDATABASE` variables (as `psql` reads them). TLS is off: the service
/// talks to a database on a private network or loopback.
public struct PostgresSettings: Sendable, Hashable, CustomStringConvertible {
  /// The host name or address.
  public var host: String
  /// The port.
  public var port: Int
  /// The user name.
  public var username: String
  /// The password, if the server asks for one.
  public var password: String?
  /// The database.
  public var database: String

  /// Creates settings.
  ///
  /// - Parameters:
  ///   - host: The host name or address.
  ///   - port: The port.
  ///   - username: The user name.
  ///   - password: The password, if any.
  ///   - database: The database.
  public init(host: String, port: Int, username: String, password: String?, database: String) {
    self.host = host
    self.port = port
    self.username = username
    self.password = password
    self.database = database
  }

  /// Reads a `postgres://` (or `postgresql://`) URL.
  ///
  /// - Parameter url: The URL; user, port and database are optional (`postgres`, 5432 and the
  ///   user's name by default). Percent-escapes in the user and password are decoded.
  /// - Throws: ``SettingsError`` naming what is wrong.
  public init(url: String) throws(SettingsError) {
    var rest = Substring(url)
    if rest.hasPrefix("postgres://") {
      rest = rest.dropFirst("postgres://".count)
    } else if rest.hasPrefix("postgresql://") {
      rest = rest.dropFirst("postgresql://".count)
    } else {
      throw .invalid(url, "it does not start with postgres://")
    }
    if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
    var database: Substring?
    if let slash = rest.firstIndex(of: "/") {
      database = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var username = "postgres"
    var password: String?
    if let at = rest.lastIndex(of: "@") {
      let credentials = rest[..<at]
      rest = rest[rest.index(after: at)...]
      if let colon = credentials.firstIndex(of: ":") {
        username = try Self.unescape(credentials[..<colon], url)
        password = try Self.unescape(credentials[credentials.index(after: colon)...], url)
      } else {
        username = try Self.unescape(credentials, url)
      }
    }
    var host = rest
    var port = 5432
    if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
      host = rest[..<colon]
      guard let value = Int(rest[rest.index(after: colon)...]), (1...65535).contains(value) else {
        throw .invalid(url, "the port is not a number from 1 to 65535")
      }
      port = value
    }
    if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
    guard !host.isEmpty else { throw .invalid(url, "it names no host") }
    let name = database.map(String.init) ?? ""
    self.init(
      host: String(host), port: port, username: username, password: password,
      database: name.isEmpty ? username : try Self.unescape(Substring(name), url))
  }

  /// Reads `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD` and `PGDATABASE` from an environment.
  ///
  /// - Parameter environment: The variables.
  /// - Returns: The settings, or `nil` when `PGHOST` is not set.
  /// - Throws: ``SettingsError`` when `PGPORT` is not a port number.
  public static func fromEnvironment(_ environment: [String: String]) throws(SettingsError)
    -> PostgresSettings?
  {
    guard let host = environment["PGHOST"], !host.isEmpty else { return nil }
    var port = 5432
    if let text = environment["PGPORT"] {
      guard let value = Int(text), (1...65535).contains(value) else {
        throw .invalid("PGPORT=\(text)", "the port is not a number from 1 to 65535")
      }
      port = value
    }
    let username = environment["PGUSER"] ?? "postgres"
    return PostgresSettings(
      host: host, port: port, username: username, password: environment["PGPASSWORD"],
      database: environment["PGDATABASE"] ?? username)
  }

  /// The settings with another database.
  ///
  /// - Parameter database: The database.
  /// - Returns: A copy naming `database`.
  public func with(database: String) -> PostgresSettings {
    var copy = self
    copy.database = database
    return copy
  }

  /// Settings for a pooled client.
  public var clientConfiguration: PostgresClient.Configuration {
    PostgresClient.Configuration(
      host: host, port: port, username: username, password: password, database: database,
      tls: .disable)
  }

  /// Settings for one connection (a replica's `LISTEN` connection).
  public var connectionConfiguration: PostgresConnection.Configuration {
    PostgresConnection.Configuration(
      host: host, port: port, username: username, password: password, database: database,
      tls: .disable)
  }

  /// The settings as a URL without the password.
  public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }

  private static func unescape(_ text: Substring, _ url: String) throws(SettingsError) -> String {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let hex = utf8.prefix(2)
      guard hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16)
      else { throw .invalid(url, "it holds a malformed percent-escape") }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// What is wrong with database settings.
public enum SettingsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The URL or variable, and why it cannot be used.
  case invalid(String, String)

  /// A sentence that says what was wrong.
  public var description: String {
    switch self {
    case .invalid(let value, let reason):
      // A password in the URL stays out of messages.
      let shown = value.contains("@") ? "the PostgreSQL URL" : value.debugDescription
      return "\(shown) cannot be used: \(reason)"
    }
  }
}
