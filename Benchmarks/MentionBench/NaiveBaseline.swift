import Foundation
import MentionKit

/// The tutorial baseline: fold every item with Foundation on every keystroke, then rank.
///
/// It applies the ranking the library documents (``MatchTier``: exact, prefix of the handle or
/// name, prefix of a later word; then score; then list order) to text folded by Foundation's
/// `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)`
/// with the library's documented extra folds (`ø ł đ ħ ı æ œ þ`, Docs/Folding.md) applied to
/// the result. With those extras its results are comparable with the index's item for item; the
/// cost is Foundation's, which the extras barely change (the fold section measures both).
struct NaiveBaseline {
  let items: [MentionItem]

  /// The top `limit` matches: item index and tier, best first.
  func matches(for query: String, limit: Int) -> [(index: Int, tier: MatchTier)] {
    let folded = Self.fold(query)
    guard !folded.isEmpty else { return [] }
    var found: [(index: Int, tier: MatchTier)] = []
    for (index, item) in items.enumerated() {
      let handle = Self.fold(item.insertionText)
      let name = Self.fold(item.displayText)
      let terms = item.searchTerms.map(Self.fold)
      if let tier = Self.tier(handle: handle, name: name, terms: terms, query: folded) {
        found.append((index, tier))
      }
    }
    found.sort { lhs, rhs in
      if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
      let (l, r) = (items[lhs.index].score, items[rhs.index].score)
      if l != r { return l > r }
      return lhs.index < rhs.index
    }
    return Array(found.prefix(limit))
  }

  /// Foundation's folding plus the library's documented extra folds, as UTF-8.
  static func fold(_ text: String) -> [UInt8] {
    let folded = text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var bytes = Array(folded.utf8)
    guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
    bytes.removeAll(keepingCapacity: true)
    for scalar in folded.unicodeScalars {
      switch scalar {
      case "ø", "Ø": bytes.append(UInt8(ascii: "o"))
      case "ł", "Ł": bytes.append(UInt8(ascii: "l"))
      case "đ", "Đ": bytes.append(UInt8(ascii: "d"))
      case "ħ", "Ħ": bytes.append(UInt8(ascii: "h"))
      case "ı": bytes.append(UInt8(ascii: "i"))
      case "æ", "Æ": bytes += Array("ae".utf8)
      case "œ", "Œ": bytes += Array("oe".utf8)
      case "þ", "Þ": bytes += Array("th".utf8)
      default: bytes += Array(String(scalar).utf8)
      }
    }
    return bytes
  }

  /// The documented tiers (`MatchTier`), without mid-word matches.
  static func tier(handle: [UInt8], name: [UInt8], terms: [[UInt8]], query: [UInt8]) -> MatchTier? {
    if handle == query || name == query || terms.contains(query) { return .exact }
    if handle.starts(with: query) || name.starts(with: query) { return .prefix }
    if hasWordPrefix(name, query) || hasWordPrefix(handle, query) { return .wordPrefix }
    for term in terms where term.starts(with: query) || hasWordPrefix(term, query) {
      return .wordPrefix
    }
    return nil
  }

  /// Whether a word after the first starts with the query; words are separated by space, tab,
  /// line breaks and `- _ . ' , ( ) / @`.
  static func hasWordPrefix(_ text: [UInt8], _ query: [UInt8]) -> Bool {
    guard text.count > query.count else { return false }
    var i = 1
    while i + query.count <= text.count {
      if isSeparator(text[i - 1]) && !isSeparator(text[i])
        && text[i..<(i + query.count)].elementsEqual(query)
      {
        return true
      }
      i += 1
    }
    return false
  }

  static func isSeparator(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, 0x2D, 0x5F, 0x2E, 0x27, 0x2C, 0x28, 0x29, 0x2F, 0x40: return true
    default: return false
    }
  }
}
