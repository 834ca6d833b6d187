extension MentionIndex: MentionDirectory {
  /// Resolves a handle at once: among the items whose handle (``MentionItem/insertionText``)
  /// has the handle's key, exactly up to case, never by diacritic or width folding, never by
  /// display name.
  ///
  /// ```swift
  /// let index = MentionIndex([MentionItem(id: "U1", insertionText: "jon")])
  /// index.resolution(of: "JON", trigger: .mention)  // .resolved(U1)
  /// index.resolution(of: "jön", trigger: .mention)  // .unresolved
  /// ```
  ///
  /// - Parameters:
  ///   - handle: The handle as written.
  ///   - trigger: Not used: an index serves one trigger.
  /// - Returns: The resolution among the matching items, in insertion order.
  /// - Complexity: O(log *n* + *e*) for *n* keys and *e* keys folding to the same text, plus
  ///   O(*d*) for *d* pending changes.
  public func resolution(of handle: String, trigger: Trigger.Name) -> MessageEntity.Resolution? {
    MessageEntity.Resolution(candidates: items(for: HandleKey(handle)))
  }

  /// Looks each key up in the index.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys to look up.
  ///   - trigger: Not used: an index serves one trigger.
  /// - Returns: The items of each key that matched.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]
  {
    try items(matching: keys) { items(for: $0) }
  }

  /// Returns the items whose handle (``MentionItem/insertionText``) has a key, exactly up to
  /// case: never by diacritic or width folding, never by display name.
  ///
  /// The index's folded keys narrow the search by binary search; each candidate's handle is
  /// then compared with the key, so `@jön` does not resolve to `jon` even though both fold to
  /// the same key. The few handles whose folded key the key's own does not lead to (a Greek
  /// letter with iota subscript: `ᾀ` folds to `α`, its case folding `ἀι` to `αι`) are kept
  /// aside by key.
  ///
  /// - Returns: The matching items, in insertion order.
  func items(for key: HandleKey) -> [MentionItem] {
    let (base, removed, pending) = snapshot
    var found: [(sequence: UInt32, item: MentionItem)] = []
    var ordinals: Set<Int> = []
    let folded = Self.foldKey(key.rawValue)
    if !folded.isEmpty {
      let (lo, hi) = base.range(of: folded)
      let end = base.exactRangeEnd(folded, lo, hi)
      for i in lo..<end where base.refs[i] >> IndexBase.kindShift == IndexBase.Kind.primary.rawValue
      {
        let ordinal = Int(base.refs[i] & IndexBase.ordinalMask)
        guard !removed.contains(ordinal), ordinals.insert(ordinal).inserted else { continue }
        let item = base.items[ordinal]
        if key.matches(item.insertionText) { found.append((base.sequences[ordinal], item)) }
      }
    }
    // Handles whose search key does not follow their case folding.
    for ordinal in base.caseFoldedHandles[key] ?? [] {
      let ordinal = Int(ordinal)
      guard !removed.contains(ordinal), ordinals.insert(ordinal).inserted else { continue }
      found.append((base.sequences[ordinal], base.items[ordinal]))
    }
    for entry in pending where key.matches(entry.item.insertionText) {
      found.append((entry.sequence, entry.item))
    }
    if found.count > 1 { found.sort { $0.sequence < $1.sequence } }
    return found.map(\.item)
  }
}
