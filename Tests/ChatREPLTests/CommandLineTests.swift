import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

/// The built binary's command line: what a new user reads and types first.
struct CommandLineTests {
  @Test func aFileArgumentSaysThatInputComesFromStdin() throws {
    let result = try PipeModeTests.runBinary(["messages.txt"], input: "")
    #expect(result.status == 2)
    #expect(result.errors.contains("chat-repl [options] < messages.txt"))
    #expect(result.output.isEmpty)
  }

  /// The test binary is a debug build: with a large file it says where the release build is.
  @Test func aDebugBuildPointsToTheReleaseBuildForLargeFiles() throws {
    var users = "id\thandle\tdisplay_name\n"
    for index in 0..<160_000 { users += "U\(index)\tuser_\(index)\tUser Number \(index)\n" }
    let path = try PipeModeTests.temporaryFile("large-users.tsv", users)
    let result = try PipeModeTests.runBinary(["--users", path], input: "hi @user_7\n")
    #expect(result.status == 0)
    #expect(result.output == "hi @user_7\n")
    #if DEBUG
      #expect(result.errors.contains("see --help, LARGE DIRECTORIES, for the release build"))
    #endif
  }

  @Test func helpNamesNoPathOutsideThePackageAndTheReleaseBuild() throws {
    let result = try PipeModeTests.runBinary(["--help"], input: "")
    #expect(result.status == 0)
    #expect(!result.output.contains("../"))
    #expect(result.output.contains("swift build -c release"))
  }
}
