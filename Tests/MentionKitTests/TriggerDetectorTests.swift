import Testing

@testable import MentionKit

struct TriggerDetectorTests {
  /// A detection case: `input` marks the cursor with `|` (the end when absent); `expected` is
  /// `trigger:query:replaced` or `nil`.
  struct Case: CustomStringConvertible, Sendable {
    var input: String
    var expected: String?
    var description: String { "\(input.debugDescription) → \(expected ?? "nil")" }
  }

  static let detector = TriggerDetector(triggers: [
    .mention, .hashtag, .emoji, .command, .wikiLink, withSpaces(),
  ])

  static func withSpaces() -> Trigger {
    var trigger = Trigger.mention
    trigger.name = "plus"
    trigger.delimiter = "~"
    trigger.equivalentDelimiters = []
    trigger.maximumSpaces = 1
    return trigger
  }

  static let cases: [Case] = [
    // Basics and the cursor.
    Case(input: "@", expected: "mention::@"),
    Case(input: "hi @jo", expected: "mention:jo:@jo"),
    Case(input: "hi @jo|se there", expected: "mention:jo:@jose"),
    Case(input: "hi @jose |there", expected: nil),
    Case(input: "|hi @jose", expected: nil),
    Case(input: "@ana #gen", expected: "hashtag:gen:#gen"),
    Case(input: "#gen @an|a", expected: "mention:an:@ana"),
    Case(input: "@ana| #gen", expected: "mention:ana:@ana"),
    // Boundaries: e-mail addresses, URLs, words, underscores, repeated signs.
    Case(input: "mail@example", expected: nil),
    Case(input: "jose.alvarez@example.com", expected: nil),
    Case(input: "x_@ana", expected: nil),
    Case(input: "1@ana", expected: nil),
    Case(input: "https://mastodon.social/@ana", expected: nil),
    Case(input: "@@ana", expected: nil),
    Case(input: "#@ana", expected: nil),
    Case(input: "&#123", expected: nil),
    Case(input: "(@ana", expected: "mention:ana:@ana"),
    Case(input: "\"@ana", expected: "mention:ana:@ana"),
    Case(input: "«@ana", expected: "mention:ana:@ana"),
    Case(input: "line\n@ana", expected: "mention:ana:@ana"),
    Case(input: "tab\t@ana", expected: "mention:ana:@ana"),
    Case(input: "👍@ana", expected: "mention:ana:@ana"),
    Case(input: "❤️@ana", expected: "mention:ana:@ana"),
    Case(input: "e\u{301}@ana", expected: nil),
    // Query characters: dots, dashes, underscores; punctuation ends the query.
    Case(input: "@ana.b-c_d", expected: "mention:ana.b-c_d:@ana.b-c_d"),
    Case(input: "@ana!", expected: nil),
    Case(input: "@ana,", expected: nil),
    Case(input: "@ana @", expected: "mention::@"),
    Case(input: "@ ana", expected: nil),
    Case(input: "#tag-x_1", expected: "hashtag:tag-x_1:#tag-x_1"),
    Case(input: "#tag.x", expected: nil),
    // Scripts: CJK, RTL, Cyrillic, Greek, combining marks, full-width signs.
    Case(input: "@田中", expected: "mention:田中:@田中"),
    Case(input: "こんにちは @田中", expected: "mention:田中:@田中"),
    Case(input: "こんにちは@田中", expected: nil),
    Case(input: "שלום @דנה", expected: "mention:דנה:@דנה"),
    Case(input: "\u{200F}@دانة", expected: "mention:دانة:@دانة"),
    Case(input: "@Ζωή", expected: "mention:Ζωή:@Ζωή"),
    Case(input: "@Жанна", expected: "mention:Жанна:@Жанна"),
    Case(input: "@jose\u{301}", expected: "mention:jose\u{301}:@jose\u{301}"),
    Case(input: "＠ana", expected: "mention:ana:＠ana"),
    Case(input: "＃общий", expected: "hashtag:общий:＃общий"),
    Case(input: "ｘ＠ana", expected: nil),
    // Multi-word queries.
    Case(input: "~Jon Sn", expected: "plus:Jon Sn:~Jon Sn"),
    Case(input: "~Jon ", expected: "plus:Jon :~Jon "),
    Case(input: "~Jon  S", expected: nil),
    Case(input: "~Jon Snow Targ", expected: nil),
    Case(input: "@Jon Sn", expected: nil),
    // Emoji shortcodes: two characters minimum, whitespace boundary.
    Case(input: ":s", expected: nil),
    Case(input: ":sm", expected: "emoji:sm::sm"),
    Case(input: "at 10:30", expected: nil),
    Case(input: "hi :)", expected: nil),
    Case(input: "ok :+1", expected: "emoji:+1::+1"),
    // Slash commands only at the start of a line.
    Case(input: "/he", expected: "command:he:/he"),
    Case(input: "text\n/he", expected: "command:he:/he"),
    Case(input: "a /he", expected: nil),
    Case(input: "path/he", expected: nil),
    // Multi-character delimiters.
    Case(input: "see [[Main Pa", expected: "wikiLink:Main Pa:[[Main Pa"),
    Case(input: "see [[Main]] x", expected: nil),
    // Line breaks end queries.
    Case(input: "@ana\nbob", expected: nil),
    Case(input: "@ana\r\n", expected: nil),
  ]

  @Test(arguments: cases)
  func detects(_ testCase: Case) throws {
    var input = testCase.input
    var cursorOffset = input.utf16.count
    if let bar = input.firstIndex(of: "|") {
      cursorOffset = input.utf16.distance(from: input.startIndex, to: bar)
      input.remove(at: bar)
    }
    let query = try Self.detector.detect(in: input, utf16Offset: cursorOffset)
    let actual = query.map { "\($0.trigger.name):\($0.text):\(input[$0.range])" }
    #expect(actual == testCase.expected, "\(testCase)")
  }

  @Test func reportsUTF16Range() throws {
    let query = try #require(Self.detector.detect(in: "👩‍👩‍👧 @jo"))
    #expect(query.utf16Range == 9..<12)
    #expect(query.utf16Offset == 12)
  }

  @Test func nearestTriggerWinsWhateverTheRegistrationOrder() throws {
    let forward = TriggerDetector(triggers: [.mention, .hashtag])
    let backward = TriggerDetector(triggers: [.hashtag, .mention])
    for detector in [forward, backward] {
      #expect(detector.detect(in: "#a @b")?.trigger.name == "mention")
      #expect(detector.detect(in: "@a #b")?.trigger.name == "hashtag")
    }
  }

  /// Two triggers active at once: `[[` takes any character but brackets, `|` and line breaks,
  /// so its query `Project @ana` runs over the `@`, and `@ana` is a query of its own. The
  /// nearer delimiter (`@` at scalar 10, against `[[` at 0) wins in either registration order.
  @Test func nearestOfTwoActiveTriggersWinsWhateverTheRegistrationOrder() throws {
    let text = "[[Project @ana"
    // Each trigger alone is active here, so the choice below is between two real candidates.
    let wikiAlone = try #require(TriggerDetector(triggers: [.wikiLink]).detect(in: text))
    #expect(wikiAlone.text == "Project @ana")
    let mentionAlone = try #require(TriggerDetector(triggers: [.mention]).detect(in: text))
    #expect(mentionAlone.text == "ana")
    for triggers in [[Trigger.wikiLink, .mention], [.mention, .wikiLink]] {
      let query = try #require(TriggerDetector(triggers: triggers).detect(in: text))
      let order = triggers.map(\.name)
      #expect(query.trigger.name == "mention", "registered \(order)")
      #expect(query.text == "ana", "registered \(order)")
      #expect(query.utf16Range == 10..<14, "registered \(order)")
    }
    // A hashtag inside a link, the cursor between "b" and "c" of "[[a #bc": the tag (4..<7)
    // against the link (0..<7).
    for triggers in [[Trigger.wikiLink, .hashtag], [.hashtag, .wikiLink]] {
      let query = try #require(
        try TriggerDetector(triggers: triggers).detect(in: "[[a #bc", utf16Offset: 6))
      let order = triggers.map(\.name)
      #expect(query.trigger.name == "hashtag", "registered \(order)")
      #expect(query.utf16Range == 4..<7, "registered \(order)")
    }
  }

  /// `maximumQueryLength` counts scalars after the delimiter: a query of exactly that many is
  /// active, one more is not, whether the extra scalar is before the cursor (the look-back) or
  /// after it (the end of the word the cursor is in).
  @Test func maximumQueryLengthIsInclusive() throws {
    var short = Trigger.mention
    short.maximumQueryLength = 3
    let detector = TriggerDetector(triggers: [short])
    // Before the cursor: 3 scalars active, 4 not.
    #expect(detector.detect(in: "@abc")?.text == "abc")
    #expect(detector.detect(in: "@abcd") == nil)
    // Across the cursor: "ab" typed, "c" after it makes 3 in the word; "cd" makes 4.
    let atLimit = try #require(try detector.detect(in: "@abc", utf16Offset: 3))
    #expect(atLimit.text == "ab")
    #expect(atLimit.utf16Range == 0..<4)
    #expect(try detector.detect(in: "@abcd", utf16Offset: 3) == nil)
    // Scalars, not UTF-16 units or characters: "é" as e + U+0301 is two scalars.
    #expect(detector.detect(in: "@ae\u{301}")?.text == "ae\u{301}")
    #expect(detector.detect(in: "@abe\u{301}") == nil)
    // The built-in mention trigger's limit of 64.
    let sixtyFour = String(repeating: "a", count: 64)
    #expect(Self.detector.detect(in: "@" + sixtyFour)?.text == sixtyFour)
    #expect(Self.detector.detect(in: "@" + sixtyFour + "a") == nil)
  }

  @Test func longerDelimiterWinsAtTheSameStart() throws {
    let single = Trigger(
      name: "single", delimiter: "[", boundary: .whitespace,
      queryCharacters: .alphanumerics.including("["))
    let detector = TriggerDetector(triggers: [single, .wikiLink])
    #expect(detector.detect(in: "[[abc")?.trigger.name == "wikiLink")
  }

  @Test func outOfRangeCursorsThrow() {
    #expect(throws: MentionError.cursorOutOfBounds(utf16Offset: -1, utf16Count: 3)) {
      try Self.detector.detect(in: "@ab", utf16Offset: -1)
    }
    #expect(throws: MentionError.cursorOutOfBounds(utf16Offset: 4, utf16Count: 3)) {
      try Self.detector.detect(in: "@ab", utf16Offset: 4)
    }
    let longer = "@abcdef"
    let foreign = longer.index(longer.startIndex, offsetBy: 6)
    #expect(throws: MentionError.cursorIndexOutOfBounds) {
      try Self.detector.detect(in: "@ab", cursor: foreign)
    }
  }

  @Test func everyUTF16OffsetOfHardTextIsSafe() throws {
    let text =
      "👩‍👩‍👧‍👦 @jo\u{301}se 🇯🇵#東京 ＠ana e\u{301}\u{302}\u{303}@x \u{202E}@rtl\u{202C} 👍🏽:smi\r\n/cmd \0@nul"
    let count = text.utf16.count
    for offset in 0...count {
      let query = try Self.detector.detect(in: text, utf16Offset: offset)
      if let query {
        #expect(query.range.lowerBound <= query.cursor)
        #expect(query.cursor <= query.range.upperBound)
        #expect(query.range.upperBound <= text.endIndex)
        // Ranges land on grapheme boundaries.
        #expect(query.range.lowerBound.samePosition(in: text) != nil)
        #expect(query.cursor.samePosition(in: text) != nil)
        #expect(text[query.queryRange] == Substring(query.text))
      }
    }
  }

  @Test func cursorInsideASurrogatePairRoundsDown() throws {
    // "@jo" followed by 😀: offset 4 is inside the surrogate pair.
    let query = try #require(try Self.detector.detect(in: "@jo😀", utf16Offset: 4))
    #expect(query.text == "jo")
  }

  @Test func cursorInsideAGraphemeRoundsDownToItsStart() throws {
    // "@jose\u{301}": offset 5 lies between "e" and its combining accent.
    let query = try #require(try Self.detector.detect(in: "@jose\u{301}", utf16Offset: 5))
    #expect(query.text == "jos")
  }

  @Test func hugeInputsAreBoundedByTheLookBack() throws {
    let atSigns = String(repeating: "@", count: 1_000_000)
    #expect(Self.detector.detect(in: atSigns) == nil)
    #expect(Self.detector.detect(in: atSigns + " @")?.text == "")
    let letters = "@" + String(repeating: "a", count: 1_000_000)
    #expect(Self.detector.detect(in: letters) == nil)
    let marks = "@a" + String(repeating: "\u{301}", count: 100_000)
    #expect(Self.detector.detect(in: marks) == nil)
    let words = String(repeating: "word ", count: 200_000) + "@jo"
    #expect(Self.detector.detect(in: words)?.text == "jo")
  }
}
