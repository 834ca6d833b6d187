import Testing

@testable import MentionKit

/// The grammar's rule that a trigger and an entity are whole characters, in both directions:
/// a sign that forms one character with what follows is no sign, and nothing ends inside a
/// grapheme cluster. Expected values are worked out by hand from Unicode Standard Annex #29
/// (which scalars join the one before them).
struct WholeCharacterTests {
  static let detector = TriggerDetector(triggers: [.mention, .hashtag])
  static let extractor = EntityExtractor(profile: .chat)

  /// A sign joined by what follows opens no query, with the cursor anywhere after it:
  /// the keycap emoji `#️⃣` (`#` U+FE0F U+20E3), `#` U+20E3, `@` with a combining acute,
  /// full-width `＠` with a variation selector, `@` with THAI CHARACTER SARA AM (a letter that
  /// is a spacing mark, GB9a), and `#` with a ZWJ.
  @Test(arguments: [
    "#\u{FE0F}\u{20E3}", "a #\u{FE0F}\u{20E3}", "#\u{20E3}", "@\u{301}ana", "＠\u{FE0F}ana",
    "@\u{E33}x", "#\u{200D}x",
  ])
  func signJoinedByWhatFollowsOpensNoQuery(text: String) throws {
    for cursor in text.indices.dropFirst() + [text.endIndex] {
      let query = try Self.detector.detect(in: text, cursor: cursor)
      #expect(query == nil, "\(text.debugDescription) at \(cursor): \(String(describing: query))")
    }
  }

  /// ... and the extractor finds nothing there either, but does find the sign that follows.
  @Test(arguments: [
    "#\u{FE0F}\u{20E3} #x", "#\u{20E3} #x", "@\u{301}ana #x", "＠\u{FE0F}ana #x", "@\u{E33}y #x",
  ])
  func signJoinedByWhatFollowsExtractsNothing(text: String) {
    #expect(Self.extractor.entities(in: text).map(\.value) == ["x"])
  }

  /// A combining mark that does not join the sign (MYANMAR VOWEL SIGN TALL AA, U+102B, is a
  /// spacing mark with Grapheme_Cluster_Break=Other) still starts no handle, in both directions.
  @Test func handleNeverStartsWithAMark() throws {
    let text = "@\u{102B}x"
    #expect(text.count == 3)  // `@`, U+102B and `x` are three characters
    #expect(Self.detector.detect(in: text) == nil)
    #expect(Self.extractor.entities(in: text).isEmpty)
  }

  /// A handle followed by a scalar that joins its last letter but is no query character (ZWJ,
  /// an emoji modifier) ends inside a character: it is no mention (trimmed to a character it
  /// would name `@an`), so the extractor drops it and the composer opens no query in it.
  @Test func handleEndingInsideACharacterIsNoMention() throws {
    #expect(Self.extractor.entities(in: "@ana\u{200D} @bob").map(\.value) == ["bob"])
    #expect(Self.extractor.entities(in: "@ana\u{1F3FD} @bob").map(\.value) == ["bob"])
    // The run `ana.` ends inside the character `.` + ZWJ, even though the trimmed value does not.
    #expect(Self.extractor.entities(in: "@ana.\u{200D} @bob").map(\.value) == ["bob"])
    // "@ana" + ZWJ is the characters `@`, `a`, `n`, `a‍`: no cursor in it opens a query.
    for text in ["@ana\u{200D}", "@ana.\u{200D}", "#ab\u{1F3FD}"] {
      for offset in 0...text.utf16.count {
        #expect(try Self.detector.detect(in: text, utf16Offset: offset) == nil, "\(offset)")
      }
    }
    // An emoji that does not join stays outside: `@ana` then `👍`.
    #expect(Self.extractor.entities(in: "@ana👍").map(\.utf16Range) == [0..<4])
    #expect(try Self.detector.detect(in: "@ana👍", utf16Offset: 3)?.utf16Range == 0..<4)
    // Letters and punctuation of other scripts end a handle on a character boundary.
    #expect(Self.extractor.entities(in: "@李雷、 #тег»").map(\.value) == ["李雷", "тег"])
    // Punctuation is trimmed by whole characters: a prepended letter (MALAYALAM LETTER DOT
    // REPH, U+0D4E) and the `.` after it are one character, which stays.
    #expect(Self.extractor.entities(in: "@x\u{D4E}. @bob").map(\.value) == ["x\u{D4E}.", "bob"])
    #expect(Self.extractor.entities(in: "@x\u{D4E}a. @bob").map(\.value) == ["x\u{D4E}a", "bob"])
  }

  /// The fast answers of ``CharacterBoundaries`` agree with the standard library's `Character`
  /// breaking: every scalar that joins an ASCII letter before it (GB9, GB9a) is a mark, a
  /// format character, a modifier symbol or one of the four letters listed; every scalar that
  /// joins what follows it (GB9b) is in the ranges ``CharacterBoundaries/mayPrepend(_:)``
  /// covers.
  @Test func fastAnswersAgreeWithTheStandardLibrary() {
    var joinsBefore: [UInt32] = []
    var joinsAfter: [UInt32] = []
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      var after = "a"
      after.unicodeScalars.append(scalar)
      if after.count == 1 { joinsBefore.append(value) }
      var before = String(scalar)
      before.unicodeScalars.append("a")
      if before.count == 1 { joinsAfter.append(value) }
    }
    #expect(joinsBefore.count > 2_000 && joinsAfter.count > 10)
    for value in joinsBefore {
      let category = ScalarClass.category(of: Unicode.Scalar(value)!)
      let allowed: ScalarClass.Categories = [.marks, .controls, .symbols]
      #expect(
        !category.isDisjoint(with: allowed)
          || (category == .letters && CharacterBoundaries.joinsLikeAMark(value)),
        "U+\(String(value, radix: 16)) joins the letter before it")
    }
    for value in joinsAfter {
      #expect(CharacterBoundaries.mayPrepend(value), "U+\(String(value, radix: 16)) prepends")
    }
  }

  /// ``CharacterBoundaries/contains(_:_:_:)`` is the `Character` boundary at every offset of a
  /// text of joiners, prepended scalars, Hangul, flags, ZWJ sequences and CR LF.
  @Test func boundariesMatchCharacterWalk() {
    let text =
      "a\u{301}\u{600}b@\u{E33}#\u{FE0F}\u{20E3}\r\n한\u{1161}🇫🇷🇫👨‍👩‍👧‼\u{200D}‼、,٣ "
      + "\u{D4E}x\u{200D}\u{1F3FD}क\u{94D}ष"
    var boundaries: Set<Int> = [text.utf8.count]
    for index in text.indices {
      boundaries.insert(text.utf8.distance(from: text.startIndex, to: index))
    }
    var scalarStarts: [Int] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      scalarStarts.append(offset)
      offset += UTF8.width(scalar)
    }
    UTF8Scanning.withUTF8(text) { p in
      for offset in scalarStarts + [p.count] {
        #expect(
          CharacterBoundaries.contains(offset, p, text) == boundaries.contains(offset),
          "offset \(offset)")
      }
    }
  }
}
