@testable import MentionKit

/// A time source that moves only when a test sets it: seconds for the pick history.
final class ManualTime: Sendable {
  private let seconds: Lock<Double>

  init(_ start: Double = 1_000) { seconds = Lock(start) }

  var now: Double {
    get { seconds.withLock { $0 } }
    set { seconds.withLock { $0 = newValue } }
  }

  /// The closure a manager reads the time through.
  var source: @Sendable () -> Double { { [self] in now } }
}

/// A data source that ranks itself: serves scripted matches in pages of the trigger's result
/// limit, with an `Int` offset as continuation, and records the rankings it received. Pages
/// after the first wait for `laterPages` when one is set.
final class PagedSource: RankingDataSource {
  private struct State {
    var rankings: [MentionRanking] = []
    var offsets: [Int?] = []
  }

  let matches: @Sendable (MentionQuery) -> [MentionMatch]
  let laterPages: Gate?
  private let state = Lock(State())

  init(laterPages: Gate? = nil, _ matches: @escaping @Sendable (MentionQuery) -> [MentionMatch]) {
    self.matches = matches
    self.laterPages = laterPages
  }

  /// The rankings received, in call order.
  var rankings: [MentionRanking] { state.withLock { $0.rankings } }
  /// The continuations received, in call order.
  var offsets: [Int?] { state.withLock { $0.offsets } }

  func items(for query: MentionQuery) async throws -> [MentionItem] {
    matches(query).map(\.item)
  }

  func page(
    for query: MentionQuery, limit: Int, ranking: MentionRanking, after continuation: Int?
  ) async throws -> (matches: [MentionMatch], continuation: Int?) {
    state.withLock {
      $0.rankings.append(ranking)
      $0.offsets.append(continuation)
    }
    if continuation != nil, let laterPages { await laterPages.wait() }
    let all = matches(query)
    let start = min(continuation ?? 0, all.count)
    let end = min(start + limit, all.count)
    return (Array(all[start..<end]), end < all.count ? end : nil)
  }
}
