import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// Every width from 1 to 5 columns and a one-row window, with a wide character right before
  /// the cursor at the line's end, typed there or shrunk under: the program draws on and keeps
  /// every key.
  @Test func narrowAndShortWindowsNeverTrap() throws {
    let session = try Self.start(in: try Self.scratch(), columns: 40, rows: 12)
    try session.type("日本")
    try session.waitUntil("the line") { $0.contains("› 日本") }
    var typed = "日本"
    // Shrunk under the line, then typed at each width.
    for columns in [5, 4, 3, 2, 1] {
      try session.resize(columns: columns, rows: 12)
      try session.poll(timeout: 1) { $0.allSatisfy { DisplayWidth.of($0) <= columns } }
      try session.type("語")
      typed += "語"
      try session.poll(timeout: 1) { $0.contains { $0.contains("…") || $0.contains("語") } }
    }
    try session.resize(columns: 40, rows: 1)
    try session.type("@jos")
    typed += "@jos"
    try session.poll(timeout: 2) { $0.first?.hasSuffix("@jos") == true }
    try session.resize(columns: 40, rows: 12)
    let screen = try session.waitUntil("the whole line back at 40 columns") { screen in
      screen.contains { $0.hasPrefix("› \(typed)") }
    }
    #expect(!screen.contains { $0.hasPrefix("chat-repl exited") })
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status", includingHistory: true) {
      $0.contains("chat-repl exited with 0")
    }
  }
}
