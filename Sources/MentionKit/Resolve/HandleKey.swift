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
    rawValue = handle.lowercased()
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
