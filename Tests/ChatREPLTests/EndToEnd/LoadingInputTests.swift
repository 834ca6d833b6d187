import Foundation
import MentionKit
import Testing

@testable import ChatREPLCore

extension InteractiveEndToEndTests {
  /// Keys typed while a large directory loads are neither echoed over the progress lines nor
  /// lost: they appear at the prompt.
  @Test func keysTypedWhileLoadingReachThePrompt() throws {
    let directory = try Self.scratch()
    // Over 4 MB, so the loader reports progress and takes a moment.
    var users = "id\thandle\tdisplay_name\n"
    for index in 0..<180_000 { users += "U\(index)\tuser_\(index)\tUser Number \(index)\n" }
    try users.write(toFile: directory + "/users.tsv", atomically: true, encoding: .utf8)
    let command =
      "'\(try Self.binary())' --users '\(directory)/users.tsv'; echo \"chat-repl exited with $?\""
    let session = try TmuxSession(command: command, columns: 100, rows: 30)
    try session.waitUntil("the progress") { $0.contains { $0.hasPrefix("loading ") } }
    try session.type("hi @user_12")
    let screen = try session.waitUntil("the prompt with the keys") { screen in
      screen.contains { $0.hasPrefix("› hi @user_12") }
    }
    #expect(
      screen.filter { $0.contains("hi @user") }.allSatisfy { $0.hasPrefix("› hi @user_12") },
      "\(screen.joined(separator: "\n"))")
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
