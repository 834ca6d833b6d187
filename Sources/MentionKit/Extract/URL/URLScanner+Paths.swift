/// twitter-text's paths and queries: the characters they hold and end with, and balanced
/// parentheses.
extension URLScanner {
  /// A bit per ASCII byte (two words) for the sets below, built once.
  private static func asciiBits(_ extra: String) -> (low: UInt64, high: UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    let alphanumerics =
      (0x30...0x39).map(UInt8.init) + (0x41...0x5A).map(UInt8.init)
      + (0x61...0x7A).map(UInt8.init)
    for byte in alphanumerics + Array(extra.utf8) {
      if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte &- 64) }
    }
    return (low, high)
  }

  @inline(__always)
  private static func contains(_ bits: (low: UInt64, high: UInt64), _ byte: UInt32) -> Bool {
    byte < 64 ? (bits.low >> UInt64(byte)) & 1 == 1 : (bits.high >> UInt64(byte &- 64)) & 1 == 1
  }

  /// ASCII path characters: letters, digits and `!*';:=+,.$/%#[]-_~|&@`.
  private static let pathBits = asciiBits("!*';:=+,.$/%#[]-_~|&@")
  /// ASCII query characters, and those a query may end with.
  private static let queryBits = asciiBits("!?*'@();:&=+$/%#[]-_.,~|")
  private static let queryEndBits = asciiBits("-_&=#/")

  private func isPathCharacter(_ c: UInt32) -> Bool {
    if c < 0x80 { return Self.contains(Self.pathBits, c) }
    return c == 0x2013 || isPathLetter(c)
  }

  private func isPathEnding(_ c: UInt32) -> Bool {
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2D, 0x3D, 0x5F, 0x23, 0x2F: return true
    default: return c >= 0x80 && isPathLetter(c)
    }
  }

  @inline(__always)
  private func isPathLetter(_ c: UInt32) -> Bool {
    TwitterCharacters.flags(c, table) & (TwitterCharacters.cyrillic | TwitterCharacters.latinAccent)
      != 0
  }

  /// `/` and the longest run of path characters and balanced parentheses that ends in a path
  /// ending character.
  func parsePath(at slash: Int) -> Int {
    let n = p.count
    var i = slash &+ 1
    var end = i
    while i < n {
      if p[i] == 0x28 {
        guard let close = balancedParentheses(at: i) else { break }
        i = close
        end = i
        continue
      }
      let (c, length) = UTF8Scanning.decode(p, at: i)
      guard isPathCharacter(c) else { break }
      i &+= length
      if isPathEnding(c) { end = i }
    }
    return end
  }

  /// `(chars)` or `(chars(chars)chars)` at `i`, returning the end.
  private func balancedParentheses(at i: Int) -> Int? {
    let n = p.count
    var j = i &+ 1
    var count = 0
    func skipPathCharacters() {
      while j < n {
        let (c, length) = UTF8Scanning.decode(p, at: j)
        guard isPathCharacter(c) else { return }
        j &+= length
        count &+= 1
      }
    }
    skipPathCharacters()
    guard j < n else { return nil }
    if p[j] == 0x29 { return count > 0 ? j &+ 1 : nil }
    guard p[j] == 0x28 else { return nil }
    j &+= 1
    count = 0
    skipPathCharacters()
    guard count > 0, j < n, p[j] == 0x29 else { return nil }
    j &+= 1
    skipPathCharacters()
    guard j < n, p[j] == 0x29 else { return nil }
    return j &+ 1
  }

  /// `?` and the longest run of query characters that ends in a query ending character; or
  /// `question` itself when there is none.
  func parseQuery(at question: Int) -> Int {
    let n = p.count
    var i = question &+ 1
    var end = question
    let query = Self.queryBits
    let queryEnd = Self.queryEndBits
    while i < n {
      let b = UInt32(p[i])
      guard b < 0x80, Self.contains(query, b) else { break }
      i &+= 1
      if Self.contains(queryEnd, b) { end = i }
    }
    return end
  }
}
