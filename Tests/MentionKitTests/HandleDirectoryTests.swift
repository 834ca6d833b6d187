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

  /// Many keys: every handle is found through the table's probing, in any case, and lookalikes
  /// are not.
  @Test func largeDirectoriesFindEveryHandle() async throws {
    let items =
      (0..<5_000).map { MentionItem(id: "U\($0)", insertionText: "user_\($0)") }
      + [
        MentionItem(id: "N1", insertionText: "zoë_1"),
        MentionItem(id: "N2", insertionText: "ZOË_1"),
      ]
    let resolver = MentionResolver(users: HandleDirectory(items), mentionLimit: 10_000)
    let text = (0..<5_000).map { $0.isMultiple(of: 2) ? "@user_\($0)" : "@USER_\($0)" }
      .joined(separator: " ")
    let message = try await resolver.resolve(text, using: EntityExtractor())
    let ids = message.entities.map(\.item?.id)
    #expect(ids.count == 5_000)
    #expect(zip(ids, 0..<5_000).filter { $0 != "U\($1)" }.count == 0)
    let others = try await resolver.resolve(
      "@user_5000 @usér_1 @Zoë_1 @\u{212A}im", using: EntityExtractor())
    #expect(
      others.entities.map(\.resolution) == [
        .unresolved, .unresolved, .ambiguous([items[5_000], items[5_001]]), .unresolved,
      ])
  }

  /// A handle that is not ASCII but lowercases to ASCII (the Kelvin sign) is found by its key.
  @Test func nonASCIIHandlesWithASCIIKeys() async throws {
    let kelvin = MentionItem(id: "K1", insertionText: "\u{212A}im")
    let directory = HandleDirectory([kelvin, MentionItem(id: "K2", insertionText: "kim")])
    #expect(directory.items(for: HandleKey("KIM"), kind: .mention).map(\.id) == ["K1", "K2"])
    let message = try await MentionResolver(users: directory).resolve(
      "@\u{212A}IM @kim", using: EntityExtractor())
    #expect(message.entities.map(\.resolution.item?.id) == [nil, nil])
    #expect(
      message.entities.allSatisfy {
        if case .ambiguous(let items) = $0.resolution { return items.count == 2 }
        return false
      })
  }

  /// The resolver looks an extracted handle up from the bytes of its message; an entity made by
  /// hand, a handle that is not ASCII and one longer than the byte table takes resolve the same.
  @Test func handlesResolveFromTheMessageBytesAndByHand() throws {
    let long = String(repeating: "a", count: 300)
    let directory = HandleDirectory([
      MentionItem(id: "U1", insertionText: "jon"),
      MentionItem(id: "U2", insertionText: "jön"),
      MentionItem(id: "U3", insertionText: long),
    ])
    let resolver = MentionResolver(users: directory)
    let text = "hi @JON, @Jön and @jo"
    let extracted = EntityExtractor(profile: .chat).entities(in: text)
    let byHand = extracted.map { entity in
      ExtractedEntity(
        kind: entity.kind, value: entity.value, range: entity.range,
        utf16Range: entity.utf16Range, scalarRange: entity.scalarRange,
        utf8Range: entity.utf8Range)
    }
    for entities in [extracted, byHand] {
      let message = try resolver.resolveSynchronously(text, entities: entities)
      #expect(message.entities.map(\.item?.id) == ["U1", "U2", nil])
    }
    // Longer than any handle the trigger grammar extracts: made by hand.
    let longText = "@" + long.uppercased()
    let entity = ExtractedEntity(
      kind: .mention, value: long.uppercased(), range: longText.startIndex..<longText.endIndex,
      utf16Range: 0..<301, scalarRange: 0..<301, utf8Range: 0..<301)
    let message = try resolver.resolveSynchronously(longText, entities: [entity])
    #expect(message.entities.map(\.item?.id) == ["U3"])
  }
}
