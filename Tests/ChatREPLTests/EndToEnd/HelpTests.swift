import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// `/help` wraps between words to the window and names every key the editor handles.
  @Test func helpWrapsBetweenWordsAndListsEveryKey() throws {
    let session = try Self.start(in: try Self.scratch(), columns: 80, rows: 40)
    try session.resize(columns: 44, rows: 40)
    try session.type("/help")
    try session.waitUntil("the list") { $0.contains { $0.hasPrefix("  ↑↓ choose") } }
    try session.press("Escape")
    try session.waitUntil("the list closed") { !$0.contains { $0.hasPrefix("  ↑↓ choose") } }
    try session.press("Enter")
    let screen = try session.waitUntil("the help") { $0.contains { $0.contains("/quit") } }
    let start = try #require(screen.firstIndex { $0.hasPrefix("Type a message") })
    let help = screen[start...].prefix { $0 != "›" }
    // Cut by the program between words, never by the terminal at the 44th column.
    #expect(help.allSatisfy { DisplayWidth.of($0) < 44 }, "\(help.joined(separator: "\n"))")
    let text = help.joined(separator: " ")
    for key in [
      "Tab", "Enter", "Esc", "Up", "Down", "→", "Home", "End", "Ctrl-A", "Ctrl-E", "Alt-B",
      "Alt-F", "Backspace", "Delete", "Ctrl-W", "Ctrl-U", "Ctrl-K", "Ctrl-C", "Ctrl-D",
      "Ctrl-L", "/format", "/users", "/quit",
    ] {
      #expect(text.contains(key), "\(key) is missing from /help")
    }
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }

  /// A line scrolled sideways shows "…" on each side where text continues.
  @Test func aLineScrolledSidewaysShowsEllipsesOnBothSides() throws {
    let session = try Self.start(in: try Self.scratch(), columns: 80, rows: 10)
    try session.resize(columns: 30, rows: 10)
    let text = "the quick brown fox jumps over the lazy dog, again and again and again"
    try session.type(text)
    try session.waitUntil("the end of the line") {
      $0.contains { $0.hasPrefix("› …") && $0.hasSuffix("again") }
    }
    try session.press("Home")
    try session.waitUntil("the start of the line") {
      $0.contains { $0.hasPrefix("› the quick") && $0.hasSuffix("…") }
    }
    for _ in 0..<35 { try session.press("Right") }
    try session.waitUntil("the middle of the line") { screen in
      screen.contains { $0.hasPrefix("› …") && $0.hasSuffix("…") && DisplayWidth.of($0) <= 29 }
    }
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
