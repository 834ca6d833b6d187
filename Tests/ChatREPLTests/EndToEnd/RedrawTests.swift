import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// After Ctrl-L in a window the prompt area fills, keystrokes redraw in place: the scrollback
  /// gains the one screen Ctrl-L cleared, not a frame per key.
  @Test func redrawsAfterCtrlLLeaveTheScrollbackAlone() throws {
    let session = try Self.start(in: try Self.scratch(), columns: 80, rows: 8)
    try session.type("@jos")
    try session.waitUntil("the list") { $0.contains { $0.hasPrefix("› José") } }
    try session.press("C-l")
    try session.waitUntil("the redrawn line") { $0.first == "› @jose_lerma_verd" }
    for key in ["e", "_", "l"] {
      try session.type(key)
      try session.waitUntil("the key drawn") {
        $0.contains { $0.hasPrefix("› @jos") && $0.contains(key) }
      }
    }
    try session.waitUntil("the list for @jose_l") { $0.contains { $0.hasPrefix("› José Lerma") } }
    let all = try session.screenWithHistory()
    let inputLines = all.filter { $0.hasPrefix("› @jos") }
    // One input line on screen and at most the one Ctrl-L scrolled away.
    #expect(inputLines.count <= 2, "\(all.joined(separator: "\n"))")
    try session.press("C-c", "C-c")
    // tmux scrolls the exit line away when it marks the pane dead in so short a window.
    try session.waitUntil("the exit status", includingHistory: true) {
      $0.contains("chat-repl exited with 0")
    }
  }

  /// A resize redraws the prompt in place: the transcript stays on screen, once.
  @Test func resizeKeepsTheTranscriptOnScreenOnce() throws {
    let session = try Self.start(in: try Self.scratch(), columns: 90, rows: 20)
    try session.type("hello there")
    try session.press("Enter")
    try session.waitUntil("the message") { $0.contains("you: hello there") }
    try session.type("@jos")
    try session.waitUntil("the hint line whole") { $0.contains { $0.hasSuffix("Esc dismiss") } }
    try session.resize(columns: 50, rows: 20)
    let screen = try session.waitUntil("the hint line cut") { screen in
      screen.contains { $0.hasPrefix("  ↑↓ choose") && $0.hasSuffix("…") }
    }
    #expect(screen.contains("you: hello there"))
    #expect(screen.filter { $0.hasPrefix("› @jos") }.count == 1)
    let all = try session.screenWithHistory()
    #expect(all.filter { $0 == "you: hello there" }.count == 1, "\(all.joined(separator: "\n"))")
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
