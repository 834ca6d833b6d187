import Foundation
import MentionKit

/// Section "fold": nanoseconds to fold one display name with the library's public entry,
/// `Folding.folded(_:)`, and with Foundation's `folding(options:locale:)`, over the same names in
/// the same run, every method timed the same way (the fastest of 3 passes over all the names,
/// each call returning a new `String`).
///
/// The headline reads the names where the loaded ``MentionItem`` values hold them, as the index
/// build does: each name's bytes lie among the items' other allocations, and reading a million
/// of them in order costs cache misses that have nothing to do with folding. Beside it, the
/// library and Foundation are timed over copies of the names made one after the other, so that
/// their bytes lie in memory in the order they are read (as a file's or a message batch's
/// would).
enum FoldBenchmark {
  /// Passes per method; the fastest is reported.
  static let passes = 3

  static func run(names loaded: [String]) -> Report {
    var report = Report(key: "fold", title: "Folding: display names")
    report.add("names", "names folded (each method)", loaded.count)
    report.add("passes", "passes per method (fastest reported)", passes)
    let inOrder = loaded.map { name in
      String(unsafeUninitializedCapacity: name.utf8.count) {
        $0.initialize(fromContentsOf: name.utf8)
      }
    }

    // Each pass function keeps its buffer and sum in locals of its own (a variable captured
    // from here would sit in a box and be read through it in the loop).
    func timeLibrary(_ names: [String]) -> (nanoseconds: UInt64, sum: Int) {
      var sum = 0
      let nanoseconds = Timing.fastest(of: passes) {
        for name in names { sum &+= Folding.folded(name).utf8.count }
      }
      return (nanoseconds, sum)
    }
    func timeFoundation(_ names: [String]) -> (nanoseconds: UInt64, sum: Int) {
      var sum = 0
      let nanoseconds = Timing.fastest(of: passes) {
        for name in names {
          sum &+=
            name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8
            .count
        }
      }
      return (nanoseconds, sum)
    }
    func timeNaiveBaseline(_ names: [String]) -> (nanoseconds: UInt64, sum: Int) {
      var sum = 0
      let nanoseconds = Timing.fastest(of: passes) {
        for name in names { sum &+= NaiveBaseline.fold(name).utf8.count }
      }
      return (nanoseconds, sum)
    }

    var checksum = 0
    func take(_ timed: (nanoseconds: UInt64, sum: Int)) -> UInt64 {
      checksum &+= timed.sum
      return timed.nanoseconds
    }
    // Names where the loaded items hold them (the headline).
    let library = take(timeLibrary(loaded))
    let foundation = take(timeFoundation(loaded))
    let baseline = take(timeNaiveBaseline(loaded))
    // Names copied one after the other.
    let libraryInOrder = take(timeLibrary(inOrder))
    let foundationInOrder = take(timeFoundation(inOrder))

    let perName = { (nanoseconds: UInt64) in Double(nanoseconds) / Double(loaded.count) }
    var held = Report(
      key: "items_layout", title: "names where the loaded items hold them (as the index build)")
    held.add(
      "library_ns_per_name", "library Folding.folded(_:)", perName(library), "ns/name")
    held.add(
      "foundation_ns_per_name", "Foundation [.caseInsensitive, .diacriticInsensitive]",
      perName(foundation), "ns/name")
    held.add(
      "naive_baseline_fold_ns_per_name", "Foundation + width + extra folds (naive baseline)",
      perName(baseline), "ns/name")
    held.add(
      "foundation_over_library_speedup", "speed-up Foundation ÷ Folding.folded(_:)",
      Double(foundation) / Double(library), "×")
    report.add(held)
    var copied = Report(key: "in_order", title: "names copied one after the other")
    copied.add(
      "library_ns_per_name", "library Folding.folded(_:)", perName(libraryInOrder), "ns/name")
    copied.add(
      "foundation_ns_per_name", "Foundation [.caseInsensitive, .diacriticInsensitive]",
      perName(foundationInOrder), "ns/name")
    copied.add(
      "foundation_over_library_speedup", "speed-up Foundation ÷ Folding.folded(_:)",
      Double(foundationInOrder) / Double(libraryInOrder), "×")
    report.add(copied)
    report.note(
      "target: folding a name ≥ 10× faster than Foundation, names where the items hold them, "
        + "Folding.folded(_:) "
        + (Double(foundation) >= 10 * Double(library) ? "met" : "MISSED")
        + " (checksum \(checksum % 1000))")
    return report
  }
}
