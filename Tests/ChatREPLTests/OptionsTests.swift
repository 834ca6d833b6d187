import Testing

@testable import ChatREPLCore

struct OptionsTests {
  @Test func parsesEveryOption() throws {
    let options = try Options.parse([
      "--users", "u.tsv", "--channels=c.tsv", "--format", "json", "--profile", "twitter",
      "--pipe", "--no-color", "--latency", "250", "--max-mentions", "3",
    ])
    #expect(options.usersFile == "u.tsv")
    #expect(options.channelsFile == "c.tsv")
    #expect(options.format == .json)
    #expect(options.profile == .twitter)
    #expect(options.mode == .pipe)
    #expect(options.noColor)
    #expect(options.latencyMilliseconds == 250)
    #expect(options.maxMentions == 3)
    #expect(try Options.parse([]).maxMentions == 100)
  }

  @Test func rejectsUnknownValuesWithTheExpectedOnes() {
    #expect(throws: Options.UsageError.self) { try Options.parse(["--format", "xml"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--users"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--bogus"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--latency", "-5"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--latency=soon"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--max-mentions", "x"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--max-mentions", "-1"]) }
  }

  @Test func aFileArgumentIsAnErrorThatPointsToStdin() {
    #expect(
      throws: Options.UsageError(
        description: "messages come from stdin, not from a file argument: "
          + "chat-repl [options] < notes.txt")
    ) { try Options.parse(["--pipe", "notes.txt"]) }
  }

  @Test func helpNamesEveryOption() {
    for option in [
      "--users", "--channels", "--format", "--profile", "--pipe", "--interactive", "--no-color",
      "--latency", "--version", "--help", "--max-mentions", "--announce",
    ] {
      #expect(Options.help.contains(option), "help does not describe \(option)")
    }
  }
}
