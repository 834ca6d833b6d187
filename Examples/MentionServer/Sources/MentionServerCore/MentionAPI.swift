import Foundation
import Hummingbird
import Logging
import MentionKit
import MentionStore
import Synchronization

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
  /// How long a request waits for the database before it answers 503.
  public var databaseTimeout: Duration
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
  ///   - databaseTimeout: How long a request waits for the database (5 s by default).
  ///   - logger: Where failures are logged.
  public init(
    replica: DirectoryReplica, directory: PostgresDirectory, messages: MessageStore,
    maximumBodyBytes: Int = 1 << 20, mentionLimit: Int = MentionResolver.defaultMentionLimit,
    databaseTimeout: Duration = .seconds(5), logger: Logger
  ) {
    self.databaseTimeout = databaseTimeout
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
        guard let message = try await database({ try await messages.message(id: id) }) else {
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
        return json(bytes: Array(#"{"items":[]}"#.utf8))
      }
    }
  }

  // MARK: - Routes

  func suggestions(_ request: Request) async throws -> Response {
    let input = try SuggestionsRequest(JSONBody(try await body(request).readableBytesView))
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
    let source: StaticString = fromDatabase ? "database" : "replica"
    guard
      let query = MentionQuery(in: input.text, utf16Offset: input.cursor, triggers: [Self.trigger])
    else {
      return json(bytes: SuggestionsResponse(query: nil, matches: [], source: source).json())
    }
    let matches: [MentionMatch]
    if fromDatabase {
      matches = try await database { try await directory.matches(for: query.text, limit: limit) }
    } else {
      guard let index = replica.index else { throw APIError.notReady("completion") }
      matches = index.matches(for: query.text, limit: limit)
    }
    return json(
      bytes: SuggestionsResponse(query: query, matches: matches, source: source).json())
  }

  func post(_ request: Request) async throws -> Response {
    let input = try PostMessageRequest(JSONBody(try await body(request).readableBytesView))
    let format = try wireFormat(input.format)
    if input.text.utf8.contains(0) {
      throw APIError(.badRequest, code: "invalid_text", "the text holds U+0000")
    }
    guard let index = replica.index else { throw APIError.notReady("posting") }
    let resolver = MentionResolver(users: index, mentionLimit: mentionLimit)
    let message = try await resolver.resolve(input.text)
    let id = try await database { try await messages.insert(message) }
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

  /// Runs a database call, giving up after ``databaseTimeout``: while PostgreSQL is down the
  /// pool waits for a connection much longer than a client should. The request answers at the
  /// deadline (or when it is cancelled) even if the call does not react to cancellation; the
  /// call is cancelled and left to finish on its own.
  func database<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let timeout = databaseTimeout
    let race = Race<T>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let task = Task {
          do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
        }
        race.worker.withLock { $0 = task }
        Task {
          try? await Task.sleep(for: timeout)
          race.finish(
            .failure(
              APIError(
                .serviceUnavailable, code: "database_unavailable",
                "the database did not answer within \(timeout); a message being posted may not have been stored"
              )))
          task.cancel()
        }
      }
    } onCancel: {
      race.finish(.failure(CancellationError()))
      race.worker.withLock { $0?.cancel() }
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

  func json(bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
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

/// The state of ``MentionAPI/database(_:)``: a continuation resumed once, by the call, the
/// deadline or cancellation, whichever comes first.
private final class Race<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var result: Result<T, any Error>?
  }
  private let state = Mutex(State())
  let worker = Mutex<Task<Void, Never>?>(nil)

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    // A result (cancellation) may have come first.
    let early = state.withLock { state -> Result<T, any Error>? in
      if let result = state.result { return result }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  func finish(_ result: Result<T, any Error>) {
    let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      return state.continuation.take()
    }
    continuation?.resume(with: result)
  }
}
