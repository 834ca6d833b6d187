import Foundation
import Hummingbird

/// An error the API answers with: a status and a JSON body
/// `{"error": {"code": "…", "message": "…"}}` that says what was wrong. Nothing else about the
/// server (no stack trace, no SQL) goes to the client.
public struct APIError: Error, Sendable, Hashable {
  /// The HTTP status.
  public var status: HTTPResponse.Status
  /// A stable, machine-readable code such as `invalid_json`.
  public var code: String
  /// A sentence for a person.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - code: A stable, machine-readable code.
  ///   - message: A sentence for a person.
  public init(_ status: HTTPResponse.Status, code: String, _ message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  struct Body: Codable {
    struct Detail: Codable {
      var code: String
      var message: String
    }
    var error: Detail
  }

  /// The response for this error.
  func response() -> Response {
    let body = Body(error: .init(code: code, message: message))
    let data = (try? JSONEncoder().encode(body)) ?? Data(#"{"error":{}}"#.utf8)
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  static func notReady(_ what: String) -> APIError {
    APIError(
      .serviceUnavailable, code: "not_ready",
      "the user directory is still loading; \(what) is served once /ready answers 200")
  }

  static func notFound(_ what: String) -> APIError {
    APIError(.notFound, code: "not_found", what)
  }
}
