import Testing

@testable import MentionKit

struct MessageDraftTests {
  let jose = MentionItem.person("U1", "jose", "José Álvarez")
  let detector = TriggerDetector(triggers: [.mention, .hashtag])

  /// "hi 👋🏽 @jose and #général " with two entities.
  func loaded(_ options: MessageDraft.Options = .init()) throws -> MessageDraft {
    try MessageDraft(
      message: Message(
        text: "hi 👋🏽 @jose and #général ",
        entities: [
          MessageEntity.accepted(18..<26, id: "C7", "#général", trigger: .hashtag),
          MessageEntity.accepted(8..<13, id: "U1", "@jose"),
        ]),
      options: options)
  }

  @Test func loadSortsEntitiesAndPutsTheCaretAtTheEnd() throws {
    let draft = try loaded()
    #expect(draft.entities.map(\.itemID) == ["U1", "C7"])
    #expect(draft.cursorUTF16Offset == draft.text.utf16.count)
    #expect(draft.cursor == draft.text.endIndex)
    #expect(draft.entities[1].range(in: draft.text).map { draft.text[$0] } == "#général")
    #expect(draft.entity(at: 8)?.itemID == "U1")
    #expect(draft.entity(at: 13) == nil)
  }

  @Test func exportRoundTripsThroughLoad() throws {
    var draft = try loaded()
    draft.moveCursor(utf16Offset: 0)
    draft.insert("¡")
    let message = draft.message
    #expect(message.text == "¡hi 👋🏽 @jose and #général ")
    #expect(message.entities.map(\.utf16Range) == [9..<14, 19..<27])
    let reloaded = try MessageDraft(message: message)
    #expect(reloaded.message == message)
  }

  @Test(arguments: [
    (MessageEntity.accepted(0..<2, id: "A", "hi"), "ok"),
    (MessageEntity.accepted(3..<4, id: "B", "x"), "splits"),
    (MessageEntity.accepted(3..<5, id: "C", "👋"), "splits"),
    (MessageEntity.accepted(8..<13, id: "D", "@josé"), "text"),
    (MessageEntity.accepted(8..<99, id: "E", "@jose"), "outside"),
    (MessageEntity.accepted(8..<8, id: "F", ""), "empty"),
  ])
  func loadRejectsEntitiesThatDoNotFit(entity: MessageEntity, problem: String) throws {
    let text = "hi 👋🏽 @jose and #général "
    if problem == "ok" {
      #expect(throws: Never.self) {
        try MessageDraft(message: Message(text: text, entities: [entity]))
      }
      return
    }
    let error = #expect(throws: MentionError.self) {
      try MessageDraft(message: Message(text: text, entities: [entity]))
    }
    guard case .invalidEntity(let range, let reason) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(range == entity.utf16Range)
    #expect(
      reason.contains(problem == "text" ? "does not end with 'josé'" : problem), "\(reason)")
  }

  @Test func loadRejectsOverlappingEntities() {
    #expect(
      throws: MentionError.invalidEntity(utf16Range: 1..<8, reason: "overlaps the entity at 0..<4")
    ) {
      try MessageDraft(
        message: Message(
          text: "@ana bel",
          entities: [
            MessageEntity.accepted(0..<4, id: "A", "@ana"),
            MessageEntity.accepted(1..<8, id: "B", "ana bel"),
          ]))
    }
  }

  @Test func completeRecordsTheEntityAndCursor() throws {
    var draft = MessageDraft()
    draft.insert("hi @jo")
    let query = try #require(draft.activeQuery(using: detector))
    let done = draft.accept(jose, for: query)
    #expect(done)
    #expect(draft.text == "hi @jose ")
    #expect(draft.entities == [MessageEntity.accepted(3..<8, id: "U1", "@jose", item: jose)])
    #expect(draft.cursorUTF16Offset == 9)
    // The caret right after the mention does not reopen a query on it.
    draft.moveCursor(utf16Offset: 8)
    #expect(draft.activeQuery(using: detector) == nil)
  }

  @Test func completeInTheMiddleKeepsTheFollowingMention() throws {
    var draft = try loaded()
    draft.moveCursor(utf16Offset: 0)
    draft.insert("@jo ")
    draft.moveCursor(utf16Offset: 3)
    let query = try #require(draft.activeQuery(using: detector))
    let done = draft.accept(jose, for: query)
    #expect(done)
    #expect(draft.text == "@jose hi 👋🏽 @jose and #général ")
    #expect(draft.entities.map(\.itemID) == ["U1", "U1", "C7"])
    #expect(draft.entities.map(\.utf16Range) == [0..<5, 14..<19, 24..<32])
  }

  /// Typing with the caret right at a mention's start does not touch the mention: it stays
  /// whole and moves, with every mention after it, by the inserted UTF-16 length. Ranges are
  /// read back with a bounds-checked slice, so a wrong shift fails here instead of trapping.
  @Test func typingRightBeforeAMentionShiftsIt() throws {
    // A mention that is the whole text: "x" before it makes "x@jose", the mention at 1..<6.
    var alone = try MessageDraft(
      message: Message(text: "@jose", entities: [MessageEntity.accepted(0..<5, id: "U1", "@jose")]))
    alone.moveCursor(utf16Offset: 0)
    alone.insert("x")
    #expect(alone.text == "x@jose")
    try #require(alone.entities.count == 1)
    #expect(alone.entities[0].utf16Range == 1..<6)
    #expect(Self.utf16Slice(alone.text, alone.entities[0].utf16Range) == "@jose")
    #expect(alone.cursorUTF16Offset == 1)

    // "hi 👋🏽 @jose and #général ": 👋🏽 is two surrogate pairs, so "@jose" starts at 8.
    // Pasting "👋🏽 " (5 UTF-16 units) there moves @jose to 13..<18 and #général to 23..<31.
    var draft = try loaded()
    draft.moveCursor(utf16Offset: 8)
    draft.insert("👋🏽 ")
    #expect(draft.text == "hi 👋🏽 👋🏽 @jose and #général ")
    #expect(draft.entities.map(\.itemID) == ["U1", "C7"])
    #expect(draft.entities.map(\.utf16Range) == [13..<18, 23..<31])
    #expect(
      draft.entities.map { Self.utf16Slice(draft.text, $0.utf16Range) } == [
        "@jose", "#général",
      ])
    #expect(draft.cursorUTF16Offset == 13)
  }

  /// The UTF-16 units `range` of `text` as a string, or `nil` when the range is outside it.
  static func utf16Slice(_ text: String, _ range: Range<Int>) -> String? {
    let units = Array(text.utf16)
    guard range.lowerBound >= 0, range.upperBound <= units.count else { return nil }
    return String(decoding: units[range], as: UTF16.self)
  }

  @Test func aStaleQueryIsRefused() throws {
    var draft = MessageDraft()
    draft.insert("@jo")
    let query = try #require(draft.activeQuery(using: detector))
    draft.insert("x")
    let done = draft.accept(jose, for: query)
    #expect(!done)
    let rewritten = draft.replaceQueryText(of: query, with: "jose")
    #expect(!rewritten)
    #expect(draft.text == "@jox")
  }

  @Test func outOfBoundsEditsThrowAndChangeNothing() throws {
    var draft = try loaded()
    let before = draft
    let count = draft.text.utf16.count
    #expect(throws: MentionError.editOutOfBounds(utf16Range: -1..<0, utf16Count: count)) {
      try draft.replace(utf16Range: -1..<0, with: "x")
    }
    #expect(throws: MentionError.editOutOfBounds(utf16Range: 2..<Int.max, utf16Count: count)) {
      try draft.replace(utf16Range: 2..<Int.max, with: "x")
    }
    #expect(throws: MentionError.self) {
      try draft.replace(utf16Range: Int.max..<Int.max, with: "x")
    }
    #expect(
      throws: MentionError.editOutOfBounds(utf16Range: count..<(count + 1), utf16Count: count)
    ) {
      try draft.replace(utf16Range: count..<(count + 1), with: "x")
    }
    #expect(draft == before)
  }

  @Test func splittingEditsThrowByDefault() throws {
    // "hi 👋🏽 ": 👋 is 3..<5, 🏽 is 5..<7; "👋🏽" is one grapheme cluster.
    var draft = try loaded()
    let before = draft
    #expect(throws: MentionError.splitsUnicodeScalar(utf16Offset: 4)) {
      try draft.replace(utf16Range: 4..<4, with: "x")
    }
    #expect(throws: MentionError.splitsGrapheme(utf16Offset: 5)) {
      try draft.replace(utf16Range: 3..<5, with: "")
    }
    let text = draft.text
    let utf8Middle = text.utf8.index(text.utf8.startIndex, offsetBy: 4)
    #expect(throws: MentionError.splitsUnicodeScalar(utf16Offset: 3)) {
      try draft.replace(utf8Middle..<utf8Middle, with: "x")
    }
    let pastEnd = "\(text)more".endIndex
    #expect(throws: MentionError.cursorIndexOutOfBounds) {
      try draft.replace(text.startIndex..<pastEnd, with: "")
    }
    #expect(draft == before)
  }

  @Test func splittingEditsCanWidenToWholeCharacters() throws {
    var draft = try loaded(.init(misalignedEdit: .widensToGraphemes))
    try draft.replace(utf16Range: 4..<6, with: "🙂")
    #expect(draft.text == "hi 🙂 @jose and #général ")
    #expect(draft.cursorUTF16Offset == 5)
    #expect(draft.entities.map(\.utf16Range) == [6..<11, 16..<24])
    let text = draft.text
    let middle = text.utf8.index(text.utf8.startIndex, offsetBy: 4)
    try draft.replace(middle..<middle, with: "x")
    #expect(draft.text == "hi x🙂 @jose and #général ")
  }

  @Test func stringIndexEditsWork() throws {
    var draft = try loaded()
    let text = draft.text
    let and = try #require(text.firstRange(of: "and"))
    try draft.replace(and, with: "y")
    #expect(draft.text == "hi 👋🏽 @jose y #général ")
    #expect(draft.entities.map(\.utf16Range) == [8..<13, 16..<24])
  }

  @Test func selectionsClampAndWidenInsteadOfThrowing() throws {
    var draft = try loaded()
    draft.select(utf16Range: 4..<6)
    #expect(draft.selectedUTF16Range == 3..<7)
    draft.select(utf16Range: -5..<1000)
    #expect(draft.selectedUTF16Range == 0..<draft.text.utf16.count)
    draft.moveCursor(utf16Offset: 6)
    #expect(draft.selectedUTF16Range == 3..<3)
    draft.moveCursor(utf16Offset: -3)
    #expect(draft.cursorUTF16Offset == 0)
    draft.moveLeft()
    #expect(draft.cursorUTF16Offset == 0)
    draft.moveCursor(utf16Offset: .max)
    draft.moveRight()
    #expect(draft.cursorUTF16Offset == draft.text.utf16.count)
    let text = draft.text
    draft.select(text.utf8.index(text.utf8.startIndex, offsetBy: 4)..<text.endIndex)
    #expect(draft.selectedUTF16Range == 3..<draft.text.utf16.count)
  }

  @Test func byPartsKeepsTheIdAndRemovesTheLastWord() throws {
    var draft = try MessageDraft(
      message: Message(
        text: "to @Daenerys Stormborn  Targaryen",
        entities: [MessageEntity.accepted(3..<33, id: "U9", "@Daenerys Stormborn  Targaryen")]),
      options: .init(backspaceAtMentionEnd: .deletesByParts))
    draft.deleteBackward()
    #expect(draft.text == "to @Daenerys Stormborn")
    #expect(draft.entities.first?.itemID == "U9")
    #expect(draft.entities.first?.value == "Daenerys Stormborn")
    #expect(draft.entities.first?.utf16Range == 3..<22)
    draft.deleteBackward()
    #expect(draft.entities.first?.value == "Daenerys")
    draft.deleteBackward()
    #expect(draft.text == "to ")
    #expect(draft.entities.isEmpty)
  }

  @Test func removingAMentionWidensOverNeighboursItTouches() throws {
    var draft = try MessageDraft(
      message: Message(
        text: "@a@b c",
        entities: [
          MessageEntity.accepted(0..<2, id: "A", "@a"),
          MessageEntity.accepted(2..<4, id: "B", "@b"),
        ]),
      options: .init(editInsideMention: .removesMention))
    try draft.replace(utf16Range: 1..<3, with: "")
    #expect(draft.text == " c")
    #expect(draft.entities.isEmpty)
  }
}
