import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// Enter on a line that already reads as its highlighted suggestion sends it, with the
  /// mention recorded; a command runs.
  @Test func enterOnALineEqualToItsSuggestionSends() throws {
    let session = try Self.start(in: try Self.scratch())
    try session.type("/help")
    try session.waitUntil("the list") { $0.contains { $0.hasPrefix("› /help") && $0.count > 8 } }
    try session.press("Enter")
    try session.waitUntil("the help") { $0.contains { $0.hasPrefix("Type a message") } }

    let user = try #require(
      Directory.embedded().users.first { $0.insertionText == "jose_lerma_verd" })
    try session.type("hi @jose_lerma_verd")
    try session.waitUntil("the list") { $0.contains { $0.hasPrefix("› José Lerma Verdejo") } }
    try session.press("Enter")
    let sent = try session.waitUntil("the message") { $0.contains("you: hi @jose_lerma_verd") }
    #expect(sent.contains("  ↳ slack: hi <@\(user.id)>"))
    #expect(sent.last { !$0.isEmpty } == "›")
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
