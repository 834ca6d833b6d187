import Foundation
import Testing

@testable import ChatREPLCore

/// Pipe mode as a stream: read boundaries, line ends, bytes that are not UTF-8, and output that
/// comes out while the input is still open.
struct PipeStreamTests {
  static func pipe(_ format: Options.Format) throws -> PipeMode {
    PipeMode(
      analyzer: ExtractorAnalyzer(
        profile: .chat, handles: HandleTable(directory: try PipeModeTests.directory())),
      formatter: BasicFormatter(), format: format)
  }

  /// Runs pipe mode in this process on `input`, read `readSize` bytes at a time.
  static func run(_ pipe: PipeMode, _ input: [UInt8], readSize: Int) throws -> (
    output: String, errors: String
  ) {
    let directory = NSTemporaryDirectory() + "chat-repl-stream-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = ["in", "out", "err"].map { directory + "/" + $0 }
    try Data(input).write(to: URL(fileURLWithPath: paths[0]))
    let input = open(paths[0], O_RDONLY)
    let output = open(paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let errors = open(paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    pipe.run(input: input, output: output, errors: errors, readSize: readSize)
    for descriptor in [input, output, errors] { close(descriptor) }
    let read = { (path: String) in
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
    return (read(paths[1]), read(paths[2]))
  }

  /// The lines do not depend on how the input is cut into reads: a `\r\n` split between two
  /// reads, a line longer than the read buffer, empty lines and a last line without `\n`.
  @Test(arguments: [1, 2, 3, 7, 1 << 16])
  func readBoundariesDoNotChangeTheOutput(readSize: Int) throws {
    let long = String(repeating: "hey @zoe ", count: 30)
    let input = "hi @jose\r\n\n" + long + "\r\n\r\nbye"
    let result = try Self.run(try Self.pipe(.slack), Array(input.utf8), readSize: readSize)
    let longOut = String(repeating: "hey <@U2> ", count: 30)
    #expect(result.output == "hi <@U1>\n\n" + longOut + "\n\nbye\n", "reads of \(readSize)")
    #expect(result.errors == "")
  }

  /// A `\r\n` line end is a line end in every format: json's `text` has no `\r`, as the
  /// other formats have none, however the reads cut the input.
  @Test(arguments: Options.Format.allCases)
  func crlfLinesReadAsLFLines(format: Options.Format) throws {
    let pipe = try Self.pipe(format)
    let lf = try Self.run(pipe, Array("hi @jose\n\nbye @zoe\n".utf8), readSize: 1 << 16)
    for readSize in [1, 9, 1 << 16] {
      let crlf = try Self.run(pipe, Array("hi @jose\r\n\r\nbye @zoe\r\n".utf8), readSize: readSize)
      #expect(crlf.output == lf.output, "reads of \(readSize)")
    }
    if format == .json {
      #expect(lf.output.hasPrefix(#"{"text":"hi @jose","entities":[{"#))
    }
  }

  /// Bytes that are not UTF-8 are replaced by U+FFFD, as always, but no longer silently: the
  /// first line holding any is named once on the error stream, and the lines after it are
  /// still processed.
  @Test func invalidUTF8IsReportedOnceWithItsLine() throws {
    let input: [UInt8] =
      Array("ok @jose\n".utf8) + [0x61, 0xFF, 0x20] + Array("@zoe\n".utf8) + [0x62, 0xC3, 0x0A]
      + Array("end @jose\n".utf8)
    let result = try Self.run(try Self.pipe(.slack), input, readSize: 4)
    #expect(result.output == "ok <@U1>\na\u{FFFD} <@U2>\nb\u{FFFD}\nend <@U1>\n")
    #expect(
      result.errors
        == "chat-repl: line 2: not valid UTF-8 (replaced by U+FFFD; later lines with invalid"
        + " UTF-8 are not reported)\n")
  }

  /// `tail -f log | chat-repl`: each line's output is written while the input stays open, not
  /// held until the end of the input.
  @Test func writesEachLineBeforeTheInputEnds() throws {
    let users = try PipeModeTests.temporaryFile("stream-users.tsv", PipeModeTests.usersTSV)
    let child = try ChildProcess(["--users", users, "--format", "slack"])
    defer { child.finish() }
    child.write("hi @jose\n")
    // A generous bound for a loaded machine; without the fix the line never comes.
    try #require(child.readLine(timeout: 10) == "hi <@U1>")
    child.write("@zoe and @nobody\n")
    #expect(child.readLine(timeout: 10) == "<@U2> and @nobody")
    // The fixture's KIM duplicates kim on purpose: the loader's warning comes first.
    #expect(
      child.readLine(from: child.errors, timeout: 10)?.hasPrefix("chat-repl: warning:") == true)
    #expect(child.readLine(from: child.errors, timeout: 10) == "chat-repl: line 2: unknown @nobody")
  }
}

/// The built `chat-repl` with its standard streams on pipes this process holds, so a test can
/// write a line and read the answer while standard input is still open.
final class ChildProcess {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errorPipe = Pipe()
  private var buffers: [Int32: [UInt8]] = [:]

  var errors: Int32 { errorPipe.fileHandleForReading.fileDescriptor }

  init(_ arguments: [String]) throws {
    process.executableURL = try PipeModeTests.binaryURL()
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errorPipe
    try process.run()
  }

  func write(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// The next line on the child's standard output, or `nil` when none came within `timeout`
  /// seconds or the stream ended.
  func readLine(timeout: Double) -> String? {
    readLine(from: output.fileHandleForReading.fileDescriptor, timeout: timeout)
  }

  /// The next line on one of the child's output streams (see ``readLine(timeout:)``).
  func readLine(from descriptor: Int32, timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = buffers[descriptor, default: []]
    defer { buffers[descriptor] = buffer }
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, Int32(min(left * 1000, 1000)) + 1) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }

  /// Closes the child's input and waits for it to exit.
  func finish() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
