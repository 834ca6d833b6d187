import MentionKit

/// Suggestions for a query, synchronously: the interactive loop asks on every keystroke and
/// draws the answer at once.
protocol SuggestionEngine: Sendable {
  /// The best items for the query, best first, at most `limit`.
  func suggestions(for query: MentionQuery, limit: Int) -> [MentionItem]
}

/// Ranks a trigger's whole list with MentionKit's `DefaultMentionFilter` on every keystroke:
/// right for the embedded directory; an index takes over for large ones.
struct FilterSuggestionEngine: SuggestionEngine {
  var itemsByTrigger: [String: [MentionItem]]
  var filter = DefaultMentionFilter()

  init(directory: Directory) {
    itemsByTrigger = [
      Trigger.mention.name: directory.users,
      Trigger.hashtag.name: directory.channels,
      Trigger.emoji.name: directory.emoji,
      Trigger.command.name: directory.commands,
    ]
  }

  func suggestions(for query: MentionQuery, limit: Int) -> [MentionItem] {
    var items = itemsByTrigger[query.trigger.name] ?? []
    DefaultMentionFilter(limit: limit).filter(&items, for: query)
    return items
  }
}
