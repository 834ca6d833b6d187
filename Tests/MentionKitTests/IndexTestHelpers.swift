@testable import MentionKit

extension Array where Element == MentionMatch {
  /// The ids of the literal matches, in order: what the index returned before it matched
  /// through transliterations and typos.
  var literalIDs: [String] { filter { $0.route == .literal }.map(\.item.id) }
}
