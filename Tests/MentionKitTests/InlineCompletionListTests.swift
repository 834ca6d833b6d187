import Testing

@testable import MentionKit

struct InlineCompletionListTests {
  let jose = MentionItem.person("U1", "josé", "José Álvarez")
  let josephine = MentionItem.person("U2", "josephine", "Josephine Ng")
  let jo = MentionItem.person("U3", "jo", "Jo March")
  let detector = TriggerDetector(triggers: [.mention])

  func query(_ text: String) throws -> MentionQuery {
    var text = text
    var cursor = text.utf16.count
    if let bar = text.firstIndex(of: "|") {
      cursor = text.utf16.distance(from: text.startIndex, to: bar)
      text.remove(at: bar)
    }
    return try #require(try detector.detect(in: text, utf16Offset: cursor))
  }

  @Test func offersTheRestOfTheBestItemInTheUsersCase() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("hi @JO"), items: [jose, josephine], after: .insertion)
    #expect(inline.ghostText == "sé")
    #expect(inline.suggestion?.text == "JOsé")
    #expect(inline.suggestion?.item == jose)
  }

  @Test func foldsAccentsWidthAndCase() {
    let zoe = MentionItem(id: "Z", insertionText: "Zoë_Quinn")
    #expect(
      SuggestionList.InlineCompletion.bestCompletion(for: "zoe", in: [zoe])?.completion == "_Quinn")
    #expect(
      SuggestionList.InlineCompletion.bestCompletion(for: "ＺＯ", in: [zoe])?.text == "ＺＯë_Quinn")
    let lukasz = MentionItem(id: "L", insertionText: "Łukasz")
    #expect(
      SuggestionList.InlineCompletion.bestCompletion(for: "lu", in: [lukasz])?.completion == "kasz")
  }

  @Test func skipsItemsThatMatchElsewhere() {
    // The ranked list may start with a later-word or substring match: the ghost comes from
    // the first item that extends what was typed.
    let lannister = MentionItem(id: "T", insertionText: "tyrion_lannister")
    let lana = MentionItem(id: "L", insertionText: "lana")
    #expect(
      SuggestionList.InlineCompletion.bestCompletion(for: "lan", in: [lannister, lana])?.item
        == lana)
    #expect(SuggestionList.InlineCompletion.bestCompletion(for: "lan", in: [lannister]) == nil)
  }

  @Test func exactMatchIsPreferredAndNotOffered() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("@jo"), items: [josephine, jo], after: .insertion)
    #expect(inline.suggestion == nil)
    #expect(inline.ghostText == "")
    #expect(SuggestionList.InlineCompletion.bestCompletion(for: "JOSÉ", in: [jose]) == nil)
  }

  @Test func emptyQueryOffersNothing() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("@"), items: [jose], after: .insertion)
    #expect(inline.suggestion == nil)
  }

  @Test func caretInsideTheWordOffersNothing() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("@jo|s"), items: [jose], after: .insertion)
    #expect(inline.suggestion == nil)
    inline.update(query: nil, items: [jose], after: .insertion)
    #expect(inline.suggestion == nil)
  }

  @Test func firstDeleteRemovesOnlyTheGhostAndDeletingShowsNoNewOne() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("@jos"), items: [jose, josephine], after: .insertion)
    #expect(inline.ghostText == "é")
    let first = inline.deleteBackward()
    #expect(first)
    #expect(inline.ghostText == "")
    #expect(inline.isSuppressed)
    // The second Backspace deletes text: the host deletes "s", then updates.
    let second = inline.deleteBackward()
    #expect(!second)
    inline.update(query: try query("@jo"), items: [jose, josephine], after: .deletion)
    #expect(inline.ghostText == "")
    inline.update(query: try query("@j"), items: [jose, josephine], after: .deletion)
    #expect(inline.ghostText == "")
    // Typing again brings the ghost back.
    inline.update(query: try query("@jos"), items: [jose, josephine], after: .insertion)
    #expect(inline.ghostText == "é")
    #expect(!inline.isSuppressed)
  }

  @Test func aDeletionWithoutAGhostAlsoSuppresses() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("@jos"), items: [jose], after: .deletion)
    #expect(inline.ghostText == "")
    #expect(inline.isSuppressed)
  }

  @Test func movingTheCaretHidesTheGhost() throws {
    var inline = SuggestionList.InlineCompletion()
    inline.update(query: try query("@jos"), items: [jose], after: .insertion)
    inline.update(query: try query("@jos"), items: [jose], after: .cursorMovement)
    #expect(inline.suggestion == nil)
    #expect(!inline.isSuppressed)
  }

  @Test func acceptReturnsTheSuggestionOnce() throws {
    var inline = SuggestionList.InlineCompletion()
    let q = try query("@jos")
    inline.update(query: q, items: [josephine, jose], after: .insertion)
    let accepted = inline.acceptance(in: [josephine, jose])
    #expect(accepted?.item == josephine)
    #expect(accepted?.action == .inlineCompletion)
    #expect(accepted?.query == q)
    let again = inline.accept()
    #expect(again == nil)
  }

  @Test func wholeFieldModeCompletesTheWholeInput() {
    let cities = [
      MentionItem(id: "1", insertionText: "San Francisco"),
      MentionItem(id: "2", insertionText: "San José"),
    ]
    var inline = SuggestionList.InlineCompletion()
    inline.update(wholeField: "san f", items: cities, after: .insertion)
    #expect(inline.ghostText == "rancisco")
    #expect(inline.suggestion?.text == "san francisco")
    #expect(inline.suggestion?.query == nil)
    let deleted = inline.deleteBackward()
    #expect(deleted)
    inline.update(wholeField: "san ", items: cities, after: .deletion)
    #expect(inline.ghostText == "")
  }

  @Test(arguments: [
    ("👩‍💻", "👩‍💻_dev", "_dev"),
    ("山", "山田太郎", "田太郎"),
    ("שָׁ", "שָׁלוֹם", "לוֹם"),
    ("e\u{301}", "élodie", "lodie"),
  ])
  func unicodeTypedTextKeepsWholeCharacters(typed: String, item: String, ghost: String) {
    let suggestion = SuggestionList.InlineCompletion.bestCompletion(
      for: typed, in: [MentionItem(id: "x", insertionText: item)])
    #expect(suggestion?.completion == ghost)
    #expect(suggestion?.typed == typed)
  }
}
