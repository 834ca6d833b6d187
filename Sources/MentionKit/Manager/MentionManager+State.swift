extension MentionManager {
  /// The manager's session state as a pure value: which query is active and which generation
  /// of results is current. Every transition returns what the storage must do.
  struct State: Sendable {
    /// What the storage does after a transition.
    enum Action: Sendable, Equatable {
      /// Nothing changed that the delegate needs to hear about.
      case none
      /// Start fetching for a query; results belong to `generation`.
      case fetch(MentionQuery, generation: UInt64)
      /// The session ended; tell the delegate under `generation`.
      case end(generation: UInt64)
    }

    private(set) var generation: UInt64 = 0
    private(set) var active: MentionQuery?

    /// Applies a detection result.
    mutating func process(_ detected: MentionQuery?) -> Action {
      guard let query = detected else {
        guard active != nil else { return .none }
        active = nil
        generation &+= 1
        return .end(generation: generation)
      }
      if let active, Self.isSameQuery(active, query) {
        self.active = query
        return .none
      }
      active = query
      generation &+= 1
      return .fetch(query, generation: generation)
    }

    /// Ends the session on request.
    mutating func cancel() -> Action {
      guard active != nil else { return .none }
      active = nil
      generation &+= 1
      return .end(generation: generation)
    }

    func isCurrent(_ candidate: UInt64) -> Bool { candidate == generation }

    private static func isSameQuery(_ lhs: MentionQuery, _ rhs: MentionQuery) -> Bool {
      lhs.trigger == rhs.trigger && lhs.text == rhs.text && lhs.delimiter == rhs.delimiter
        && lhs.sourceText.utf8.distance(
          from: lhs.sourceText.startIndex, to: lhs.range.lowerBound)
          == rhs.sourceText.utf8.distance(
            from: rhs.sourceText.startIndex, to: rhs.range.lowerBound)
    }
  }
}
