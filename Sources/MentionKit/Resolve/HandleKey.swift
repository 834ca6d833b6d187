/// A handle as resolution compares it: exact, ignoring case only.
///
/// Two handles resolve to each other when their keys are equal: the key is the handle
/// case-folded (Unicode's full case folding, CaseFolding.txt), and strings compare by canonical
/// equivalence (a precomposed `ö` equals `o` followed by U+0308). Case folding is what "up to
/// case" means in Unicode: it unifies final sigma `ς` with `σ` and `Σ`, and `ß` with `ss`, which
/// lowercasing does not. Nothing else is folded: no diacritics, no widths, no look-alikes, no
/// fuzzy matching.
///
/// ```swift
/// HandleKey("JON") == HandleKey("jon")          // true
/// HandleKey("ΣΟΦΟΣ") == HandleKey("σοφος")      // true: Σ, σ and ς fold to σ
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
  /// The case-folded handle.
  public let rawValue: String

  /// Makes the key of a handle.
  ///
  /// - Parameter handle: A handle without its sign, as written (`"Jon"`, `"ana@host.example"`).
  /// - Complexity: O(*n*) in the handle's length.
  public init(_ handle: some StringProtocol) {
    rawValue = CaseFolding.isFolded(handle) ? String(handle) : CaseFolding.folded(handle)
  }

  /// The case-folded handle.
  public var description: String { rawValue }

  /// Whether a handle has this key, with a fast path for a handle already folded.
  ///
  /// - Parameter handle: A handle, usually an item's ``MentionItem/insertionText``.
  /// - Returns: `true` when `HandleKey(handle) == self`.
  public func matches(_ handle: String) -> Bool {
    handle == rawValue || HandleKey(handle).rawValue == rawValue
  }
}
