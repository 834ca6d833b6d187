import MentionKit

/// `POST /v1/suggestions`: a composer's whole text and caret.
struct SuggestionsRequest: Decodable {
  /// The whole text being written.
  var text: String
  /// The caret as a UTF-16 offset, 0 through the text's UTF-16 length.
  var cursor: Int
  /// The most items returned (1 through 50; the trigger's limit by default).
  var limit: Int?
}

/// The answer to `POST /v1/suggestions`.
struct SuggestionsResponse: Encodable {
  struct Query: Encodable {
    var trigger: String
    var delimiter: String
    var text: String
    /// The delimiter through the end of the word at the caret, as UTF-16 offsets.
    var utf16Range: [Int]
  }
  struct Item: Encodable {
    var id: String
    var handle: String
    var name: String
    var tier: String
  }
  /// The active query, or `null` when no trigger is active at the caret.
  var query: Query?
  var items: [Item]
  /// `replica` or `database`: where the items came from.
  var source: String

  enum CodingKeys: String, CodingKey {
    case query, items, source
  }

  /// Writes `"query": null` rather than leaving the key out.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if let query {
      try container.encode(query, forKey: .query)
    } else {
      try container.encodeNil(forKey: .query)
    }
    try container.encode(items, forKey: .items)
    try container.encode(source, forKey: .source)
  }
}

/// `POST /v1/messages`: a finished message.
struct PostMessageRequest: Decodable {
  var text: String
  /// The wire format of `rendered` in the answer (`plain` by default).
  var format: String?
}

/// A stored message, as `POST /v1/messages` and `GET /v1/messages/{id}` return it.
struct MessageResponse: Encodable {
  struct Item: Encodable {
    var id: String
    var handle: String
    var name: String
  }
  struct Entity: Encodable {
    var trigger: String
    var utf16Range: [Int]
    var value: String
    var listSlug: String?
    /// `resolved`, `ambiguous`, `unresolved`, `skipped` or `pending`.
    var status: String
    /// Why a `skipped` entity was not looked up: `over_mention_limit` or `no_directory`.
    var reason: String?
    var items: [Item]
  }
  var id: Int64
  var text: String
  var format: String
  var rendered: String
  var entities: [Entity]

  init(id: Int64, message: Message, format: WireFormat) {
    self.id = id
    text = message.text
    self.format = format.rawValue
    rendered = format.write(message)
    entities = message.entities.map { entity in
      var status = "pending"
      var reason: String?
      var items: [MentionItem] = []
      switch entity.resolution {
      case .pending: break
      case .resolved(let item):
        status = "resolved"
        items = [item]
      case .ambiguous(let candidates):
        status = "ambiguous"
        items = candidates
      case .unresolved: status = "unresolved"
      case .skipped(let why):
        status = "skipped"
        reason = why == .overMentionLimit ? "over_mention_limit" : "no_directory"
      }
      return Entity(
        trigger: entity.trigger.rawValue,
        utf16Range: [entity.utf16Range.lowerBound, entity.utf16Range.upperBound],
        value: entity.value, listSlug: entity.listSlug, status: status, reason: reason,
        items: items.map { Item(id: $0.id, handle: $0.insertionText, name: $0.displayText) })
    }
  }
}

/// `GET /ready`.
struct ReadinessResponse: Encodable {
  var ready: Bool
  var users: Int
  var position: Int64
  var following: Bool
  var lastError: String?
}
