@testable import MentionKit

/// A data source a test controls: each query waits on its own gate, and every call and
/// cancellation is recorded.
final class ScriptedDataSource: MentionDataSource {
  enum Behavior: Sendable {
    /// Answer once the gate for the query opens (or at once without a gate).
    case answer([MentionItem])
    /// Throw an error.
    case fail(String)
    /// Never answer and ignore cancellation.
    case hang
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private struct State {
    var calls: [String] = []
    var cancelled: [String] = []
    var completed: [String] = []
  }

  private let state = Lock(State())
  private let gates: [String: Gate]
  private let behavior: @Sendable (String) -> Behavior

  init(gates: [String: Gate] = [:], behavior: @escaping @Sendable (String) -> Behavior) {
    self.gates = gates
    self.behavior = behavior
  }

  var calls: [String] { state.withLock { $0.calls } }
  var cancelled: [String] { state.withLock { $0.cancelled } }
  var completed: [String] { state.withLock { $0.completed } }

  func items(for query: MentionQuery) async throws -> [MentionItem] {
    let text = query.text
    state.withLock { $0.calls.append(text) }
    switch behavior(text) {
    case .hang:
      await Gate().wait()
      return []
    case .fail(let message):
      throw Failure(description: message)
    case .answer(let items):
      if let gate = gates[text] {
        await withTaskCancellationHandler {
          await gate.wait()
        } onCancel: {
          self.state.withLock { $0.cancelled.append(text) }
        }
      }
      state.withLock { $0.completed.append(text) }
      return items
    }
  }
}

extension MentionItem {
  /// A person item for tests: id, handle, name.
  static func person(_ id: String, _ handle: String, _ name: String, score: Double = 0)
    -> MentionItem
  {
    MentionItem(id: id, insertionText: handle, displayText: name, score: score)
  }
}

/// A small directory with the names the documentation uses.
let sampleDirectory: [MentionItem] = [
  .person("U1", "jose", "José Álvarez"),
  .person("U2", "zoe", "Zoë Quinn"),
  .person("U3", "lukasz", "Łukasz Nowak"),
  .person("U4", "tyrion", "Tyrion Lannister"),
  .person("U5", "lana", "Lana Lang"),
  .person("U6", "ayse", "Ayşe Yılmaz"),
  .person("U7", "istanbul_fan", "İstanbul Fan"),
  .person("U8", "jon", "Jon Snow"),
  .person("U9", "jonas", "Jonas Brandt"),
  .person("U10", "mjo", "Maria Jo"),
]
