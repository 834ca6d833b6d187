import Testing

@testable import MentionKit

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
    let message = Message(
      text: "@ana",
      entities: [
        entity.messageEntity.resolving(.resolved(MentionItem(id: "1", insertionText: "ana")))
      ])
    let parsed = format.read(format.write(message))
    #expect(parsed.entities.map(\.item?.id) == ["1"])
    #expect(parsed.entities.map(\.trigger) == [.mention])
  }
}
