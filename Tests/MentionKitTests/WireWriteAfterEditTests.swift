import Testing

@testable import MentionKit

/// A wire format writes an extracted message from the UTF-8 ranges the extractor found, and
/// from its UTF-16 ranges once the text or the entities have changed; those ranges take no part
/// in equality.
struct WireWriteAfterEditTests {
  static let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José")
  static let resolver = MentionResolver(users: HandleDirectory([jose]))

  @Test func writesAnExtractedMessageAsAHandBuiltOne() throws {
    var message = Message(text: "")
    try Self.resolver.resolve("héllo @jose", into: &message)
    let handBuilt = Message(
      text: "héllo @jose",
      entities: [
        MessageEntity(
          trigger: .mention, utf16Range: 6..<11, value: "jose", resolution: .resolved(Self.jose))
      ])
    #expect(message == handBuilt)
    #expect(message.hashValue == handBuilt.hashValue)
    #expect(WireFormat.slack.write(message) == "héllo <@U1>")
    #expect(WireFormat.slack.write(handBuilt) == "héllo <@U1>")
  }

  @Test func aNewTextMovesTheEntity() throws {
    var message = Message(text: "")
    try Self.resolver.resolve("hi @jose", into: &message)
    message.text = "ééé @jose"
    message.entities[0].utf16Range = 4..<9
    #expect(WireFormat.slack.write(message) == "ééé <@U1>")
  }

  @Test func aNewRangeMovesTheEntity() throws {
    var message = Message(text: "")
    try Self.resolver.resolve("héllo @jose", into: &message)
    message.entities[0].utf16Range = 0..<5
    #expect(WireFormat.slack.write(message) == "<@U1> @jose")
  }

  @Test func anEntityMovedToAnotherMessageIsPlacedByItsUTF16Range() throws {
    var message = Message(text: "")
    try Self.resolver.resolve("héllo @jose", into: &message)
    // The same UTF-16 range, one byte earlier in UTF-8.
    let moved = Message(text: "hello @jose", entities: message.entities)
    #expect(WireFormat.slack.write(moved) == "hello <@U1>")
  }
}
