import MentionKit
import Testing

struct MentionComposerTests {
  let jose = MentionItem.person("U1", "jose", "José Álvarez")
  let detector = TriggerDetector(triggers: [.mention, .hashtag])

  /// "hi 👋🏽 @jose and #général " with two entities.
  func loaded(_ options: MentionComposer.Options = .init()) throws -> MentionComposer {
    try MentionComposer(
      text: "hi 👋🏽 @jose and #général ",
      entities: [
        MentionEntity(utf16Range: 18..<26, itemID: "C7", trigger: "hashtag", text: "#général"),
        MentionEntity(utf16Range: 8..<13, itemID: "U1", trigger: "mention", text: "@jose"),
      ],
      options: options)
  }

  @Test func loadSortsEntitiesAndPutsTheCaretAtTheEnd() throws {
    let composer = try loaded()
    #expect(composer.entities.map(\.itemID) == ["U1", "C7"])
    #expect(composer.utf16Cursor == composer.text.utf16.count)
    #expect(composer.cursor == composer.text.endIndex)
    #expect(String(composer.text[composer.range(of: composer.entities[1])]) == "#général")
    #expect(composer.entity(at: 8)?.itemID == "U1")
    #expect(composer.entity(at: 13) == nil)
  }

  @Test func exportRoundTripsThroughLoad() throws {
    var composer = try loaded()
    composer.moveCursor(toUTF16Offset: 0)
    composer.insert("¡")
    let message = composer.message
    #expect(message.text == "¡hi 👋🏽 @jose and #général ")
    #expect(message.entities.map(\.utf16Range) == [9..<14, 19..<27])
    let reloaded = try MentionComposer(message: message)
    #expect(reloaded.message == message)
  }

  @Test(arguments: [
    (MentionEntity(utf16Range: 0..<2, itemID: "A", trigger: "m", text: "hi"), "ok"),
    (MentionEntity(utf16Range: 3..<4, itemID: "B", trigger: "m", text: "x"), "splits"),
    (MentionEntity(utf16Range: 3..<5, itemID: "C", trigger: "m", text: "👋"), "splits"),
    (MentionEntity(utf16Range: 8..<13, itemID: "D", trigger: "m", text: "@josé"), "text"),
    (MentionEntity(utf16Range: 8..<99, itemID: "E", trigger: "m", text: "@jose"), "outside"),
    (MentionEntity(utf16Range: 8..<8, itemID: "F", trigger: "m", text: ""), "empty"),
  ])
  func loadRejectsEntitiesThatDoNotFit(entity: MentionEntity, problem: String) throws {
    let text = "hi 👋🏽 @jose and #général "
    if problem == "ok" {
      #expect(throws: Never.self) { try MentionComposer(text: text, entities: [entity]) }
      return
    }
    let error = #expect(throws: MentionError.self) {
      try MentionComposer(text: text, entities: [entity])
    }
    guard case .invalidEntity(let id, let reason) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(id == entity.itemID)
    #expect(reason.contains(problem == "text" ? "not '@josé'" : problem), "\(reason)")
  }

  @Test func loadRejectsOverlappingEntities() {
    #expect(throws: MentionError.invalidEntity(itemID: "B", reason: "overlaps 'A'")) {
      try MentionComposer(
        text: "@ana bel",
        entities: [
          MentionEntity(utf16Range: 0..<4, itemID: "A", trigger: "m", text: "@ana"),
          MentionEntity(utf16Range: 1..<8, itemID: "B", trigger: "m", text: "ana bel"),
        ])
    }
  }

  @Test func completeRecordsTheEntityAndCursor() throws {
    var composer = MentionComposer()
    composer.insert("hi @jo")
    let query = try #require(composer.activeQuery(using: detector))
    try composer.complete(with: jose, for: query)
    #expect(composer.text == "hi @jose ")
    #expect(
      composer.entities == [
        MentionEntity(utf16Range: 3..<8, itemID: "U1", trigger: "mention", text: "@jose")
      ])
    #expect(composer.utf16Cursor == 9)
    // The caret right after the mention does not reopen a query on it.
    composer.moveCursor(toUTF16Offset: 8)
    #expect(composer.activeQuery(using: detector) == nil)
  }

  @Test func completeInTheMiddleKeepsTheFollowingMention() throws {
    var composer = try loaded()
    composer.moveCursor(toUTF16Offset: 0)
    composer.insert("@jo ")
    composer.moveCursor(toUTF16Offset: 3)
    let query = try #require(composer.activeQuery(using: detector))
    try composer.complete(with: jose, for: query)
    #expect(composer.text == "@jose hi 👋🏽 @jose and #général ")
    #expect(composer.entities.map(\.itemID) == ["U1", "U1", "C7"])
    #expect(composer.entities.map(\.utf16Range) == [0..<5, 14..<19, 24..<32])
  }

  /// Typing with the caret right at a mention's start does not touch the mention: it stays
  /// whole and moves, with every mention after it, by the inserted UTF-16 length. Ranges are
  /// read back with a bounds-checked slice, so a wrong shift fails here instead of trapping.
  @Test func typingRightBeforeAMentionShiftsIt() throws {
    // A mention that is the whole text: "x" before it makes "x@jose", the mention at 1..<6.
    var alone = try MentionComposer(
      text: "@jose",
      entities: [MentionEntity(utf16Range: 0..<5, itemID: "U1", trigger: "mention", text: "@jose")]
    )
    alone.moveCursor(toUTF16Offset: 0)
    alone.insert("x")
    #expect(alone.text == "x@jose")
    try #require(alone.entities.count == 1)
    #expect(alone.entities[0].utf16Range == 1..<6)
    #expect(Self.utf16Slice(alone.text, alone.entities[0].utf16Range) == "@jose")
    #expect(alone.utf16Cursor == 1)

    // "hi 👋🏽 @jose and #général ": 👋🏽 is two surrogate pairs, so "@jose" starts at 8.
    // Pasting "👋🏽 " (5 UTF-16 units) there moves @jose to 13..<18 and #général to 23..<31.
    var composer = try loaded()
    composer.moveCursor(toUTF16Offset: 8)
    composer.insert("👋🏽 ")
    #expect(composer.text == "hi 👋🏽 👋🏽 @jose and #général ")
    #expect(composer.entities.map(\.itemID) == ["U1", "C7"])
    #expect(composer.entities.map(\.utf16Range) == [13..<18, 23..<31])
    for entity in composer.entities {
      #expect(Self.utf16Slice(composer.text, entity.utf16Range) == entity.text)
    }
    #expect(composer.utf16Cursor == 13)
  }

  /// The UTF-16 units `range` of `text` as a string, or `nil` when the range is outside it.
  static func utf16Slice(_ text: String, _ range: Range<Int>) -> String? {
    let units = Array(text.utf16)
    guard range.lowerBound >= 0, range.upperBound <= units.count else { return nil }
    return String(decoding: units[range], as: UTF16.self)
  }

  @Test func aStaleQueryThrows() throws {
    var composer = MentionComposer()
    composer.insert("@jo")
    let query = try #require(composer.activeQuery(using: detector))
    composer.insert("x")
    #expect(throws: MentionError.staleQuery) { try composer.complete(with: jose, for: query) }
    #expect(throws: MentionError.staleQuery) {
      try composer.replaceQueryText(of: query, with: "jose")
    }
    #expect(composer.text == "@jox")
  }

  @Test func outOfBoundsEditsThrowAndChangeNothing() throws {
    var composer = try loaded()
    let before = composer
    let count = composer.text.utf16.count
    #expect(throws: MentionError.editOutOfBounds(location: -1, length: 1, utf16Count: count)) {
      try composer.replace(utf16Location: -1, length: 1, with: "x")
    }
    #expect(throws: MentionError.editOutOfBounds(location: 2, length: -1, utf16Count: count)) {
      try composer.replace(utf16Location: 2, length: -1, with: "x")
    }
    #expect(throws: MentionError.self) {
      try composer.replace(utf16Location: Int.max, length: Int.max, with: "x")
    }
    #expect(throws: MentionError.self) {
      try composer.replace(utf16Range: count..<(count + 1), with: "x")
    }
    #expect(composer == before)
  }

  @Test func splittingEditsThrowByDefault() throws {
    // "hi 👋🏽 ": 👋 is 3..<5, 🏽 is 5..<7; "👋🏽" is one grapheme cluster.
    var composer = try loaded()
    let before = composer
    #expect(throws: MentionError.splitsUnicodeScalar(utf16Offset: 4)) {
      try composer.replace(utf16Range: 4..<4, with: "x")
    }
    #expect(throws: MentionError.splitsGrapheme(utf16Offset: 5)) {
      try composer.replace(utf16Range: 3..<5, with: "")
    }
    let text = composer.text
    let utf8Middle = text.utf8.index(text.utf8.startIndex, offsetBy: 4)
    #expect(throws: MentionError.splitsUnicodeScalar(utf16Offset: 3)) {
      try composer.replace(utf8Middle..<utf8Middle, with: "x")
    }
    let pastEnd = "\(text)more".endIndex
    #expect(throws: MentionError.cursorIndexOutOfBounds) {
      try composer.replace(text.startIndex..<pastEnd, with: "")
    }
    #expect(composer == before)
  }

  @Test func splittingEditsCanWidenToWholeCharacters() throws {
    var composer = try loaded(.init(misalignedEdit: .widensToGraphemes))
    try composer.replace(utf16Range: 4..<6, with: "🙂")
    #expect(composer.text == "hi 🙂 @jose and #général ")
    #expect(composer.utf16Cursor == 5)
    #expect(composer.entities.map(\.utf16Range) == [6..<11, 16..<24])
    let text = composer.text
    let middle = text.utf8.index(text.utf8.startIndex, offsetBy: 4)
    try composer.replace(middle..<middle, with: "x")
    #expect(composer.text == "hi x🙂 @jose and #général ")
  }

  @Test func stringIndexEditsWork() throws {
    var composer = try loaded()
    let text = composer.text
    let and = try #require(text.firstRange(of: "and"))
    try composer.replace(and, with: "y")
    #expect(composer.text == "hi 👋🏽 @jose y #général ")
    #expect(composer.entities.map(\.utf16Range) == [8..<13, 16..<24])
  }

  @Test func selectionsClampAndWidenInsteadOfThrowing() throws {
    var composer = try loaded()
    composer.select(utf16Range: 4..<6)
    #expect(composer.utf16Selection == 3..<7)
    composer.select(utf16Range: -5..<1000)
    #expect(composer.utf16Selection == 0..<composer.text.utf16.count)
    composer.moveCursor(toUTF16Offset: 6)
    #expect(composer.utf16Selection == 3..<3)
    composer.moveCursor(toUTF16Offset: -3)
    #expect(composer.utf16Cursor == 0)
    composer.moveLeft()
    #expect(composer.utf16Cursor == 0)
    composer.moveCursor(toUTF16Offset: .max)
    composer.moveRight()
    #expect(composer.utf16Cursor == composer.text.utf16.count)
    let text = composer.text
    composer.select(text.utf8.index(text.utf8.startIndex, offsetBy: 4)..<text.endIndex)
    #expect(composer.utf16Selection == 3..<composer.text.utf16.count)
  }

  @Test func byPartsKeepsTheIdAndRemovesTheLastWord() throws {
    var composer = try MentionComposer(
      text: "to @Daenerys Stormborn  Targaryen",
      entities: [
        MentionEntity(
          utf16Range: 3..<33, itemID: "U9", trigger: "mention",
          text: "@Daenerys Stormborn  Targaryen")
      ],
      options: .init(backspaceAtMentionEnd: .deletesByParts))
    composer.deleteBackward()
    #expect(composer.text == "to @Daenerys Stormborn")
    #expect(composer.entities.first?.itemID == "U9")
    #expect(composer.entities.first?.text == "@Daenerys Stormborn")
    composer.deleteBackward()
    #expect(composer.entities.first?.text == "@Daenerys")
    composer.deleteBackward()
    #expect(composer.text == "to ")
    #expect(composer.entities.isEmpty)
  }

  @Test func removingAMentionWidensOverNeighboursItTouches() throws {
    var composer = try MentionComposer(
      text: "@a@b c",
      entities: [
        MentionEntity(utf16Range: 0..<2, itemID: "A", trigger: "m", text: "@a"),
        MentionEntity(utf16Range: 2..<4, itemID: "B", trigger: "m", text: "@b"),
      ],
      options: .init(editInsideMention: .removesMention))
    try composer.replace(utf16Range: 1..<3, with: "")
    #expect(composer.text == " c")
    #expect(composer.entities.isEmpty)
  }
}
