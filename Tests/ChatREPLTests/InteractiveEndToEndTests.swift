import Foundation
import MentionKit
import TestSupport
import Testing

@testable import ChatREPLCore

/// The built `chat-repl` in a real pseudo-terminal (tmux), typed at as a person would: the
/// scenario a new user tries first (`@jos`, a José in the list, Tab, send, the transcript and
/// the wire form), a resize, and the terminal restored however the program ends.
///
/// Skipped when tmux is missing, unless `CHAT_REPL_E2E=1` (which `.ci/run` sets after
/// installing tmux): then a missing tmux fails the test.
@Suite(
  .enabled(
    if: TmuxSession.executable != nil || TmuxSession.isRequired,
    "tmux is not installed (CI installs it and sets CHAT_REPL_E2E=1)"))
struct InteractiveEndToEndTests {
  /// The built binary beside the test bundle (`.build/<config>/chat-repl`).
  static func binary() throws -> String {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chat-repl").path
    let path =
      FileManager.default.isExecutableFile(atPath: beside)
      ? beside : Fixtures.packageRoot + "/.build/debug/chat-repl"
    try #require(
      FileManager.default.isExecutableFile(atPath: path),
      "build chat-repl first (swift build): \(path) is missing")
    return path
  }

  /// A scratch directory for the terminal settings saved before and after the run.
  static func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "chat-repl-e2e-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs chat-repl between two `stty -g`, then prints its exit status (once both settings
  /// are saved).
  static func start(
    in directory: String, environment: String = "", arguments: String = "", columns: Int = 100,
    rows: Int = 30
  ) throws -> TmuxSession {
    let command =
      "stty -g > '\(directory)/before'; \(environment) '\(try binary())' \(arguments); "
      + "status=$?; stty -g > '\(directory)/after'; echo \"chat-repl exited with $status\""
    let session = try TmuxSession(command: command, columns: columns, rows: rows)
    try session.waitUntil("the banner") { $0.contains { $0.contains("Ctrl-D quits") } }
    return session
  }

  static func terminalSettings(in directory: String) throws -> (before: String, after: String) {
    (
      try String(contentsOfFile: directory + "/before", encoding: .utf8),
      try String(contentsOfFile: directory + "/after", encoding: .utf8)
    )
  }

  @Test func completeAJoseSendAndReadTheWireForm() throws {
    let directory = try Self.scratch()
    let session = try Self.start(in: directory)

    try session.type("@jos")
    let listed = try session.waitUntil("a suggestion list with a José") { screen in
      screen.contains { $0.hasPrefix("› José") } && screen.contains { $0.contains("Esc dismiss") }
    }
    // The input line, with the best completion after it as ghost text.
    #expect(listed.contains { $0.hasPrefix("› @jos") })
    let rows = listed.filter { $0.hasPrefix("  ") || $0.hasPrefix("› ") }.filter {
      $0.contains(" @") && !$0.hasPrefix("› @")
    }
    #expect((1...8).contains(rows.count))
    let highlighted = try #require(listed.first { $0.hasPrefix("› José") })
    let handle = try #require(highlighted.split(separator: " ").last.map(String.init))
    let id = try #require(Directory.embedded().users.first { "@" + $0.insertionText == handle }?.id)

    try session.press("Tab")
    try session.waitUntil("the completed mention") { screen in
      screen.contains("› \(handle)") && !screen.contains { $0.contains("Esc dismiss") }
    }
    try session.type("hola")
    try session.press("Enter")
    let sent = try session.waitUntil("the transcript") { screen in
      screen.contains("you: \(handle) hola")
    }
    #expect(sent.contains("  ↳ slack: <@\(id)> hola"))

    try session.type("/format html")
    try session.press("Enter")
    try session.type("@jos")
    try session.waitUntil("the list again") { $0.contains { $0.hasPrefix("› José") } }
    try session.press("Tab", "Enter")
    try session.waitUntil("the html wire form") { screen in
      screen.contains { $0.hasPrefix("  ↳ html: <a class=\"mention\" data-id=\"\(id)\">@José") }
    }

    try session.press("C-d")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
    let settings = try Self.terminalSettings(in: directory)
    #expect(settings.before == settings.after)
  }

  /// With a simulated remote directory, answers to earlier keystrokes come back after later
  /// ones; watched while they arrive, the list only ever answers the latest query.
  @Test func aSlowDirectoryNeverShowsTheListOfAnOlderQuery() throws {
    let session = try Self.start(in: try Self.scratch(), arguments: "--latency 400")
    // One key at a time, faster than the directory answers: "@", "@j", "@jo" and "@jos" each
    // ask for a list; the first three lists would show rows without "jos".
    for key in ["@", "j", "o", "s"] {
      try session.type(key)
      usleep(30_000)
    }
    func rows(_ screen: [String]) -> [String] {
      screen.filter { ($0.hasPrefix("  ") || $0.hasPrefix("› ")) && $0.contains(" @") }
        .filter { !$0.hasPrefix("› @") }
    }
    func answersJos(_ row: String) -> Bool {
      row.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .contains("jos")
    }
    let deadline = Date().addingTimeInterval(1.5)
    while Date() < deadline {
      let screen = try session.screen()
      for row in rows(screen) {
        #expect(answersJos(row), "a row of an older query's list: \(row)")
      }
      usleep(20_000)
    }
    let listed = try session.waitUntil("the list for @jos") { !rows($0).isEmpty }
    #expect(listed.contains { $0.hasPrefix("› @jos") })
    #expect(rows(listed).allSatisfy(answersJos))
    #expect(rows(listed).contains { $0.hasPrefix("› José") })
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }

  @Test func resizeRedrawsTheListToTheNewWidth() throws {
    let session = try Self.start(in: try Self.scratch())
    try session.type("@jos")
    try session.waitUntil("the hint line whole") {
      $0.contains("  ↑↓ choose · Tab/Enter accept · → ghost · Esc dismiss")
    }
    try session.resize(columns: 30, rows: 20)
    let narrow = try session.waitUntil("the hint line cut to the new width") { screen in
      screen.contains { $0.hasPrefix("  ↑↓ choose") && $0.hasSuffix("…") }
    }
    #expect(narrow.filter { $0.hasPrefix("› @jos") }.count == 1)
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 30 })
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }

  @Test(arguments: [false, true])
  func noColorLeavesOutColoursButKeepsTheHighlight(noColor: Bool) throws {
    let session = try Self.start(
      in: try Self.scratch(), environment: noColor ? "NO_COLOR=1" : "NO_COLOR=")
    try session.type("@jos")
    try session.waitUntil("the list") { $0.contains { $0.contains("Esc dismiss") } }
    let styled = try session.screen(escapes: true).joined(separator: "\n")
    // A foreground colour 30–37 in an SGR sequence, alone or after other attributes.
    let colour = #/\e\[([0-9;]*;)?3[0-7](;[0-9;]*)?m/#
    #expect(styled.contains(colour) != noColor)
    // Reverse video marks the highlighted row either way.
    #expect(styled.contains(#/\e\[([0-9;]*;)?7(;[0-9;]*)?m/#))
    try session.press("C-c", "C-c")
    try session.waitUntil("the exit status") { $0.contains("chat-repl exited with 0") }
  }

  /// How the program ends, and the exit status the shell sees.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case ctrlCTwice, ctrlDOnEmptyLine, slashQuit, sigterm, sighup, crash

    var testDescription: String { rawValue }

    /// The exit status; `nil` for any failure status (a crash re-raised to a sanitizer's
    /// handler ends with the sanitizer's status, not 139).
    var status: Int? {
      switch self {
      case .ctrlCTwice, .ctrlDOnEmptyLine, .slashQuit: 0
      case .sigterm: 128 + Int(SIGTERM)
      case .sighup: 128 + Int(SIGHUP)
      case .crash: nil
      }
    }
  }

  @Test(arguments: Ending.allCases)
  func terminalIsRestoredHoweverItEnds(ending: Ending) throws {
    let directory = try Self.scratch()
    // The runtime's backtracer would wait for a key on a terminal; it is not under test.
    let session = try Self.start(in: directory, environment: "SWIFT_BACKTRACE=enable=no")
    try session.type("@jos")
    try session.waitUntil("the list") { $0.contains { $0.contains("Esc dismiss") } }
    switch ending {
    case .ctrlCTwice: try session.press("C-c", "C-c")
    case .ctrlDOnEmptyLine: try session.press("C-u", "C-d")
    case .slashQuit:
      try session.press("C-u")
      try session.type("/quit")
      try session.press("Escape")
      try session.waitUntil("the list closed") { !$0.contains { $0.contains("Esc dismiss") } }
      try session.press("Enter")
    case .sigterm, .sighup, .crash:
      let signal = ending == .sigterm ? SIGTERM : ending == .sighup ? SIGHUP : SIGSEGV
      let pid = try Self.child(of: session.panePID())
      try #require(pid > 1)
      kill(pid, signal)
    }
    let prefix = "chat-repl exited with "
    let screen = try session.waitUntil("the exit status") {
      $0.contains { $0.hasPrefix(prefix) }
    }
    let status = try #require(
      screen.first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) })
    if let expected = ending.status {
      #expect(status == expected)
    } else {
      #expect(status != 0)
    }
    // The prompt area is gone: no suggestion row is left behind.
    #expect(!screen.contains { $0.contains("Esc dismiss") })
    let settings = try Self.terminalSettings(in: directory)
    #expect(settings.before == settings.after)
  }

  /// The one child process of the pane's shell: chat-repl. Found by scanning `/proc/*/stat`
  /// for the parent id (`/proc/PID/task/PID/children` needs a kernel option).
  static func child(of pid: Int32) throws -> Int32 {
    let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
    for entry in entries {
      guard let candidate = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After "pid (comm)": state, then the parent's id.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, Int32(fields[1]) == pid { return candidate }
    }
    // Never return a pid ≤ 0: kill(-1, …) would signal every process.
    try #require(Bool(false), "no child of process \(pid)")
    return 0
  }
}
