import Testing

@testable import MentionKit

/// Worst-case texts through ``MessageDraft``: a mention typed and completed in the middle of
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
    var draft = try MessageDraft(message: Message(text: testCase.text))
    draft.moveCursor(utf16Offset: testCase.offset)
    #expect(draft.cursorUTF16Offset == testCase.rounded)
    draft.insert(" @jo ")
    draft.moveCursor(utf16Offset: testCase.rounded + 4)
    let query = try #require(draft.activeQuery(using: Self.detector))
    #expect(query.text == "jo")
    let done = draft.accept(Self.jose, for: query)
    #expect(done)

    let utf16 = Array(testCase.text.utf16)
    let prefix = String(decoding: utf16[..<testCase.rounded], as: UTF16.self)
    let suffix = String(decoding: utf16[testCase.rounded...], as: UTF16.self)
    #expect(draft.text == prefix + " @jose " + suffix)
    let start = testCase.rounded + 1
    #expect(
      draft.entities == [
        MessageEntity.accepted(start..<(start + 5), id: "U1", "@jose", item: Self.jose)
      ])
    #expect(draft.cursorUTF16Offset == start + 6)

    // Backspace over the space, then the whole mention; the hostile text is back.
    draft.deleteBackward()
    draft.deleteBackward()
    #expect(draft.entities.isEmpty)
    #expect(draft.text == prefix + " " + suffix)
    draft.selectAll()
    draft.deleteBackward()
    #expect(draft.text.isEmpty && draft.selectedUTF16Range == 0..<0)
  }

  @Test func splittingAGiantGraphemeThrowsOrWidens() throws {
    let text = "e" + String(repeating: "\u{301}", count: Self.megabyte / 2)
    var strict = try MessageDraft(message: Message(text: text))
    #expect(throws: MentionError.splitsGrapheme(utf16Offset: 500)) {
      try strict.replace(utf16Range: 500..<500, with: "@")
    }
    #expect(strict.text == text)
    var widening = try MessageDraft(
      message: Message(text: text),
      options: MessageDraft.Options(misalignedEdit: .widensToGraphemes))
    try widening.replace(utf16Range: 500..<501, with: "@x")
    #expect(widening.text == "@x")
  }

  @Test func hundredThousandMentionEntities() throws {
    let count = 100_000
    var text = ""
    var entities: [MessageEntity] = []
    for number in 0..<count {
      let name = "@user\(number)"
      let start = text.utf16.count
      entities.append(
        MessageEntity.accepted(start..<(start + name.utf16.count), id: "U\(number)", name))
      text += name + " "
    }
    var draft = try MessageDraft(message: Message(text: text, entities: entities.reversed()))
    #expect(draft.entities == entities)

    // Typing at the start shifts every entity.
    draft.moveCursor(utf16Offset: 0)
    draft.insert("¡")
    #expect(draft.entities.count == count)
    #expect(
      draft.entities.last?.utf16Range == entities[count - 1].utf16Range.lowerBound
        + 1..<entities[count - 1].utf16Range.upperBound + 1)
    #expect(
      draft.entities.allSatisfy { entity in
        entity.range(in: draft.text).map { draft.text[$0] == "@" + entity.value } == true
      })

    // Backspace right after a mention in the middle deletes that mention only.
    let middle = draft.entities[count / 2]
    draft.moveCursor(utf16Offset: middle.utf16Range.upperBound)
    draft.deleteBackward()
    #expect(draft.entities.count == count - 1)
    #expect(!draft.entities.contains { $0.itemID == middle.itemID })
    #expect(draft.entities[count / 2].value == "user\(count / 2 + 1)")

    // Typing inside a mention detaches it; the message still loads.
    let first = draft.entities[0]
    draft.moveCursor(utf16Offset: first.utf16Range.lowerBound + 2)
    draft.insert("x")
    #expect(draft.entities.count == count - 2)
    #expect(try MessageDraft(message: draft.message).entities == draft.entities)
  }
}
