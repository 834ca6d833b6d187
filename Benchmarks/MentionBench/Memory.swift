#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's memory, measured two ways: resident memory (VmRSS, from `/proc/self/statm`),
/// and the heap bytes in use (glibc's `malloc_info`). The index section reads them before and
/// after building something and reports the growth per user.
///
/// Resident growth counts the pages a build touched, but not memory it reused that was already
/// resident (the holes that freed temporaries leave among live objects). Heap bytes in use
/// count every block handed out and not freed, with the allocator's headers and rounding,
/// wherever it lies, and not pages that were reserved but never touched.
enum Memory {
  /// Resident memory and heap bytes in use, each `nil` where it cannot be read.
  struct Snapshot {
    var residentBytes: Int?
    var heapBytes: Int?

    /// Bytes per `count` from `earlier` to `self`, or NaN.
    func growth(since earlier: Snapshot, per count: Int) -> (resident: Double, heap: Double) {
      func per(_ before: Int?, _ after: Int?) -> Double {
        guard let before, let after, count > 0 else { return .nan }
        return Double(after - before) / Double(count)
      }
      return (
        per(earlier.residentBytes, residentBytes), per(earlier.heapBytes, heapBytes)
      )
    }
  }

  /// A snapshot, taken after giving freed heap memory back to the system.
  static func snapshot() -> Snapshot {
    let resident = residentBytesAfterTrim()
    return Snapshot(residentBytes: resident, heapBytes: heapBytesInUse())
  }

  /// The heap bytes in use over every arena: `malloc_info`'s current system bytes, less its
  /// free chunks (fast and other, the top chunk among them), plus its mmapped chunks; `nil`
  /// without glibc. The report is written to a memory stream and read back.
  static func heapBytesInUse() -> Int? {
    #if canImport(Glibc)
      typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else {
        return nil
      }
      var buffer: UnsafeMutablePointer<CChar>?
      var length = 0
      guard let stream = open_memstream(&buffer, &length) else { return nil }
      let status = unsafeBitCast(symbol, to: Info.self)(0, stream)
      fclose(stream)
      defer { free(buffer) }
      guard status == 0, let buffer else { return nil }
      let report = String(cString: buffer)
      // The totals over all arenas follow the last arena's `</heap>`.
      guard let heapEnd = report.ranges(of: "</heap>").last else { return nil }
      let totals = report[heapEnd.upperBound...]
      func total(_ tag: String) -> Int? {
        guard let start = totals.firstRange(of: tag) else { return nil }
        let rest = totals[start.upperBound...]
        guard let open = rest.firstRange(of: "size=\""),
          let close = rest[open.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return Int(rest[open.upperBound..<close])
      }
      guard let fast = total("<total type=\"fast\""),
        let rest = total("<total type=\"rest\""),
        let mmapped = total("<total type=\"mmap\""),
        let current = total("<system type=\"current\"")
      else { return nil }
      return current - fast - rest + mmapped
    #else
      return nil
    #endif
  }

  /// Resident memory in bytes, after giving freed heap memory back to the system (glibc's
  /// `malloc_trim`, where the C library has it), so that it counts what is live rather than
  /// what a temporary left behind; `nil` where `/proc/self/statm` cannot be read.
  static func residentBytesAfterTrim() -> Int? {
    trimHeap()
    return residentBytes()
  }

  /// Calls `malloc_trim(0)` if the C library has it (looked up at run time: the Glibc module
  /// does not export `malloc.h`).
  private static func trimHeap() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
    #endif
  }

  /// The second field of `/proc/self/statm` (resident pages) times the page size, read into
  /// stack memory so that the reading allocates nothing.
  private static func residentBytes() -> Int? {
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer -> Int? in
      let count = read(descriptor, buffer.baseAddress!, buffer.count)
      guard count > 0 else { return nil }
      var field = 0
      var value = 0
      var digits = 0
      for byte in buffer.prefix(count) {
        if byte == 0x20 || byte == 0x0A {
          if field == 1 { break }
          field += 1
          value = 0
          digits = 0
        } else if byte &- 0x30 < 10 {
          value = value * 10 + Int(byte &- 0x30)
          digits += 1
        }
      }
      guard field == 1, digits > 0 else { return nil }
      return value * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
  }
}
