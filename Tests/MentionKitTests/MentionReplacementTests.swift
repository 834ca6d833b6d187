import Testing

@testable import MentionKit

struct MentionReplacementTests {
  let jose = MentionItem.person("U1", "jose", "José Álvarez")

  func replace(
    _ input: String, with item: MentionItem? = nil, trigger: Trigger = .mention
  ) throws -> (text: String, cursor: Int, mention: String) {
    var text = input
    var cursor = text.utf16.count
    if let bar = text.firstIndex(of: "|") {
      cursor = text.utf16.distance(from: text.startIndex, to: bar)
      text.remove(at: bar)
    }
    let query = try #require(
      try TriggerDetector(triggers: [trigger]).detect(in: text, utf16Offset: cursor))
    let result = MentionReplacement(query: query, item: item ?? jose)
    return (result.text, result.utf16Cursor, String(result.text[result.mentionRange]))
  }

  @Test func atTheEnd() throws {
    let result = try replace("hi @jo")
    #expect(result.text == "hi @jose ")
    #expect(result.cursor == 9)
    #expect(result.mention == "@jose")
  }

  @Test func atTheStart() throws {
    let result = try replace("@j| is here")
    #expect(result.text == "@jose is here")
    #expect(result.cursor == 6)
  }

  @Test func inTheMiddleReplacesThroughTheEndOfTheWord() throws {
    let result = try replace("hi @j|xyz, bye")
    #expect(result.text == "hi @jose , bye")
    #expect(result.mention == "@jose")
  }

  @Test func suffixIsNotDoubled() throws {
    let result = try replace("hi @jo| there")
    #expect(result.text == "hi @jose there")
    #expect(result.cursor == 9)
  }

  @Test func fullWidthDelimiterBecomesCanonical() throws {
    let result = try replace("hi ＠jo")
    #expect(result.text == "hi @jose ")
  }

  @Test func delimiterIsNotDoubledWhenTheItemCarriesIt() throws {
    let result = try replace("hi @jo", with: .person("U1", "@jose", "José"))
    #expect(result.text == "hi @jose ")
  }

  @Test func dropsTheDelimiterWhenAsked() throws {
    let smile = MentionItem(id: "smile", insertionText: "😄")
    let result = try replace("hi :smi", with: smile, trigger: .emoji)
    #expect(result.text == "hi 😄")
    #expect(result.cursor == 5)
  }

  @Test func rangesAreRightAfterEmoji() throws {
    let result = try replace("👩‍👩‍👧‍👦 🇯🇵 @jo| ok")
    #expect(result.text == "👩‍👩‍👧‍👦 🇯🇵 @jose ok")
    #expect(result.mention == "@jose")
    #expect(result.cursor == "👩‍👩‍👧‍👦 🇯🇵 @jose ".utf16.count)
  }

  @Test func wikiLinksCloseThemselves() throws {
    let page = MentionItem(id: "P1", insertionText: "Main Page")
    let result = try replace("see [[Mai", with: page, trigger: .wikiLink)
    #expect(result.text == "see [[Main Page]]")
  }
}
