import MentionKit

/// The command line of `chat-repl`, parsed without Foundation.
///
/// ```swift
/// let options = try Options.parse(["--format", "json", "--profile", "twitter"])
/// options.format   // .json
/// options.profile  // .twitter
/// ```
struct Options: Equatable {
  /// How each message is rendered: the wire form in the transcript, or the pipe mode output.
  enum Format: String, CaseIterable, Equatable {
    case plain, markdown, html, slack, discord, json
  }

  /// Which extraction rules pipe mode uses.
  enum Profile: String, CaseIterable, Equatable {
    case twitter, chat
  }

  /// Forces interactive or pipe mode instead of deciding from the terminal.
  enum Mode: Equatable {
    case automatic, interactive, pipe
  }

  var usersFile: String?
  var channelsFile: String?
  /// `--groups FILE`: groups (handle, member ids), in both modes.
  var groupsFile: String?
  /// `--sender ID`: the sender of the messages in pipe mode, never notified.
  var sender = ""
  /// `--role ROLE`: the sender's role, for the notification policy.
  var role = "member"
  /// `--edit`: pipe mode reads pairs of lines and prints the notification diff.
  var pairsEdits = false
  /// `nil` means the mode's default: `slack` interactively, `plain` in pipe mode.
  var format: Format?
  var profile: Profile = .chat
  /// The most mentions looked up per message (`--max-mentions`); later ones are reported as
  /// over the limit.
  var maxMentions = MentionResolver.defaultMentionLimit
  var mode: Mode = .automatic
  var noColor = false
  /// `--latency MS`: answer suggestions like a remote directory, after a random delay up to
  /// this many milliseconds.
  var latencyMilliseconds: Int?
  /// `--announce`: show what a screen reader would say about the list on the notice line.
  var announces = false
  /// `--suggest`: pipe mode that prints each line's active query and its ranked suggestions.
  var suggests = false
  /// `--limit N`: the most suggestions per line in `--suggest` mode.
  var limit = 8
  var showsHelp = false
  var showsVersion = false

  /// A command-line mistake, described for the user.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for name: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst() else {
        throw UsageError(description: "\(name) needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func take() throws(UsageError) -> String {
        if let inline { return inline }
        return try value(for: name)
      }
      switch name {
      case "-h", "--help": options.showsHelp = true
      case "--version": options.showsVersion = true
      case "--users": options.usersFile = try take()
      case "--channels": options.channelsFile = try take()
      case "--groups": options.groupsFile = try take()
      case "--sender":
        options.sender = try take()
        guard !options.sender.isEmpty else { throw UsageError(description: "--sender needs an id") }
      case "--role":
        options.role = try take()
        guard !options.role.isEmpty else { throw UsageError(description: "--role needs a role") }
      case "--edit": options.pairsEdits = true
      case "--format":
        let raw = try take()
        guard let format = Format(rawValue: raw) else {
          throw UsageError(
            description: "unknown format '\(raw)' (expected "
              + Format.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        options.format = format
      case "--profile":
        let raw = try take()
        guard let profile = Profile(rawValue: raw) else {
          throw UsageError(description: "unknown profile '\(raw)' (expected twitter or chat)")
        }
        options.profile = profile
      case "--max-mentions":
        let raw = try take()
        guard let limit = Int(raw), limit >= 0 else {
          throw UsageError(
            description: "invalid --max-mentions '\(raw)' (expected a number, 0 or more)")
        }
        options.maxMentions = limit
      case "--pipe": options.mode = .pipe
      case "--suggest": options.suggests = true
      case "--limit":
        let raw = try take()
        guard let limit = Int(raw), limit >= 1, limit <= 1000 else {
          throw UsageError(description: "--limit needs a number from 1 to 1000, not '\(raw)'")
        }
        options.limit = limit
      case "--interactive": options.mode = .interactive
      case "--no-color": options.noColor = true
      case "--announce": options.announces = true
      case "--latency":
        let raw = try take()
        guard let milliseconds = Int(raw), milliseconds >= 0, milliseconds <= 60_000 else {
          throw UsageError(
            description: "--latency needs milliseconds from 0 to 60000, not '\(raw)'")
        }
        options.latencyMilliseconds = milliseconds
      default:
        guard argument.hasPrefix("-"), argument != "-" else {
          // A file to read messages from: pipe mode reads them from stdin.
          throw UsageError(
            description: "messages come from stdin, not from a file argument: "
              + "chat-repl [options] < \(argument)")
        }
        throw UsageError(description: "unknown option '\(argument)' (see --help)")
      }
    }
    if options.suggests {
      if options.mode == .interactive {
        throw UsageError(description: "--suggest is a pipe mode: it cannot be --interactive")
      }
      if options.format != nil {
        throw UsageError(description: "--suggest prints JSON: --format does not apply")
      }
      options.mode = .pipe
    } else if arguments.contains(where: { $0 == "--limit" || $0.hasPrefix("--limit=") }) {
      throw UsageError(description: "--limit is for --suggest")
    }
    return options
  }

  /// The `--help` text: every option.
  static let help = """
    chat-repl: a terminal chat composer with @mention, #channel, :emoji: and /command completion,
    and a pipe filter that extracts, resolves and renders mentions. Built on MentionKit.

    USAGE
      chat-repl [options]                 interactive, when stdin and stdout are a terminal
      chat-repl [options] < messages.txt  pipe mode: one output line per input line (messages
                                          come from stdin, never from a file argument)
      chat-repl --suggest < drafts.txt    suggest mode: one JSON line of suggestions per input
                                          line (see SUGGEST MODE)

    OPTIONS
      --users FILE        Load users from a TSV file (id, handle, display_name[, locale], with a
                          header line) instead of the embedded directory. Large files show
                          progress on stderr; see LARGE DIRECTORIES.
      --channels FILE     Load channels from a TSV file (id, name, with a header line).
      --groups FILE       Load groups from a TSV file with the header line
                          `handle<TAB>members`: a group's handle, then its members' user ids
                          separated by commas. A group's id is its handle; a handle that a
                          user or another group has, or a broadcast word, is an error.
                          Interactive mode without it: the embedded users come with a few
                          embedded groups (team, design, oncall).
      --sender ID         The sender of the messages, never notified (default: no sender).
      --role ROLE         The sender's role for the notification policy (default
                          member): owner, admin and moderator may broadcast anywhere, member
                          in channels of at most 15 members, guest never. The channel's
                          members are all the users loaded.
      --edit              Pipe mode: read lines in pairs, a message and its edited version,
                          and print one json line per pair: the users the edit notifies
                          ("added"), no longer mentions ("removed") and notified already
                          ("kept").
      --format FORMAT     plain | markdown | html | slack | discord | json.
                          Interactive: the wire form shown under each sent message (default
                          slack; json is not available there). Pipe mode: the output of each line
                          (default plain); json prints one object per line with every entity
                          and "notify", the ids of the users the message notifies (groups
                          expanded; silent @_name, quoted and denied mentions left out).
      --profile PROFILE   Extraction rules in pipe mode: chat (default; modern chat apps) or
                          twitter (twitter-text's rules).
      --max-mentions N    The most mentions looked up per message (default 100); later ones
                          are reported as over the limit, not looked up.
      --pipe              Pipe mode even when stdin is a terminal.
      --suggest           Suggest mode (a pipe mode): see SUGGEST MODE.
      --limit N           The most suggestions per line in suggest mode, 1 to 1000 (default 8).
      --interactive       Interactive mode even when stdin is not a terminal (needs a terminal
                          on stdout).
      --no-color          No colours (as does a non-empty NO_COLOR environment variable).
      --latency MS        Interactive: answer suggestions like a remote directory, each after a
                          random delay of up to MS milliseconds, so answers can arrive out of
                          order. Typing stays responsive and the list only ever shows the
                          answer for the latest keystroke.
      --announce          Interactive: show under the prompt what a screen reader would say
                          about the suggestions ("3 suggestions", "Jon Snow, 2 of 3").
      --version           Print the version.
      -h, --help          Show this help.

    INTERACTIVE KEYS
      Tab / Enter   accept the highlighted suggestion     Up / Down  move the highlight (or
      Esc           dismiss the suggestions                          history when none is open)
      Enter         send the message                      Ctrl-W     delete the previous word
      Left / Right, Home / End, Ctrl-A / Ctrl-E           Ctrl-U     delete to line start
      Alt-B / Alt-F  word left / right                    Ctrl-K     delete to line end
      Down on the last suggestion: load more suggestions, when there are more
      Right / End at the line end: accept the ghost text  Ctrl-L     redraw
      Backspace / Delete (after a mention: all of it)
      Ctrl-C        clear the line (twice: quit)          Ctrl-D     quit on an empty line

    SUGGEST MODE
      Each input line is a composer's text with the cursor at its end. Each output line is a
      JSON object: the active query ("trigger", "text", and "utf16", its [start, end) UTF-16
      range with the delimiter), or null when none is active; its "suggestions", best first,
      each with "id", "handle", "display_name", "needs_handle" (another suggestion has the
      same display name), "tier" (exact, prefix, word_prefix, substring) and "route" (literal;
      transliterated with the "spelling" that matched; typo with the "key" matched with one
      edit); and "more" (the directory has further suggestions). For example
        echo 'hi @jos' | chat-repl --suggest
        {"query":{"trigger":"mention","text":"jos","utf16":[3,7]},"suggestions":[{"id":...

    LARGE DIRECTORIES
      `swift run chat-repl` runs a debug build, which takes about 25 s to load and index a
      million users. Build the release binary once and run it for big directories:
        swift build -c release --product chat-repl
        .build/release/chat-repl --users users.tsv --channels channels.tsv

    COMMANDS
      /help  /format [slack|discord|markdown|html|plain]  /users  /quit

    EXIT STATUS
      0 on success, 1 when a file cannot be loaded, 2 on a usage error, 3 when interactive
      mode has no terminal.
    """
}
