import Foundation
import MentionKit

/// Section "fold": nanoseconds to fold one display name with the library's ``Folding`` and with
/// Foundation, over the same names in the same run.
enum FoldBenchmark {
  static func run(names: [String]) -> Report {
    var report = Report(key: "fold", title: "Folding: display names")
    report.add("names", "names folded (each method)", names.count)
    var checksum = 0

    // The library, into one reused buffer (what the index build does).
    var buffer: [UInt8] = []
    buffer.reserveCapacity(256)
    let libraryReused = Timing.fastest(of: 3) {
      for name in names {
        buffer.removeAll(keepingCapacity: true)
        Folding.fold(name, into: &buffer)
        checksum &+= buffer.count
      }
    }
    // The library, allocating a new array per name (what DefaultMentionFilter does).
    let libraryAllocating = Timing.fastest(of: 3) {
      for name in names { checksum &+= Folding.fold(name).count }
    }
    // Foundation with the options tutorial code uses.
    let foundation = Timing.fastest(of: 1) {
      for name in names {
        checksum &+=
          name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8.count
      }
    }
    // Foundation as the naive baseline uses it: width-insensitive too, plus the extra folds.
    let baseline = Timing.fastest(of: 1) {
      for name in names { checksum &+= NaiveBaseline.fold(name).count }
    }
    let perName = { (nanoseconds: UInt64) in Double(nanoseconds) / Double(names.count) }
    report.add(
      "library_reused_buffer_ns_per_name", "library Folding.fold(_:into:)", perName(libraryReused),
      "ns/name")
    report.add(
      "library_allocating_ns_per_name", "library Folding.fold(_:) (allocates)",
      perName(libraryAllocating), "ns/name")
    report.add(
      "foundation_ns_per_name", "Foundation [.caseInsensitive, .diacriticInsensitive]",
      perName(foundation), "ns/name")
    report.add(
      "naive_baseline_fold_ns_per_name", "Foundation + width + extra folds (naive baseline)",
      perName(baseline), "ns/name")
    report.add(
      "foundation_over_library_speedup", "speed-up Foundation ÷ library (reused buffer)",
      Double(foundation) / Double(libraryReused), "×")
    report.add(
      "foundation_over_library_allocating_speedup", "speed-up Foundation ÷ library (allocating)",
      Double(foundation) / Double(libraryAllocating), "×")
    report.note(
      "target: folding a name ≥ 10× faster than Foundation "
        + (Double(foundation) >= 10 * Double(libraryReused) ? "met" : "MISSED")
        + " (checksum \(checksum % 1000))")
    return report
  }
}
