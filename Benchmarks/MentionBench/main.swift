import MentionKit
import ToolSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// mention-bench: parses the options, loads the inputs, runs the sections (one file each) and
// prints one report. Add a section by writing `<Name>Benchmark.swift` with a function returning
// a `Report`, and calling it below.

func fail(_ message: String, status: Int32) -> Never {
  writeToStandardError("mention-bench: \(message)\n")
  exit(status)
}

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail("\(error) (see --help)", status: 2)
}
if options.help {
  print(Options.usage)
  exit(0)
}

let started = Timing.now()
var reports: [Report] = []
func progress(_ message: String) {
  writeToStandardError("[\(Int(Timing.seconds(since: started))) s] \(message)\n")
}

do {
  var directory: UserDirectory?
  func users() throws -> UserDirectory {
    if let directory { return directory }
    progress("loading \(options.usersPath)")
    let loaded = try DataFiles.loadUsers(options.usersPath)
    directory = loaded
    return loaded
  }
  var corpus: [String]?
  func corpusLines() throws -> [String] {
    if let corpus { return corpus }
    let loaded = try DataFiles.loadCorpus(options.corpusPath)
    corpus = loaded
    return loaded
  }

  if options.sections.contains("index") {
    let directory = try users()
    let queries = KeystrokeQueries.generate(from: directory, seed: options.seed)
    progress("index: \(queries.count) keystroke queries")
    reports.append(
      IndexBenchmark.run(directory: directory, queries: queries, configuration: options.index))
  }
  if options.sections.contains("fold") {
    progress("fold")
    reports.append(FoldBenchmark.run(names: try users().items.map(\.displayText)))
  }
  if options.sections.contains("extraction") {
    progress("extraction")
    reports.append(ExtractionBenchmark.run(corpusLines: try corpusLines()))
  }
  if options.sections.contains("adversarial") {
    progress("adversarial")
    reports.append(AdversarialBenchmark.run(corpusLines: try corpusLines()))
  }

  if options.sections.contains("pipeline") {
    let channels = try DataFiles.loadChannels(options.channelsPath)
    let items = try users().items
    let corpus = try corpusLines()
    // One stream for the one-core modes, and one of its own for each task of the all-cores
    // mode (the first task takes the one-core stream).
    let tasks = max(1, MachineInfo.cores)
    progress("pipeline: \(tasks) streams of \(options.streamMessages) messages")
    let streams = (0..<tasks).map {
      MessageStream.generate(
        corpus: corpus, users: items, count: options.streamMessages,
        seed: options.seed &+ UInt64($0))
    }
    for (name, profile) in [("chat", ExtractionProfile.chat), ("twitter", .twitter)] {
      progress("pipeline (\(name))")
      let result = try await PipelineBenchmark.run(
        stream: streams[0], taskStreams: streams.map(\.messages), users: items,
        channels: channels, profile: profile)
      var report = Report(
        key: "pipeline_\(name)",
        title: "Backend pipeline: extract (.\(name)) + resolve (HandleDirectory, "
          + "\(items.count) users) + render (Slack)")
      let stream = streams[0]
      report.note(
        "stream: the corpus's messages in turn, each mention slot given a handle: "
          + "\(stream.realHandles) of the directory, \(stream.upperCaseHandles) of it in upper "
          + "case, \(stream.unknownHandles) unknown (drawn from \(stream.drawableHandles) handles "
          + "of letters, digits and _); \(stream.mentions) mentions by twitter-text's rule")
      for figure in result.figures {
        report.add(figure.key, figure.label, value: figure.value, figure.unit)
      }
      report.failures += result.reusedMismatches.prefix(10).map {
        "reused storage rendered differently: \($0.debugDescription)"
      }
      // With twitter-text's rule, the mentions found are the stream's: those naming a user
      // must resolve, and the others must not.
      if profile == .twitter
        && (result.mentions.resolved != stream.mentionsNamingUsers
          || result.mentions.resolved + result.mentions.unresolved != stream.mentions)
      {
        report.failures.append(
          "mentions resolved \(result.mentions.resolved) and unresolved "
            + "\(result.mentions.unresolved), but the stream names \(stream.mentionsNamingUsers) "
            + "users in \(stream.mentions) mentions")
      }
      report.add("meets_target", "meets 1,000,000 msg/s (sync)", flag: result.meetsTarget)
      report.add(
        "reused_meets_target", "meets 1,000,000 msg/s (sync, reused storage)",
        flag: result.reusedMeetsTarget)
      reports.append(report)
    }
  }
} catch let error as FileError {
  fail(
    "\(error)\n(run from the package root with ../shared beside it, or pass the file)", status: 2)
} catch {
  fail("\(error)", status: 2)
}

var machine = Report(key: "run", title: "Run")
machine.add("machine", "machine", text: MachineInfo.description)
machine.add("cores", "cores online", MachineInfo.cores)
machine.add("seconds", "whole run", Timing.seconds(since: started), "s")
machine.add("seed", "query seed", Int(options.seed))
reports.append(machine)

let failures = reports.flatMap(\.allFailures)
if options.json {
  var pairs: [(String, Report.Value)] = reports.map { ($0.key, $0.jsonValue) }
  pairs.append(("all_checks_passed", .flag(failures.isEmpty)))
  print(Report.json(.object(pairs)))
} else {
  print(reports.map { $0.text() }.joined(separator: "\n\n"))
  print(failures.isEmpty ? "\nAll checks passed." : "\n\(failures.count) check(s) FAILED.")
}
exit(failures.isEmpty ? 0 : 1)
