/// A directory that resolves many handles at once: users, channels, or any other kind of item.
///
/// ``MentionResolver`` calls ``items(matching:kind:)`` once per entity kind per message (or per
/// batch of messages) with every distinct handle key to look up, so a remote directory answers
/// one query instead of one per mention. Conform a database or a service to it; in memory, use
/// ``HandleDirectory``, ``MentionIndex`` or ``InMemoryDataSource``, which already conform.
///
/// ```swift
/// struct UserService: MentionDirectory {
///   func items(matching keys: [HandleKey], kind: ExtractedEntity.Kind) async throws
///     -> [HandleKey: [MentionItem]]
///   {
///     // SELECT … WHERE handle_key IN (keys), handle_key holding HandleKey(handle).rawValue
///     let rows = try await database.users(handleKeys: keys.map(\.rawValue))
///     return Dictionary(grouping: rows.map(\.mentionItem)) { HandleKey($0.insertionText) }
///   }
/// }
/// ```
///
/// Matching must be exact up to case (see ``HandleKey``). The resolver checks every answer
/// again and ignores items whose ``MentionItem/insertionText`` does not have the key asked for,
/// so a directory that matches loosely (diacritics, prefixes) can never make `@jön` resolve to
/// `jon`.
public protocol MentionDirectory: Sendable {
  /// Returns the items whose handle has each key.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys to look up.
  ///   - kind: The kind of the entities being resolved (``ExtractedEntity/Kind-swift.struct/mention``,
  ///     ``ExtractedEntity/Kind-swift.struct/hashtag``, or a custom trigger's name), for
  ///     directories that serve several kinds.
  /// - Returns: For each key that matched, its items in the directory's order (several items
  ///   make the mention ambiguous). Keys that matched nothing may be left out.
  /// - Throws: Any error; ``MentionResolver`` reports it as a ``ResolutionError``.
  func items(matching keys: [HandleKey], kind: ExtractedEntity.Kind) async throws
    -> [HandleKey: [MentionItem]]
}
