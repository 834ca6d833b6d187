import Dispatch
import MentionKit

/// The directory behind the session's `MentionManager`: users and channels from MentionKit's
/// `MentionIndex` (prefix search in microseconds, even over a million users), whose ranked
/// matches (with transliterated and typo ones) and pages reach the list unchanged; the short
/// emoji and command lists ranked by a `DefaultMentionFilter` (it also finds mid-word matches:
/// `:cat` → `smiley_cat`). Groups and broadcasts join the first page of `@` suggestions (see
/// ``MentionTargets``).
struct DirectoryDataSource: RankingDataSource {
  let users: MentionIndex
  let channels: MentionIndex
  let emoji: [MentionItem]
  let commands: [MentionItem]
  let targets: MentionTargets

  /// Indexes the directory's users and channels.
  ///
  /// - Complexity: O(*n* log *n*) in the number of users and channels: about 1.5 s for a
  ///   million users in a release build.
  /// - Parameters:
  ///   - directory: The users, channels, emoji and commands.
  ///   - targets: The groups and broadcasts `@` also completes.
  ///   - progress: Called with the fraction of both indexes built, from 0 to 1 (each index's
  ///     share in proportion to its items).
  init(
    directory: Directory, targets: MentionTargets = MentionTargets(),
    progress: (Double) -> Void = { _ in }
  ) {
    self.targets = targets
    let total = Double(max(directory.users.count + directory.channels.count, 1))
    let usersShare = Double(directory.users.count) / total
    users = MentionIndex(directory.users) { progress($0 * usersShare) }
    channels = MentionIndex(directory.channels) { progress(usersShare + $0 * (1 - usersShare)) }
    emoji = directory.emoji
    commands = directory.commands
  }

  func items(for query: MentionQuery) async throws -> [MentionItem] {
    switch query.trigger.name {
    case .mention: try await users.items(for: query) + targets.items
    case .hashtag: try await channels.items(for: query)
    case .emoji: emoji
    case .command: commands
    default: []
    }
  }

  func page(
    for query: MentionQuery, limit: Int, ranking: MentionRanking,
    after continuation: MentionIndex.Continuation?
  ) async throws -> (matches: [MentionMatch], continuation: MentionIndex.Continuation?) {
    let list: [MentionItem]
    switch query.trigger.name {
    case .mention:
      let page = try await users.page(
        for: query, limit: limit, ranking: ranking, after: continuation)
      guard continuation == nil else { return page }
      return (targets.merged(into: page.matches, for: query, ranking: ranking), page.continuation)
    case .hashtag:
      return try await channels.page(
        for: query, limit: limit, ranking: ranking, after: continuation)
    case .emoji: list = emoji
    case .command: list = commands
    default: list = []
    }
    guard continuation == nil else { return ([], nil) }
    return (DefaultMentionFilter(limit: limit).matches(in: list, for: query, ranking: ranking), nil)
  }
}

/// A directory that answers like a remote one (`--latency MS`): each fetch waits a random time
/// up to a maximum before answering, and answers even when the manager has stopped waiting, as a
/// server that cannot be cancelled would. Answers to earlier keystrokes can so arrive after
/// later ones; the manager never shows them.
struct LatencyDataSource: RankingDataSource {
  let base: DirectoryDataSource
  /// The longest delay, in milliseconds.
  let maximumMilliseconds: Int

  func items(for query: MentionQuery) async throws -> [MentionItem] {
    let items = try await base.items(for: query)
    await delay()
    return items
  }

  func page(
    for query: MentionQuery, limit: Int, ranking: MentionRanking,
    after continuation: MentionIndex.Continuation?
  ) async throws -> (matches: [MentionMatch], continuation: MentionIndex.Continuation?) {
    let page = try await base.page(
      for: query, limit: limit, ranking: ranking, after: continuation)
    await delay()
    return page
  }

  private func delay() async {
    let delay = Int.random(in: 0...max(maximumMilliseconds, 0))
    // Not a cancellable sleep: the simulated server answers whatever the client does.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delay)) {
        continuation.resume()
      }
    }
  }
}
