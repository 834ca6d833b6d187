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

  /// Whether lowercasing leaves a handle as it is: no scalar that lowercasing changes.
  @inline(__always)
  static func isLowercase(_ handle: some StringProtocol) -> Bool {
    for scalar in handle.unicodeScalars where lowercasingChanges(scalar.value) {
      return false
    }
    return true
  }

  /// Whether lowercasing changes a scalar (its `changesWhenLowercased` property), read from a
  /// bit table for the Basic Multilingual Plane. Past it, only U+10400–U+1E921 hold scalars
  /// that have case (Deseret to Adlam); they are looked up. The tests compare this with the
  /// property for every scalar.
  @inline(__always)
  static func lowercasingChanges(_ v: UInt32) -> Bool {
    if v < 0x80 { return v &- 0x41 < 26 }
    if v < 0x1_0000 {
      return LowercasingTable.bits.withUnsafeBufferPointer {
        $0[Int(v >> 6)] >> UInt64(v & 63) & 1 != 0
      }
    }
    guard (0x1_0400..<0x1_E922).contains(v), let scalar = Unicode.Scalar(v) else { return false }
    return scalar.properties.changesWhenLowercased
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

/// One bit per scalar of the Basic Multilingual Plane: set when lowercasing changes it. Built
/// on first use from the standard library's own property, so that it always agrees with
/// `String.lowercased()` (about 2 ms, once per process).
private enum LowercasingTable {
  static let bits: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 0x1_0000 / 64)
    for v in UInt32(0x80)..<0x1_0000 {
      if let scalar = Unicode.Scalar(v), scalar.properties.changesWhenLowercased {
        bits[Int(v >> 6)] |= 1 << UInt64(v & 63)
      }
    }
    return bits
  }()
}
