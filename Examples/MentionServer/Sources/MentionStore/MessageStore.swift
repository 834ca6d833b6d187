import Logging
import MentionKit
import PostgresNIO

/// Posted messages in PostgreSQL: the text, each entity with its resolution and the items it
/// resolved to (as they were when the message was posted), written in one transaction.
public struct MessageStore: Sendable {
  /// The client, which the caller runs.
  public let client: PostgresClient
  /// Where queries are logged.
  public let logger: Logger

  /// Creates a store over a client.
  ///
  /// - Parameters:
  ///   - client: A client the caller runs; the schema must exist.
  ///   - logger: Where queries are logged.
  public init(client: PostgresClient, logger: Logger) {
    self.client = client
    self.logger = logger
  }

  /// Stores a message and its entities in one transaction: either all of it is stored or, when
  /// any statement fails, nothing.
  ///
  /// - Parameter message: The resolved message.
  /// - Returns: The message's id.
  public func insert(_ message: Message) async throws -> Int64 {
    if message.text.utf8.contains(0) { throw MessageStoreError.nulInText }
    var positions: [Int32] = []
    var triggers: [String] = []
    var starts: [Int32] = []
    var ends: [Int32] = []
    var values: [String] = []
    var slugs: [String] = []  // "" for none: arrays of optionals are not encodable
    var statuses: [String] = []
    var reasons: [String] = []
    // Items flattened (entity position, rank, fields) and regrouped by the query: PostgreSQL
    // arrays must be rectangular.
    var itemPositions: [Int32] = []
    var itemRanks: [Int32] = []
    var itemIDs: [String] = []
    var itemHandles: [String] = []
    var itemNames: [String] = []
    for (position, entity) in message.entities.enumerated() {
      positions.append(Int32(position))
      triggers.append(entity.trigger.rawValue)
      starts.append(Int32(entity.utf16Range.lowerBound))
      ends.append(Int32(entity.utf16Range.upperBound))
      values.append(entity.value)
      slugs.append(entity.listSlug ?? "")
      let (status, reason, items) = Self.columns(of: entity.resolution)
      statuses.append(status)
      reasons.append(reason ?? "")
      for (rank, item) in items.enumerated() {
        itemPositions.append(Int32(position))
        itemRanks.append(Int32(rank))
        itemIDs.append(item.id)
        itemHandles.append(item.insertionText)
        itemNames.append(item.displayText)
      }
    }
    for text in values + itemIDs + itemHandles + itemNames + slugs
    where text.utf8.contains(0) {
      throw MessageStoreError.nulInText
    }
    return try await client.withTransaction(logger: logger) { connection async throws -> Int64 in
      var id: Int64 = 0
      for try await value in try await connection.query(
        "INSERT INTO messages (text) VALUES (\(message.text)) RETURNING id", logger: logger
      ).decode(Int64.self) {
        id = value
      }
      guard !positions.isEmpty else { return id }
      try await connection.query(
        """
        INSERT INTO message_entities (message_id, position, trigger, utf16_start, utf16_end,
          value, list_slug, status, skip_reason, item_ids, item_handles, item_names)
        SELECT \(id), e.position, e.trigger, e.utf16_start, e.utf16_end, e.value,
          NULLIF(e.list_slug, ''), e.status, NULLIF(e.skip_reason, ''), coalesce(i.ids, '{}'), coalesce(i.handles, '{}'),
          coalesce(i.names, '{}')
        FROM unnest(\(positions)::int4[], \(triggers)::text[], \(starts)::int4[],
          \(ends)::int4[], \(values)::text[], \(slugs)::text[], \(statuses)::text[],
          \(reasons)::text[])
          AS e(position, trigger, utf16_start, utf16_end, value, list_slug, status, skip_reason)
        LEFT JOIN (
          SELECT position, array_agg(id ORDER BY rank) AS ids,
            array_agg(handle ORDER BY rank) AS handles, array_agg(name ORDER BY rank) AS names
          FROM unnest(\(itemPositions)::int4[], \(itemRanks)::int4[], \(itemIDs)::text[],
            \(itemHandles)::text[], \(itemNames)::text[]) AS t(position, rank, id, handle, name)
          GROUP BY position
        ) i ON i.position = e.position
        """, logger: logger)
      return id
    }
  }

  /// The stored message with an id.
  ///
  /// - Parameter id: The message's id.
  /// - Returns: The message with its entities and resolutions, or `nil` when there is none.
  public func message(id: Int64) async throws -> Message? {
    var text: String?
    for try await value in try await client.query(
      "SELECT text FROM messages WHERE id = \(id)", logger: logger
    ).decode(String.self) {
      text = value
    }
    guard let text else { return nil }
    var entities: [MessageEntity] = []
    let rows = try await client.query(
      """
      SELECT trigger, utf16_start, utf16_end, value, list_slug, status, skip_reason, item_ids,
        item_handles, item_names
      FROM message_entities WHERE message_id = \(id) ORDER BY position
      """, logger: logger)
    for try await (trigger, start, end, value, slug, status, reason, ids, handles, names)
      in rows.decode(
        (String, Int32, Int32, String, String?, String, String?, [String], [String], [String])
          .self)
    {
      let items = zip(ids, zip(handles, names)).map { id, rest in
        MentionItem(id: id, insertionText: rest.0, displayText: rest.1)
      }
      entities.append(
        MessageEntity(
          trigger: Trigger.Name(rawValue: trigger), utf16Range: Int(start)..<Int(end),
          value: value, listSlug: slug,
          resolution: Self.resolution(status: status, reason: reason, items: items)))
    }
    return Message(text: text, entities: entities)
  }

  static func columns(of resolution: MessageEntity.Resolution) -> (
    String, String?, [MentionItem]
  ) {
    switch resolution {
    case .pending: ("pending", nil, [])
    case .resolved(let item): ("resolved", nil, [item])
    case .ambiguous(let items): ("ambiguous", nil, items)
    case .unresolved: ("unresolved", nil, [])
    case .skipped(.noDirectory): ("skipped", "no_directory", [])
    case .skipped(.overMentionLimit): ("skipped", "over_mention_limit", [])
    }
  }

  static func resolution(status: String, reason: String?, items: [MentionItem])
    -> MessageEntity.Resolution
  {
    switch status {
    case "resolved": items.first.map { .resolved($0) } ?? .unresolved
    case "ambiguous": .ambiguous(items)
    case "unresolved": .unresolved
    case "skipped": .skipped(reason == "over_mention_limit" ? .overMentionLimit : .noDirectory)
    default: .pending
    }
  }
}

/// What the message store refused.
public enum MessageStoreError: Error, Sendable, CustomStringConvertible {
  /// The text holds U+0000, which PostgreSQL text cannot store.
  case nulInText

  /// A sentence that says what was wrong.
  public var description: String {
    switch self {
    case .nulInText: "the message holds U+0000, which cannot be stored"
    }
  }
}
