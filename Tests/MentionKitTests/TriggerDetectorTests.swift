import MentionKit
import Testing

struct TriggerDetectorTests {
  let detector = TriggerDetector(triggers: [.mention, .hashtag])

  @Test func findsMentionAtEnd() throws {
    let query = try #require(detector.detect(in: "hi @jo"))
    #expect(query.text == "jo")
    #expect(query.trigger.name == "mention")
    #expect(query.utf16Range == 3..<6)
  }
}
