import Testing

@testable import MentionKit

/// A message read from a wire format: text and tokens with ranges that agree, each token a
/// resolved entity whose item carries the token's id and label.
struct WireReadMessageTests {
  @Test func rangesPointAtTheTokenText() throws {
    let parsed = WireFormat.slack.read("🐱 <@U1|ana> &amp; <#C1|日本>")
    #expect(parsed.text == "🐱 @ana & #日本")
    let entities = parsed.entities
    try #require(entities.count == 2)
    #expect(
      entities.map { $0.range(in: parsed.text).map { String(parsed.text[$0]) } } == ["@ana", "#日本"])
    #expect(entities.map(\.utf16Range) == [3..<7, 10..<13])
    #expect(entities.map(\.value) == ["ana", "日本"])
    #expect(entities.map(\.trigger) == [.mention, .hashtag])
  }

  @Test func valuesCompareByContent() {
    let text = "@U1"
    let entity = MessageEntity(
      trigger: .mention, utf16Range: 0..<3, value: "U1",
      resolution: .resolved(MentionItem(id: "U1", insertionText: "U1")))
    #expect(WireFormat.discord.read("<@U1>") == Message(text: text, entities: [entity]))
    #expect(Message(text: text, entities: []) != Message(text: text, entities: [entity]))
  }
}
