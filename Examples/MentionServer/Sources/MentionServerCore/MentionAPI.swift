import Foundation
import Hummingbird
import Logging
import MentionKit
import MentionStore

/// The HTTP API: composer suggestions, message posting and reading in a wire format, health
/// and readiness. See `Docs/Backend.md` for each route with `curl` examples.
///
/// Every answer is JSON. Bad input (invalid JSON or UTF-8, a missing field, a cursor out of
/// range or inside a surrogate pair, a body over ``maximumBodyBytes``, an unknown wire format)
/// gets a 4xx ``APIError`` that says what was wrong, and changes nothing; an unexpected failure
/// gets a 500 with no detail (the detail goes to the log).
public struct MentionAPI: Sendable {
  /// The replica that answers keystrokes and resolves handles.
  public var replica: DirectoryReplica
  /// The PostgreSQL directory (for `?source=database`, the per-keystroke query baseline).
  public var directory: PostgresDirectory
  /// Where posted messages go.
  public var messages: MessageStore
  /// The largest request body accepted, in bytes.
  public var maximumBodyBytes: Int
  /// The most mentions of a message that are looked up (see ``MentionResolver``).
  public var mentionLimit: Int
  /// Where failures are logged.
  public var logger: Logger

  static let trigger = Trigger.mention
  static let maximumLimit = 50

  /// Creates the API.
  ///
  /// - Parameters:
  ///   - replica: The replica that answers keystrokes and resolves handles.
  ///   - directory: The PostgreSQL directory.
  ///   - messages: Where posted messages go.
  ///   - maximumBodyBytes: The largest request body accepted (1 MiB by default).
  ///   - mentionLimit: The most mentions of a message that are looked up.
  ///   - logger: Where failures are logged.
  public init(
    replica: DirectoryReplica, directory: PostgresDirectory, messages: MessageStore,
    maximumBodyBytes: Int = 1 << 20, mentionLimit: Int = MentionResolver.defaultMentionLimit,
    logger: Logger
  ) {
    self.replica = replica
    self.directory = directory
    self.messages = messages
    self.maximumBodyBytes = maximumBodyBytes
    self.mentionLimit = mentionLimit
    self.logger = logger
  }

  /// Adds the routes to a router.
  ///
  /// - Parameter router: The router.
  public func addRoutes(to router: Router<some RequestContext>) {
    router.get("/health") { _, _ in
      json(["status": "ok"])
    }
    router.get("/ready") { _, _ in
      let status = replica.status
      let body = ReadinessResponse(
        ready: status.isReady, users: status.userCount, position: status.position,
        following: status.isFollowing, lastError: status.lastError)
      return json(body, status: status.isReady ? .ok : .serviceUnavailable)
    }
    router.post("/v1/suggestions") { request, _ in
      await answer { try await suggestions(request) }
    }
    router.post("/v1/messages") { request, _ in
      await answer { try await post(request) }
    }
    router.get("/v1/messages/:id") { request, context in
      await answer {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
          throw APIError(
            .badRequest, code: "invalid_id", "a message id is a positive whole number")
        }
        let format = try wireFormat(request.uri.queryParameters.get("format"))
        guard let message = try await messages.message(id: id) else {
          throw APIError.notFound("no message with id \(id)")
        }
        return json(MessageResponse(id: id, message: message, format: format))
      }
    }
    // The stack's own ceiling for the benchmark: reads a body as the suggestions route does and
    // answers a constant.
    router.post("/bench/noop") { request, _ in
      await answer {
        _ = try await body(request)
        return json(["items": [String]()])
      }
    }
  }

  // MARK: - Routes

  func suggestions(_ request: Request) async throws -> Response {
    let input = try decode(SuggestionsRequest.self, from: try await body(request))
    let count = input.text.utf16.count
    guard input.cursor >= 0, input.cursor <= count else {
      throw APIError(
        .badRequest, code: "cursor_out_of_range",
        "cursor \(input.cursor) is outside the text, whose UTF-16 length is \(count)")
    }
    let utf16 = input.text.utf16
    let position = utf16.index(utf16.startIndex, offsetBy: input.cursor)
    guard position.samePosition(in: input.text.unicodeScalars) != nil else {
      throw APIError(
        .badRequest, code: "cursor_inside_character",
        "cursor \(input.cursor) falls between the two halves of a surrogate pair")
    }
    let limit = input.limit ?? Self.trigger.resultLimit
    guard (1...Self.maximumLimit).contains(limit) else {
      throw APIError(
        .badRequest, code: "invalid_limit",
        "limit \(limit) is outside 1 through \(Self.maximumLimit)")
    }
    let fromDatabase = request.uri.queryParameters.get("source") == "database"
    guard
      let query = MentionQuery(in: input.text, utf16Offset: input.cursor, triggers: [Self.trigger])
    else {
      return json(
        SuggestionsResponse(
          query: nil, items: [], source: fromDatabase ? "database" : "replica"))
    }
    let matches: [MentionIndex.Match]
    if fromDatabase {
      matches = try await directory.matches(for: query.text, limit: limit)
    } else {
      guard let index = replica.index else { throw APIError.notReady("completion") }
      matches = index.matches(for: query.text, limit: limit)
    }
    let range = query.utf16Range
    return json(
      SuggestionsResponse(
        query: .init(
          trigger: query.trigger.name.rawValue, delimiter: query.trigger.delimiter,
          text: query.text, utf16Range: [range.lowerBound, range.upperBound]),
        items: matches.map {
          .init(
            id: $0.item.id, handle: $0.item.insertionText, name: $0.item.displayText,
            tier: "\($0.tier)")
        },
        source: fromDatabase ? "database" : "replica"))
  }

  func post(_ request: Request) async throws -> Response {
    let input = try decode(PostMessageRequest.self, from: try await body(request))
    let format = try wireFormat(input.format)
    if input.text.utf8.contains(0) {
      throw APIError(.badRequest, code: "invalid_text", "the text holds U+0000")
    }
    guard let index = replica.index else { throw APIError.notReady("posting") }
    let resolver = MentionResolver(users: index, mentionLimit: mentionLimit)
    let message = try await resolver.resolve(input.text)
    let id = try await messages.insert(message)
    return json(MessageResponse(id: id, message: message, format: format), status: .created)
  }

  // MARK: - Helpers

  /// Runs a route, turning every error into a JSON answer.
  func answer(_ body: () async throws -> Response) async -> Response {
    do {
      return try await body()
    } catch let error as APIError {
      return error.response()
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      return APIError(
        .contentTooLarge, code: "body_too_large",
        "the request body is over the limit of \(maximumBodyBytes) bytes"
      ).response()
    } catch {
      logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
      return APIError(
        .internalServerError, code: "internal", "the server could not answer; nothing was stored"
      ).response()
    }
  }

  /// The request body, at most ``maximumBodyBytes``, checked to be UTF-8.
  func body(_ request: Request) async throws -> ByteBuffer {
    let buffer = try await request.body.collect(upTo: maximumBodyBytes)
    let bytes = buffer.readableBytesView
    if String(validating: bytes, as: UTF8.self) == nil {
      var valid = 0
      // Find the first byte where decoding fails, to say where.
      var iterator = bytes.makeIterator()
      var decoder = UTF8()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): valid += UTF8.width(scalar)
        case .emptyInput, .error: break loop
        }
      }
      throw APIError(
        .badRequest, code: "invalid_utf8", "the body is not valid UTF-8 at byte offset \(valid)")
    }
    return buffer
  }

  func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
    } catch let DecodingError.keyNotFound(key, _) {
      throw APIError(
        .badRequest, code: "missing_field", "the body lacks the field \"\(key.stringValue)\"")
    } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
      throw APIError(
        .badRequest, code: "invalid_field", "field \(Self.path(context)) has the wrong type")
    } catch let DecodingError.valueNotFound(_, context) where !context.codingPath.isEmpty {
      throw APIError(.badRequest, code: "invalid_field", "field \(Self.path(context)) is null")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      throw APIError(
        .badRequest, code: "invalid_field", "field \(Self.path(context)) has an invalid value")
    } catch DecodingError.typeMismatch {
      throw APIError(.badRequest, code: "invalid_json", "the body is not a JSON object")
    } catch {
      // Foundation reports a number that does not fit the field (`"cursor": 3.5`) as invalid
      // JSON with no field named: tell the two apart on this error path only.
      let data = Data(buffer.readableBytesView)
      if (try? JSONSerialization.jsonObject(with: data)) is [String: Any] {
        throw APIError(
          .badRequest, code: "invalid_field",
          "a field has an invalid value: text is a string, cursor and limit are whole numbers")
      }
      throw APIError(.badRequest, code: "invalid_json", "the body is not valid JSON")
    }
  }

  static func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return "\"\(path)\""
  }

  func wireFormat(_ name: String?) throws -> WireFormat {
    guard let name else { return .plain }
    guard let format = WireFormat(rawValue: name) else {
      let known = WireFormat.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError(
        .badRequest, code: "unknown_format",
        "unknown wire format \"\(name)\"; the formats are \(known)")
    }
    return format
  }

  func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else {
      return APIError(.internalServerError, code: "internal", "could not encode the answer")
        .response()
    }
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}
