/// The stderr line shown while a big directory is indexed for completion: on a terminal it
/// counts up in whole percent on one line (`indexing 1,000,000 users for completion… 42%`), then
/// is replaced by the time it took; elsewhere (a log, a pipe) it is the two plain lines.
struct IndexingLine {
  /// How many users are indexed.
  var users: Int
  /// Whether stderr is a terminal, where the line can be redrawn in place.
  var isTerminal: Bool

  /// The text before indexing starts.
  var started: String {
    isTerminal ? "\(label) 0%" : "\(label)\n"
  }

  /// The text for a new fraction done, or `nil` when the whole percent shown is unchanged (or
  /// stderr is not a terminal).
  ///
  /// - Parameters:
  ///   - fraction: The fraction done, from 0 to 1.
  ///   - shown: The percent last shown; updated when a new one is returned.
  /// - Returns: The text that redraws the line, or `nil`.
  func update(_ fraction: Double, shown: inout Int) -> String? {
    guard isTerminal, fraction.isFinite else { return nil }
    let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
    guard percent > shown else { return nil }
    shown = percent
    return "\r\u{1B}[K\(label) \(percent)%"
  }

  /// The text when indexing has finished.
  ///
  /// - Parameter seconds: How long it took.
  /// - Returns: The text that replaces the line (on a terminal) or follows it.
  func finished(seconds: Double) -> String {
    (isTerminal ? "\r\u{1B}[K" : "") + "indexed in \(seconds) s\n"
  }

  private var label: String { "indexing \(grouped(users)) users for completion…" }
}
