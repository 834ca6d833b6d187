#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX calls the app makes, callable from types that have methods of
/// the same names.
enum POSIX {
  /// Writes all of `bytes` to a file descriptor, retrying after interruptions.
  static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) {
    let array = Array(bytes)
    var offset = 0
    while offset < array.count {
      let written = array[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  /// Writes text to a file descriptor.
  static func writeAll(_ descriptor: Int32, _ text: String) {
    writeAll(descriptor, text.utf8)
  }

  /// Whether a file descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// An environment variable.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
