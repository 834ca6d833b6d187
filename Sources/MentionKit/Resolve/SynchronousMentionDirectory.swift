/// A directory that answers at once, in memory: the fast path of ``MentionResolver``.
///
/// When every directory a resolver uses is synchronous, ``MentionResolver/resolve(_:entities:)``
/// never suspends and ``MentionResolver/resolveSynchronously(_:entities:)`` is available, so
/// extraction, resolution and rendering can run in a plain loop at millions of messages per
/// second. ``HandleDirectory``, ``MentionIndex`` and ``InMemoryDataSource`` conform.
///
/// ```swift
/// let users = HandleDirectory([MentionItem(id: "U1", insertionText: "jon")])
/// users.items(for: HandleKey("JON"), kind: .mention).map(\.id)  // ["U1"]
/// ```
public protocol SynchronousMentionDirectory: MentionDirectory {
  /// Returns the items whose handle has a key.
  ///
  /// - Parameters:
  ///   - key: The handle key to look up.
  ///   - kind: The kind of the entity being resolved.
  /// - Returns: The matching items, in the directory's order; empty when none matches.
  func items(for key: HandleKey, kind: ExtractedEntity.Kind) -> [MentionItem]
}

extension SynchronousMentionDirectory {
  /// Looks up each key with ``items(for:kind:)``.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys to look up.
  ///   - kind: The kind of the entities being resolved.
  /// - Returns: The items of each key that matched.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func items(matching keys: [HandleKey], kind: ExtractedEntity.Kind) async throws
    -> [HandleKey: [MentionItem]]
  {
    try Task.checkCancellation()
    var found: [HandleKey: [MentionItem]] = [:]
    for key in keys {
      let items = items(for: key, kind: kind)
      if !items.isEmpty { found[key] = items }
    }
    return found
  }
}
