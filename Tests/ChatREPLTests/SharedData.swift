import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths relative to the package root; tests that need ../shared fail loudly without it.
enum SharedData {
  /// The package root, found from this file's path (`Tests/ChatREPLTests/SharedData.swift`).
  static let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
  }()

  /// A file under ../shared, recording an issue when it is missing.
  static func path(_ relative: String) -> String {
    let path = packageRoot + "/../shared/" + relative
    if access(path, R_OK) != 0 {
      Issue.record("missing \(path): these tests need ../shared beside the package root")
    }
    return path
  }
}
