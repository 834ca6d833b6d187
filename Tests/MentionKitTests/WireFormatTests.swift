import MentionKit
import Testing

/// The wire formats' names, and that each one reads back its own user token.
struct WireFormatTests {
  @Test func namesAreStable() {
    #expect(
      WireFormat.allCases.map(\.rawValue) == ["slack", "discord", "markdown", "html", "plain"])
    #expect(WireFormat(rawValue: "html") == .html)
    #expect(WireFormat(rawValue: "xml") == nil)
  }

  @Test(arguments: [WireFormat.slack, .discord, .markdown, .html])
  func eachFormatReadsItsOwnToken(format: WireFormat) throws {
    let entity = try #require(EntityExtractor().entities(in: "@ana").first)
    let message = ResolvedMessage(
      text: "@ana",
      entities: [
        ResolvedEntity(
          entity: entity, resolution: .resolved(MentionItem(id: "1", insertionText: "ana")))
      ])
    let parsed = WireParser(format: format).parse(MessageRenderer(format: format).render(message))
    #expect(parsed.entities.map(\.itemID) == ["1"])
    #expect(parsed.entities.map(\.kind) == [.mention])
  }
}
