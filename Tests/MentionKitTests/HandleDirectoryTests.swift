import MentionKit
import Testing

/// The in-memory exact-handle directory.
struct HandleDirectoryTests {
  static let directory = HandleDirectory([
    MentionItem(id: "U1", insertionText: "jon"),
    MentionItem(id: "U2", insertionText: "kim"),
    MentionItem(id: "U3", insertionText: "jön"),
    MentionItem(id: "U4", insertionText: "KIM"),
    MentionItem(id: "U5", insertionText: "Kim"),
  ])

  static func ids(_ handle: String) -> [String] {
    directory.items(for: HandleKey(handle), kind: .mention).map(\.id)
  }

  @Test func findsExactlyUpToCase() {
    #expect(Self.ids("jon") == ["U1"])
    #expect(Self.ids("JON") == ["U1"])
    #expect(Self.ids("jön") == ["U3"])
    #expect(Self.ids("JÖN") == ["U3"])
    #expect(Self.ids("j\u{43E}n") == [])
    #expect(Self.ids("ｊｏｎ") == [])
    #expect(Self.ids("jo") == [])
  }

  @Test func sameKeyItemsComeInOrder() {
    #expect(Self.ids("kIm") == ["U2", "U4", "U5"])
  }

  @Test func batchedLookupAnswersEachKey() async throws {
    let found = try await Self.directory.items(
      matching: [HandleKey("JON"), HandleKey("nobody"), HandleKey("kim")], kind: .mention)
    #expect(
      found.mapValues { $0.map(\.id) } == [
        HandleKey("jon"): ["U1"], HandleKey("kim"): ["U2", "U4", "U5"],
      ])
  }

  @Test func keepsItsItems() {
    #expect(Self.directory.count == 5)
    #expect(Self.directory.items.map(\.id) == ["U1", "U2", "U3", "U4", "U5"])
    #expect(HandleDirectory([]).items(for: HandleKey("x"), kind: .mention).isEmpty)
  }
}
