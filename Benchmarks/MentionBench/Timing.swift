#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time and latency statistics.
enum Timing {
  /// Nanoseconds on the monotonic clock.
  @inline(__always)
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }

  /// Runs `body` and returns its result and the elapsed nanoseconds.
  @inline(__always)
  static func measure<T>(_ body: () throws -> T) rethrows -> (T, UInt64) {
    let start = now()
    let result = try body()
    return (result, now() &- start)
  }

  /// Seconds since `start`.
  static func seconds(since start: UInt64) -> Double { Double(now() &- start) / 1e9 }

  /// The fastest of at least `count` runs of `body`, in nanoseconds; with `minimumSeconds`,
  /// runs go on until that much time has been measured, so that a body of a few milliseconds
  /// is not timed only while caches are cold and the clock is ramping up.
  static func fastest(
    of count: Int, minimumSeconds: Double = 0, _ body: () throws -> Void
  ) rethrows -> UInt64 {
    var fastest = UInt64.max
    var runs = 0
    var total: UInt64 = 0
    while runs < count || Double(total) / 1e9 < minimumSeconds {
      let ((), elapsed) = try measure(body)
      fastest = min(fastest, elapsed)
      total &+= elapsed
      runs += 1
    }
    return fastest
  }
}

/// Percentiles of a set of durations (nanoseconds).
struct LatencyStats {
  var count: Int
  var p50: Double
  var p99: Double
  var max: Double
  var mean: Double

  init(_ samples: [UInt64]) {
    let sorted = samples.sorted()
    count = sorted.count
    func percentile(_ p: Double) -> Double {
      guard !sorted.isEmpty else { return .nan }
      // Nearest rank.
      let rank = Swift.max(1, Int((p * Double(sorted.count)).rounded(.up)))
      return Double(sorted[Swift.min(rank, sorted.count) - 1])
    }
    p50 = percentile(0.50)
    p99 = percentile(0.99)
    max = sorted.last.map { Double($0) } ?? .nan
    mean = sorted.isEmpty ? .nan : Double(sorted.reduce(0, +)) / Double(sorted.count)
  }

  /// Adds `p50`, `p99`, `max` (microseconds) and the sample count to a report.
  func add(to report: inout Report, key: String, label: String) {
    report.add("\(key)_keystrokes_measured", "\(label): keystrokes measured", count)
    report.add("\(key)_p50_microseconds", "\(label): p50 per keystroke", p50 / 1e3, "µs")
    report.add("\(key)_p99_microseconds", "\(label): p99 per keystroke", p99 / 1e3, "µs")
    report.add("\(key)_max_microseconds", "\(label): max per keystroke", max / 1e3, "µs")
  }
}
