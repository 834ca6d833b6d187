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

    /// A mention just inserted by a completion: detection ignores it while it is intact, so a
    /// multi-word trigger does not reopen on the text it has just written.
    struct Completed: Sendable, Equatable {
      var delimiterUTF8Offset: Int
      var mention: String
    }

    private(set) var generation: UInt64 = 0
    private(set) var active: MentionQuery?
    private(set) var completed: Completed?

    /// Applies a detection result.
    mutating func process(_ detected: MentionQuery?) -> Action {
      var query = detected
      if let found = query, let completed, isSuppressed(found, by: completed) { query = nil }
      guard let query else {
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

    /// Ends the session after a completion and remembers the inserted mention.
    mutating func complete(_ replacement: MentionReplacement) -> UInt64 {
      active = nil
      generation &+= 1
      let text = replacement.text
      completed = Completed(
        delimiterUTF8Offset: text.utf8.distance(
          from: text.startIndex, to: replacement.mentionRange.lowerBound),
        mention: String(text[replacement.mentionRange]))
      return generation
    }

    /// Ends the session on request.
    mutating func cancel() -> Action {
      guard active != nil else { return .none }
      active = nil
      generation &+= 1
      return .end(generation: generation)
    }

    func isCurrent(_ candidate: UInt64) -> Bool { candidate == generation }

    private func isSuppressed(_ query: MentionQuery, by completed: Completed) -> Bool {
      let text = query.sourceText
      let start = text.utf8.distance(from: text.startIndex, to: query.range.lowerBound)
      guard start == completed.delimiterUTF8Offset else { return false }
      let rest = text.utf8[query.range.lowerBound...]
      guard rest.starts(with: completed.mention.utf8) else { return false }
      let cursor = text.utf8.distance(from: text.startIndex, to: query.cursor)
      return cursor >= start + completed.mention.utf8.count
    }

    private static func isSameQuery(_ lhs: MentionQuery, _ rhs: MentionQuery) -> Bool {
      lhs.trigger == rhs.trigger && lhs.text == rhs.text && lhs.delimiter == rhs.delimiter
        && lhs.sourceText.utf8.distance(
          from: lhs.sourceText.startIndex, to: lhs.range.lowerBound)
          == rhs.sourceText.utf8.distance(
            from: rhs.sourceText.startIndex, to: rhs.range.lowerBound)
    }
  }
}
