import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MentionKit
import MentionServerCore
import MentionStore
import PostgresNIO
import Testing

extension PostgresIntegration {
  /// The HTTP API, through Hummingbird's test client, on a real database and replica.
  @Suite struct APITests {
    static let users: [MentionItem] = [
      MentionItem(id: "U1", insertionText: "jose_lerma", displayText: "José Lerma"),
      MentionItem(id: "U2", insertionText: "josefina", displayText: "Josefina Ruiz"),
      MentionItem(id: "U3", insertionText: "ana", displayText: "Ana Núñez"),
      MentionItem(id: "U4", insertionText: "dup", displayText: "First Dup"),
      MentionItem(id: "U5", insertionText: "DUP", displayText: "Second Dup"),
      // Hostile display names and ids: they must stay text in every format.
      MentionItem(
        id: "U6", insertionText: "mallory", displayText: "<img src=x onerror=alert(1)>&amp;"),
      MentionItem(
        id: "U7", insertionText: "eve", displayText: "](javascript:alert(1)) <@U1> @everyone"),
      MentionItem(
        id: "U8\"><script>alert(1)</script>", insertionText: "trudy", displayText: "Trudy"),
    ]

    /// Runs `body` with a test client on the API over a loaded replica.
    static func withAPI(
      replicaRuns: Bool = true, maximumBodyBytes: Int = 4_096, mentionLimit: Int = 100,
      testing: TestingSetup = .router, databaseTimeout: Duration = .seconds(5),
      _ body: @escaping @Sendable (any TestClientProtocol, TestDatabase) async throws -> Void
    ) async throws {
      try await TestDatabase.with { database, client in
        let directory = PostgresDirectory(client: client, logger: TestDatabase.logger)
        try await directory.upsert(users)
        let replica = DirectoryReplica(
          configuration: database.settings.connectionConfiguration, logger: TestDatabase.logger,
          maximumRetryDelay: .milliseconds(200))
        let api = MentionAPI(
          replica: replica, directory: directory,
          messages: MessageStore(client: client, logger: TestDatabase.logger),
          maximumBodyBytes: maximumBodyBytes, mentionLimit: mentionLimit,
          databaseTimeout: databaseTimeout, logger: TestDatabase.logger)
        let router = Router()
        api.addRoutes(to: router)
        let app = Application(router: router, logger: TestDatabase.logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
          if replicaRuns {
            group.addTask { try await replica.run() }
            #expect(try await eventually { replica.status.isFollowing })
          }
          try await app.test(testing) { client in try await body(client, database) }
          group.cancelAll()
        }
      }
    }

    /// Sends a request and returns the status and the body parsed as JSON.
    static func send(
      _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String,
      _ body: String? = nil, bytes: [UInt8]? = nil
    ) async throws -> (HTTPResponse.Status, [String: Any]) {
      let buffer = bytes.map { ByteBuffer(bytes: $0) } ?? body.map { ByteBuffer(string: $0) }
      return try await client.execute(uri: uri, method: method, body: buffer) { response in
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        return (response.status, try #require(object as? [String: Any]))
      }
    }

    static func errorCode(_ json: [String: Any]) -> String? {
      (json["error"] as? [String: Any])?["code"] as? String
    }

    @Test func suggestionsForTheQueryAtTheCursor() async throws {
      try await Self.withAPI { client, _ in
        // "hi @jos| there": the cursor after "jos" (UTF-16 offset 7).
        let (status, json) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"hi @jos there","cursor":7}"#)
        #expect(status == .ok)
        let query = try #require(json["query"] as? [String: Any])
        #expect(query["text"] as? String == "jos")
        #expect(query["utf16Range"] as? [Int] == [3, 7])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["U1", "U2"])
        #expect(items.map { $0["tier"] as? String } == ["prefix", "prefix"])
        #expect(items.map { $0["route"] as? String } == ["literal", "literal"])
        #expect(items.first?["name"] as? String == "José Lerma")
        #expect(json["source"] as? String == "replica")
        // The same through PostgreSQL.
        let (_, database) = try await Self.send(
          client, .post, "/v1/suggestions?source=database", #"{"text":"hi @jos there","cursor":7}"#)
        #expect(
          (database["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["U1", "U2"])
        // An emoji before the query: offsets are UTF-16 (👩‍👩‍👧 is 8 units).
        let (_, emoji) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"👩‍👩‍👧 @NÚÑ","cursor":13}"#)
        #expect((emoji["query"] as? [String: Any])?["utf16Range"] as? [Int] == [9, 13])
        #expect((emoji["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["U3"])
        #expect((emoji["items"] as? [[String: Any]])?.first?["tier"] as? String == "wordPrefix")
        // No trigger at the cursor.
        let (none, nothing) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"mail me@jos","cursor":11}"#)
        #expect(none == .ok)
        #expect(nothing["query"] is NSNull)
        // One edit: "jsoe" is "jose" with two letters swapped; the replica finds it as a typo.
        let (_, typo) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"hi @jsoe","cursor":8}"#)
        let typoItems = try #require(typo["items"] as? [[String: Any]])
        #expect(typoItems.contains { $0["id"] as? String == "U1" })
        #expect(!typoItems.isEmpty && typoItems.allSatisfy { $0["route"] as? String == "typo" })
      }
    }

    @Test func postResolveStoreAndReadBackInEveryFormat() async throws {
      try await Self.withAPI { client, database in
        let (status, posted) = try await Self.send(
          client, .post, "/v1/messages",
          #"{"text":"hi @JOSE_LERMA, @dup and @nobody in `@ana` #news","format":"slack"}"#)
        #expect(status == .created)
        let id = try #require(posted["id"] as? Int)
        #expect(posted["rendered"] as? String == "hi <@U1>, @dup and @nobody in `@ana` #news")
        let entities = try #require(posted["entities"] as? [[String: Any]])
        #expect(
          entities.map { $0["status"] as? String } == [
            "resolved", "ambiguous", "unresolved", "skipped",
          ])
        #expect(entities[1]["items"].map { ($0 as? [[String: Any]])?.count } == 2)
        #expect(entities[3]["reason"] as? String == "no_directory")
        #expect(try await database.count("SELECT count(*) FROM message_entities") == 4)
        let expected: [String: String] = [
          "plain": "hi @JOSE_LERMA, @dup and @nobody in `@ana` #news",
          "slack": "hi <@U1>, @dup and @nobody in `@ana` #news",
          "markdown": "hi [@José Lerma](user:U1), @dup and @nobody in \\`@ana\\` #news",
          "html":
            "hi <a class=\"mention\" data-id=\"U1\">@José Lerma</a>, @dup and @nobody in `@ana` #news",
        ]
        for (format, rendered) in expected {
          let (readStatus, read) = try await Self.send(
            client, .get, "/v1/messages/\(id)?format=\(format)")
          #expect(readStatus == .ok)
          #expect(read["rendered"] as? String == rendered, "\(format)")
          #expect((read["entities"] as? [[String: Any]])?.count == 4)
        }
        let (missing, notFound) = try await Self.send(client, .get, "/v1/messages/999999")
        #expect(missing == .notFound)
        #expect(Self.errorCode(notFound) == "not_found")
      }
    }

    /// Expected outputs written from the format table of Docs/ChatBackends.md: HTML escapes
    /// `& < > " '` in names; an id the format does not accept is written as typed.
    @Test func hostileNamesAndIdsStayInertInHTML() async throws {
      try await Self.withAPI { client, _ in
        let (_, posted) = try await Self.send(
          client, .post, "/v1/messages",
          #"{"text":"@mallory @trudy @eve <b>hi</b>","format":"html"}"#)
        #expect(
          posted["rendered"] as? String
            == "<a class=\"mention\" data-id=\"U6\">@&lt;img src=x onerror=alert(1)&gt;&amp;amp;</a>"
            + " @trudy <a class=\"mention\" data-id=\"U7\">@](javascript:alert(1)) &lt;@U1&gt;"
            + " @everyone</a> &lt;b&gt;hi&lt;/b&gt;")
        let (_, slack) = try await Self.send(
          client, .post, "/v1/messages", #"{"text":"@eve @trudy","format":"slack"}"#)
        #expect(slack["rendered"] as? String == "<@U7> @trudy")
      }
    }

    @Test func badInputGetsAClearErrorAndStoresNothing() async throws {
      try await Self.withAPI(maximumBodyBytes: 4_096) { client, database in
        let cases: [(String, String?, [UInt8]?, HTTPResponse.Status, String)] = [
          ("/v1/messages", "{\"text\": ", nil, .badRequest, "invalid_json"),
          ("/v1/messages", "[1, 2]", nil, .badRequest, "invalid_json"),
          ("/v1/messages", "{}", nil, .badRequest, "missing_field"),
          ("/v1/messages", #"{"text": 5}"#, nil, .badRequest, "invalid_field"),
          ("/v1/messages", #"{"text": null}"#, nil, .badRequest, "invalid_field"),
          (
            "/v1/messages", nil, Array(#"{"text":"a"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
            .badRequest, "invalid_utf8"
          ),
          ("/v1/messages", #"{"text":"hi","format":"xml"}"#, nil, .badRequest, "unknown_format"),
          ("/v1/messages", #"{"text":"a\u0000b"}"#, nil, .badRequest, "invalid_text"),
          (
            "/v1/messages", "{\"text\":\"" + String(repeating: "a", count: 5_000) + "\"}", nil,
            .contentTooLarge, "body_too_large"
          ),
          (
            "/v1/suggestions", #"{"text":"@jo","cursor":4}"#, nil, .badRequest,
            "cursor_out_of_range"
          ),
          (
            "/v1/suggestions", #"{"text":"@jo","cursor":-1}"#, nil, .badRequest,
            "cursor_out_of_range"
          ),
          (
            "/v1/suggestions", #"{"text":"@😀","cursor":2}"#, nil, .badRequest,
            "cursor_inside_character"
          ),
          ("/v1/suggestions", #"{"text":"@jo"}"#, nil, .badRequest, "missing_field"),
          (
            "/v1/suggestions", #"{"text":"@jo","cursor":3,"limit":0}"#, nil, .badRequest,
            "invalid_limit"
          ),
          ("/v1/suggestions", #"{"text":"@jo","cursor":3.5}"#, nil, .badRequest, "invalid_field"),
        ]
        for (uri, body, bytes, status, code) in cases {
          let (actual, json) = try await Self.send(client, .post, uri, body, bytes: bytes)
          #expect(actual == status, "\(uri) \(body ?? "bytes")")
          #expect(Self.errorCode(json) == code, "\(uri) \(body ?? "bytes")")
          let message = (json["error"] as? [String: Any])?["message"] as? String ?? ""
          #expect(!message.isEmpty)
        }
        let (idStatus, idJSON) = try await Self.send(client, .get, "/v1/messages/abc")
        #expect(idStatus == .badRequest && Self.errorCode(idJSON) == "invalid_id")
        let (formatStatus, _) = try await Self.send(client, .get, "/v1/messages/1?format=xml")
        #expect(formatStatus == .badRequest)
        #expect(try await database.count("SELECT count(*) FROM messages") == 0)
        // The service keeps serving.
        let (ok, _) = try await Self.send(client, .post, "/v1/messages", #"{"text":"@ana"}"#)
        #expect(ok == .created)
      }
    }

    /// A failure between the message's row and its entities' rows (here a trigger that rejects
    /// one entity) rolls the whole post back.
    @Test func aPostThatFailsHalfwayStoresNothing() async throws {
      try await Self.withAPI { client, database in
        try await database.run(
          """
          CREATE FUNCTION reject_entity() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF NEW.value = 'ana' THEN RAISE EXCEPTION 'rejected by the test'; END IF;
            RETURN NEW;
          END $$
          """,
          """
          CREATE TRIGGER reject_entity BEFORE INSERT ON message_entities
            FOR EACH ROW EXECUTE FUNCTION reject_entity()
          """)
        let (status, json) = try await Self.send(
          client, .post, "/v1/messages", #"{"text":"@jose_lerma then @ana"}"#)
        #expect(status == .internalServerError)
        #expect(Self.errorCode(json) == "internal")
        let message = (json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(!message.contains("rejected by the test"), "no database detail reaches the client")
        #expect(try await database.count("SELECT count(*) FROM messages") == 0)
        #expect(try await database.count("SELECT count(*) FROM message_entities") == 0)
        let (ok, _) = try await Self.send(client, .post, "/v1/messages", #"{"text":"@jose_lerma"}"#)
        #expect(ok == .created)
        #expect(try await database.count("SELECT count(*) FROM messages") == 1)
      }
    }

    @Test func overTheMentionLimitIsReportedAsSuch() async throws {
      try await Self.withAPI(mentionLimit: 1) { client, _ in
        let (_, json) = try await Self.send(
          client, .post, "/v1/messages", #"{"text":"@ana @jose_lerma"}"#)
        let entities = try #require(json["entities"] as? [[String: Any]])
        #expect(entities.map { $0["status"] as? String } == ["resolved", "skipped"])
        #expect(entities[1]["reason"] as? String == "over_mention_limit")
      }
    }

    /// Over a real socket: Hummingbird's HTTP/1 server, not only the router.
    @Test func servesOverTCP() async throws {
      try await Self.withAPI(testing: .live) { client, _ in
        let (health, _) = try await Self.send(client, .get, "/health")
        #expect(health == .ok)
        let (status, json) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"@ana","cursor":4}"#)
        #expect(status == .ok)
        #expect((json["items"] as? [[String: Any]])?.first?["tier"] as? String == "exact")
      }
    }

    /// PostgreSQL stopped and started under a running service: keystrokes keep being answered
    /// from the replica, posts fail with a JSON 500 and store nothing while the database is
    /// down, and both work again after it is back, with what changed meanwhile.
    @Test(
      .enabled(
        if: TestDatabase.environment["MENTIONKIT_POSTGRES_CTL"] != nil,
        "needs with-postgres's MENTIONKIT_POSTGRES_CTL to restart the server"))
    func theServiceKeepsServingThroughAPostgresRestart() async throws {
      let control = try #require(TestDatabase.environment["MENTIONKIT_POSTGRES_CTL"])
      try await Self.withAPI(databaseTimeout: .seconds(2)) { client, database in
        try run(control, "stop")
        let (down, suggestions) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"@jos","cursor":4}"#)
        #expect(down == .ok)
        #expect((suggestions["items"] as? [[String: Any]])?.count == 2)
        let (failed, error) = try await Self.send(
          client, .post, "/v1/messages", #"{"text":"@ana"}"#)
        // A connection error (500) or no connection within the timeout (503), quickly.
        #expect([.internalServerError, .serviceUnavailable].contains(failed))
        #expect(["internal", "database_unavailable"].contains(Self.errorCode(error)))
        let (_, readiness) = try await Self.send(client, .get, "/ready")
        #expect(readiness["ready"] as? Bool == true)
        try run(control, "start")
        // A pooled connection that died with the server may fail one post; the next works.
        #expect(
          try await eventually {
            try await Self.send(client, .post, "/v1/messages", #"{"text":"@ana"}"#).0 == .created
          })
        #expect(try await database.count("SELECT count(*) FROM messages") == 1)
        // A user written after the restart reaches the replica.
        try await database.run(
          "INSERT INTO users (id, handle, name, handle_key) VALUES ('U9', 'zed', 'Zed', 'zed')")
        #expect(
          try await eventually {
            let (_, json) = try await Self.send(
              client, .post, "/v1/suggestions", #"{"text":"@zed","cursor":4}"#)
            return (json["items"] as? [[String: Any]])?.first?["id"] as? String == "U9"
          })
        #expect(
          try await eventually {
            let (_, json) = try await Self.send(client, .get, "/ready")
            return json["following"] as? Bool == true
          })
      }
    }

    @Test func notReadyUntilTheReplicaHasLoaded() async throws {
      try await Self.withAPI(replicaRuns: false) { client, _ in
        let (ready, readiness) = try await Self.send(client, .get, "/ready")
        #expect(ready == .serviceUnavailable)
        #expect(readiness["ready"] as? Bool == false)
        let (health, _) = try await Self.send(client, .get, "/health")
        #expect(health == .ok)
        let (status, json) = try await Self.send(
          client, .post, "/v1/suggestions", #"{"text":"@jo","cursor":3}"#)
        #expect(status == .serviceUnavailable)
        #expect(Self.errorCode(json) == "not_ready")
      }
    }
  }
}
