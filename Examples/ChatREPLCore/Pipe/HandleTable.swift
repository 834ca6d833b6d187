import MentionKit

/// The directory as MentionKit resolves it: users and channels in `HandleDirectory` tables,
/// matched exactly up to case (`@Jose` is `jose`, `@jöse` is not), with the library's default
/// mention limit.
struct HandleTable: Sendable {
  let resolver: MentionResolver

  init(directory: Directory) {
    resolver = MentionResolver(
      users: HandleDirectory(directory.users), channels: HandleDirectory(directory.channels))
  }
}
