import Foundation
import Testing

@testable import MentionKit

/// Invalid half-lives, persisted entries and scores: weights and ranks stay finite numbers.
/// With the default half-life of 14 days (1,209,600 s), one pick weighs 0.5 after 14 days.
struct PickHistoryValidationTests {
  let halfLife = 14 * 86_400.0

  @Test(arguments: [0, -86_400, .infinity, .nan])
  func anInvalidHalfLifeSetLaterBecomesTheDefault(value: Double) {
    var history = PickHistory(halfLife: 86_400)
    history.record("U1", at: 0)
    history.halfLife = value
    #expect(history.halfLife == halfLife)
    #expect(history.weight(of: "U1", at: halfLife) == 0.5)
  }

  @Test func decodingChecksTheHalfLifeAndTheEntries() throws {
    let json = """
      {"halfLife": -5, "entries": {
        "U1": {"id": "U1", "weight": 1, "time": 0},
        "U2": {"id": "U2", "weight": "NaN", "time": 0},
        "U3": {"id": "U3", "weight": "+Inf", "time": 0},
        "U4": {"id": "U4", "weight": 1, "time": "NaN"},
        "U5": {"id": "U5", "weight": -1, "time": 0}
      }}
      """
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
    let history = try decoder.decode(PickHistory.self, from: Data(json.utf8))
    #expect(history.halfLife == halfLife)
    #expect(history.allEntries.map(\.id) == ["U1"])
    #expect(history.weight(of: "U1", at: halfLife) == 0.5)
  }

  @Test func aHistoryRoundTripsThroughCoding() throws {
    var history = PickHistory(halfLife: 100)
    history.record("U1", at: 0)
    history.record("U2", at: 100)
    let data = try JSONEncoder().encode(history)
    #expect(try JSONDecoder().decode(PickHistory.self, from: data) == history)
  }

  /// A NaN score is 0: "a1" (NaN) ranks like score 0, after "a2" (score 1) and before "a3"
  /// (score 0, inserted later).
  @Test func aNaNScoreIsStoredAsZero() {
    var item = MentionItem(id: "U1", insertionText: "a1", score: .nan)
    #expect(item.score == 0)
    item.score = 3
    item.score = .nan
    #expect(item.score == 0)
    let index = MentionIndex([
      MentionItem(id: "U1", insertionText: "a1", score: .nan),
      MentionItem(id: "U2", insertionText: "a2", score: 1),
      MentionItem(id: "U3", insertionText: "a3", score: 0),
    ])
    #expect(index.matches(for: "a", limit: 8).map(\.item.id) == ["U2", "U1", "U3"])
  }
}
