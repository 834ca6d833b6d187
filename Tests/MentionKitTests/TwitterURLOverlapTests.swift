import Testing
import ToolSupport

@testable import MentionKit

/// The twitter profile settles hashtags inside URLs word by word, scanning only words with a
/// `.` before a hashtag; the answer is the one of the plain rule: every URL of the whole text,
/// then twitter-text's overlap removal over URLs and hashtags sorted by start.
struct TwitterURLOverlapTests {
  static let fragments: [String] = [
    "#tag", "#a", "＃x", "#", "##", "@ana", ".", "..", "/", "?", "=", "&", "(", ")", ":", "://",
    " ", " ", "\n", "\t", "x", "é", "😀", "\u{FE0F}", "example.com", "a.b", "t.co", "www.",
    "https://", "http://", "example.com/#frag", "a.com/#x#y", "a.com#x", "b.org/p?q=#z", ".com",
    "com", "co.jp", "пример.рф", "münchen.de", "#tag.com", "#a.b/#c", "x.y/", "-", "_",
  ]

  /// Entities as (kind, start, end), scanned with or without the URL check.
  static func scanned(_ text: String, removing: Bool) -> [[Int]] {
    var storage = text
    return storage.withUTF8 { p in
      TwitterCharacters.bmp.withUnsafeBufferPointer { table in
        RawEntityBuffer.with { raw in
          TwitterScanner.scan(
            p, table: table, mentions: true, hashtags: true, cashtags: false, into: &raw,
            removesHashtagsInURLs: removing)
          return (0..<raw.count).map { [raw[$0].kind, raw[$0].start, raw[$0].end] }
        }
      }
    }
  }

  /// The plain rule over the whole text.
  static func expected(_ text: String) -> [[Int]] {
    let all = scanned(text, removing: false)
    var storage = text
    let urls = storage.withUTF8 { p in
      TwitterCharacters.bmp.withUnsafeBufferPointer { table in
        var scanner = URLScanner(p, table: table)
        return scanner.urls()
      }
    }
    var result: [[Int]] = []
    var urlIndex = 0
    var previousEnd = -1
    for entity in all {
      guard entity[0] == TwitterScanner.hashtag else {
        result.append(entity)
        continue
      }
      while urlIndex < urls.count, urls[urlIndex].start < entity[1] {
        let url = urls[urlIndex]
        urlIndex += 1
        if previousEnd > url.start { continue }
        previousEnd = url.end
      }
      if previousEnd > entity[1] { continue }
      previousEnd = entity[2]
      result.append(entity)
    }
    return result
  }

  @Test func wordByWordMatchesTheWholeTextRule() {
    var generator = SplitMix64(seed: 0x7E57_0A11)
    var dropped = 0
    for _ in 0..<6_000 {
      let count = Int.random(in: 1...12, using: &generator)
      let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }
        .joined()
      let expected = Self.expected(text)
      #expect(Self.scanned(text, removing: true) == expected, "\(text.debugDescription)")
      dropped += Self.scanned(text, removing: false).count - expected.count
    }
    // The generated texts do put hashtags inside URLs.
    #expect(dropped > 500)
  }

  @Test(arguments: [
    ("see example.com/#frag and #tag", ["tag"]),
    ("a.com/#x #y b.org/#z", ["y"]),
    ("#a.com/#b", ["a", "b"]),
    ("x.y #z", ["z"]),
    // A full-width hash sign may stand inside a domain, before its dot.
    ("see http://＃xco.jp now", []),
    ("http://example.com/#a\n#b", ["b"]),
  ])
  func knownCases(text: String, hashtags: [String]) {
    #expect(EntityExtractor(profile: .twitter).hashtags(in: text) == hashtags)
  }
}
