import Testing

@testable import ChatREPLCore
@testable import MentionKit

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

  @MainActor static func session(format: Options.Format = .slack) -> ChatSession {
    let directory = directory()
    return ChatSession(
      dataSource: DirectoryDataSource(directory: directory),
      analyzer: ExtractorAnalyzer(profile: .chat, handles: HandleTable(directory: directory)),
      formatter: BasicFormatter(), directorySummary: directory.summary, format: format)
  }
}

extension ChatSession {
  /// Applies keys in order and returns every effect; after each key, waits until the manager
  /// has answered it, as a person waits for the list before the next key.
  @discardableResult
  func press(_ keys: Key...) async -> [Effect] {
    var effects: [Effect] = []
    for key in keys {
      effects += handle(key)
      await settle()
    }
    return effects
  }

  /// Waits until the manager has no fetch or delegate call in flight.
  func settle() async {
    await manager.settle()
  }

  /// The lines printed by a list of effects, as plain text.
  nonisolated static func printed(_ effects: [Effect]) -> [String] {
    effects.flatMap { effect -> [String] in
      guard case .print(let lines) = effect else { return [] }
      return lines.map { $0.map(\.text).joined() }
    }
  }
}

extension MentionManager {
  /// Waits until no fetch or delegate call is in flight: each answer has reached the delegate
  /// on the main actor.
  @MainActor func settle() async {
    for _ in 0..<1_000_000 {
      if liveTasks.value == 0 { return }
      await Task.yield()
    }
    Issue.record("the manager did not settle")
  }
}
