import Testing

@testable import MentionKit

/// Look-alike handles never resolve to the handle they imitate, in every directory kind the
/// library offers; matching is exact up to case (`HandleKey`), and a mixed-script handle in the
/// directory resolves only to itself.
struct ResolutionSpoofingTests {
  /// The in-memory directories: `HandleDirectory` (hash table), `MentionIndex` (folded keys,
  /// then an exact check) and `InMemoryDataSource` (a scan).
  enum Directory: String, CaseIterable, CustomTestStringConvertible {
    case handleDirectory, mentionIndex, inMemoryDataSource

    var testDescription: String { rawValue }

    func make(_ items: [MentionItem]) -> any MentionDirectory {
      switch self {
      case .handleDirectory: HandleDirectory(items)
      case .mentionIndex: MentionIndex(items)
      case .inMemoryDataSource: InMemoryDataSource(items: items)
      }
    }
  }

  static let jon = MentionItem(id: "U1", insertionText: "jon", displayText: "Jon")
  static let ion = MentionItem(id: "U2", insertionText: "ion", displayText: "Ion")

  /// Resolves `text` against `items` and returns, per entity, its value and the resolved id.
  static func resolve(_ text: String, _ items: [MentionItem], in directory: Directory)
    async throws -> [String]
  {
    let resolver = MentionResolver(users: directory.make(items))
    let message = try await resolver.using(EntityExtractor()).resolve(text)
    let synchronous = try resolver.resolved(text)
    #expect(synchronous == message, "synchronous and async resolution differ")
    return message.entities.map { "\($0.value)→\($0.item?.id ?? "-")" }
  }

  static let lookAlikes: [(String, String)] = [
    ("@j\u{43E}n", "Cyrillic o"),
    ("@j\u{3BF}n", "Greek omicron"),
    ("@j\u{F6}n", "precomposed ö"),
    ("@jo\u{308}n", "o + combining diaeresis"),
    ("@jon\u{301}", "n + combining acute"),
    ("＠ｊｏｎ", "full width"),
    ("@ｊｏｎ", "full-width letters"),
    ("@\u{2B2}on", "modifier letter small j"),
    ("@\u{1D423}\u{1D428}\u{1D427}", "mathematical bold"),
    ("@\u{1D5C3}\u{1D5C8}\u{1D5C7}", "mathematical sans-serif"),
    ("@j\u{1D0F}n", "small capital o"),
    ("@jo\u{200D}n", "zero-width joiner inside"),
    ("@j\u{200B}on", "zero-width space inside"),
    ("@\u{202E}noj", "right-to-left override"),
    ("@jon\u{FE0F}", "variation selector"),
  ]

  @Test(arguments: lookAlikes, Directory.allCases)
  func lookAlikesNeverResolveToJon(lookAlike: (text: String, name: String), directory: Directory)
    async throws
  {
    let found = try await Self.resolve("hi \(lookAlike.text) there", [Self.jon], in: directory)
    #expect(!found.contains { $0.hasSuffix("→U1") }, "\(lookAlike.name): \(found)")
  }

  @Test(arguments: Directory.allCases)
  func caseDoesNotMatter(directory: Directory) async throws {
    #expect(
      try await Self.resolve("@JON @Jon @jOn", [Self.jon], in: directory) == [
        "JON→U1", "Jon→U1", "jOn→U1",
      ])
  }

  /// A zero-width space ends the handle: `@jon` + U+200B mentions `jon` and the space stays in
  /// the text after the token; inside a handle it cuts it (`@jo` + U+200B + `n` is `jo`).
  @Test(arguments: Directory.allCases)
  func zeroWidthSpaceEndsTheHandle(directory: Directory) async throws {
    #expect(try await Self.resolve("@jon\u{200B}", [Self.jon], in: directory) == ["jon→U1"])
    let message = try MentionResolver(users: directory.make([Self.jon])).resolved("@jon\u{200B}x")
    #expect(WireFormat.slack.write(message) == "<@U1>\u{200B}x")
    #expect(try await Self.resolve("@jo\u{200B}n", [Self.jon], in: directory) == ["jo→-"])
  }

  /// Turkish dotted and dotless i are other letters: neither reaches `ion`, and `ion` does not
  /// reach a directory's `İon`; `@İON` lowercases to `i̇on` (i + U+0307), which is `İon`'s key.
  @Test(arguments: Directory.allCases)
  func turkishIsAreOtherLetters(directory: Directory) async throws {
    let turkish = MentionItem(id: "U3", insertionText: "\u{130}on")
    #expect(
      try await Self.resolve("@\u{130}on @\u{131}on @ION", [Self.ion, Self.jon], in: directory) == [
        "\u{130}on→-", "\u{131}on→-", "ION→U2",
      ])
    #expect(
      try await Self.resolve("@ion @\u{130}ON @\u{131}on", [turkish], in: directory)
        == ["ion→-", "\u{130}ON→U3", "\u{131}on→-"])
  }

  /// Canonically equivalent spellings are one handle: `jön` typed precomposed or decomposed
  /// finds a directory's `jön`, whichever way the directory spells it.
  @Test(arguments: Directory.allCases)
  func canonicallyEquivalentSpellingsMatch(directory: Directory) async throws {
    let precomposed = MentionItem(id: "U4", insertionText: "j\u{F6}n")
    let decomposed = MentionItem(id: "U5", insertionText: "jo\u{308}n")
    for item in [precomposed, decomposed] {
      #expect(
        try await Self.resolve("@j\u{F6}n @jo\u{308}n @jon", [item, Self.jon], in: directory)
          == ["j\u{F6}n→\(item.id)", "jo\u{308}n→\(item.id)", "jon→U1"])
    }
  }

  /// A directory holding both `jon` and `jоn` (Cyrillic `о`): each resolves only to itself,
  /// in either order of registration, and neither is ambiguous.
  @Test(arguments: Directory.allCases)
  func mixedScriptHandlesResolveOnlyToThemselves(directory: Directory) async throws {
    let cyrillic = MentionItem(id: "U6", insertionText: "j\u{43E}n", displayText: "Jon")
    let greek = MentionItem(id: "U7", insertionText: "j\u{3BF}n", displayText: "Jon")
    for items in [[Self.jon, cyrillic, greek], [greek, cyrillic, Self.jon]] {
      #expect(
        try await Self.resolve(
          "@jon @j\u{43E}n @j\u{3BF}n @J\u{41E}N @j\u{F6}n", items, in: directory)
          == ["jon→U1", "j\u{43E}n→U6", "j\u{3BF}n→U7", "J\u{41E}N→U6", "j\u{F6}n→-"])
    }
  }

  /// The rendered output names the resolved id, so a look-alike that resolves to its own user
  /// can never produce `jon`'s token.
  @Test(arguments: [WireFormat.slack, .discord, .markdown, .html])
  func renderedLookAlikesNeverCarryJonsID(format: WireFormat) throws {
    // Digits: ids every format writes (Discord's are snowflakes).
    var jon = Self.jon
    jon.id = "1"
    let cyrillic = MentionItem(id: "6", insertionText: "j\u{43E}n", displayText: "Jon")
    let resolver = MentionResolver(users: HandleDirectory([jon, cyrillic]))
    let text = Self.lookAlikes.map(\.0).joined(separator: " ")
    let message = try resolver.resolved(text)
    let parsed = format.read(format.write(message))
    #expect(parsed.entities.map(\.item?.id) == ["6"])
  }
}
