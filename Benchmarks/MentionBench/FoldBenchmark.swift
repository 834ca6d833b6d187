import Foundation
import MentionKit

/// Section "fold": nanoseconds to fold one display name with the library's ``Folding`` and with
/// Foundation, over the same names in the same run.
///
/// Every method folds copies of the names made one after the other, so that their bytes lie in
/// memory in the order they are read, as a file's or a message batch's would. The names as the
/// loaded ``MentionItem`` values hold them lie among the items' other allocations (each item's
/// storage object among them), and reading them in order costs cache misses that have nothing to
/// do with folding: about 25 ns per name, a quarter of the library's time and 4 % of
/// Foundation's. The library and Foundation are also timed over those names, and the report
/// gives both ratios.
enum FoldBenchmark {
  static func run(names loaded: [String]) -> Report {
    var report = Report(key: "fold", title: "Folding: display names")
    report.add("names", "names folded (each method)", loaded.count)
    var checksum = 0
    let names = loaded.map { name in
      String(unsafeUninitializedCapacity: name.utf8.count) {
        $0.initialize(fromContentsOf: name.utf8)
      }
    }

    // The library, into one reused buffer (what the index build does), and Foundation with the
    // options tutorial code uses: each over the names in order, then over the names where the
    // loaded items hold them. Each pass keeps its buffer and sum in locals of its own (a
    // variable captured from here would sit in a box and be read through it in the loop).
    func timeLibrary(_ names: [String]) -> (nanoseconds: UInt64, sum: Int) {
      var buffer: [UInt8] = []
      buffer.reserveCapacity(256)
      var sum = 0
      let nanoseconds = Timing.fastest(of: 3) {
        for name in names {
          buffer.removeAll(keepingCapacity: true)
          Folding.fold(name, into: &buffer)
          sum &+= buffer.count
        }
      }
      return (nanoseconds, sum)
    }
    func timeFoundation(_ names: [String]) -> (nanoseconds: UInt64, sum: Int) {
      var sum = 0
      let nanoseconds = Timing.fastest(of: 1) {
        for name in names {
          sum &+=
            name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8
            .count
        }
      }
      return (nanoseconds, sum)
    }
    let (libraryReused, inOrderSum) = timeLibrary(names)
    let (libraryScattered, scatteredSum) = timeLibrary(loaded)
    checksum &+= inOrderSum &+ scatteredSum
    // The library, allocating a new array per name (what DefaultMentionFilter does).
    let libraryAllocating = Timing.fastest(of: 3) {
      for name in names { checksum &+= Folding.fold(name).count }
    }
    let (foundation, foundationSum) = timeFoundation(names)
    let (foundationScattered, foundationScatteredSum) = timeFoundation(loaded)
    checksum &+= foundationSum &+ foundationScatteredSum
    // Foundation as the naive baseline uses it: width-insensitive too, plus the extra folds.
    let baseline = Timing.fastest(of: 1) {
      for name in names { checksum &+= NaiveBaseline.fold(name).count }
    }
    let perName = { (nanoseconds: UInt64) in Double(nanoseconds) / Double(names.count) }
    report.add(
      "library_reused_buffer_ns_per_name", "library Folding.fold(_:into:)", perName(libraryReused),
      "ns/name")
    report.add(
      "library_scattered_ns_per_name", "the same, names where the loaded items hold them",
      perName(libraryScattered), "ns/name")
    report.add(
      "library_allocating_ns_per_name", "library Folding.fold(_:) (allocates)",
      perName(libraryAllocating), "ns/name")
    report.add(
      "foundation_ns_per_name", "Foundation [.caseInsensitive, .diacriticInsensitive]",
      perName(foundation), "ns/name")
    report.add(
      "foundation_scattered_ns_per_name", "the same, names where the loaded items hold them",
      perName(foundationScattered), "ns/name")
    report.add(
      "naive_baseline_fold_ns_per_name", "Foundation + width + extra folds (naive baseline)",
      perName(baseline), "ns/name")
    report.add(
      "foundation_over_library_speedup", "speed-up Foundation ÷ library (reused buffer)",
      Double(foundation) / Double(libraryReused), "×")
    report.add(
      "foundation_over_library_allocating_speedup", "speed-up Foundation ÷ library (allocating)",
      Double(foundation) / Double(libraryAllocating), "×")
    report.add(
      "foundation_over_library_scattered_speedup",
      "the same, both over the names where the items hold them",
      Double(foundationScattered) / Double(libraryScattered), "×")
    report.note(
      "target: folding a name ≥ 10× faster than Foundation "
        + (Double(foundation) >= 10 * Double(libraryReused) ? "met" : "MISSED")
        + " (names copied in order; over the names where the items hold them, "
        + (Double(foundationScattered) >= 10 * Double(libraryScattered) ? "met" : "missed")
        + "; checksum \(checksum % 1000))")
    return report
  }
}
