#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files relative to the package root without Foundation, and fails loudly when a file
/// the tests need is missing.
enum URLlessPath {
  struct Missing: Error, CustomStringConvertible {
    var path: String
    var description: String {
      "cannot read \(path): tests need it (is ../shared beside the package root?)"
    }
  }

  /// The package root, three levels above a file in `Tests/MentionKitTests/<maybe dir>/`.
  static func packageRoot(from filePath: String) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    while let last = parts.last, last != "Tests" { parts.removeLast() }
    parts.removeLast()
    return parts.joined(separator: "/")
  }

  /// The `../shared` folder beside the package root.
  static func shared(from filePath: String) -> String {
    packageRoot(from: filePath) + "/../shared"
  }

  /// Reads a whole file as UTF-8.
  static func read(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else { throw Missing(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
