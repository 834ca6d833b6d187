import Dispatch
import MentionKit

/// The `chat-repl` program: parses the command line, loads the directory, and runs the
/// interactive composer or the pipe filter.
public enum ChatREPLApp {
  /// The version printed by `--version`.
  public static let version = "0.1.0"

  /// Runs the program.
  ///
  /// - Parameter arguments: The command-line arguments after the program name.
  /// - Returns: The exit status: 0 on success, 1 when a file cannot be loaded, 2 on a usage
  ///   error, 3 when interactive mode has no terminal.
  @MainActor public static func run(arguments: [String]) async -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      POSIX.writeAll(2, "chat-repl: \(error)\n")
      return 2
    }
    if options.showsHelp {
      POSIX.writeAll(1, Options.help + "\n")
      return 0
    }
    if options.showsVersion {
      POSIX.writeAll(1, "chat-repl \(version)\n")
      return 0
    }
    let interactive: Bool
    switch options.mode {
    case .automatic: interactive = POSIX.isTerminal(0) && POSIX.isTerminal(1)
    case .interactive: interactive = true
    case .pipe: interactive = false
    }
    if interactive && !POSIX.isTerminal(1) {
      POSIX.writeAll(2, "chat-repl: interactive mode needs a terminal on stdout\n")
      return 3
    }
    if interactive && options.format == .json {
      POSIX.writeAll(2, "chat-repl: --format json is for pipe mode\n")
      return 2
    }
    // Keys typed while a large directory loads are kept for the prompt, not echoed over the
    // progress lines.
    if interactive { Terminal.holdInput() }
    let directory: Directory
    do {
      directory = try Directory.load(
        usersFile: options.usersFile, channelsFile: options.channelsFile,
        progress: ProgressReporter(),
        extractor: EntityExtractor(profile: options.profile == .twitter ? .twitter : .chat),
        warn: { POSIX.writeAll(2, "chat-repl: warning: \($0)\n") })
    } catch {
      POSIX.writeAll(2, "chat-repl: cannot load \(error)\n")
      return 1
    }
    if options.suggests {
      await SuggestMode(dataSource: DirectoryDataSource(directory: directory), limit: options.limit)
        .run()
      return 0
    }
    let formatter = BasicFormatter()
    if interactive {
      let noColor =
        options.noColor || !(POSIX.environment("NO_COLOR") ?? "").isEmpty
        || POSIX.environment("TERM") == "dumb"
      let summary = directory.summary
      let policy = NotificationPolicy()
      guard
        let groups = Self.groups(
          options: options, directory: directory, policy: policy, embedded: true)
      else { return 1 }
      let (handles, local) = prepare(
        directory, groups: groups, broadcasts: policy.broadcasts)
      let analyzer = ExtractorAnalyzer(profile: options.profile, handles: handles)
      let dataSource: any MentionDataSource =
        options.latencyMilliseconds.map {
          LatencyDataSource(base: local, maximumMilliseconds: $0)
        } ?? local
      let session = ChatSession(
        dataSource: dataSource, analyzer: analyzer,
        formatter: formatter, directorySummary: summary, format: options.format ?? .slack)
      session.announces = options.announces
      session.users = directory.users
      session.notifier = Notifier(
        policy: policy, directory: handles.users, sender: options.sender, role: options.role,
        members: directory.users.map(\.id))
      let mode = InteractiveMode(session: session, palette: Palette(usesColor: !noColor))
      return await mode.run(banner: [
        [
          Frame.Span("chat-repl", .emphasis),
          Frame.Span(
            " · \(grouped(directory.users.count)) users · \(grouped(directory.channels.count))"
              + " channels · \(grouped(directory.emoji.count)) emoji", .dim),
        ],
        [
          Frame.Span(
            "@ people · # channels · : emoji · / commands · /help for keys · Ctrl-D quits",
            .dim)
        ],
      ])
    }
    guard let pipe = PipeMode.make(options: options, directory: directory) else { return 1 }
    pipe.run()
    return 0
  }

  /// Builds the completion index on another thread while this one builds the handle table
  /// that resolves typed mentions: the two largest start-up costs with a big directory, run
  /// side by side. Large directories get a line on stderr before and after.
  private static func prepare(
    _ directory: Directory, groups: GroupFile.Groups, broadcasts: [String]
  ) -> (HandleTable, DirectoryDataSource) {
    /// Written once by the work item, read only after `group.wait()`: no concurrent access.
    final class Box: @unchecked Sendable {
      var dataSource: DirectoryDataSource?
    }
    let start = Clock.now()
    let isLarge = directory.users.count + directory.channels.count >= 100_000
    let line = IndexingLine(users: directory.users.count, isTerminal: POSIX.isTerminal(2))
    if isLarge { POSIX.writeAll(2, line.started) }
    let box = Box()
    let targets = MentionTargets(groups: groups, broadcasts: broadcasts)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      var shown = 0
      box.dataSource = DirectoryDataSource(directory: directory, targets: targets) {
        fraction in
        guard isLarge, let text = line.update(fraction, shown: &shown) else { return }
        POSIX.writeAll(2, text)
      }
    }
    let handles = HandleTable(directory: directory, groups: groups)
    group.wait()
    if isLarge {
      let seconds = ((Clock.now() - start) * 100).rounded() / 100
      POSIX.writeAll(2, line.finished(seconds: seconds))
    }
    return (
      handles, box.dataSource ?? DirectoryDataSource(directory: directory, targets: targets)
    )
  }

  /// The groups of `--groups` (a bad file is reported on stderr, naming the file and line, and
  /// gives `nil`); without it, with `embedded` (the interactive composer), the embedded groups
  /// when the users are the embedded ones, else none.
  static func groups(
    options: Options, directory: Directory, policy: NotificationPolicy, embedded: Bool
  ) -> GroupFile.Groups? {
    do {
      if let path = options.groupsFile {
        return try GroupFile.load(path, users: directory.users, broadcasts: policy.broadcasts)
      }
      guard embedded, options.usersFile == nil else { return GroupFile.Groups() }
      return try GroupFile.parse(
        Array(EmbeddedGroups.tsv.utf8), file: "<embedded groups>", users: directory.users,
        broadcasts: policy.broadcasts)
    } catch {
      POSIX.writeAll(2, "chat-repl: cannot load \(error)\n")
      return nil
    }
  }
}
