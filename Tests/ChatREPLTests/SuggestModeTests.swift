import Foundation
import MentionKit
import TestSupport
import Testing

@testable import ChatREPLCore

/// `chat-repl --suggest`: one JSON line of ranked suggestions per composer text, as a type and
/// as the built binary. Expected lines are worked by hand from the fixture: for "an", all of
/// U1 (handle "ana.silva"), U2 (name "Ana Silva") and U3 (handle "anders") match at the prefix
/// tier with score 0, so they rank in the file's order; U1 and U2 share the display name.
struct SuggestModeTests {
  static let usersTSV = """
    id\thandle\tdisplay_name
    U1\tana.silva\tAna Silva
    U2\tasilva\tAna Silva
    U3\tanders\tAnders Berg
    U4\tjose\tJosé Álvarez

    """
  static let channelsTSV = "id\tname\nC1\tgénéral\nC2\trandom\n"

  static let anaSilvaTwins =
    ##"{"id":"U1","handle":"ana.silva","display_name":"Ana Silva","needs_handle":true,"##
    + ##""tier":"prefix","route":"literal"},"##
    + ##"{"id":"U2","handle":"asilva","display_name":"Ana Silva","needs_handle":true,"##
    + ##""tier":"prefix","route":"literal"}"##

  static let noQuery = #"{"query":null,"suggestions":[],"more":false}"#

  @Test func binaryPrintsTheQueryAndRankedSuggestionsPerLine() throws {
    let users = try PipeModeTests.temporaryFile("suggest-users.tsv", Self.usersTSV)
    let channels = try PipeModeTests.temporaryFile("suggest-channels.tsv", Self.channelsTSV)
    let result = try PipeModeTests.runBinary(
      ["--suggest", "--users", users, "--channels", channels, "--limit", "2"],
      input: "hi @an\nplain text\n#gé\n@an\r\n")
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    let lines = [
      ##"{"query":{"trigger":"mention","text":"an","utf16":[3,6]},"suggestions":["##
        + Self.anaSilvaTwins + ##"],"more":true}"##,
      Self.noQuery,
      ##"{"query":{"trigger":"hashtag","text":"gé","utf16":[0,3]},"suggestions":["##
        + ##"{"id":"C1","handle":"général","display_name":"général","needs_handle":false,"##
        + ##""tier":"prefix","route":"literal"}],"more":false}"##,
      ##"{"query":{"trigger":"mention","text":"an","utf16":[0,3]},"suggestions":["##
        + Self.anaSilvaTwins + ##"],"more":true}"##,
    ]
    #expect(result.output == lines.joined(separator: "\n") + "\n")
  }

  /// With room for three, Anders follows the twins and nothing more is left.
  @Test func binaryTakesTheLimit() throws {
    let users = try PipeModeTests.temporaryFile("suggest-limit-users.tsv", Self.usersTSV)
    let result = try PipeModeTests.runBinary(
      ["--suggest", "--users", users, "--limit", "3"], input: "@an")
    #expect(result.status == 0)
    #expect(
      result.output
        == ##"{"query":{"trigger":"mention","text":"an","utf16":[0,3]},"suggestions":["##
        + Self.anaSilvaTwins
        + ##",{"id":"U3","handle":"anders","display_name":"Anders Berg","needs_handle":false,"##
        + ##""tier":"prefix","route":"literal"}],"more":false}"## + "\n")
  }

  /// A 10 MB line and invalid UTF-8 are processed like any other line: the byte 0xFF becomes
  /// U+FFFD (one UTF-16 unit), putting "@an" at 2..<5; after ten million "x" and a space,
  /// "@jo" is at 10000001..<10000004.
  @Test func binaryTakesHugeLinesAndInvalidUTF8() throws {
    let users = try PipeModeTests.temporaryFile("suggest-bad-users.tsv", Self.usersTSV)
    var input = Data([0xFF])
    input.append(Data(" @an\n".utf8))
    input.append(Data(repeating: UInt8(ascii: "x"), count: 10_000_000))
    input.append(Data(" @jo\n".utf8))
    let (status, output, errors) = try PipeModeTests.runBinary(
      ["--suggest", "--users", users, "--limit", "1"], input: input)
    #expect(status == 0)
    #expect(
      output
        == ##"{"query":{"trigger":"mention","text":"an","utf16":[2,5]},"suggestions":["##
        + ##"{"id":"U1","handle":"ana.silva","display_name":"Ana Silva","needs_handle":false,"##
        + ##""tier":"prefix","route":"literal"}],"more":true}"## + "\n"
        + ##"{"query":{"trigger":"mention","text":"jo","utf16":[10000001,10000004]},"##
        + ##""suggestions":[{"id":"U4","handle":"jose","display_name":"José Álvarez","##
        + ##""needs_handle":false,"tier":"prefix","route":"literal"}],"more":false}"## + "\n")
    #expect(
      errors
        == "chat-repl: line 1: not valid UTF-8 (replaced by U+FFFD; later lines with invalid"
        + " UTF-8 are not reported)\n")
  }

  @Test(arguments: [
    (["--suggest", "--format", "json"], "--suggest prints JSON: --format does not apply"),
    (["--suggest", "--interactive"], "--suggest is a pipe mode: it cannot be --interactive"),
    (["--suggest", "--limit", "0"], "--limit needs a number from 1 to 1000, not '0'"),
    (["--limit=5"], "--limit is for --suggest"),
  ])
  func binaryRejectsMisusedOptions(arguments: [String], message: String) throws {
    let result = try PipeModeTests.runBinary(arguments, input: "")
    #expect(result.status == 2)
    #expect(result.errors == "chat-repl: \(message)\n")
  }

  @Test func helpDocumentsSuggestMode() {
    #expect(Options.help.contains("--suggest"))
    #expect(Options.help.contains("--limit N"))
    #expect(Options.help.contains("SUGGEST MODE"))
  }

  /// A source that answers every query with the same transliterated and typo matches, as an
  /// index with those routes does.
  struct RoutedSource: RankingDataSource {
    static let wang = MentionItem(id: "U7", insertionText: "wang.fang", displayText: "王芳")
    static let jose = MentionItem(id: "U4", insertionText: "jose", displayText: "José Álvarez")

    func items(for query: MentionQuery) async throws -> [MentionItem] { [] }

    func page(
      for query: MentionQuery, limit: Int, ranking: MentionRanking, after continuation: Int?
    ) async throws -> (matches: [MentionMatch], continuation: Int?) {
      (
        [
          MentionMatch(item: Self.wang, tier: .exact, route: .transliterated(spelling: "wangfang")),
          MentionMatch(item: Self.jose, tier: .wordPrefix, route: .typo(key: "jose")),
        ], nil
      )
    }
  }

  @Test func eachSuggestionSaysHowItMatched() async {
    let mode = SuggestMode(dataSource: RoutedSource(), limit: 8)
    #expect(
      await mode.process("ping @wangfang")
        == ##"{"query":{"trigger":"mention","text":"wangfang","utf16":[5,14]},"suggestions":["##
        + ##"{"id":"U7","handle":"wang.fang","display_name":"王芳","needs_handle":false,"##
        + ##""tier":"exact","route":"transliterated","spelling":"wangfang"},"##
        + ##"{"id":"U4","handle":"jose","display_name":"José Álvarez","needs_handle":false,"##
        + ##""tier":"word_prefix","route":"typo","key":"jose"}],"more":false}"##)
  }
}
