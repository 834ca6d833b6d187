/// twitter-text's handling of a matched URL: `t.co` links, and the ASCII domains that URLs
/// without a protocol keep.
extension URLScanner {
  /// For `t.co` links: the end of `https://t.co/slug[?query]`, -1 to drop a slug over 40
  /// characters, or `nil` when the URL is not a t.co link.
  func tcoEnd(start: Int, domainStart: Int, domainEnd: Int) -> Int? {
    let n = p.count
    guard domainEnd &- domainStart == 4, p[domainStart] | 0x20 == 0x74,
      p[domainStart &+ 1] == 0x2E, p[domainStart &+ 2] | 0x20 == 0x63,
      p[domainStart &+ 3] | 0x20 == 0x6F, domainEnd < n, p[domainEnd] == 0x2F
    else { return nil }
    var j = domainEnd &+ 1
    while j < n, isDigit(p[j]) || (p[j] | 0x20) &- 0x61 < 26 { j &+= 1 }
    let slug = j &- domainEnd &- 1
    guard slug > 0 else { return nil }
    if slug > 40 { return -1 }
    if j < n, p[j] == 0x3F { j = parseQuery(at: j) }
    return j
  }

  /// twitter-text's handling of URLs without a protocol: only ASCII domains (letters, digits,
  /// `-` and Latin accents) count; the last one found takes the path.
  func appendASCIIDomains(
    _ domain: Range<Int>, pathEnd: Int?, into result: inout [Match]
  ) {
    // Split the domain into labels.
    var labelRanges: [Range<Int>] = []
    var start = domain.lowerBound
    for i in domain where p[i] == 0x2E {
      labelRanges.append(start..<i)
      start = i &+ 1
    }
    labelRanges.append(start..<domain.upperBound)
    var found: [Match] = []
    var index = 0
    while index < labelRanges.count - 1 {
      let suffixStart = asciiSuffixStart(labelRanges[index])
      guard suffixStart < labelRanges[index].upperBound else {
        index += 1
        continue
      }
      var best: (label: Int, end: Int)?
      var j = index + 1
      while j < labelRanges.count {
        let tld = tldEnd(at: labelRanges[j].lowerBound, limit: domain.upperBound)
        if tld >= 0 { best = (j, tld) }
        guard asciiSuffixStart(labelRanges[j]) == labelRanges[j].lowerBound,
          !labelRanges[j].isEmpty
        else { break }
        j += 1
      }
      guard let best else {
        index += 1
        continue
      }
      found.append(Match(start: suffixStart, end: best.end))
      index = best.label + 1
    }
    guard !found.isEmpty else { return }
    if let pathEnd { found[found.count - 1].end = pathEnd }
    result.append(contentsOf: found)
  }

  /// Where the trailing run of ASCII-domain characters (`-`, letters, digits, Latin accents)
  /// of a label starts.
  private func asciiSuffixStart(_ label: Range<Int>) -> Int {
    var start = label.lowerBound
    var i = label.lowerBound
    while i < label.upperBound {
      let (c, length) = UTF8Scanning.decode(p, at: i)
      let isASCIIDomain =
        c < 0x80
        ? isASCIIAlphanumericOrHyphen(UInt8(c))
        : TwitterCharacters.flags(c, table) & TwitterCharacters.latinAccent != 0
      i &+= length
      if !isASCIIDomain { start = i }
    }
    return start
  }
}
