#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files the tests read: the fixtures committed under `Tests/Fixtures`, and the big data files
/// of `../shared` beside the package root, which only some suites need.
///
/// The default `swift test` needs nothing but the repository. A suite that needs a file of
/// `../shared` guards itself with ``SharedFile/isPresentOrRequired`` and names the file in its
/// skip reason; `MENTIONKIT_REQUIRE_SHARED_DATA=1` (set by `.ci/run`) makes it run, so that a
/// missing file fails instead of skipping.
public enum Fixtures {
  /// The package root, found from this file's path (`Tests/TestSupport/Fixtures.swift`).
  public static let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
  }()

  /// The path of a committed fixture, relative to `Tests/Fixtures`.
  public static func path(_ relative: String) -> String {
    packageRoot + "/Tests/Fixtures/" + relative
  }

  /// Reads a committed fixture as UTF-8.
  public static func read(_ relative: String) throws -> String {
    try readFile(path(relative))
  }

  /// A file the tests could not read.
  public struct Unreadable: Error, CustomStringConvertible {
    /// The path that was asked for.
    public var path: String
    /// What went wrong, from the C library.
    public var reason: String
    /// The path and the reason.
    public var description: String { "cannot read \(path): \(reason)" }
  }

  /// Reads a whole file as UTF-8 (invalid bytes are replaced), without Foundation.
  public static func readFile(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else {
      throw Unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    if ferror(file) != 0 { throw Unreadable(path: path, reason: "read error") }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `path` names a readable file.
  public static func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }
}

/// A big data file of `../shared` beside the package root.
public struct SharedFile: Sendable {
  /// The path relative to `../shared`, as `data/users.tsv`.
  public var relative: String

  /// The 1,000,000-user synthetic directory.
  public static let millionUsers = SharedFile(relative: "data/users.tsv")

  /// The absolute path.
  public var path: String { Fixtures.packageRoot + "/../shared/" + relative }

  /// Whether the file is there to read.
  public var isPresent: Bool { Fixtures.isReadable(path) }

  /// Whether suites that need `../shared` must run (and fail without it): set by
  /// `MENTIONKIT_REQUIRE_SHARED_DATA=1`, as `.ci/run` does.
  public static var isRequired: Bool {
    guard let value = getenv("MENTIONKIT_REQUIRE_SHARED_DATA") else { return false }
    return String(cString: value) == "1"
  }

  /// Whether a suite that needs this file should run: it is present, or it is required.
  public var isPresentOrRequired: Bool { isPresent || Self.isRequired }

  /// Reads the whole file.
  public func read() throws -> String { try Fixtures.readFile(path) }
}
