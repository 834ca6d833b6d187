import MentionKit

/// Suggestions for a query, synchronously: the interactive loop asks on every keystroke and
/// draws the answer at once.
protocol SuggestionEngine: Sendable {
  /// The best items for the query, best first, at most `limit`.
  func suggestions(for query: MentionQuery, limit: Int) -> [MentionItem]
}

/// Users and channels from MentionKit's `MentionIndex` (prefix search in microseconds, even
/// over a million users); the short emoji and command lists ranked whole with
/// `DefaultMentionFilter`, which also finds mid-word matches (`:cat` → `smiley_cat`).
struct DirectorySuggestionEngine: SuggestionEngine {
  let users: MentionIndex
  let channels: MentionIndex
  let emoji: [MentionItem]
  let commands: [MentionItem]

  /// Indexes the directory's users and channels.
  ///
  /// - Complexity: O(*n* log *n*) in the number of users and channels: about 1.5 s for a
  ///   million users in a release build.
  init(directory: Directory) {
    users = MentionIndex(directory.users)
    channels = MentionIndex(directory.channels)
    emoji = directory.emoji
    commands = directory.commands
  }

  func suggestions(for query: MentionQuery, limit: Int) -> [MentionItem] {
    switch query.trigger.name {
    case Trigger.mention.name: return users.search(query.text, limit: limit)
    case Trigger.hashtag.name: return channels.search(query.text, limit: limit)
    case Trigger.emoji.name: return filtered(emoji, query, limit)
    case Trigger.command.name: return filtered(commands, query, limit)
    default: return []
    }
  }

  private func filtered(_ items: [MentionItem], _ query: MentionQuery, _ limit: Int)
    -> [MentionItem]
  {
    var items = items
    DefaultMentionFilter(limit: limit).filter(&items, for: query)
    return items
  }
}
