import MentionKit

@testable import ChatREPLCore

/// A small fixed directory and a session over it, for scripted-keystroke tests.
enum SessionFixture {
  static let usersTSV =
    "id\thandle\tdisplay_name\tlocale\n"
    + "U1\tjose\tJosé Álvarez\tes_ES\n"
    + "U2\tjosefina\tJosefina Ruiz\tes_AR\n"
    + "U3\tjon\tJon Snow\ten_GB\n"
    + "U4\tkim\t김민준\tko_KR\n"
    + "U5\tKIM\tKim Twin\ten_US\n"
    + (1...10).map { "J\($0)\tjude\($0)\tJude \($0)\ten_US\n" }.joined()
  static let channelsTSV = "id\tname\nC1\tgénéral\nC2\trandom\n"

  static func directory() -> Directory {
    var directory = Directory.embedded()
    // The fixture is valid TSV: a failure here is a bug in the loader, reported by its tests.
    directory.users = (try? TSVLoader.parse(Array(usersTSV.utf8), kind: .users, file: "u")) ?? []
    directory.channels =
      (try? TSVLoader.parse(Array(channelsTSV.utf8), kind: .channels, file: "c")) ?? []
    return directory
  }

  static func session(format: Options.Format = .slack) -> ChatSession {
    let directory = directory()
    return ChatSession(
      engine: DirectorySuggestionEngine(directory: directory),
      analyzer: ExtractorAnalyzer(profile: .chat, handles: HandleTable(directory: directory)),
      formatter: BasicFormatter(), directorySummary: directory.summary, format: format)
  }
}

extension ChatSession {
  /// Applies keys in order and returns every effect.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { handle($0) }
  }

  /// The lines printed by a list of effects, as plain text.
  static func printed(_ effects: [Effect]) -> [String] {
    effects.flatMap { effect -> [String] in
      guard case .print(let lines) = effect else { return [] }
      return lines.map { $0.map(\.text).joined() }
    }
  }
}
