/// Prefix arithmetic on folded text, shared by Tab completion and inline completion.
///
/// Matching compares folded bytes (``Folding``), but what is shown and inserted are the item's
/// own characters; these helpers map a folded prefix back to whole characters.
enum FoldedPrefix {
  /// The end of the shortest run of leading characters of `text` whose fold equals `folded`,
  /// or `nil` when no whole-character prefix of `text` folds to exactly `folded`.
  ///
  /// - Complexity: O(*k*²) in the length *k* of the prefix; names are short.
  static func end(of folded: [UInt8], in text: String) -> String.Index? {
    if folded.isEmpty { return text.startIndex }
    var end = text.startIndex
    while end < text.endIndex {
      end = text.index(after: end)
      let prefix = Folding.fold(text[..<end])
      if prefix.count >= folded.count { return prefix == folded ? end : nil }
      guard folded.starts(with: prefix) else { return nil }
    }
    return nil
  }

  /// The longest run of leading characters of `text` whose fold is a prefix of every string in
  /// `others` (already folded).
  static func longestCommonEnd(of text: String, withFolded others: [[UInt8]]) -> String.Index {
    var best = text.startIndex
    var end = text.startIndex
    while end < text.endIndex {
      end = text.index(after: end)
      let prefix = Folding.fold(text[..<end])
      guard others.allSatisfy({ $0.starts(with: prefix) }) else { break }
      best = end
    }
    return best
  }

  /// `typed` followed by the rest of `text` after the characters that match `typed`: the typed
  /// part keeps the user's own case and accents.
  ///
  /// Returns `nil` when no whole-character prefix of `text` folds to the folded `typed`.
  static func completion(of typed: String, by text: String) -> (
    rest: Substring, matched: String.Index
  )? {
    guard let end = end(of: Folding.fold(typed), in: text) else { return nil }
    return (text[end...], end)
  }
}
