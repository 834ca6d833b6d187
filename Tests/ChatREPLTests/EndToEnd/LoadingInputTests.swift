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
    // Generous: a ThreadSanitizer build loads and indexes 180,000 users in well over 30 s.
    let screen = try session.waitUntil("the prompt with the keys", timeout: 300) { screen in
      screen.contains { $0.hasPrefix("› hi @user_12") }
    }
    #expect(
      screen.filter { $0.contains("hi @user") }.allSatisfy { $0.hasPrefix("› hi @user_12") },
      "\(screen.joined(separator: "\n"))")
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }

  /// Indexing a large directory shows its progress in percent on the terminal, as reading it
  /// does, then the time it took.
  @Test func indexingShowsAPercentage() throws {
    let directory = try Self.scratch()
    var users = "id\thandle\tdisplay_name\n"
    for index in 0..<180_000 { users += "U\(index)\tuser_\(index)\tUser Number \(index)\n" }
    try users.write(toFile: directory + "/users.tsv", atomically: true, encoding: .utf8)
    // The pause lets the recording start before the program writes anything.
    let command =
      "sleep 1; '\(try Self.binary())' --users '\(directory)/users.tsv';"
      + " echo \"chat-repl exited with $?\""
    let session = try TmuxSession(command: command, columns: 100, rows: 30)
    let output = directory + "/pane-output"
    try session.record(to: output)
    // Generous: a ThreadSanitizer build indexes 180,000 users in well over 30 s.
    try session.waitUntil("the end of indexing", timeout: 300) {
      $0.contains { $0.hasPrefix("indexed in ") }
    }
    let written = try String(contentsOfFile: output, encoding: .utf8)
    let percents = written.components(separatedBy: "indexing 180,000 users for completion… ")
      .dropFirst()
      .compactMap { Int($0.prefix { $0.isNumber }) }
    #expect(percents.first == 0, "\(written.suffix(2_000))")
    #expect(percents.last == 100, "\(written.suffix(2_000))")
    #expect(percents.contains { $0 > 0 && $0 < 100 }, "\(percents)")
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(percents)")
    try session.press("C-d")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }
}
