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
  public static func run(arguments: [String]) -> Int32 {
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
    let directory: Directory
    do {
      directory = try Directory.load(
        usersFile: options.usersFile, channelsFile: options.channelsFile,
        progress: ProgressReporter())
    } catch {
      POSIX.writeAll(2, "chat-repl: cannot load \(error)\n")
      return 1
    }
    if interactive {
      POSIX.writeAll(2, "chat-repl: interactive mode is under construction; use --pipe\n")
      return 3
    }
    let pipe = PipeMode(
      analyzer: DetectorAnalyzer(handles: HandleTable(directory: directory)),
      formatter: BasicFormatter(), format: options.format ?? .plain)
    pipe.run()
    return 0
  }
}
