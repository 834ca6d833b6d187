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

  @Test func helpNamesNoPathOutsideThePackage() throws {
    let result = try PipeModeTests.runBinary(["--help"], input: "")
    #expect(result.status == 0)
    #expect(!result.output.contains("../"))
  }
}
