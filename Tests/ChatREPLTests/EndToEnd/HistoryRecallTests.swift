import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// A recalled line that ends in a query opens no list: Up goes further back and Enter sends.
  @Test func recalledLinesOpenNoList() throws {
    let session = try Self.start(in: try Self.scratch())
    for line in ["first", "ping @jos", "/format"] {
      try session.type(line)
      if line != "first" {
        try session.waitUntil("the list for \(line)") { $0.contains { $0.contains("Esc dismiss") } }
        try session.press("Escape")
        try session.waitUntil("the list closed") { !$0.contains { $0.contains("Esc dismiss") } }
      }
      try session.press("Enter")
      try session.waitUntil("\(line) sent") { $0.last { !$0.isEmpty } == "›" }
    }
    #expect(try session.screen().filter { $0 == "wire format: slack" }.count == 1)

    // "/format" again: Enter runs it at once.
    try session.press("Up")
    try session.waitUntil("/format recalled") { $0.contains("› /format") }
    // Time for a list to come, if one would (the assertions do not depend on it).
    try session.poll(timeout: 0.5) { $0.contains { $0.contains("Esc dismiss") } }
    #expect(!(try session.screen()).contains { $0.contains("Esc dismiss") })
    try session.press("Enter")
    try session.waitUntil("the command run again") {
      $0.filter { $0 == "wire format: slack" }.count == 2
    }

    // Up, Up: past "ping @jos" to "first".
    try session.press("Up", "Up")
    try session.waitUntil("ping @jos recalled") { $0.contains("› ping @jos") }
    try session.poll(timeout: 0.5) { $0.contains { $0.contains("Esc dismiss") } }
    try session.press("Up")
    try session.waitUntil("first recalled") { $0.contains("› first") }
    // Editing the line opens the list as usual.
    try session.press("Down")
    try session.waitUntil("ping @jos again") { $0.contains("› ping @jos") }
    try session.type("e")
    try session.waitUntil("the list after an edit") { $0.contains { $0.hasPrefix("› José") } }
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
