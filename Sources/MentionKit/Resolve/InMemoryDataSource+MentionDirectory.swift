extension InMemoryDataSource: SynchronousMentionDirectory {
  /// Returns the items, among those served for the kind's trigger, whose handle has a key.
  ///
  /// The entity kind is the trigger name (`"mention"`, `"hashtag"`), so one data source can
  /// resolve both users and channels. The list is scanned: for large directories, resolve
  /// against a ``HandleDirectory`` or a ``MentionIndex``.
  ///
  /// ```swift
  /// let source = InMemoryDataSource(["mention": [MentionItem(id: "U1", insertionText: "jon")]])
  /// source.items(for: HandleKey("Jon"), kind: .mention).map(\.id)  // ["U1"]
  /// ```
  ///
  /// - Parameters:
  ///   - key: The handle key to look up.
  ///   - kind: The entity kind, used as the trigger name.
  /// - Returns: The matching items, in list order.
  /// - Complexity: O(*n*) in the number of items served for the kind.
  public func items(for key: HandleKey, kind: ExtractedEntity.Kind) -> [MentionItem] {
    (itemsByTrigger[kind] ?? fallbackItems).filter { key.matches($0.insertionText) }
  }

  /// Looks up many keys in one pass over the list.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys.
  ///   - kind: The entity kind, used as the trigger name.
  /// - Returns: The items of each key that matched.
  /// - Throws: `CancellationError` when the task is cancelled.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* keys.
  public func items(matching keys: [HandleKey], kind: ExtractedEntity.Kind) async throws
    -> [HandleKey: [MentionItem]]
  {
    try Task.checkCancellation()
    let wanted = Set(keys)
    var found: [HandleKey: [MentionItem]] = [:]
    for item in itemsByTrigger[kind] ?? fallbackItems {
      let key = HandleKey(item.insertionText)
      if wanted.contains(key) { found[key, default: []].append(item) }
    }
    return found
  }
}
