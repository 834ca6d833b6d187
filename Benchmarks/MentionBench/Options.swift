/// The command line of `mention-bench`.
struct Options {
  var usersPath = "../shared/data/users.tsv"
  var channelsPath = "../shared/data/channels.tsv"
  var corpusPath = "../shared/bench/chat-corpus-10k.txt"
  var json = false
  var help = false
  var seed: UInt64 = 20_240_601
  var streamMessages = 200_000
  var sections: [String] = Options.allSections
  var index = IndexBenchmark.Configuration()

  static let allSections = ["index", "fold", "extraction", "adversarial", "pipeline"]

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  static let usage = """
    mention-bench: MentionKit's benchmarks, each side by side with a baseline in the same run.

    Usage: mention-bench [options]

    Sections (all by default, in this order):
      index        MentionIndex keystrokes vs DefaultMentionFilter over the whole list vs a naive
                   Foundation baseline; checks they return the same top results; memory per user
      fold         Folding ns per display name, library vs Foundation, where the items hold
                   the names (as the index build reads them) and copied in order
      extraction   EntityExtractor MB/s with every entity's value and range read (like for
                   like), and scan only, vs an NSRegularExpression mention extractor
      adversarial  ~1 MB worst-case inputs: extraction and detection vs ordinary text
      pipeline     extract + resolve (1M users) + render messages/s, chat and twitter profiles,
                   over a stream of messages made from the corpus, each a string of its own,
                   whose mentions name users of the users file

    Options:
      --users FILE          users TSV (id, handle, display_name, locale)
                            [default: ../shared/data/users.tsv]
      --corpus FILE         chat corpus, one message a line
                            [default: ../shared/bench/chat-corpus-10k.txt]
      --channels FILE       channels TSV (id, name) [default: ../shared/data/channels.tsv]
      --sections LIST       comma-separated sections to run, e.g. index,fold
      --seed N              seed of the keystroke queries and the pipeline's streams
                            [default: 20240601]
      --stream N            messages in each of the pipeline's streams [default: 200000]
      --rounds N            rounds of the index over the query stream [default: 5]
      --filter-sample N     queries run through the default filter [default: 40]
      --naive-sample N      queries run through the naive baseline [default: 24]
      --json                print the figures as one JSON object
      --help                print this help

    Exit status: 0 when every check passed; 1 when a check failed (results differ);
    2 for a usage error or an unreadable or malformed input file.
    Run from the package root: swift build -c release --product mention-bench &&
    .build/release/mention-bench
    """

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ name: String) throws(UsageError) -> String {
      guard let next = rest.popFirst(), !next.hasPrefix("--") else {
        throw UsageError(description: "\(name) needs a value")
      }
      return next
    }
    func number(_ name: String) throws(UsageError) -> Int {
      let text = try value(name)
      guard let number = Int(text), number >= 0 else {
        throw UsageError(description: "\(name) needs a whole number ≥ 0, not \"\(text)\"")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--users": options.usersPath = try value(argument)
      case "--corpus": options.corpusPath = try value(argument)
      case "--channels": options.channelsPath = try value(argument)
      case "--json": options.json = true
      case "--help", "-h": options.help = true
      case "--seed": options.seed = UInt64(try number(argument))
      case "--stream": options.streamMessages = max(1, try number(argument))
      case "--rounds": options.index.rounds = max(1, try number(argument))
      case "--filter-sample": options.index.filterSample = try number(argument)
      case "--naive-sample": options.index.naiveSample = try number(argument)
      case "--sections":
        let list = try value(argument).split(separator: ",").map(String.init)
        for section in list where !allSections.contains(section) {
          throw UsageError(
            description:
              "unknown section \"\(section)\" (known: \(allSections.joined(separator: ", ")))")
        }
        options.sections = allSections.filter(list.contains)
      default:
        throw UsageError(description: "unknown option \"\(argument)\"")
      }
    }
    return options
  }
}
