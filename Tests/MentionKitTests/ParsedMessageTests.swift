import MentionKit
import Testing

/// The parsed-message value: text and tokens with ranges that agree.
struct ParsedMessageTests {
  @Test func rangesPointAtTheTokenText() throws {
    let parsed = WireParser(format: .slack).parse("🐱 <@U1|ana> &amp; <#C1|日本>")
    #expect(parsed.text == "🐱 @ana & #日本")
    let entities = parsed.entities
    try #require(entities.count == 2)
    #expect(entities.map { String(parsed.text[$0.range]) } == ["@ana", "#日本"])
    #expect(entities.map(\.utf16Range) == [3..<7, 10..<13])
    #expect(entities.map(\.label) == ["ana", "日本"])
  }

  @Test func valuesCompareByContent() {
    let text = "@U1"
    let entity = ParsedMessage.Entity(
      kind: .mention, itemID: "U1", label: nil, range: text.startIndex..<text.endIndex,
      utf16Range: 0..<3)
    #expect(
      WireParser(format: .discord).parse("<@U1>") == ParsedMessage(text: text, entities: [entity]))
    #expect(
      ParsedMessage(text: text, entities: []) != ParsedMessage(text: text, entities: [entity]))
  }
}
