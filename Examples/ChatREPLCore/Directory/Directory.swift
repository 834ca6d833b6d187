import MentionKit
import ToolSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything that can be completed or resolved: users, channels, emoji shortcodes, commands.
struct Directory: Sendable {
  var users: [MentionItem]
  var channels: [MentionItem]
  /// The emoji shortcodes, built on first use: pipe mode never reads them.
  var emoji: [MentionItem] { EmojiTable.items }
  /// The slash commands.
  var commands: [MentionItem] { Command.items }
  /// Where the users came from, for `/users`.
  var usersSource: String
  /// Where the channels came from.
  var channelsSource: String

  /// "3,084 users (embedded sample), 300 channels (embedded sample), 1,098 emoji shortcodes".
  var summary: String {
    "\(grouped(users.count)) users (\(usersSource)), \(grouped(channels.count)) channels"
      + " (\(channelsSource)), \(grouped(emoji.count)) emoji shortcodes"
  }

  /// The embedded default directory (a sample of ../shared/data compiled into the app).
  static func embedded() -> Directory {
    // The embedded text is generated and checked by the tests, so parsing cannot fail.
    let users = try! TSVLoader.parse(
      Array(EmbeddedDirectory.usersTSV.utf8), kind: .users, file: "<embedded users>")
    let channels = try! TSVLoader.parse(
      Array(EmbeddedDirectory.channelsTSV.utf8), kind: .channels, file: "<embedded channels>")
    return Directory(
      users: users, channels: channels, usersSource: "embedded sample",
      channelsSource: "embedded sample")
  }

  /// The directory for the command line: the embedded one, with users and channels replaced by
  /// the files given.
  ///
  /// - Parameters:
  ///   - usersFile: A users TSV file, or `nil` for the embedded users.
  ///   - channelsFile: A channels TSV file, or `nil` for the embedded channels.
  ///   - progress: Where progress lines go (stderr in the app); `nil` for none.
  ///   - extractor: The extractor that reads messages, which decides which handles can be
  ///     typed.
  ///   - warn: Called with each warning about a file's handles (see `HandleCheck`); `nil` to
  ///     skip the check.
  static func load(
    usersFile: String?, channelsFile: String?, progress: ProgressReporter?,
    extractor: EntityExtractor = EntityExtractor(), warn: ((String) -> Void)? = nil
  ) throws(FileError) -> Directory {
    var directory = embedded()
    if let usersFile {
      directory.users = try loadFile(
        usersFile, kind: .users, progress: progress, extractor: extractor, warn: warn)
      directory.usersSource = usersFile
    }
    if let channelsFile {
      directory.channels = try loadFile(
        channelsFile, kind: .channels, progress: progress, extractor: extractor, warn: warn)
      directory.channelsSource = channelsFile
    }
    return directory
  }

  /// Loads one file of users or channels (see ``load(usersFile:channelsFile:progress:extractor:warn:)``).
  static func loadFile(
    _ path: String, kind: TSVLoader.Kind, progress: ProgressReporter?,
    extractor: EntityExtractor = EntityExtractor(), warn: ((String) -> Void)? = nil
  ) throws(FileError) -> [MentionItem] {
    let start = Clock.now()
    let bytes = try TextFile.read(path)
    let reporter = bytes.count >= ProgressReporter.minimumBytes ? progress : nil
    reporter?.start()
    let (items, lines) = try TSVLoader.parseWithLines(
      bytes, kind: kind, file: path,
      progress: reporter.map { reporter in
        { rows, fraction in reporter.update(file: path, noun: kind.noun, rows, fraction) }
      })
    reporter?.finish(file: path, noun: kind.noun, items.count, seconds: Clock.now() - start)
    if let warn {
      for warning in HandleCheck.warnings(
        for: items, lines: lines, kind: kind, file: path, extractor: extractor)
      {
        warn(warning)
      }
    }
    return items
  }
}

/// Progress lines for large files, on a file descriptor (stderr): a line redrawn in place when
/// that is a terminal, a single summary line otherwise.
struct ProgressReporter {
  /// Files smaller than this load too fast to need progress.
  static let minimumBytes = 4 << 20

  var descriptor: Int32 = 2

  private var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Before a large file: in a debug build, where to find the faster one.
  func start() {
    #if DEBUG
      emit(
        "chat-repl: this debug build loads large directories slowly; see --help, LARGE"
          + " DIRECTORIES, for the release build\n")
    #endif
  }

  func update(file: String, noun: String, _ rows: Int, _ fraction: Double) {
    guard isTerminal else { return }
    let percent = Int((fraction * 100).rounded(.down))
    emit("\r\u{1B}[Kloading \(file): \(percent)% (\(grouped(rows)) \(noun))")
  }

  func finish(file: String, noun: String, _ rows: Int, seconds: Double) {
    let prefix = isTerminal ? "\r\u{1B}[K" : ""
    let time = (seconds * 100).rounded() / 100
    emit("\(prefix)loaded \(grouped(rows)) \(noun) from \(file) in \(time) s\n")
  }

  private func emit(_ text: String) {
    POSIX.writeAll(descriptor, text)
  }
}

/// Groups digits by thousands: 1000000 → "1,000,000".
func grouped(_ value: Int) -> String {
  let digits = Array(String(value))
  var result = ""
  for (offset, digit) in digits.enumerated() {
    if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return result
}

/// Monotonic seconds, for progress and timing.
enum Clock {
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
