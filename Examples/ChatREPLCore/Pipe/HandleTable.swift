import MentionKit

/// The directory as MentionKit resolves it: users (and the groups of `--groups`) and channels
/// in `HandleDirectory` tables, matched exactly up to case (`@Jose` is `jose`, `@jöse` is not),
/// with a mention limit per message (the library's default unless `--max-mentions` says
/// otherwise).
struct HandleTable: Sendable {
  let resolver: MentionResolver
  /// The users and groups.
  let users: HandleDirectory

  init(
    directory: Directory, mentionLimit: Int = MentionResolver.defaultMentionLimit,
    groups: GroupFile.Groups = GroupFile.Groups()
  ) {
    users = HandleDirectory(directory.users + groups.items, groups: groups.members)
    resolver = MentionResolver(
      users: users, channels: HandleDirectory(directory.channels), mentionLimit: mentionLimit)
  }
}
