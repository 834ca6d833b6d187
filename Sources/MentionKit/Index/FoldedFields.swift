/// An item's fields folded as the index stores them, with their Latin spellings: what an item
/// checked on its own (a pending item, or one with ranking signals) is matched against, by the
/// same rules as the index's keys.
struct FoldedFields: Sendable {
  var handle: [UInt8]
  var name: [UInt8]
  var terms: [[UInt8]]
  /// The folded spellings of every field, each with whether its field is a search term.
  var spellings: [(text: [UInt8], isTerm: Bool)]

  init(_ item: MentionItem) {
    handle = MentionIndex.foldKey(item.insertionText)
    name = MentionIndex.foldKey(item.displayText)
    terms = item.searchTerms.map { MentionIndex.foldKey($0) }
    spellings = IndexBase.spellings(of: item.insertionText, own: handle[...]).map { ($0, false) }
    spellings += IndexBase.spellings(of: item.displayText, own: name[...]).map { ($0, false) }
    for (term, folded) in zip(item.searchTerms, terms) {
      spellings += IndexBase.spellings(of: term, own: folded[...]).map { ($0, true) }
    }
  }

  /// Bytes held, roughly.
  var byteCount: Int {
    handle.count + name.count + terms.reduce(0) { $0 + $1.count }
      + spellings.reduce(0) { $0 + $1.text.count }
  }

  /// How the item matches a folded query at best: its rank class (the tier, plus 4 through a
  /// spelling, plus 8 with one edit) and route. Typos count only when `typoQuery` (the query's
  /// scalars) is given and nothing matches without one.
  func best(_ query: [UInt8], typoQuery: [Unicode.Scalar]?) -> (
    rankClass: UInt32, route: MentionMatch.Route
  )? {
    if query.isEmpty { return (1, .literal) }
    if let tier = ItemMatcher.prefixTier(handle: handle, name: name, terms: terms, query: query) {
      return (UInt32(tier.rawValue), .literal)
    }
    var spelled: (tier: MatchTier, text: [UInt8])?
    for spelling in spellings {
      if let tier = ItemMatcher.fieldTier(spelling.text, isTerm: spelling.isTerm, query),
        spelled == nil || tier < spelled!.tier
      {
        spelled = (tier, spelling.text)
      }
    }
    if let spelled {
      return (
        4 + UInt32(spelled.tier.rawValue),
        .transliterated(spelling: String(decoding: spelled.text, as: UTF8.self))
      )
    }
    guard let typoQuery else { return nil }
    var typo: (tier: MatchTier, key: ArraySlice<UInt8>)?
    let fields = [(handle, false), (name, false)] + terms.map { ($0, true) } + spellings
    for (field, isTerm) in fields {
      if let found = ItemMatcher.typoTier(field, isTerm: isTerm, typoQuery),
        typo == nil || found.tier < typo!.tier
      {
        typo = found
      }
    }
    guard let typo else { return nil }
    return (8 + UInt32(typo.tier.rawValue), .typo(key: String(decoding: typo.key, as: UTF8.self)))
  }
}
