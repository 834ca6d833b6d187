extension InMemoryDataSource: MentionDirectory {
  /// Resolves a handle among the items served for the trigger, at once.
  ///
  /// The trigger name (`"mention"`, `"hashtag"`) picks the list, so one data source can resolve
  /// both users and channels. The list is scanned: for large directories, resolve against a
  /// ``HandleDirectory`` or a ``MentionIndex``.
  ///
  /// ```swift
  /// let source = InMemoryDataSource(["mention": [MentionItem(id: "U1", insertionText: "jon")]])
  /// source.resolution(of: "Jon", trigger: .mention)?.item?.id  // "U1"
  /// ```
  ///
  /// - Parameters:
  ///   - handle: The handle as written.
  ///   - trigger: The entity's trigger, whose name picks the list.
  /// - Returns: The resolution among the matching items, in list order.
  /// - Complexity: O(*n*) in the number of items served for the trigger.
  public func resolution(of handle: String, trigger: Trigger.Name) -> MessageEntity.Resolution? {
    MessageEntity.Resolution(candidates: items(for: HandleKey(handle), trigger: trigger))
  }

  /// Looks up many keys in one pass over the list.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys.
  ///   - trigger: The entity's trigger, whose name picks the list.
  /// - Returns: The items of each key that matched.
  /// - Throws: `CancellationError` when the task is cancelled.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* keys.
  public func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]
  {
    try Task.checkCancellation()
    let wanted = Set(keys)
    var found: [HandleKey: [MentionItem]] = [:]
    for item in itemsByTrigger[trigger] ?? fallbackItems {
      let key = HandleKey(item.insertionText)
      if wanted.contains(key) { found[key, default: []].append(item) }
    }
    return found
  }

  /// The items served for the trigger whose handle has a key, in list order.
  func items(for key: HandleKey, trigger: Trigger.Name) -> [MentionItem] {
    (itemsByTrigger[trigger] ?? fallbackItems).filter { key.matches($0.insertionText) }
  }
}
