import Foundation
import Testing

/// A program running in a real pseudo-terminal inside a private tmux server, driven and read
/// the way a person would: keys in, the screen out.
///
/// Each session has its own server socket (`tmux -L`), so tests can run in parallel and never
/// touch a tmux the developer is using. Waiting polls the screen with a bounded timeout.
final class TmuxSession {
  /// tmux's path, or `nil` when it is not installed.
  static let executable: String? = {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    {
      let path = String(directory) + "/tmux"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }()

  /// Whether CI asked for the end-to-end tests to run (and fail without tmux).
  static let isRequired = ProcessInfo.processInfo.environment["CHAT_REPL_E2E"] == "1"

  private let tmux: String
  private let socket: String

  /// Starts `command` (run by `sh -c`) in a detached window of the given size. The pane stays
  /// after the command ends, so its last screen can still be read.
  init(command: String, columns: Int, rows: Int) throws {
    tmux = try #require(Self.executable, "tmux is not installed")
    socket = "chat-repl-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    try run([
      "-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "\(columns)", "-y", "\(rows)",
      command,
    ])
    try run(["set-option", "-t", "e2e", "remain-on-exit", "on"])
  }

  deinit {
    _ = try? run(["kill-server"])
  }

  /// Sends key names (`Tab`, `Enter`, `C-c`, `Escape`).
  func press(_ keys: String...) throws {
    try run(["send-keys", "-t", "e2e"] + keys)
  }

  /// Types text literally.
  func type(_ text: String) throws {
    try run(["send-keys", "-t", "e2e", "-l", text])
  }

  /// Resizes the window (the program gets SIGWINCH).
  func resize(columns: Int, rows: Int) throws {
    try run(["resize-window", "-t", "e2e", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// Appends everything the pane's program writes from now on, escapes and all, to a file: to
  /// see what was drawn between two captures.
  func record(to path: String) throws {
    try run(["pipe-pane", "-t", "e2e", "-o", "cat >> '\(path)'"])
  }

  /// The process id of the pane's command.
  func panePID() throws -> Int32 {
    Int32(try run(["display-message", "-p", "-t", "e2e", "#{pane_pid}"]).trimmed) ?? -1
  }

  /// The screen, one string per row, trailing spaces trimmed; with `escapes`, the text
  /// attributes as SGR sequences too.
  func screen(escapes: Bool = false) throws -> [String] {
    try run(["capture-pane", "-p", "-t", "e2e"] + (escapes ? ["-e"] : [])).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { String($0).trimmed }
  }

  /// The whole pane: the scrollback history, then the screen, one string per row.
  func screenWithHistory() throws -> [String] {
    try run(["capture-pane", "-p", "-t", "e2e", "-S", "-"]).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { String($0).trimmed }
  }

  /// Polls the screen until `condition` holds or `timeout` seconds pass, without recording an
  /// issue: for a step that only gives the program a chance to draw (a tiny window shows too
  /// little to check).
  @discardableResult
  func poll(timeout: Double, _ condition: ([String]) -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(try screen()) { return true }
      usleep(50_000)
    }
    return false
  }

  /// Polls the screen until `condition` holds, for at most `timeout` seconds; records an issue
  /// with the last screen when it never does.
  /// With `includingHistory`, the rows scrolled off the top come first.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: Double = 30, includingHistory: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    func capture() throws -> [String] {
      includingHistory ? try screenWithHistory() : try self.screen()
    }
    var screen = try capture()
    while !condition(screen) {
      guard Date() < deadline else {
        let message =
          "timed out after \(timeout) s waiting for \(what); the screen:\n"
          + screen.joined(separator: "\n")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        throw Timeout()
      }
      usleep(50_000)
      screen = try capture()
    }
    return screen
  }

  struct Timeout: Error {}

  /// Runs a tmux command, waiting at most 10 s for it, with its output in a file.
  ///
  /// Spawned with `posix_spawn` and an empty signal mask: the test runner's threads block most
  /// signals, and a tmux server inheriting that mask never reaps its children nor answers.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let outputPath = NSTemporaryDirectory() + "\(socket)-\(UUID().uuidString).out"
    defer { unlink(outputPath) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["LC_ALL"] = "C.UTF-8"
    let argv = [tmux, "-u", "-L", socket] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in cArguments + cEnvironment { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tmux, &actions, &attributes, cArguments, cEnvironment)
    try #require(spawned == 0, "cannot run tmux: error \(spawned)")
    let deadline = Date().addingTimeInterval(10)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard Date() < deadline else {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        throw Timeout()
      }
      usleep(5_000)
    }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }
}

extension String {
  fileprivate var trimmed: String {
    var text = self
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
