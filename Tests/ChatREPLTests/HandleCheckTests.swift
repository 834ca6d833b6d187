import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

/// The loader's warnings about handles no typed mention reaches as intended.
struct HandleCheckTests {
  static let usersTSV = """
    id\thandle\tdisplay_name
    U1\tana\tAna
    U2\tAna\tAna Twin

    U3\tana maria\tAna María
    U4\tbob\tBob
    U5\t!!\tBangs
    U6\tANA\tAna Three

    """

  static func load(_ text: String, kind: TSVLoader.Kind = .users) throws -> (
    items: [MentionItem], warnings: [String]
  ) {
    let path = try PipeModeTests.temporaryFile("check-\(kind.noun).tsv", text)
    var warnings: [String] = []
    let items = try Directory.loadFile(
      path, kind: kind, progress: nil, warn: { warnings.append($0) })
    return (items, warnings.map { $0.replacingOccurrences(of: path, with: "people.tsv") })
  }

  /// `Ana` and `ANA` are `ana` up to case, so `@ana` is ambiguous between three users; a space
  /// ends a mention, so `@ana maria` is read as `@ana`; `!` is no handle character, so `@!!` is
  /// no mention. Every item is still loaded.
  @Test func warnsAboutDuplicateAndUntypeableHandles() throws {
    let (items, warnings) = try Self.load(Self.usersTSV)
    #expect(items.map(\.id) == ["U1", "U2", "U3", "U4", "U5", "U6"])
    #expect(
      warnings == [
        "people.tsv:3: handle 'Ana' (U2) is also the handle of U1 on line 2 (case is ignored):"
          + " every @Ana is ambiguous",
        "people.tsv:5: handle 'ana maria' (U3) cannot be typed as one mention: @ana maria reads"
          + " as @ana",
        "people.tsv:7: handle '!!' (U5) cannot be typed as one mention: @!! is not read as a"
          + " mention",
        "people.tsv:8: handle 'ANA' (U6) is also the handle of U1 on line 2 (case is ignored):"
          + " every @ANA is ambiguous",
      ])
  }

  @Test func checksChannelsWithTheirSign() throws {
    let (_, warnings) = try Self.load(
      "id\tname\nC1\tgeneral\nC2\tGeneral\nC3\tsmall talk\n", kind: .channels)
    #expect(
      warnings == [
        "people.tsv:3: handle 'General' (C2) is also the handle of C1 on line 2 (case is"
          + " ignored): every #General is ambiguous",
        "people.tsv:4: handle 'small talk' (C3) cannot be typed as one mention: #small talk"
          + " reads as #small",
      ])
  }

  /// A file full of problems gives ten warnings and a count, not one line per row.
  @Test func givesAtMostTenWarningsAndACount() throws {
    let rows = (1...25).map { "U\($0)\tsame\tSame \($0)" }
    let (_, warnings) = try Self.load(
      "id\thandle\tdisplay_name\n" + rows.joined(separator: "\n") + "\n")
    #expect(warnings.count == 11)
    #expect(warnings.last == "people.tsv: 14 more warning(s) like these not shown")
  }

  /// The embedded sample has no such handles.
  @Test func embeddedDirectoryHasNone() {
    let directory = Directory.embedded()
    for (items, kind) in [(directory.users, TSVLoader.Kind.users), (directory.channels, .channels)]
    {
      let warnings = HandleCheck.warnings(
        for: items, lines: items.indices.map { Int32($0 + 2) }, kind: kind, file: "embedded",
        extractor: EntityExtractor())
      #expect(warnings == [], "\(kind.noun)")
    }
  }

  /// The app reports them on stderr, goes on, and the duplicates are ambiguous as warned.
  @Test func binaryWarnsAndGoesOn() throws {
    let users = try PipeModeTests.temporaryFile("check-binary-users.tsv", Self.usersTSV)
    let result = try PipeModeTests.runBinary(
      ["--users", users, "--format", "slack"], input: "@bob @ana\n")
    #expect(result.status == 0)
    #expect(result.output == "<@U4> @ana\n")
    #expect(
      result.errors.hasPrefix(
        "chat-repl: warning: \(users):3: handle 'Ana' (U2) is also the handle of U1 on line 2"))
    #expect(result.errors.contains("chat-repl: warning: \(users):5: handle 'ana maria' (U3)"))
    #expect(result.errors.hasSuffix("chat-repl: line 1: ambiguous @ana (U1, U2, U6)\n"))
  }
}
