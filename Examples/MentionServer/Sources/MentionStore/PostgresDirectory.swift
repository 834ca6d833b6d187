import Logging
import MentionKit
import PostgresNIO

/// A user directory in PostgreSQL: the system of record, searched and resolved with SQL.
///
/// Completion (``matches(for:limit:)``, and ``items(for:)`` as a ``MentionDataSource``) runs
/// one prefix query over the stored ``MentionIndex/SearchKey``s and returns the items a
/// ``MentionIndex`` over the same rows returns, in the same order. Resolution
/// (``items(matching:trigger:)``, the resolver's ``MentionDirectory``) is one query with
/// `handle_key = ANY($1)` for a whole message's handles, exact up to Unicode case folding. Every
/// value is a bound parameter.
///
/// Writes go through ``upsert(_:)`` and ``remove(ids:)``, which store the search keys
/// MentionKit computes beside each row; a row written by other means is not found by
/// completion until it is written again here. A service answers keystrokes from a
/// ``DirectoryReplica`` instead, and keeps this type for writes and as the reference.
public struct PostgresDirectory: MentionDataSource, MentionDirectory {
  /// The client, which the caller runs (`client.run()`).
  public let client: PostgresClient
  /// Where queries are logged.
  public let logger: Logger

  /// Creates a directory over a client.
  ///
  /// - Parameters:
  ///   - client: A client the caller runs; the schema must exist (``DirectorySchema/migrate(_:logger:)``).
  ///   - logger: Where queries are logged.
  public init(client: PostgresClient, logger: Logger) {
    self.client = client
    self.logger = logger
  }

  // MARK: - Completion

  /// The best matches for a query, ranked as ``MentionIndex/matches(for:limit:)`` ranks them.
  ///
  /// - Parameters:
  ///   - query: The text typed after the trigger.
  ///   - limit: The most matches returned.
  /// - Returns: Up to `limit` matches, best first.
  public func matches(for query: some StringProtocol, limit: Int) async throws
    -> [MentionMatch]
  {
    guard limit > 0 else { return [] }
    let key = MentionIndex.searchKey(forQuery: query)
    let rows: PostgresRowSequence
    if key.isEmpty {
      rows = try await client.query(
        """
        SELECT id, handle, name, score, search_terms, \(Int16(MatchTier.prefix.rawValue))::smallint
        FROM users ORDER BY score DESC, ord LIMIT \(limit)
        """, logger: logger)
    } else {
      // `^@` (starts_with) uses the "C" b-tree on PostgreSQL 15 and later.
      rows = try await client.query(
        """
        SELECT u.id, u.handle, u.name, u.score, u.search_terms, k.tier
        FROM (
          SELECT user_id, min(CASE WHEN key = \(key) THEN exact_tier ELSE prefix_tier END) AS tier
          FROM user_search_keys WHERE key ^@ \(key) GROUP BY user_id
        ) k JOIN users u ON u.id = k.user_id
        ORDER BY k.tier, u.score DESC, u.ord LIMIT \(limit)
        """, logger: logger)
    }
    var matches: [MentionMatch] = []
    for try await (id, handle, name, score, terms, tier) in rows.decode(
      (String, String, String, Double, [String], Int16).self)
    {
      let item = MentionItem(
        id: id, insertionText: handle, displayText: name, searchTerms: terms, score: score)
      matches.append(
        MentionMatch(item: item, tier: MatchTier(rawValue: Int(tier)) ?? .prefix))
    }
    return matches
  }

  /// The best items for the query, up to the trigger's result limit.
  ///
  /// - Parameter query: The active query.
  /// - Returns: Up to ``Trigger/resultLimit`` items, best first.
  public func items(for query: MentionQuery) async throws -> [MentionItem] {
    try await matches(for: query.text, limit: query.trigger.resultLimit).map(\.item)
  }

  // MARK: - Resolution

  /// The users whose handle has each key, in one query for all keys.
  ///
  /// - Parameters:
  ///   - keys: The handles' keys.
  ///   - trigger: The trigger (this directory holds users).
  /// - Returns: The users of each key that has any, in insertion order.
  public func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]
  {
    guard !keys.isEmpty else { return [:] }
    let rawKeys = keys.map(\.rawValue)
    let rows = try await client.query(
      """
      SELECT handle_key, id, handle, name, score, search_terms FROM users
      WHERE handle_key = ANY(\(rawKeys)) ORDER BY ord
      """, logger: logger)
    var found: [HandleKey: [MentionItem]] = [:]
    for try await (key, id, handle, name, score, terms) in rows.decode(
      (String, String, String, String, Double, [String]).self)
    {
      found[HandleKey(key), default: []].append(
        MentionItem(
          id: id, insertionText: handle, displayText: name, searchTerms: terms, score: score))
    }
    return found
  }

  // MARK: - Writes

  /// Inserts users, or updates the ones whose id is present (an update keeps the user's place
  /// in the insertion order), with their search keys, in one transaction.
  ///
  /// - Parameter items: The users; ids are unique within the call (the last one wins).
  public func upsert(_ items: [MentionItem]) async throws {
    guard !items.isEmpty else { return }
    var seen: [String: Int] = [:]
    var unique: [MentionItem] = []
    for item in items {
      if let slot = seen[item.id] {
        unique[slot] = item
      } else {
        seen[item.id] = unique.count
        unique.append(item)
      }
    }
    var keyUsers: [String] = []
    var keyTexts: [String] = []
    var exactTiers: [Int16] = []
    var prefixTiers: [Int16] = []
    for item in unique {
      for key in MentionIndex.searchKeys(of: item) {
        keyUsers.append(item.id)
        keyTexts.append(key.key)
        exactTiers.append(Int16(key.exactTier.rawValue))
        prefixTiers.append(Int16(key.prefixTier.rawValue))
      }
    }
    let ids = unique.map(\.id)
    let handles = unique.map(\.insertionText)
    let names = unique.map(\.displayText)
    let scores = unique.map(\.score)
    let handleKeys = unique.map { HandleKey($0.insertionText).rawValue }
    // Search terms flattened (user, rank, term) and regrouped by the query: PostgreSQL arrays
    // must be rectangular.
    var termUsers: [String] = []
    var termRanks: [Int32] = []
    var termTexts: [String] = []
    for item in unique {
      try Self.validate(item)
      for (rank, term) in item.searchTerms.enumerated() {
        termUsers.append(item.id)
        termRanks.append(Int32(rank))
        termTexts.append(term)
      }
    }
    try await client.withTransaction(logger: logger) { connection in
      // The change lock first, before any row lock: the change trigger takes it too, and a
      // writer holding a row lock while waiting for it would deadlock with another writer.
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(DirectorySchema.changeLockKey))", logger: logger)
      try await connection.query(
        """
        INSERT INTO users (id, handle, name, score, search_terms, handle_key)
        SELECT u.id, u.handle, u.name, u.score, coalesce(t.terms, '{}'), u.handle_key
        FROM unnest(\(ids)::text[], \(handles)::text[], \(names)::text[], \(scores)::float8[],
          \(handleKeys)::text[]) WITH ORDINALITY AS u(id, handle, name, score, handle_key, n)
        LEFT JOIN (
          SELECT id, array_agg(term ORDER BY rank) AS terms
          FROM unnest(\(termUsers)::text[], \(termRanks)::int4[], \(termTexts)::text[])
            AS t(id, rank, term)
          GROUP BY id
        ) t ON t.id = u.id
        ORDER BY u.n
        ON CONFLICT (id) DO UPDATE SET handle = EXCLUDED.handle, name = EXCLUDED.name,
          score = EXCLUDED.score, search_terms = EXCLUDED.search_terms,
          handle_key = EXCLUDED.handle_key
        """, logger: logger)
      try await connection.query(
        "DELETE FROM user_search_keys WHERE user_id = ANY(\(ids))", logger: logger)
      try await connection.query(
        """
        INSERT INTO user_search_keys (user_id, key, exact_tier, prefix_tier)
        SELECT * FROM unnest(\(keyUsers)::text[], \(keyTexts)::text[], \(exactTiers)::int2[],
          \(prefixTiers)::int2[])
        """, logger: logger)
    }
  }

  /// Deletes users and their search keys.
  ///
  /// - Parameter ids: The users' ids; unknown ids are ignored.
  /// - Returns: How many users were deleted.
  @discardableResult
  public func remove(ids: [String]) async throws -> Int {
    guard !ids.isEmpty else { return 0 }
    return try await client.withTransaction(logger: logger) { connection async throws -> Int in
      // The change lock before the row locks, as in `upsert(_:)`.
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(DirectorySchema.changeLockKey))", logger: logger)
      let rows = try await connection.query(
        "DELETE FROM users WHERE id = ANY(\(ids)) RETURNING id", logger: logger)
      var count = 0
      for try await _ in rows { count += 1 }
      return count
    }
  }

  /// Checks that PostgreSQL can store an item's text: no U+0000 in any field (PostgreSQL text
  /// cannot hold it).
  ///
  /// - Throws: ``DirectoryError/unstorableText(id:field:)``.
  public static func validate(_ item: MentionItem) throws(DirectoryError) {
    let fields = [("id", item.id), ("handle", item.insertionText), ("name", item.displayText)]
    for (field, text) in fields where text.utf8.contains(0) {
      throw .unstorableText(id: item.id, field: field)
    }
    for term in item.searchTerms where term.utf8.contains(0) {
      throw .unstorableText(id: item.id, field: "search term")
    }
  }
}

/// What a directory write refused.
public enum DirectoryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A field holds a character PostgreSQL text cannot store (U+0000).
  case unstorableText(id: String, field: String)

  /// A sentence that says what was wrong.
  public var description: String {
    switch self {
    case .unstorableText(let id, let field):
      "user \(id.debugDescription): the \(field) holds U+0000, which PostgreSQL text cannot store"
    }
  }
}
