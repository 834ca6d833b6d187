/// A handle as resolution compares it: exact, ignoring case only.
///
/// Two handles resolve to each other when their keys are equal: the key is the handle
/// lowercased (Unicode's full lowercase mapping), and strings compare by canonical equivalence
/// (a precomposed `ö` equals `o` followed by U+0308). Nothing else is folded: no diacritics, no
/// widths, no look-alikes, no fuzzy matching.
///
/// ```swift
/// HandleKey("JON") == HandleKey("jon")          // true
/// HandleKey("jön") == HandleKey("jon")          // false: diacritics are kept
/// HandleKey("j\u{43E}n") == HandleKey("jon")    // false: Cyrillic о is not Latin o
/// HandleKey("ｊｏｎ") == HandleKey("jon")        // false: full-width is not folded
/// ```
///
/// A handle that mixes scripts (`jоn` with a Cyrillic `о`) is simply another key: it resolves
/// only to an item whose handle is written with the same letters, never to its Latin look-alike.
/// MentionKit does not detect confusable or mixed-script handles; a directory that wants to
/// forbid them must do so when handles are registered.
public struct HandleKey: Sendable, Hashable, CustomStringConvertible {
  /// The lowercased handle.
  public let rawValue: String

  /// Makes the key of a handle.
  ///
  /// - Parameter handle: A handle without its sign, as written (`"Jon"`, `"ana@host.example"`).
  /// - Complexity: O(*n*) in the handle's length.
  public init(_ handle: some StringProtocol) {
    rawValue = Self.isLowercase(handle) ? String(handle) : handle.lowercased()
  }

  /// Whether lowercasing leaves a handle as it is: no ASCII capital, and no other scalar that
  /// changes when lowercased. Scalars of caseless blocks (Hebrew to Myanmar, general
  /// punctuation, kana and CJK, Hangul syllables) are accepted without a property lookup.
  @inline(__always)
  static func isLowercase(_ handle: some StringProtocol) -> Bool {
    for scalar in handle.unicodeScalars {
      let v = scalar.value
      if v < 0x80 {
        if v &- 0x41 < 26 { return false }
      } else if !isCaseless(v) && scalar.properties.changesWhenLowercased {
        return false
      }
    }
    return true
  }

  /// Whether lowercasing leaves a scalar as it is, for scalar values in ranges where that
  /// holds throughout: U+00DF–U+00FF (Latin-1 lowercase letters and `÷`), U+03AC–U+03CE and
  /// U+0430–U+045F (Greek and Cyrillic lowercase), the caseless blocks U+0590–U+0FFF (Hebrew,
  /// Arabic, Syriac, Thaana, N'Ko, the Indic scripts, Thai, Lao, Tibetan), U+2000–U+206F
  /// (general punctuation, joiners), U+3040–U+9FFF (kana, CJK) and U+AC00–U+D7A3 (Hangul
  /// syllables). Other scalars are looked up.
  @inline(__always)
  static func isCaseless(_ v: UInt32) -> Bool {
    if v < 0x0590 {
      return (0x00DF..<0x0100).contains(v) || (0x03AC..<0x03CF).contains(v)
        || (0x0430..<0x0460).contains(v)
    }
    return v < 0x1000 || (0x2000..<0x2070).contains(v) || (0x3040..<0xA000).contains(v)
      || (0xAC00..<0xD7A4).contains(v)
  }

  /// The lowercased handle.
  public var description: String { rawValue }

  /// Whether a handle has this key, with a fast path for a handle already in lowercase.
  ///
  /// - Parameter handle: A handle, usually an item's ``MentionItem/insertionText``.
  /// - Returns: `true` when `HandleKey(handle) == self`.
  public func matches(_ handle: String) -> Bool {
    handle == rawValue || handle.lowercased() == rawValue
  }
}
