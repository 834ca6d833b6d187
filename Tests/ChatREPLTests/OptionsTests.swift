import Testing

@testable import ChatREPLCore

struct OptionsTests {
  @Test func parsesEveryOption() throws {
    let options = try Options.parse([
      "--users", "u.tsv", "--channels=c.tsv", "--format", "json", "--profile", "twitter",
      "--pipe", "--no-color",
    ])
    #expect(options.usersFile == "u.tsv")
    #expect(options.channelsFile == "c.tsv")
    #expect(options.format == .json)
    #expect(options.profile == .twitter)
    #expect(options.mode == .pipe)
    #expect(options.noColor)
  }

  @Test func rejectsUnknownValuesWithTheExpectedOnes() {
    #expect(throws: Options.UsageError.self) { try Options.parse(["--format", "xml"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--users"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["--bogus"]) }
  }

  @Test func helpNamesEveryOption() {
    for option in [
      "--users", "--channels", "--format", "--profile", "--pipe", "--interactive", "--no-color",
      "--version", "--help",
    ] {
      #expect(Options.help.contains(option), "help does not describe \(option)")
    }
  }
}
