/// twitter-text's mention, reply and hashtag rules (`RULES.md` in the shared conformance folder)
/// the slow, obvious way, for differential fuzzing of the `twitter` profile.
///
/// It works on an array of scalars and simulates the regular expressions literally: from the
/// scan position, every start position is tried in turn, each alternative of the "before" group
/// in the pattern's order (with backtracking to the next alternative when the rest fails), and a
/// match rejected by the check on what follows still consumes its text. Letters, marks and
/// decimal digits come from the standard library's Unicode general categories.
///
/// Not covered: the URL filter for hashtags (§3.6). Callers compare hashtags only on texts
/// without `.`, where no URL can exist (every URL needs a dotted domain).
struct ReferenceTwitterExtractor {
  /// An entity as scalar offsets.
  struct Entity: Equatable, CustomStringConvertible {
    var kind: String
    var start: Int
    var valueStart: Int
    var valueEnd: Int
    var end: Int

    var description: String { "\(kind) [\(start) \(valueStart) \(valueEnd) \(end))" }
  }

  let c: [Unicode.Scalar]

  init(_ text: String) { c = Array(text.unicodeScalars) }

  private var n: Int { c.count }

  private func at(_ i: Int) -> UInt32? { i >= 0 && i < n ? c[i].value : nil }

  // MARK: Character classes (RULES.md §1, §3)

  static func isASCIIAlnum(_ v: UInt32) -> Bool {
    (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
  }

  static func isUsernameCharacter(_ v: UInt32) -> Bool { isASCIIAlnum(v) || v == 0x5F }

  static func isAtSign(_ v: UInt32?) -> Bool { v == 0x40 || v == 0xFF20 }

  static func isHashSign(_ v: UInt32?) -> Bool { v == 0x23 || v == 0xFF03 }

  /// §1.1: what may not precede an at sign.
  static func blocksMention(_ v: UInt32) -> Bool {
    isUsernameCharacter(v) || "!#$%&*@".unicodeScalars.contains { $0.value == v } || v == 0xFF20
  }

  /// §1.1: what may not precede a retweet marker.
  static func blocksRetweetMarker(_ v: UInt32) -> Bool {
    isUsernameCharacter(v) || "+~.-".unicodeScalars.contains { $0.value == v }
  }

  /// §1.5: Latin accented letters and combining diacritics.
  static func isLatinAccent(_ v: UInt32) -> Bool {
    switch v {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x300...0x36F, 0x1E00...0x1EFF:
      return true
    case 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B,
      0x2BB:
      return true
    default:
      return false
    }
  }

  /// §3.3: letters and marks of any script.
  static func isHashtagAlpha(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  static let hashtagSpecials: Set<UInt32> = [
    0x5F, 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B, 0x309C,
    0x30A0, 0x30FB, 0x3003, 0x0F0B, 0x0F0C, 0x00B7,
  ]

  /// §3.3: letters, marks, decimal digits of any script, and the special characters.
  static func isHashtagCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isHashtagAlpha(scalar) || scalar.properties.generalCategory == .decimalNumber
      || hashtagSpecials.contains(scalar.value)
  }

  /// §2: twitter-text's whitespace.
  static func isSpace(_ v: UInt32) -> Bool {
    switch v {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F,
      0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  private func startsWithSchemeSeparator(_ i: Int) -> Bool {
    at(i) == 0x3A && at(i + 1) == 0x2F && at(i + 2) == 0x2F
  }

  // MARK: Mentions (§1)

  /// Mentions and list mentions in text order.
  func mentions() -> [Entity] {
    var result: [Entity] = []
    var position = 0
    while position < n {
      var found: Entity?
      for start in position..<n {
        if let match = mentionMatch(at: start) {
          found = match
          break
        }
      }
      guard let match = found else { break }
      position = match.end
      let after = at(match.end)
      let rejected =
        Self.isAtSign(after) || after.map(Self.isLatinAccent) == true
        || startsWithSchemeSeparator(match.end)
      if !rejected { result.append(match) }
    }
    return result
  }

  /// The pattern matched at `s`, each alternative of the "before" group in order.
  private func mentionMatch(at s: Int) -> Entity? {
    var signs: [Int] = []
    // `^`
    if s == 0, Self.isAtSign(at(0)) { signs.append(0) }
    // One character that does not block.
    if let v = at(s), !Self.blocksMention(v), Self.isAtSign(at(s + 1)) { signs.append(s + 1) }
    // `(^|[^a-zA-Z0-9_+~.-])(rt|RT|rT|Rt):?`
    for markerStart in [
      s == 0 ? 0 : nil, at(s).map(Self.blocksRetweetMarker) == false ? s + 1 : nil,
    ] {
      guard let r = markerStart, at(r).map({ $0 | 0x20 }) == 0x72,
        at(r + 1).map({ $0 | 0x20 }) == 0x74
      else { continue }
      if at(r + 2) == 0x3A, Self.isAtSign(at(r + 3)) { signs.append(r + 3) }
      if Self.isAtSign(at(r + 2)) { signs.append(r + 2) }
    }
    for sign in signs {
      var j = sign + 1
      while j < n, j - (sign + 1) < 20, Self.isUsernameCharacter(c[j].value) { j += 1 }
      guard j > sign + 1 else { continue }
      let valueEnd = j
      var kind = "mention"
      if at(j) == 0x2F, let first = at(j + 1), (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A {
        kind = "list"
        var k = j + 2
        while k < n, k - (j + 1) < 25, Self.isUsernameCharacter(c[k].value) || c[k] == "-" {
          k += 1
        }
        j = k
      }
      return Entity(kind: kind, start: sign, valueStart: sign + 1, valueEnd: valueEnd, end: j)
    }
    return nil
  }

  // MARK: Replies (§2)

  /// The reply handle's scalar range, or `nil`.
  func replyHandle() -> Range<Int>? {
    var i = 0
    while i < n, Self.isSpace(c[i].value) { i += 1 }
    guard Self.isAtSign(at(i)) else { return nil }
    var j = i + 1
    while j < n, j - (i + 1) < 20, Self.isUsernameCharacter(c[j].value) { j += 1 }
    guard j > i + 1 else { return nil }
    let after = at(j)
    if Self.isAtSign(after) || after.map(Self.isLatinAccent) == true
      || startsWithSchemeSeparator(j)
    {
      return nil
    }
    return (i + 1)..<j
  }

  // MARK: Hashtags (§3)

  /// Hashtags in text order, without the URL filter.
  func hashtags() -> [Entity] {
    var result: [Entity] = []
    var position = 0
    while position < n {
      var found: Entity?
      for start in position..<n {
        if let match = hashtagMatch(at: start) {
          found = match
          break
        }
      }
      guard let match = found else { break }
      position = match.end
      let rejected = Self.isHashSign(at(match.end)) || startsWithSchemeSeparator(match.end)
      if !rejected { result.append(match) }
    }
    return result
  }

  private func hashtagMatch(at s: Int) -> Entity? {
    var signs: [Int] = []
    if s == 0, Self.isHashSign(at(0)) { signs.append(0) }
    if s < n, Self.isHashSign(at(s + 1)) {
      let v = c[s]
      if v.value == 0xFE0E || v.value == 0xFE0F || (!Self.isHashtagCharacter(v) && v != "&") {
        signs.append(s + 1)
      }
    }
    for sign in signs {
      let valueStart = sign + 1
      if at(valueStart) == 0xFE0F || at(valueStart) == 0x20E3 { continue }
      var j = valueStart
      var hasAlpha = false
      while j < n, Self.isHashtagCharacter(c[j]) {
        hasAlpha = hasAlpha || Self.isHashtagAlpha(c[j])
        j += 1
      }
      guard hasAlpha else { continue }
      return Entity(kind: "hashtag", start: sign, valueStart: valueStart, valueEnd: j, end: j)
    }
    return nil
  }

  /// Mentions, lists and hashtags merged in text order.
  func entities() -> [Entity] {
    (mentions() + hashtags()).sorted { $0.start < $1.start }
  }
}
