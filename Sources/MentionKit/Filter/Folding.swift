import Foundation

/// The one seam through which matching folds text: case, diacritics, width and the letters
/// people expect to match their base letter (`ł`→`l`, `ø`→`o`).
///
/// The result is UTF-8 bytes, so matching compares bytes, never grapheme clusters.
enum Folding {
  /// Folds text for matching.
  static func fold(_ text: some StringProtocol) -> [UInt8] {
    var result = Array(String(text).utf8)
    if result.allSatisfy({ $0 < 0x80 }) {
      for i in result.indices where result[i] >= 0x41 && result[i] <= 0x5A { result[i] |= 0x20 }
      return result
    }
    var folded = String(text).folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    for (from, to) in extraFolds { folded = folded.replacingOccurrences(of: from, with: to) }
    result = Array(folded.utf8)
    return result
  }

  private static let extraFolds: [(String, String)] = [
    ("ø", "o"), ("ł", "l"), ("đ", "d"), ("ħ", "h"), ("ı", "i"), ("æ", "ae"), ("œ", "oe"),
    ("þ", "th"),
  ]
}
