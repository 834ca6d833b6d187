import ToolSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the benchmark ran on, for the report.
enum MachineInfo {
  static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  /// The CPU model and the kernel, e.g. "AMD EPYC 7B13, Linux 6.1 x86_64".
  static var description: String {
    var model = "unknown CPU"
    if let bytes = try? TextFile.read("/proc/cpuinfo") {
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
          model = line[line.index(after: colon)...].trimmingSpaces
        }
        break
      }
    }
    var name = utsname()
    uname(&name)
    let system = withUnsafeBytes(of: &name.sysname) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let release = withUnsafeBytes(of: &name.release) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let machine = withUnsafeBytes(of: &name.machine) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    return "\(model), \(system) \(release) \(machine)"
  }
}

extension Substring {
  var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " }.reversed())
  }
}

/// Writes text to standard error (progress and error messages; standard output is the report).
func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
