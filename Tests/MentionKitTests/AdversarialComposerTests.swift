import MentionKit
import Testing

/// Worst-case texts through ``MentionComposer``: a mention typed and completed in the middle of
/// a megabyte of hostile text (or inside one of its grapheme clusters), and a message of
/// 100,000 mention entities edited. Results are checked; speed is the benchmarks' business.
struct AdversarialComposerTests {
  static let megabyte = 1 << 20
  static let detector = TriggerDetector(triggers: [.mention, .hashtag])
  static let jose = MentionItem(id: "U1", insertionText: "jose")

  /// A hostile text and a UTF-16 offset to type at, possibly inside a grapheme cluster, with the
  /// offset the caret must round down to.
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var text: String
    var offset: Int
    var rounded: Int
    var description: String { name }
  }

  static let cases: [Case] = {
    let at = String(repeating: "@", count: megabyte)
    let hash = String(repeating: "#", count: megabyte)
    let spaced = String(repeating: "@a ", count: megabyte / 3)
    let marks = "e" + String(repeating: "\u{301}", count: megabyte / 2)
    let family = "👩‍👩‍👧"
    let families = String(repeating: family, count: megabyte / family.utf8.count)
    let middle = 8 * (megabyte / family.utf8.count / 2)
    return [
      Case(name: "1 MB of @", text: at, offset: megabyte / 2, rounded: megabyte / 2),
      Case(name: "1 MB of #", text: hash, offset: megabyte / 2, rounded: megabyte / 2),
      Case(name: "1 MB of @a ", text: spaced, offset: 3 * 1000 + 2, rounded: 3 * 1000 + 2),
      Case(name: "combining marks", text: marks, offset: 1000, rounded: 0),
      Case(name: "ZWJ emoji", text: families, offset: middle + 3, rounded: middle),
    ]
  }()

  @Test(arguments: cases)
  func typeAndCompleteInsideHostileText(_ testCase: Case) throws {
    var composer = try MentionComposer(text: testCase.text)
    composer.moveCursor(toUTF16Offset: testCase.offset)
    #expect(composer.utf16Cursor == testCase.rounded)
    composer.insert(" @jo ")
    composer.moveCursor(toUTF16Offset: testCase.rounded + 4)
    let query = try #require(composer.activeQuery(using: Self.detector))
    #expect(query.text == "jo")
    try composer.complete(with: Self.jose, for: query)

    let utf16 = Array(testCase.text.utf16)
    let prefix = String(decoding: utf16[..<testCase.rounded], as: UTF16.self)
    let suffix = String(decoding: utf16[testCase.rounded...], as: UTF16.self)
    #expect(composer.text == prefix + " @jose " + suffix)
    let start = testCase.rounded + 1
    #expect(
      composer.entities == [
        MentionEntity(
          utf16Range: start..<(start + 5), itemID: "U1", trigger: "mention", text: "@jose")
      ])
    #expect(composer.utf16Cursor == start + 6)

    // Backspace over the space, then the whole mention; the hostile text is back.
    composer.deleteBackward()
    composer.deleteBackward()
    #expect(composer.entities.isEmpty)
    #expect(composer.text == prefix + " " + suffix)
    composer.selectAll()
    composer.deleteBackward()
    #expect(composer.text.isEmpty && composer.utf16Selection == 0..<0)
  }

  @Test func splittingAGiantGraphemeThrowsOrWidens() throws {
    let text = "e" + String(repeating: "\u{301}", count: Self.megabyte / 2)
    var strict = try MentionComposer(text: text)
    #expect(throws: MentionError.splitsGrapheme(utf16Offset: 500)) {
      try strict.replace(utf16Location: 500, length: 0, with: "@")
    }
    #expect(strict.text == text)
    var widening = try MentionComposer(
      text: text, options: MentionComposer.Options(misalignedEdit: .widensToGraphemes))
    try widening.replace(utf16Location: 500, length: 1, with: "@x")
    #expect(widening.text == "@x")
  }

  @Test func hundredThousandMentionEntities() throws {
    let count = 100_000
    var text = ""
    var entities: [MentionEntity] = []
    for number in 0..<count {
      let name = "@user\(number)"
      let start = text.utf16.count
      entities.append(
        MentionEntity(
          utf16Range: start..<(start + name.utf16.count), itemID: "U\(number)",
          trigger: "mention", text: name))
      text += name + " "
    }
    var composer = try MentionComposer(text: text, entities: entities.reversed())
    #expect(composer.entities == entities)

    // Typing at the start shifts every entity.
    composer.moveCursor(toUTF16Offset: 0)
    composer.insert("¡")
    #expect(composer.entities.count == count)
    #expect(
      composer.entities.last?.utf16Range == entities[count - 1].utf16Range.lowerBound
        + 1..<entities[count - 1].utf16Range.upperBound + 1)
    #expect(
      composer.entities.allSatisfy { String(composer.text[composer.range(of: $0)]) == $0.text })

    // Backspace right after a mention in the middle deletes that mention only.
    let middle = composer.entities[count / 2]
    composer.moveCursor(toUTF16Offset: middle.utf16Range.upperBound)
    composer.deleteBackward()
    #expect(composer.entities.count == count - 1)
    #expect(!composer.entities.contains { $0.itemID == middle.itemID })
    #expect(composer.entities[count / 2].text == "@user\(count / 2 + 1)")

    // Typing inside a mention detaches it; the message still loads.
    let first = composer.entities[0]
    composer.moveCursor(toUTF16Offset: first.utf16Range.lowerBound + 2)
    composer.insert("x")
    #expect(composer.entities.count == count - 2)
    #expect(try MentionComposer(message: composer.message).entities == composer.entities)
  }
}
