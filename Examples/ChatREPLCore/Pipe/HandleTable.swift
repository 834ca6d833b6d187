import MentionKit

/// The directory as MentionKit resolves it: users and channels in `HandleDirectory` tables,
/// matched exactly up to case (`@Jose` is `jose`, `@jöse` is not), with a mention limit per
/// message (the library's default unless `--max-mentions` says otherwise).
struct HandleTable: Sendable {
  let resolver: MentionResolver

  init(directory: Directory, mentionLimit: Int = MentionResolver.defaultMentionLimit) {
    resolver = MentionResolver(
      users: HandleDirectory(directory.users), channels: HandleDirectory(directory.channels),
      mentionLimit: mentionLimit)
  }
}
