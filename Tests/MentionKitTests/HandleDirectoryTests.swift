import Testing
import ToolSupport

@testable import MentionKit

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
    directory.items(for: HandleKey(handle)).map(\.id)
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
      matching: [HandleKey("JON"), HandleKey("nobody"), HandleKey("kim")], trigger: .mention)
    #expect(
      found.mapValues { $0.map(\.id) } == [
        HandleKey("jon"): ["U1"], HandleKey("kim"): ["U2", "U4", "U5"],
      ])
  }

  @Test func keepsItsItems() {
    #expect(Self.directory.count == 5)
    #expect(Self.directory.items.map(\.id) == ["U1", "U2", "U3", "U4", "U5"])
    #expect(HandleDirectory([]).items(for: HandleKey("x")).isEmpty)
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
    let message = try await resolver.using(EntityExtractor()).resolve(text)
    let ids = message.entities.map(\.item?.id)
    #expect(ids.count == 5_000)
    #expect(zip(ids, 0..<5_000).filter { $0 != "U\($1)" }.count == 0)
    let others = try await resolver.using(EntityExtractor()).resolve(
      "@user_5000 @usér_1 @Zoë_1 @\u{212A}im")
    #expect(
      others.entities.map(\.resolution) == [
        .unresolved, .unresolved, .ambiguous([items[5_000], items[5_001]]), .unresolved,
      ])
  }

  /// A handle that is not ASCII but lowercases to ASCII (the Kelvin sign) is found by its key.
  @Test func nonASCIIHandlesWithASCIIKeys() async throws {
    let kelvin = MentionItem(id: "K1", insertionText: "\u{212A}im")
    let directory = HandleDirectory([kelvin, MentionItem(id: "K2", insertionText: "kim")])
    #expect(directory.items(for: HandleKey("KIM")).map(\.id) == ["K1", "K2"])
    let message = try await MentionResolver(users: directory).resolve(
      "@\u{212A}IM @kim")
    #expect(message.entities.map(\.resolution.item?.id) == [nil, nil])
    #expect(
      message.entities.allSatisfy {
        if case .ambiguous(let items) = $0.resolution { return items.count == 2 }
        return false
      })
  }

  /// The resolver looks an extracted handle up through the directory's synchronous answer,
  /// which reads the handle's bytes; a handle asked by hand, one that is not ASCII and one
  /// longer than the byte table takes resolve the same.
  @Test func handlesResolveFromTheMessageAndByHand() throws {
    let long = String(repeating: "a", count: 300)
    let directory = HandleDirectory([
      MentionItem(id: "U1", insertionText: "jon"),
      MentionItem(id: "U2", insertionText: "jön"),
      MentionItem(id: "U3", insertionText: long),
    ])
    let resolver = MentionResolver(users: directory)
    let text = "hi @JON, @Jön and @jo"
    let message = try resolver.resolved(text)
    #expect(message.entities.map(\.item?.id) == ["U1", "U2", nil])
    let byHand = message.entities.map {
      directory.resolution(of: String($0.value), trigger: .mention)?.item?.id
    }
    #expect(byHand == ["U1", "U2", nil])
    // Longer than any handle the trigger grammar extracts: asked by hand.
    #expect(directory.resolution(of: long.uppercased(), trigger: .mention)?.item?.id == "U3")
  }
}

/// Handles that are not ASCII: the directory's byte table must agree with `HandleKey` equality
/// (lowercasing, then canonical equivalence) on every handle, including spellings that are not
/// in NFC, letters whose lowercase differs, and keys the byte table cannot hold.
struct HandleDirectoryUnicodeTests {
  /// Pieces of handles: precomposed and decomposed letters, letters with and without case,
  /// marks in and out of canonical order, Hangul syllables and jamo, kana with a voicing mark,
  /// full-width letters, astral letters with case, and the special lowercasings (`İ`, `Σ`).
  static let nfcPieces = [
    "a", "B", "_", "1", "é", "É", "ş", "Ş", "ı", "I", "i", "σ", "ς", "ß", "ẞ", "Ǆ", "ǅ", "ǆ", "ｈ",
    "Ｈ",
    "한", "ガ", "カ", "東", "ש\u{5B7}\u{5BC}", "מ", "ा", "म", "\u{10400}", "\u{10428}", "𠀡", "😀",
    "Ω", "ω", "K",
  ]
  static let otherPieces = [
    "e\u{301}", "E\u{301}", "İ", "Σ", "\u{1112}\u{1161}\u{11AB}", "カ\u{3099}", "ש\u{5BC}\u{5B7}",
    "\u{301}", "\u{212A}", "\u{2126}", "a\u{323}\u{302}", "a\u{302}\u{323}",
  ]

  static func handle(from pieces: [String], _ generator: inout SplitMix64) -> String {
    (0..<Int.random(in: 1...4, using: &generator)).map { _ in
      pieces.randomElement(using: &generator)!
    }.joined()
  }

  /// The resolution each handle must get: the items whose key equals the handle's, in order.
  static func expected(_ query: String, _ items: [MentionItem]) -> MessageEntity.Resolution {
    let matching = items.filter { HandleKey($0.insertionText) == HandleKey(query) }
    switch matching.count {
    case 0: return .unresolved
    case 1: return .resolved(matching[0])
    default: return .ambiguous(matching)
    }
  }

  static func check(items: [MentionItem], queries: [String]) throws {
    let directory = HandleDirectory(items)
    var wrong: [String] = []
    for query in queries {
      let expected = expected(query, items)
      if directory.resolution(of: query, trigger: .mention) != expected { wrong.append(query) }
      let found = directory.items(for: HandleKey(query))
      if found != expected.candidates { wrong.append("items(for:) " + query) }
    }
    #expect(wrong.isEmpty)
  }

  /// Directories whose keys are all in NFC (every lookup decided by the byte table), and
  /// directories with keys that are not (misses there are checked again).
  @Test(arguments: [false, true])
  func agreesWithHandleKeyEquality(keysOutsideNFC: Bool) throws {
    var generator = SplitMix64(seed: keysOutsideNFC ? 0x0DD : 0xC0DE)
    let keyPieces = keysOutsideNFC ? Self.nfcPieces + Self.otherPieces : Self.nfcPieces
    let queryPieces = Self.nfcPieces + Self.otherPieces
    var handles = (0..<400).map { _ in Self.handle(from: keyPieces, &generator) }
    handles += handles.prefix(40).map { $0.uppercased() }
    let items = handles.enumerated().map { MentionItem(id: "U\($0)", insertionText: $1) }
    var queries = (0..<3_000).map { _ in Self.handle(from: queryPieces, &generator) }
    for handle in handles {
      queries += [handle, handle.uppercased(), handle.lowercased()]
      queries += ["x" + handle, handle + "\u{301}"]
    }
    try Self.check(items: items, queries: queries)
  }
}

extension MessageEntity.Resolution {
  /// The items a directory returns for this resolution.
  fileprivate var candidates: [MentionItem] {
    switch self {
    case .resolved(let item): [item]
    case .ambiguous(let items): items
    default: []
    }
  }
}
