/// The suggestion list a UI shows: the query, its ranked matches, the keyboard highlight and
/// the inline ghost completion.
///
/// ``MentionManager/currentSuggestions`` holds the list while it is shown, and the delegate
/// receives it whenever it changes. It always answers the latest query: results for a query the
/// user has typed past are never shown. Empty ``matches`` mean the data source found nothing
/// for the query (a UI may say so).
///
/// Each match says how its item matched (``MentionMatch/tier``, ``MentionMatch/route``), so a
/// row can explain itself: a typo match drawn dimmed, a transliterated one with the spelling
/// that matched (`王芳 · wangfang`). Two people with the same display name are told apart by
/// their handles: ``needsHandle(at:)`` says when a row must show it.
public struct MentionSuggestions: Sendable, Hashable {
  /// The query the matches answer.
  public var query: MentionQuery
  /// The matching items with how each matched, best first: at most the trigger's
  /// ``Trigger/resultLimit``, plus the pages ``MentionManager/showMore()`` appended.
  public var matches: [MentionMatch]
  /// The highlighted position in ``matches``, or `nil` when nothing is highlighted.
  public var highlightedIndex: Int?
  /// The rest of the best item's text, to draw after the caret (Safari-style), or `nil` when
  /// none is offered.
  public var ghostText: String?
  /// Whether the data source has more matches for the query: ``MentionManager/showMore()``
  /// fetches them.
  public var hasMore: Bool

  /// The matching items, best first: the items of ``matches``.
  public var items: [MentionItem] { matches.map(\.item) }

  /// Creates a suggestion list.
  ///
  /// - Parameters:
  ///   - query: The query the matches answer.
  ///   - matches: The matches, best first.
  ///   - highlightedIndex: The highlighted position in `matches`.
  ///   - ghostText: The inline completion after the caret.
  ///   - hasMore: Whether the data source has more matches.
  init(
    query: MentionQuery, matches: [MentionMatch], highlightedIndex: Int? = nil,
    ghostText: String? = nil, hasMore: Bool = false
  ) {
    self.query = query
    self.matches = matches
    self.highlightedIndex = highlightedIndex
    self.ghostText = ghostText
    self.hasMore = hasMore
  }

  /// Whether the row at a position must show its item's handle
  /// (``MentionItem/insertionText``) to be told apart: another row has the same display text,
  /// compared case-, diacritic- and width-insensitively.
  ///
  /// ```swift
  /// // rows "Ana Silva" (@ana.silva), "Ana Silva" (@asilva), "Ana Souza" (@anasouza)
  /// suggestions.needsHandle(at: 0)  // true
  /// suggestions.needsHandle(at: 2)  // false
  /// ```
  ///
  /// - Parameter index: A position in ``matches``.
  /// - Returns: Whether another match shares the display text; `false` out of range.
  /// - Complexity: O(*n* · *k*) for *n* matches of length *k*.
  public func needsHandle(at index: Int) -> Bool {
    guard matches.indices.contains(index) else { return false }
    let name = Folding.fold(matches[index].item.displayText)
    return matches.indices.contains { other in
      other != index && Folding.fold(matches[other].item.displayText) == name
    }
  }
}
