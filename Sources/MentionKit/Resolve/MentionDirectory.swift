/// A directory that resolves handles: users, channels, or any other kind of item.
///
/// ``MentionResolver`` works only through this protocol. It first asks
/// ``resolution(of:trigger:)`` for each entity: a directory in memory answers there at once,
/// and a resolver whose directories all do resolves without suspending (the fast path of
/// ``MentionResolver/resolve(_:into:)``). The default answer is `nil`: "ask me in a batch".
/// The entities left are then looked up with ``items(matching:trigger:)``, once per trigger
/// per message (or per batch of messages) with every distinct handle key, so a remote
/// directory answers one query instead of one per mention.
///
/// ``HandleDirectory``, ``MentionIndex`` and ``InMemoryDataSource`` conform and answer
/// synchronously. Conform a database or a service with ``items(matching:trigger:)`` alone:
///
/// ```swift
/// struct UserService: MentionDirectory {
///   func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
///     -> [HandleKey: [MentionItem]]
///   {
///     // SELECT … WHERE handle_key IN (keys), handle_key holding HandleKey(handle).rawValue
///     let rows = try await database.users(handleKeys: keys.map(\.rawValue))
///     return Dictionary(grouping: rows.map(\.mentionItem)) { HandleKey($0.insertionText) }
///   }
/// }
/// ```
///
/// Matching must be exact up to case (see ``HandleKey``). The resolver checks every batched
/// answer again and ignores items whose ``MentionItem/insertionText`` does not have the key
/// asked for, so a directory that matches loosely (diacritics, prefixes) can never make `@jön`
/// resolve to `jon`. A synchronous answer is taken as given: it must apply the same rule.
public protocol MentionDirectory: Sendable {
  /// Returns the items whose handle has each key.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys to look up.
  ///   - trigger: The trigger of the entities being resolved (``Trigger/Name/mention``,
  ///     ``Trigger/Name/hashtag``, or a custom trigger's name), for directories that serve
  ///     several.
  /// - Returns: For each key that matched, its items in the directory's order (several items
  ///   make the mention ambiguous). Keys that matched nothing may be left out.
  /// - Throws: Any error; ``MentionResolver`` reports it as a ``ResolutionError``.
  func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]

  /// Resolves one handle at once, without suspending, or returns `nil` to be asked in a batch.
  ///
  /// - Parameters:
  ///   - handle: The handle as written, without its sign.
  ///   - trigger: The trigger of the entity being resolved.
  /// - Returns: ``MessageEntity/Resolution/resolved(_:)``,
  ///   ``MessageEntity/Resolution/ambiguous(_:)`` (items in the directory's order, each once)
  ///   or ``MessageEntity/Resolution/unresolved``, matching exactly up to case; `nil` when the
  ///   directory cannot answer without suspending.
  func resolution(of handle: String, trigger: Trigger.Name) -> MessageEntity.Resolution?

  /// The members of a group, or `nil` when the item is not a group.
  ///
  /// A group (`@team`) is an item of the directory like a user, in the same handle namespace;
  /// mentioning it reaches its members. ``MentionResolver`` marks a mention that resolves to a
  /// group with ``MessageEntity/Audience/group``.
  ///
  /// - Parameter id: An item's ``MentionItem/id``.
  /// - Returns: The user ids of the group's members, or `nil` for an item that is not a group.
  func members(ofGroup id: String) -> [String]?
}

extension MentionDirectory {
  /// Returns `nil`: the directory is asked in a batch, with ``items(matching:trigger:)``.
  ///
  /// - Parameters:
  ///   - handle: The handle as written.
  ///   - trigger: The trigger of the entity being resolved.
  /// - Returns: `nil`.
  public func resolution(of handle: String, trigger: Trigger.Name) -> MessageEntity.Resolution? {
    nil
  }

  /// Returns `nil`: the directory holds no groups.
  ///
  /// - Parameter id: An item's id.
  /// - Returns: `nil`.
  public func members(ofGroup id: String) -> [String]? { nil }

  /// Looks each key up with `lookUp`, for directories that answer synchronously.
  func items(
    matching keys: [HandleKey], _ lookUp: (HandleKey) -> [MentionItem]
  ) throws -> [HandleKey: [MentionItem]] {
    try Task.checkCancellation()
    var found: [HandleKey: [MentionItem]] = [:]
    for key in keys {
      let items = lookUp(key)
      if !items.isEmpty { found[key] = items }
    }
    return found
  }
}
