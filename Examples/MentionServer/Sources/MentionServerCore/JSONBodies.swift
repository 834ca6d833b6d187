import Hummingbird
import MentionKit

/// `POST /v1/suggestions`: a composer's whole text and caret.
struct SuggestionsRequest {
  /// The whole text being written.
  var text: String
  /// The caret as a UTF-16 offset, 0 through the text's UTF-16 length.
  var cursor: Int
  /// The most items returned (1 through 50; the trigger's limit by default).
  var limit: Int?

  init(_ body: JSONBody) throws(APIError) {
    text = try body.string("text")
    cursor = try body.integer("cursor")
    limit = try body.optionalInteger("limit")
  }
}

/// The answer to `POST /v1/suggestions`, written straight to JSON bytes (this is the route a
/// composer calls on every keystroke).
struct SuggestionsResponse {
  /// The active query, or `null` when no trigger is active at the caret.
  var query: MentionQuery?
  var matches: [MentionMatch]
  /// `replica` or `database`: where the items came from.
  var source: StaticString

  func json() -> [UInt8] {
    var out = JSONOutput(capacity: 128 + matches.count * 96)
    out.raw("{")
    out.key("query", first: true)
    if let query {
      let range = query.utf16Range
      out.raw("{")
      out.key("trigger", first: true)
      out.string(query.trigger.name.rawValue)
      out.key("delimiter")
      out.string(query.trigger.delimiter)
      out.key("text")
      out.string(query.text)
      out.key("utf16Range")
      out.raw("[")
      out.int(range.lowerBound)
      out.raw(",")
      out.int(range.upperBound)
      out.raw("]}")
    } else {
      out.raw("null")
    }
    out.key("items")
    out.raw("[")
    for (number, match) in matches.enumerated() {
      out.raw(number == 0 ? "{" : ",{")
      out.key("id", first: true)
      out.string(match.item.id)
      out.key("handle")
      out.string(match.item.insertionText)
      out.key("name")
      out.string(match.item.displayText)
      out.key("tier")
      out.string("\(match.tier)")
      out.key("route")
      switch match.route {
      case .literal:
        out.string("literal")
      case .transliterated(let spelling):
        out.string("transliterated")
        out.key("spelling")
        out.string(spelling)
      case .typo(let key):
        out.string("typo")
        out.key("key")
        out.string(key)
      }
      out.raw("}")
    }
    out.raw("]")
    out.key("source")
    out.raw("\"")
    out.raw(source)
    out.raw("\"}")
    return out.bytes
  }
}

/// `POST /v1/messages`: a finished message.
struct PostMessageRequest {
  var text: String
  /// The wire format of `rendered` in the answer (`plain` by default).
  var format: String?

  init(_ body: JSONBody) throws(APIError) {
    text = try body.string("text")
    format = try body.optionalString("format")
  }
}

/// A request body's JSON object, with field readers whose errors name the field.
struct JSONBody {
  var members: [String: JSON]

  init(_ bytes: some Collection<UInt8>) throws(APIError) {
    let value: JSON
    do {
      value = try JSON.parse(bytes)
    } catch {
      throw APIError(
        .badRequest, code: "invalid_json",
        "the body is not valid JSON: \(error.reason) at byte offset \(error.offset)")
    }
    guard case .object(let members) = value else {
      throw APIError(.badRequest, code: "invalid_json", "the body is not a JSON object")
    }
    self.members = members
  }

  func string(_ name: String) throws(APIError) -> String {
    guard let value = try optionalString(name) else { throw Self.missing(name) }
    return value
  }

  func optionalString(_ name: String) throws(APIError) -> String? {
    switch members[name] {
    case nil: return nil
    case .string(let text): return text
    case .null: throw Self.null(name)
    default:
      throw APIError(.badRequest, code: "invalid_field", "field \"\(name)\" must be a string")
    }
  }

  func integer(_ name: String) throws(APIError) -> Int {
    guard let value = try optionalInteger(name) else { throw Self.missing(name) }
    return value
  }

  func optionalInteger(_ name: String) throws(APIError) -> Int? {
    switch members[name] {
    case nil: return nil
    case .number(let number):
      guard number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else {
        throw APIError(
          .badRequest, code: "invalid_field", "field \"\(name)\" must be a whole number")
      }
      return Int(number)
    case .null: throw Self.null(name)
    default:
      throw APIError(
        .badRequest, code: "invalid_field", "field \"\(name)\" must be a whole number")
    }
  }

  static func missing(_ name: String) -> APIError {
    APIError(.badRequest, code: "missing_field", "the body lacks the field \"\(name)\"")
  }

  static func null(_ name: String) -> APIError {
    APIError(.badRequest, code: "invalid_field", "field \"\(name)\" is null")
  }
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
