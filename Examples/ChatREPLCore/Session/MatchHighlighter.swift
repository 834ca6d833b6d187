import MentionKit

/// Finds the part of a shown name that a query matched, for highlighting: case-, diacritic-
/// and width-insensitive, with the library's `Folding`. A prefix of the whole text wins, then a
/// prefix of a later word, then any occurrence.
///
/// ```swift
/// MatchHighlighter.range(of: "jose", in: "José Álvarez")   // 0..<4 (characters)
/// MatchHighlighter.range(of: "alv", in: "José Álvarez")    // 5..<8
/// ```
enum MatchHighlighter {
  /// The matched characters of `text`, as character offsets, or `nil`.
  static func range(of query: String, in text: String) -> Range<Int>? {
    let needle = fold(query)
    guard !needle.isEmpty else { return nil }
    let characters = Array(text)
    // The folded text, and for each folded character the character it came from.
    var folded: [Character] = []
    var origin: [Int] = []
    for (index, character) in characters.enumerated() {
      for foldedCharacter in fold(String(character)) {
        folded.append(foldedCharacter)
        origin.append(index)
      }
    }
    guard folded.count >= needle.count else { return nil }
    var candidates: [Int] = []
    for start in 0...(folded.count - needle.count)
    where folded[start..<(start + needle.count)].elementsEqual(needle) {
      candidates.append(start)
    }
    func isWordStart(_ start: Int) -> Bool {
      start == 0 || !(folded[start - 1].isLetter || folded[start - 1].isNumber)
    }
    guard
      let best = candidates.first(where: { $0 == 0 }) ?? candidates.first(where: isWordStart)
        ?? candidates.first
    else { return nil }
    let last = origin[best + needle.count - 1]
    return origin[best]..<(last + 1)
  }

  private static func fold(_ text: String) -> [Character] {
    Array(Folding.folded(text))
  }
}
