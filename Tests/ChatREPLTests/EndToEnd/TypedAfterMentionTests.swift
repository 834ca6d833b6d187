import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// A letter typed right after a completed mention makes another handle: sent, it resolves as
  /// pipe mode resolves the same line (here: not at all).
  @Test func textTypedRightAfterAMentionResolvesAsInPipeMode() throws {
    let line = "@jose_lerma_verdX hi"
    let piped = try PipeModeTests.runBinary(["--format", "slack"], input: line + "\n")
    #expect(piped.output == line + "\n")
    #expect(piped.errors.contains("unknown @jose_lerma_verdX"))

    let session = try Self.start(in: try Self.scratch())
    try session.type("@jose_lerma_ver")
    try session.waitUntil("the list") { $0.contains { $0.hasPrefix("› José Lerma Verdejo") } }
    try session.press("Tab")
    try session.waitUntil("the mention") { $0.contains { $0.hasPrefix("› @jose_lerma_verd") } }
    try session.press("BSpace")
    try session.type("X hi")
    try session.waitUntil("the line") { $0.contains { $0.hasPrefix("› @jose_lerma_verdX hi") } }
    try session.press("Enter")
    let sent = try session.waitUntil("the message") { $0.contains("you: \(line)") }
    #expect(sent.contains("  ↳ slack: \(line)"))
    #expect(sent.contains("  ↳ not in the directory: @jose_lerma_verdX"))
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
