/// Grapheme-cluster boundaries of a UTF-8 buffer, for the trigger grammar's rule that an
/// entity is whole characters: its sign starts one, its value starts one (nothing joins the
/// sign), and it ends where one ends.
///
/// The common cases are answered from the scalars on either side of the offset (Unicode
/// Standard Annex #29's rules GB3–GB13 let two scalars join only in the cases listed at
/// ``quickAnswer(_:_:)``); the rest ask the standard library's `Character` breaking, which is
/// what `String` itself uses.
enum CharacterBoundaries {
  /// Whether byte offset `i` of `p`, the UTF-8 of `text` and a scalar boundary, is a
  /// grapheme-cluster boundary of `text`.
  @inline(__always)
  static func contains(_ i: Int, _ p: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
    if i <= 0 || i >= p.count { return true }
    let before = p[i &- 1]
    let after = p[i]
    // Two ASCII scalars join only as CR LF.
    if before < 0x80, after < 0x80 { return before != 0x0D || after != 0x0A }
    if let answer = quickAnswer(i, p) { return answer }
    return text.utf8.index(text.utf8.startIndex, offsetBy: i).samePosition(in: text) != nil
  }

  /// Whether byte offset `i` of `p`, a scalar boundary, is a grapheme-cluster boundary, given
  /// that `start` (at most `i`) is one: the slow answer reads only the bytes from `start`
  /// through the scalar at `i`, since a boundary depends on what precedes it back to the last
  /// boundary and on the one scalar after it.
  @inline(__always)
  static func contains(_ i: Int, _ p: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
    if i <= start || i >= p.count { return true }
    let before = p[i &- 1]
    let after = p[i]
    if before < 0x80, after < 0x80 { return before != 0x0D || after != 0x0A }
    if let answer = quickAnswer(i, p) { return answer }
    let next = UTF8Scanning.decode(p, at: i).length
    let piece = String(
      decoding: UnsafeBufferPointer(rebasing: p[start..<(i &+ next)]), as: UTF8.self)
    // `i` is a boundary exactly when the piece's last character is the scalar at `i` alone.
    return piece.last.map { $0.utf8.count == next } ?? true
  }

  /// The answer from the two scalars around `i` (not both ASCII), or `nil` when it takes more.
  ///
  /// A scalar joins the one before it only when it extends it (GB9, GB9a: Extend, ZWJ,
  /// SpacingMark, whose general categories are marks, `Cf`, `Sk` and four letters), when the one
  /// before is prepended (GB9b), or in Hangul syllables, Indic conjuncts, emoji ZWJ sequences and
  /// flags (GB6–GB8, GB9c, GB11, GB12–GB13), where the scalar after is a letter or a symbol. So:
  /// - an ASCII scalar joins only a prepended one;
  /// - a number, space or punctuation joins only a prepended scalar or, when pictographic (`‼`),
  ///   a ZWJ;
  /// - a letter other than those four joins no ASCII scalar.
  static func quickAnswer(_ i: Int, _ p: UnsafeBufferPointer<UInt8>) -> Bool? {
    let before = UTF8Scanning.decode(p, before: i).value
    let after = UTF8Scanning.decode(p, at: i).value
    if after < 0x80 { return mayPrepend(before) ? nil : true }
    let category = categoryGroup(of: after)
    if !category.isDisjoint(with: [
      .numbers, .whitespace, .openingPunctuation, .closingPunctuation, .otherPunctuation,
    ]) {
      return mayPrepend(before) || before == 0x200D ? nil : true
    }
    if category == .letters, before < 0x80, !joinsLikeAMark(after) { return true }
    return nil
  }

  /// ``ScalarClass/category(of:)`` of a scalar value, from the chat scanner's table for the
  /// Basic Multilingual Plane (the standard library's property is a call into the runtime).
  @inline(__always)
  static func categoryGroup(of value: UInt32) -> ScalarClass.Categories {
    guard value < 0x1_0000 else {
      return Unicode.Scalar(value).map(ScalarClass.category(of:)) ?? []
    }
    let bit = ChatScanner.bmpCategories.withUnsafeBufferPointer { $0[Int(value)] }
    return bit == 0xFF ? [] : ScalarClass.Categories(rawValue: 1 << UInt16(bit))
  }

  /// The four letters that join the character before them (GB9, GB9a): THAI and LAO SARA AM,
  /// HALFWIDTH KATAKANA VOICED and SEMI-VOICED SOUND MARK.
  @inline(__always)
  static func joinsLikeAMark(_ value: UInt32) -> Bool {
    value == 0x0E33 || value == 0x0EB3 || value == 0xFF9E || value == 0xFF9F
  }

  /// Whether a scalar may be prepended (Grapheme_Cluster_Break=Prepend, GB9b): U+0600–U+0605,
  /// U+06DD, U+070F, U+0890, U+0891, U+08E2, U+0D4E, or a scalar of U+11000–U+11FFF (Brahmi to
  /// Dives Akuru). The tests check this against the standard library for every scalar.
  @inline(__always)
  static func mayPrepend(_ value: UInt32) -> Bool {
    if value < 0x0600 { return false }
    if value < 0x0E00 {
      return value <= 0x0605 || value == 0x06DD || value == 0x070F || value == 0x0890
        || value == 0x0891 || value == 0x08E2 || value == 0x0D4E
    }
    return value &- 0x1_1000 < 0x1000
  }
}
