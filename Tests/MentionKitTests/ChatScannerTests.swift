import Testing
import ToolSupport

@testable import MentionKit

/// The chat scanner's word-by-word search for excluded spans finds what the whole-text pass
/// finds: seeded messages built from fragments that make code, URLs, e-mail addresses,
/// fediverse addresses, non-ASCII handles and signs at every offset, run both ways.
struct ChatScannerTests {
  static let fragments: [String] = [
    "@ana", "#tag", "＠bob", "＃x", "@", "#", "@@", "#@", "@#", ".", "..", "-", "_", ":", "://",
    "/", "!", "?", ",", "(", ")", "'", " ", " ", " ", "\n", "\t", "\r\n", "`", "``", "~~~",
    "```", "user@example.com", "a.b+c@mail.example.co.jp", "x@y", "a@b.c@d.e", "@ana@host.example",
    "@ana@", "@ana.maria", "@ana.", "@jean-luc-", "#swift6", "#a_b-", "https://example.org/@bob",
    "http://x.com/#frag", "example.com/#frag", "www.example.net/a", "ftp://host/@x", "git+ssh://h",
    "t.co/abc", "https://t.co/x?y=1", "example.com", "a.b", "x.y.z", ".com", "com.", "xn--p1ai",
    "пример.рф", "münchen.de", "é", "Zoë", "Łukasz", "@Мария", "日本", "#महात्मा", "@李明", "😀",
    "\u{200D}", "\u{0301}", "\u{FE0F}", "\u{3000}", "\u{00A0}", "example", "com", "ana", "1",
    "\u{0B}", "\u{0C}", "\u{85}", "longerwordthaneightbytes", "a.b.c.d.e.f.g.h", "x:y:z",
  ]

  static func message(_ generator: inout SplitMix64) -> String {
    let count = Int.random(in: 1...14, using: &generator)
    return (0..<count).map { _ in fragments.randomElement(using: &generator)! }.joined()
  }

  static func raw(_ text: String, _ scanner: ChatScanner, wholeText: Bool) -> [[Int]] {
    var storage = text
    return storage.withUTF8 { p in
      RawEntityBuffer.with { raw in
        if wholeText { scanner.scanWholeText(p, into: &raw) } else { scanner.scan(p, into: &raw) }
        return (0..<raw.count).map {
          let e = raw[$0]
          return [e.kind, e.start, e.valueStart, e.valueEnd, e.end]
        }
      }
    }
  }

  static let profiles: [ExtractionProfile] = {
    let withMore = ExtractionProfile.chat(
      triggers: [.mention, .hashtag, .cashtag, .emoji, .command, .wikiLink])
    let keepsURLs = ExtractionProfile.chat(skipsURLs: false)
    let keepsEmail = ExtractionProfile.chat(skipsEmailAddresses: false)
    let keepsCode = ExtractionProfile.chat(skipsCode: false)
    var spacedMention = Trigger.mention
    spacedMention.queryCharacters = spacedMention.queryCharacters.including(" ")
    let spaced = ExtractionProfile.chat(triggers: [spacedMention, .hashtag])
    return [.chat, withMore, keepsURLs, keepsEmail, keepsCode, spaced]
  }()

  @Test(arguments: profiles.indices)
  func wordByWordMatchesTheWholeTextPass(profile index: Int) {
    let scanner = ChatScanner(profile: Self.profiles[index])
    var generator = SplitMix64(seed: 0xC4A7 &+ UInt64(index))
    var found = 0
    for _ in 0..<4000 {
      let text = Self.message(&generator)
      let fast = Self.raw(text, scanner, wholeText: false)
      #expect(fast == Self.raw(text, scanner, wholeText: true), "\(text.debugDescription)")
      found += fast.count
    }
    #expect(found > 1000)
  }

  @Test(arguments: [
    ("#tag@example.com @ana", ["ana"]),
    ("@ana.ftp://x.org @bob", ["bob"]),
    ("see example.com/@bob, @ana", ["ana"]),
    ("@ana,example.com", ["ana"]),
    ("a@b.cc,@ana @bob", ["ana", "bob"]),
    ("mail a@b.co @ana@host.example", ["ana@host.example"]),
  ])
  func spansAroundAndAfterSigns(text: String, mentions: [String]) {
    let extractor = EntityExtractor(profile: .chat)
    #expect(
      extractor.entities(in: text).filter { $0.trigger == .mention }.map(\.value) == mentions)
  }

  /// Code, `:` and `.` at every offset of the one-pass search for them.
  @Test func marksAtEveryOffsetOfTheEightByteSearch() {
    let extractor = EntityExtractor(profile: .chat)
    for padding in 0..<17 {
      let prefix = String(repeating: "x", count: padding)
      #expect(extractor.mentions(in: prefix + " `@ana` @bob") == ["bob"], "padding \(padding)")
      #expect(
        extractor.mentions(in: prefix + "\n~~~\n@ana\n~~~\n@bob") == ["bob"], "padding \(padding)")
      #expect(
        extractor.mentions(in: prefix + " ftp://h/@ana @bob") == ["bob"], "padding \(padding)")
      #expect(extractor.mentions(in: prefix + " x@y.zz @bob") == ["bob"], "padding \(padding)")
      // Signs in the last eight bytes, after a sign that starts nothing.
      #expect(extractor.hashtags(in: prefix + "x@A #c") == ["c"], "padding \(padding)")
      #expect(extractor.mentions(in: prefix + "x#\"@d@") == ["d"], "padding \(padding)")
    }
  }

  /// The BMP category table and the non-ASCII classes built on it answer as `ScalarClass`
  /// does, for every scalar of the plane and a few beyond it.
  @Test func categoryTableAndClassesMatchScalarClass() {
    let scanner = ChatScanner(profile: .chat)
    let classes = [
      Trigger.Boundary.default.preceding, Trigger.mention.queryCharacters,
      Trigger.hashtag.queryCharacters, ExtractionProfile.chat.trailingPunctuation,
      // Listed scalars other than ASCII, in and out of the categories.
      Trigger.mention.queryCharacters.including("·’\u{3000}").excluding("ßª\u{0301}"),
      ScalarClass(categories: [.symbols], including: "é").excluding("€"),
      ScalarClass(categories: [.letters], including: "·", excluding: "ø", isInverted: true),
    ]
    var memory: [UnsafeMutableBufferPointer<UInt32>] = []
    defer { for buffer in memory { buffer.deallocate() } }
    let compiled = classes.map { ChatScanner.NonASCIIClass($0, memory: &memory) }
    var mismatches: [UInt32] = []
    let values = Array(0x80..<0x1_0000) + [0x1_F600, 0x2_0021, 0x1_D7CE, 0xE_0001]
    for value in values.map(UInt32.init) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scanner.category(of: value)
      if category != ScalarClass.category(of: scalar) { mismatches.append(value) }
      for (scalarClass, nonASCII) in zip(classes, compiled)
      where nonASCII.contains(value, category: category) != scalarClass.contains(scalar) {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
