import Testing
import ToolSupport

@testable import MentionKit

/// The eight-byte searches the scanners use find what a byte-by-byte search finds: from every
/// start offset of texts of every length up to 40 bytes (short buffers, whole words, and the
/// last few bytes read as the buffer's last eight), among the bytes they look for and their
/// neighbours.
struct ByteSearchTests {
  /// Pieces of text: the signs, scalars whose UTF-8 starts with 0xEF (`＠` `＃` U+FE0F `ｶ` `！`),
  /// bytes one away from the signs, a NUL, and other scalars.
  static let pieces = [
    "@", "#", "$", "＠", "＃", "\u{FE0F}", "ｶ", "！", "?", "\"", "%", "A", "a", "\u{0}", "é", "😀",
    "\u{FFFF}", "\u{EFBC}", " ",
  ]

  static func texts() -> [[UInt8]] {
    var generator = SplitMix64(seed: 0xB17E)
    return (0..<600).map { index in
      var bytes: [UInt8] = []
      while bytes.count < index % 41 {
        bytes += Array(Self.pieces.randomElement(using: &generator)!.utf8)
      }
      return bytes
    }
  }

  @Test func anyOfFourBytesMatchesAByteByByteSearch() {
    let patternSets: [[UInt8]] = [
      [0x40], [0x40, 0x23], [0x40, 0x23, 0xEF], [0x40, 0x23, 0xEF, 0x24], [0x00, 0x3A],
    ]
    var wrong: [String] = []
    for bytes in Self.texts() {
      bytes.withUnsafeBufferPointer { p in
        for set in patternSets {
          let four = (0..<4).map { UTF8Scanning.broadcast(set[min($0, set.count - 1)]) }
          for start in 0...p.count {
            let found = UTF8Scanning.next(
              anyOf: (four[0], four[1], four[2], four[3]), in: p, from: start)
            let expected = (start..<p.count).first { set.contains(p[$0]) } ?? p.count
            if found != expected {
              wrong.append("\(bytes) \(set) from \(start): \(found), not \(expected)")
            }
          }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }

  @Test(arguments: [false, true])
  func twitterSignSearchMatchesAByteByByteSearch(cashtags: Bool) {
    var wrong: [String] = []
    for bytes in Self.texts() {
      bytes.withUnsafeBufferPointer { p in
        for start in 0...p.count {
          let found = TwitterScanner.nextInteresting(p, from: start, cashtags: cashtags)
          let expected =
            (start..<p.count).first { k in
              p[k] == 0x40 || p[k] == 0x23 || (cashtags && p[k] == 0x24)
                || (p[k] == 0xEF && k + 1 < p.count && p[k + 1] == 0xBC)
            } ?? p.count
          if found != expected { wrong.append("\(bytes) from \(start): \(found), not \(expected)") }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }
}
