extension MentionIndex {
  /// One key an item is found by: a folded field, or a later word of one, and the tier a
  /// query earns by matching it.
  ///
  /// These are the keys a ``MentionIndex`` searches. A store outside the process (a database
  /// table with a byte-ordered index on ``key``) finds the same items at the same tiers as the
  /// index does by storing them and asking, for a folded query *q* (see
  /// ``searchKey(forQuery:)``): every key that starts with *q*; per item, the best of
  /// ``exactTier`` where the key equals *q* and ``prefixTier`` otherwise, a key that is not
  /// ``isTransliterated`` before any that is; then the index's order (literal before
  /// transliterated, tier, ``MentionItem/score`` higher first, insertion order). Matches with a
  /// typo (``MentionMatch/Route/typo(key:)``) are the index's own: a store finds them by
  /// comparing the query's one-edit variants with the same keys.
  public struct SearchKey: Sendable, Hashable {
    /// The folded text: UTF-8 with no U+0000, so any text column can hold it. Compare keys by
    /// their bytes (in PostgreSQL, `COLLATE "C"`).
    public var key: String
    /// The tier of a query equal to the key: ``MatchTier/exact`` for a whole handle, display
    /// name or search term, ``MatchTier/wordPrefix`` for a later word.
    public var exactTier: MatchTier
    /// The tier of a query the key starts with: ``MatchTier/prefix`` for a whole handle or
    /// display name, ``MatchTier/wordPrefix`` for a search term or a later word.
    public var prefixTier: MatchTier
    /// Whether the key is a Latin spelling of a field (or a later word of one) rather than its
    /// own text: a match through it is ``MentionMatch/Route/transliterated(spelling:)``.
    public var isTransliterated: Bool

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - key: The folded text.
    ///   - exactTier: The tier of a query equal to the key.
    ///   - prefixTier: The tier of a query the key starts with.
    ///   - isTransliterated: Whether the key is a Latin spelling of a field.
    public init(
      key: String, exactTier: MatchTier, prefixTier: MatchTier, isTransliterated: Bool = false
    ) {
      self.key = key
      self.exactTier = exactTier
      self.prefixTier = prefixTier
      self.isTransliterated = isTransliterated
    }
  }

  /// The keys an item is found by, in the order of its fields: the handle, the display name,
  /// each search term, each followed by its later words, and with `spellings`, after each
  /// field, its Latin spellings (pinyin, romaji, `ue` for `ü`…) and their later words, marked
  /// ``SearchKey/isTransliterated``. A field that folds to nothing has no key; the same text
  /// may appear twice (a handle equal to the name).
  ///
  /// ```swift
  /// MentionIndex.searchKeys(of: MentionItem(id: "U1", insertionText: "jose", displayText: "José Lerma"))
  ///   .map(\.key)  // ["jose", "jose lerma", "lerma"]
  /// ```
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - spellings: Whether to add the keys of the fields' Latin spellings; `false` by
  ///     default, which gives the keys of the literal matches only.
  /// - Returns: Its keys with the tiers they give.
  public static func searchKeys(of item: MentionItem, spellings: Bool = false) -> [SearchKey] {
    var keys: [SearchKey] = []
    func append(_ folded: [UInt8], whole: MatchTier, prefix: MatchTier, spelled: Bool) {
      guard !folded.isEmpty else { return }
      keys.append(
        SearchKey(
          key: String(decoding: folded, as: UTF8.self), exactTier: whole, prefixTier: prefix,
          isTransliterated: spelled))
      var i = 1
      while i < folded.count {
        if ItemMatcher.isSeparator(folded[i - 1]) && !ItemMatcher.isSeparator(folded[i]) {
          keys.append(
            SearchKey(
              key: String(decoding: folded[i...], as: UTF8.self), exactTier: .wordPrefix,
              prefixTier: .wordPrefix, isTransliterated: spelled))
        }
        i += 1
      }
    }
    func append(_ field: String, whole: MatchTier, prefix: MatchTier) {
      let folded = foldKey(field)
      append(folded, whole: whole, prefix: prefix, spelled: false)
      guard spellings else { return }
      for spelling in IndexBase.spellings(of: field, own: folded[...]) {
        append(spelling, whole: whole, prefix: prefix, spelled: true)
      }
    }
    append(item.insertionText, whole: .exact, prefix: .prefix)
    append(item.displayText, whole: .exact, prefix: .prefix)
    for term in item.searchTerms { append(term, whole: .exact, prefix: .wordPrefix) }
    return keys
  }

  /// A query folded as ``searchKeys(of:spellings:)`` folds fields, to compare with their keys.
  ///
  /// - Parameter query: The text typed after the trigger.
  /// - Returns: The folded query; empty when the query folds to nothing (every item matches
  ///   it, at ``MatchTier/prefix``).
  public static func searchKey(forQuery query: some StringProtocol) -> String {
    String(decoding: foldKey(query), as: UTF8.self)
  }
}
