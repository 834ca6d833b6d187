import Foundation
import MentionKit

/// The tutorial baseline, and the oracle the index is checked against: it folds every item with
/// Foundation on every keystroke and ranks the matches by the rules the library documents. It is
/// written from those documents, not from the library's matching code, and shares none of it.
///
/// **Folding.** Foundation's
/// `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)`,
/// then the extra folds of the table in Docs/Folding.md (`ø ł đ ħ ı æ œ þ` and their capitals,
/// U+3000 to a space) on its result. Docs/Folding.md specifies the library's `Folding` as exactly
/// that, apart from two contrived cases that names never contain (a string that starts with a
/// combining mark and a variation selector; a combining mark after U+0000). The library gets
/// there through a table generated offline and a pass over UTF-8; this gets there through
/// Foundation (ICU's Unicode data) at run time.
///
/// **Matching** (the *Filtering and Ranking* article, `MatchTier` and `MentionIndex`'s
/// documentation), on folded text compared scalar by scalar, never by grapheme clusters
/// (Docs/Folding.md):
/// 1. exact: the query equals the handle, the display name or a search term;
/// 2. prefix: the handle or the display name starts with it;
/// 3. word prefix: a later word of the handle or of the display name, or a search term or a
///    word of one, starts with it (the article names only the display name's words; the index's
///    documentation adds the handle's, and the index is what this checks);
/// 4. substring — not found by the index, so left out here too.
///
/// Then higher `score` first, then list order; the first `limit` are the result.
///
/// **Words.** The documents do not list the characters that separate words. Here a word starts
/// at a character that is not a separator right after one that is, and the separators are
/// whitespace, punctuation and control characters (Unicode general categories Z, P and Cc). The
/// library's list is ASCII only — space, tab, line feed, carriage return and `- _ . ' , ( ) / @`,
/// all in those categories — so the two differ on other punctuation (`!`, `&`, `:`, `’`, `·`,
/// `、`…): "jerry" starts a word of "Tom&Jerry" here but not in the library. The check holds
/// on `../shared/data/users.tsv` because the only characters of its handles and names that are
/// not letters, digits or marks are the space, `_ . - ' , ( )` — separators in both — and `˜`
/// (U+02DC, a modifier symbol), a separator in neither. Other data with other punctuation can
/// make the check report differences that are this baseline's, not the index's.
struct NaiveBaseline {
  /// The tiers of the documented ranking, best first, named as `MatchTier` names them so that
  /// the benchmark compares the two by name.
  enum Tier: Int, Comparable {
    case exact, prefix, wordPrefix

    static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  let items: [MentionItem]

  /// The top `limit` matches: item index and tier, best first.
  func matches(for query: String, limit: Int) -> [(index: Int, tier: Tier)] {
    let query = Self.fold(query).unicodeScalars
    guard !query.isEmpty else { return [] }
    var found: [(index: Int, tier: Tier)] = []
    for (index, item) in items.enumerated() {
      if let tier = Self.tier(of: item, query: query) { found.append((index, tier)) }
    }
    // `sort` is not stable: the list position is the last key.
    found.sort { lhs, rhs in
      if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
      let (left, right) = (items[lhs.index].score, items[rhs.index].score)
      if left != right { return left > right }
      return lhs.index < rhs.index
    }
    return Array(found.prefix(limit))
  }

  /// The best tier at which `item` matches a folded, non-empty query.
  static func tier(of item: MentionItem, query: String.UnicodeScalarView) -> Tier? {
    let handle = fold(item.insertionText).unicodeScalars
    let name = fold(item.displayText).unicodeScalars
    let terms = item.searchTerms.map { fold($0).unicodeScalars }
    if handle.elementsEqual(query) || name.elementsEqual(query)
      || terms.contains(where: { $0.elementsEqual(query) })
    {
      return .exact
    }
    if handle.starts(with: query) || name.starts(with: query) { return .prefix }
    if laterWordStarts(handle, with: query) || laterWordStarts(name, with: query) {
      return .wordPrefix
    }
    for term in terms where term.starts(with: query) || laterWordStarts(term, with: query) {
      return .wordPrefix
    }
    return nil
  }

  /// Whether a word of `text` other than its start begins with `query`.
  static func laterWordStarts(
    _ text: String.UnicodeScalarView, with query: String.UnicodeScalarView
  ) -> Bool {
    var afterSeparator = false
    var position = text.startIndex
    while position != text.endIndex {
      let separator = isSeparator(text[position])
      if afterSeparator && !separator && text[position...].starts(with: query) { return true }
      afterSeparator = separator
      position = text.index(after: position)
    }
    return false
  }

  /// Whitespace, punctuation and control characters.
  static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control,
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  /// Foundation's folding, then the documented extra folds.
  static func fold(_ text: String) -> String {
    let folded = text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    guard folded.utf8.contains(where: { $0 >= 0x80 }) else { return folded }
    var result = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
      switch scalar {
      case "ø", "Ø": result.append("o")
      case "ł", "Ł": result.append("l")
      case "đ", "Đ": result.append("d")
      case "ħ", "Ħ": result.append("h")
      case "ı": result.append("i")
      case "æ", "Æ": result.append(contentsOf: "ae".unicodeScalars)
      case "œ", "Œ": result.append(contentsOf: "oe".unicodeScalars)
      case "þ", "Þ": result.append(contentsOf: "th".unicodeScalars)
      case "\u{3000}": result.append(" ")
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}
