import Foundation
import MentionKit
import TestSupport
import Testing

@testable import ChatREPLCore

/// Pipe mode on fixed input, as a type and as the built binary.
struct PipeModeTests {
  static let usersTSV = """
    id\thandle\tdisplay_name\tlocale
    U1\tjose\tJosé Álvarez\tes_ES
    U2\tzoe\tZoë <script>\tfr_FR
    U3\tkim\t김민준\tko_KR
    U4\tKIM\tKim Twin\ten_US

    """
  static let channelsTSV = "id\tname\nC1\tgénéral\nC2\trandom\n"

  static func directory() throws -> Directory {
    var directory = Directory.embedded()
    directory.users = try TSVLoader.parse(Array(usersTSV.utf8), kind: .users, file: "u")
    directory.channels = try TSVLoader.parse(Array(channelsTSV.utf8), kind: .channels, file: "c")
    return directory
  }

  static let input = "hi @jose and @Zoe in #général 👍🏽 @nobody, @kim!"

  static let expected: [Options.Format: String] = [
    .plain: input,
    .slack: "hi <@U1> and <@U2> in <#C1|général> 👍🏽 @nobody, @kim!",
    // The sample directory's ids are not Discord snowflakes: Discord gets the text as typed.
    .discord: input,
    .markdown:
      // MentionKit escapes Markdown: a raw `<script>` in a label would be live HTML.
      "hi [@José Álvarez](user:U1) and [@Zoë \\<script\\>](user:U2) in [#général](channel:C1) 👍🏽"
      + " @nobody, @kim!",
    .html:
      "hi <a class=\"mention\" data-id=\"U1\">@José Álvarez</a> and <a class=\"mention\""
      + " data-id=\"U2\">@Zoë &lt;script&gt;</a> in <a class=\"channel\" data-id=\"C1\">#général"
      + "</a> 👍🏽 @nobody, @kim!",
    .json:
      ##"{"text":"hi @jose and @Zoe in #général 👍🏽 @nobody, @kim!","entities":["##
      + ##"{"kind":"mention","text":"@jose","value":"jose","utf16":[3,8],"scalars":[3,8],"##
      + ##""resolution":{"status":"resolved","id":"U1","handle":"jose","display_name":"José Álvarez"}},"##
      + ##"{"kind":"mention","text":"@Zoe","value":"Zoe","utf16":[13,17],"scalars":[13,17],"##
      + ##""resolution":{"status":"resolved","id":"U2","handle":"zoe","display_name":"Zoë <script>"}},"##
      + ##"{"kind":"hashtag","text":"#général","value":"général","utf16":[21,29],"scalars":[21,29],"##
      + ##""resolution":{"status":"resolved","id":"C1","handle":"général","display_name":"général"}},"##
      + ##"{"kind":"mention","text":"@nobody","value":"nobody","utf16":[35,42],"scalars":[33,40],"##
      + ##""resolution":{"status":"unresolved"}},"##
      + ##"{"kind":"mention","text":"@kim","value":"kim","utf16":[44,48],"scalars":[42,46],"##
      + ##""resolution":{"status":"ambiguous","candidates":["##
      + ##"{"id":"U3","handle":"kim","display_name":"김민준"},"##
      + ##"{"id":"U4","handle":"KIM","display_name":"Kim Twin"}]}}],"unresolved":["@nobody"]}"##,
  ]

  @Test(arguments: Options.Format.allCases)
  func rendersTheFixedLine(format: Options.Format) throws {
    let directory = try Self.directory()
    let pipe = PipeMode(
      analyzer: ExtractorAnalyzer(profile: .chat, handles: HandleTable(directory: directory)),
      formatter: BasicFormatter(), format: format)
    let (output, warnings) = pipe.process(Self.input, number: 7)
    #expect(output == Self.expected[format])
    #expect(warnings == ["line 7: unknown @nobody", "line 7: ambiguous @kim (U3, U4)"])
  }

  /// Mentions past the per-message limit are not looked up, and every format says so: the
  /// wire formats write them as typed, json gives them the status `over_limit` with the
  /// limit, and the error stream names the limit and the option that changes it (never
  /// "unknown": `@nobody` past the limit was not looked up).
  @Test(arguments: Options.Format.allCases)
  func mentionsOverTheLimitAreReportedAsSuch(format: Options.Format) throws {
    let directory = try Self.directory()
    let pipe = PipeMode(
      analyzer: ExtractorAnalyzer(
        profile: .chat, handles: HandleTable(directory: directory, mentionLimit: 2)),
      formatter: BasicFormatter(), format: format)
    let (output, warnings) = pipe.process("@jose @zoe #général @kim @nobody", number: 3)
    #expect(
      warnings == [
        "line 3: 2 mention(s) over the limit of 2 per message, not looked up (@kim, @nobody);"
          + " change the limit with --max-mentions"
      ])
    let expected: [Options.Format: String] = [
      .plain: "@jose @zoe #général @kim @nobody",
      .slack: "<@U1> <@U2> <#C1|général> @kim @nobody",
      .discord: "@jose @zoe #général @kim @nobody",
      .markdown:
        "[@José Álvarez](user:U1) [@Zoë \\<script\\>](user:U2) [#général](channel:C1) @kim @nobody",
      .html:
        "<a class=\"mention\" data-id=\"U1\">@José Álvarez</a> <a class=\"mention\" data-id=\"U2\">"
        + "@Zoë &lt;script&gt;</a> <a class=\"channel\" data-id=\"C1\">#général</a> @kim @nobody",
    ]
    if format == .json {
      #expect(
        output.contains(
          ##"{"kind":"mention","text":"@kim","value":"kim","utf16":[20,24],"scalars":[20,24],"##
            + ##""resolution":{"status":"over_limit","limit":2}}"##))
      #expect(
        output.contains(
          ##"{"kind":"mention","text":"@nobody","value":"nobody","utf16":[25,32],"##
            + ##""scalars":[25,32],"resolution":{"status":"over_limit","limit":2}}"##))
      #expect(output.hasSuffix(##""unresolved":[]}"##))
    } else {
      #expect(output == expected[format])
    }
  }

  @Test func binaryTakesTheMentionLimit() throws {
    let users = try Self.temporaryFile("limit-users.tsv", Self.usersTSV)
    let result = try Self.runBinary(
      ["--users", users, "--format", "slack", "--max-mentions", "1"], input: "@jose @zoe\n")
    #expect(result.status == 0)
    #expect(result.output == "<@U1> @zoe\n")
    // The fixture's KIM duplicates kim on purpose: the loader says so first.
    #expect(
      result.errors
        == "chat-repl: warning: \(users):5: handle 'KIM' (U4) is also the handle of U3 on line 4"
        + " (case is ignored): every @KIM is ambiguous\n"
        + "chat-repl: line 1: 1 mention(s) over the limit of 1 per message, not looked up"
        + " (@zoe); change the limit with --max-mentions\n")
  }

  @Test func jsonEscapesControlCharactersAndSeparators() {
    var out = ""
    JSONLine.appendString("a\"b\\c\n\u{1}\u{2028}é", to: &out)
    #expect(out == #""a\"b\\c\n\u0001\u2028é""#)
  }

  /// Offsets after a character outside the BMP (two UTF-16 units, one scalar) and after U+2028,
  /// and the text's quote, backslash and U+2028 escaped, in the text and nowhere else. Worked by
  /// hand: `q"\ 😀 @jose` puts `@jose` at UTF-16 7..<12 and scalars 6..<11; U+2028 and a space
  /// put `@zoe` at 14..<18 and 13..<17.
  @Test func jsonOffsetsAndEscapesAroundWideCharacters() throws {
    let pipe = PipeMode(
      analyzer: ExtractorAnalyzer(
        profile: .chat, handles: HandleTable(directory: try Self.directory())),
      formatter: BasicFormatter(), format: .json)
    let (output, _) = pipe.process("q\"\\ \u{1F600} @jose\u{2028} @zoe", number: 1)
    #expect(
      output
        == ##"{"text":"q\"\\ 😀 @jose\u2028 @zoe","entities":["##
        + ##"{"kind":"mention","text":"@jose","value":"jose","utf16":[7,12],"scalars":[6,11],"##
        + ##""resolution":{"status":"resolved","id":"U1","handle":"jose","display_name":"José Álvarez"}},"##
        + ##"{"kind":"mention","text":"@zoe","value":"zoe","utf16":[14,18],"scalars":[13,17],"##
        + ##""resolution":{"status":"resolved","id":"U2","handle":"zoe","display_name":"Zoë <script>"}}],"##
        + ##""unresolved":[]}"##)
  }

  /// Runs the built `chat-repl` with the given arguments and standard input.
  static func runBinary(_ arguments: [String], input: String) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try runBinary(arguments, input: Data(input.utf8))
  }

  /// Runs the built `chat-repl` with the given arguments and standard input bytes, written from
  /// another thread so that a large input cannot block on a full output pipe.
  static func runBinary(_ arguments: [String], input: Data) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    process.executableURL = try binaryURL()
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let writer = Thread {
      stdin.fileHandleForWriting.write(input)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: errors, as: UTF8.self)
    )
  }

  /// The built `chat-repl`, beside the test bundle or in `.build/debug`.
  static func binaryURL() throws -> URL {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chat-repl")
    let executable =
      FileManager.default.fileExists(atPath: binary.path)
      ? binary : URL(fileURLWithPath: Fixtures.packageRoot + "/.build/debug/chat-repl")
    try #require(
      FileManager.default.fileExists(atPath: executable.path),
      "build chat-repl first (swift build): \(executable.path) is missing")
    return executable
  }

  static func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let path = NSTemporaryDirectory() + "chat-repl-tests-\(getpid())-" + name
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: Options.Format.allCases)
  func binaryPrintsOneLinePerInputLine(format: Options.Format) throws {
    let users = try Self.temporaryFile("users.tsv", Self.usersTSV)
    let channels = try Self.temporaryFile("channels.tsv", Self.channelsTSV)
    let result = try Self.runBinary(
      ["--users", users, "--channels", channels, "--format", format.rawValue],
      input: Self.input + "\n\n" + Self.input)
    #expect(result.status == 0)
    var expected = Self.expected[format]!
    if format == .json {
      // The binary adds who is notified: jose and zoe (kim is ambiguous).
      expected = expected.dropLast() + #","notify":["U1","U2"],"excluded":[]}"#
    }
    let empty =
      format == .json ? #"{"text":"","entities":[],"unresolved":[],"notify":[],"excluded":[]}"# : ""
    #expect(result.output == [expected, empty, expected].joined(separator: "\n") + "\n")
    #expect(result.errors.contains("chat-repl: line 3: unknown @nobody"))
  }

  @Test func binaryNamesTheBadFileAndLine() throws {
    let users = try Self.temporaryFile("bad.tsv", "id\thandle\tdisplay_name\nU1\tana\n")
    let result = try Self.runBinary(["--users", users], input: "")
    #expect(result.status == 1)
    #expect(
      result.errors == "chat-repl: cannot load \(users):2: expected 3 tab-separated fields"
        + " (id, handle, display_name), found 2\n")
  }

  @Test func binaryRejectsUnknownOptions() throws {
    let result = try Self.runBinary(["--format", "xml"], input: "")
    #expect(result.status == 2)
    #expect(result.errors.contains("unknown format 'xml'"))
  }
}
