import Testing

@testable import MentionKit

/// Edge cases of the `twitter` profile from RULES.md that the conformance suite does not cover:
/// astral offsets, consumption, lists, Latin-accent rejection, URL overlap.
struct TwitterProfileTests {
  static let extractor = EntityExtractor(profile: .twitter)

  /// `text` → the entities as `kind:value[scalar range]`, joined by spaces.
  @Test(arguments: [
    ("🐱@dave", "mention:dave[1..<6]"),
    ("#\u{20021}27308", "hashtag:\u{20021}27308[0..<7]"),
    (" @@user", ""),
    ("@a@b@c", ""),
    ("@user@example.com", ""),
    ("@useré x", ""),
    ("@a\u{300}", ""),
    ("@http://twitter.com", ""),
    ("@httpbin", "mention:httpbin[0..<8]"),
    (
      "@user.name @user's @user日本",
      "mention:user[0..<5] mention:user[11..<16] mention:user[19..<24]"
    ),
    ("@username9012345678901", "mention:username901234567890[0..<21]"),
    ("@username/list567890123456789012345A", "mention:username/list567890123456789012345[0..<35]"),
    ("@user/ x", "mention:user[0..<5]"),
    ("@/list", ""),
    ("ART@user xRT@user .RT@user", ""),
    ("RT:@user Rt@x", "mention:user[3..<8] mention:x[11..<13]"),
    ("café@user ñ@u", "mention:user[4..<9] mention:u[11..<13]"),
    ("see http://medium.com/@user ok", "mention:user[22..<27]"),
    ("#tag#tag", ""),
    ("##tag", "hashtag:tag[1..<5]"),
    ("x#tag 1#tag a_#tag ·#tag &#nbsp;", ""),
    ("👍🏽#tag", "hashtag:tag[2..<6]"),
    ("#️⃣hashtag #⃣hashtag", ""),
    ("#tag\u{200D}", "hashtag:tag\u{200D}[0..<5]"),
    ("#x² #½ #Ⅻ", "hashtag:x[0..<2]"),
    ("#ab:cd #ab://", "hashtag:ab[0..<3]"),
    ("#tag@user", "hashtag:tag[0..<4]"),
    ("https://example.com/#well twitter.com/#x", ""),
    ("@_ hi", "mention:_[0..<2]"),
    ("＠username ＃タグ", "mention:username[0..<9] hashtag:タグ[10..<13]"),
  ])
  func entities(text: String, expected: String) {
    let found = Self.extractor.entities(in: text).map {
      "\($0.trigger):\($0.value)\($0.listSlug ?? "")"
        + "[\($0.scalarRange.lowerBound)..<\($0.scalarRange.upperBound)]"
    }
    #expect(found.joined(separator: " ") == expected)
  }

  @Test func listSlugIsReported() throws {
    let entity = try #require(Self.extractor.entities(in: "hey @ana/friends-1!").first)
    #expect(entity.trigger == .mention)
    #expect(entity.value == "ana")
    #expect(entity.listSlug == "/friends-1")
    #expect(Self.extractor.mentions(in: "hey @ana/friends-1!") == [])
  }

  @Test func rangesAgreeInEveryUnit() throws {
    let text = "👨‍👩‍👧 hi @dave and #日本\u{20021}"
    let entities = Self.extractor.entities(in: text)
    try #require(entities.count == 2)
    for entity in entities {
      #expect(String(text[entity.range]).hasSuffix(entity.value))
      let utf16 = Array(text.utf16)
      #expect(
        String(decoding: utf16[entity.utf16Range], as: UTF16.self) == String(text[entity.range]))
      let scalars = Array(text.unicodeScalars)
      var fromScalars = ""
      fromScalars.unicodeScalars.append(contentsOf: scalars[entity.scalarRange])
      #expect(fromScalars == String(text[entity.range]))
      #expect(
        String(decoding: Array(text.utf8)[entity.utf8Range], as: UTF8.self)
          == String(text[entity.range]))
    }
    // The family emoji is 5 scalars and 8 UTF-16 units.
    #expect(entities[0].scalarRange == 9..<14)
    #expect(entities[0].utf16Range == 12..<17)
    // The astral ideograph counts once as a scalar, twice in UTF-16.
    #expect(entities[1].scalarRange == 19..<23)
    #expect(entities[1].utf16Range == 22..<27)
  }

  /// Offsets after long prefixes mixing 1-, 2-, 3- and 4-byte scalars: the offsets are counted
  /// eight bytes at a time, so every alignment and mix is tried (seeded).
  @Test func rangesAgreeAfterMixedPrefixesOfEveryLength() {
    let pieces = ["a", " ", "é", "日", "😀", "\u{301}", "ж", "\u{20021}"]
    var state: UInt64 = 42
    var mismatches: [String] = []
    for length in 0..<64 {
      var prefix = ""
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        prefix += pieces[Int(state >> 33) % pieces.count]
      }
      let text = prefix + " @dave #tag"
      let entities = Self.extractor.entities(in: text)
      let utf16Start = prefix.utf16.count + 1
      let scalarStart = prefix.unicodeScalars.count + 1
      let expected = [
        (utf16Start..<(utf16Start + 5), scalarStart..<(scalarStart + 5)),
        ((utf16Start + 6)..<(utf16Start + 10), (scalarStart + 6)..<(scalarStart + 10)),
      ]
      if entities.count != 2
        || zip(entities, expected).contains(where: {
          $0.utf16Range != $1.0 || $0.scalarRange != $1.1
        })
      {
        mismatches.append("length \(length): \(entities.map(\.utf16Range))")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func cashtagsFollowTheRules() {
    let extractor = EntityExtractor(profile: .twitter(cashtags: true))
    let values = extractor.entities(in: "$TEST. $AB.CD $ABCDEFG x$NO $X_Y $a1").map(\.value)
    #expect(values == ["TEST", "AB.CD", "X_Y"])
  }

  @Test func replies() {
    #expect(Self.extractor.replyHandle(in: "\u{3000}@ana hi") == "ana")
    #expect(Self.extractor.replyHandle(in: "@ana/list hi") == "ana")
    #expect(Self.extractor.replyHandle(in: "\u{200F}@ana hi") == nil)
    #expect(Self.extractor.replyHandle(in: "") == nil)
  }
}
