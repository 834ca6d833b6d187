extension MentionIndex: SynchronousMentionDirectory {
  /// Returns the items whose handle (``MentionItem/insertionText``) has a key, exactly up to
  /// case: never by diacritic or width folding, never by display name.
  ///
  /// The index's folded keys narrow the search by binary search; each candidate's handle is
  /// then compared with the key, so `@jön` does not resolve to `jon` even though both fold to
  /// the same key. The few handles whose folded key the key's own does not lead to (a Greek
  /// letter with iota subscript: `ᾀ` folds to `α`, its case folding `ἀι` to `αι`) are kept
  /// aside by key.
  ///
  /// ```swift
  /// let index = MentionIndex([MentionItem(id: "U1", insertionText: "jon")])
  /// index.items(for: HandleKey("JON"), kind: .mention).map(\.id)  // ["U1"]
  /// index.items(for: HandleKey("jön"), kind: .mention)             // []
  /// ```
  ///
  /// - Parameters:
  ///   - key: The handle key to look up.
  ///   - kind: Not used: an index serves one kind.
  /// - Returns: The matching items, in insertion order.
  /// - Complexity: O(log *n* + *e*) for *n* keys and *e* keys folding to the same text, plus
  ///   O(*d*) for *d* pending changes.
  public func items(for key: HandleKey, kind: ExtractedEntity.Kind) -> [MentionItem] {
    let (base, removed, pending) = snapshot
    var found: [(sequence: UInt32, item: MentionItem)] = []
    var ordinals: Set<Int> = []
    let folded = Self.foldKey(key.rawValue)
    if !folded.isEmpty {
      let (lo, hi) = base.range(of: folded)
      let end = base.exactRangeEnd(folded, lo, hi)
      for i in lo..<end where base.refs[i] >> 30 == IndexBase.Kind.primary.rawValue {
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
