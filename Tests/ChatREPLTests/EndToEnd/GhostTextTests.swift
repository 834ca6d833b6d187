import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// A query typed in the middle of the line shows no ghost after the text that follows.
  @Test func ghostTextIsNeverDrawnAfterTheTextThatFollows() throws {
    let session = try Self.start(in: try Self.scratch())
    try session.type("ping  today")
    try session.waitUntil("the line") { $0.contains("› ping  today") }
    for _ in 0..<6 { try session.press("Left") }
    try session.type("@jos")
    let listed = try session.waitUntil("the list") { $0.contains { $0.hasPrefix("› José") } }
    #expect(listed.contains("› ping @jos today"))
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }

  /// After Down, → and Tab take the same item: the highlighted one.
  @Test func rightArrowAndTabTakeTheSameItem() throws {
    let session = try Self.start(in: try Self.scratch())
    try session.type("@jos")
    try session.waitUntil("the list") { $0.contains { $0.hasPrefix("› José") } }
    try session.press("Down")
    let moved = try session.waitUntil("the highlight on the second row") { screen in
      screen.firstIndex { $0.hasPrefix("› José") }.map { screen[$0 - 1].hasPrefix("› @") }
        == false
    }
    let row = try #require(moved.first { $0.hasPrefix("› ") && !$0.hasPrefix("› @") })
    let handle = try #require(row.split(separator: " ").last.map(String.init))
    // The input line shows the typed text, then nothing or the highlighted item's rest.
    let input = try #require(moved.first { $0.hasPrefix("› @") })
    #expect(input == "› @jos" || input == "› \(handle)")
    try session.press("Right")
    try session.press("Tab")
    let done = try session.waitUntil("the completed mention") { screen in
      !screen.contains { $0.contains("Esc dismiss") }
    }
    #expect(done.contains("› \(handle)"))
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
