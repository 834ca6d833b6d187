import Logging
import PostgresNIO

/// The tables, indexes and triggers the store needs, created when missing.
///
/// - `users`: the system of record (`id`, `handle`, `name`, `score`, `search_terms`), with
///   `ord`, the insertion order MentionKit ranks ties by, and `handle_key`, the handle's
///   ``MentionKit/HandleKey`` for exact look-ups.
/// - `user_search_keys`: each user's ``MentionKit/MentionIndex/SearchKey``s, in a byte-ordered
///   (`COLLATE "C"`) b-tree, so a prefix search over PostgreSQL finds and ranks what the index
///   does.
/// - `user_changes`: one row per insert, update or delete of a user, numbered by a trigger.
///   The trigger takes a transaction-level advisory lock first, so numbers are handed out in
///   commit order: a replica that reads every change after its last number never skips one
///   that commits late. A writer that changes several users in one transaction takes that lock
///   first, before any row lock (``PostgresDirectory`` does), or two such writers can deadlock. A statement-level trigger sends `NOTIFY mention_directory`.
/// - `messages` and `message_entities`: posted messages with their entities and resolutions.
public enum DirectorySchema {
  /// The notification channel replicas listen on.
  public static let channel = "mention_directory"

  /// The advisory lock key that orders changes (an arbitrary constant, "MKDR").
  public static let changeLockKey: Int64 = 0x4D4B_4452

  /// The statements that create the schema; each can run again.
  public static let statements: [String] = [
    """
    CREATE TABLE IF NOT EXISTS users (
      id text PRIMARY KEY,
      handle text NOT NULL,
      name text NOT NULL DEFAULT '',
      score double precision NOT NULL DEFAULT 0,
      search_terms text[] NOT NULL DEFAULT '{}',
      handle_key text NOT NULL,
      ord bigint NOT NULL
    )
    """,
    "CREATE SEQUENCE IF NOT EXISTS users_ord_seq",
    "CREATE UNIQUE INDEX IF NOT EXISTS users_ord ON users (ord)",
    "CREATE INDEX IF NOT EXISTS users_handle_key ON users (handle_key)",
    """
    CREATE TABLE IF NOT EXISTS user_search_keys (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text COLLATE "C" NOT NULL,
      exact_tier smallint NOT NULL,
      prefix_tier smallint NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS user_search_keys_key ON user_search_keys (key COLLATE \"C\")",
    "CREATE INDEX IF NOT EXISTS user_search_keys_user ON user_search_keys (user_id)",
    """
    CREATE TABLE IF NOT EXISTS user_changes (
      seq bigserial PRIMARY KEY,
      op "char" NOT NULL CHECK (op IN ('I', 'U', 'D')),
      user_id text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )
    """,
    """
    CREATE OR REPLACE FUNCTION mention_users_order() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(\(changeLockKey));
      IF TG_OP = 'INSERT' THEN
        NEW.ord := nextval('users_ord_seq');
      ELSE
        NEW.ord := OLD.ord;
      END IF;
      RETURN NEW;
    END $$
    """,
    """
    CREATE OR REPLACE FUNCTION mention_users_log() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(\(changeLockKey));
      IF TG_OP = 'DELETE' THEN
        INSERT INTO user_changes (op, user_id) VALUES ('D', OLD.id);
        RETURN OLD;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO user_changes (op, user_id) VALUES ('I', NEW.id);
      ELSIF NEW.id <> OLD.id THEN
        INSERT INTO user_changes (op, user_id) VALUES ('D', OLD.id);
        INSERT INTO user_changes (op, user_id) VALUES ('I', NEW.id);
      ELSE
        INSERT INTO user_changes (op, user_id) VALUES ('U', NEW.id);
      END IF;
      RETURN NEW;
    END $$
    """,
    """
    CREATE OR REPLACE FUNCTION mention_users_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('\(channel)', '');
      RETURN NULL;
    END $$
    """,
    "DROP TRIGGER IF EXISTS users_order ON users",
    """
    CREATE TRIGGER users_order BEFORE INSERT OR UPDATE ON users
      FOR EACH ROW EXECUTE FUNCTION mention_users_order()
    """,
    "DROP TRIGGER IF EXISTS users_log ON users",
    """
    CREATE TRIGGER users_log AFTER INSERT OR UPDATE OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION mention_users_log()
    """,
    "DROP TRIGGER IF EXISTS users_notify ON users",
    """
    CREATE TRIGGER users_notify AFTER INSERT OR UPDATE OR DELETE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION mention_users_notify()
    """,
    """
    CREATE TABLE IF NOT EXISTS messages (
      id bigserial PRIMARY KEY,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS message_entities (
      message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
      position integer NOT NULL,
      trigger text NOT NULL,
      utf16_start integer NOT NULL,
      utf16_end integer NOT NULL,
      value text NOT NULL,
      list_slug text,
      status text NOT NULL
        CHECK (status IN ('pending', 'resolved', 'ambiguous', 'unresolved', 'skipped')),
      skip_reason text,
      item_ids text[] NOT NULL DEFAULT '{}',
      item_handles text[] NOT NULL DEFAULT '{}',
      item_names text[] NOT NULL DEFAULT '{}',
      PRIMARY KEY (message_id, position)
    )
    """,
  ]

  /// Creates what is missing, in one transaction, serialised with other instances doing the
  /// same by an advisory lock.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - logger: Where the statements are logged at debug level.
  public static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query(
        "SELECT pg_advisory_xact_lock(\(changeLockKey + 1))", logger: logger)
      for statement in statements {
        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
    }
  }

  /// Connects, creates what is missing and disconnects; retries while the database cannot be
  /// reached, until `deadline`.
  ///
  /// - Parameters:
  ///   - settings: Where the database is.
  ///   - logger: Where attempts are logged.
  ///   - deadline: When to give up and throw the last error.
  public static func migrate(
    _ settings: PostgresSettings, logger: Logger, deadline: ContinuousClock.Instant
  ) async throws {
    var delay = Duration.milliseconds(100)
    while true {
      do {
        let connection = try await PostgresConnection.connect(
          configuration: settings.connectionConfiguration, id: 0, logger: logger)
        do {
          try await migrate(connection, logger: logger)
        } catch {
          try? await connection.close()
          throw error
        }
        try? await connection.close()
        return
      } catch {
        guard ContinuousClock.now + delay < deadline, !Task.isCancelled else { throw error }
        logger.warning(
          "cannot prepare the database yet; retrying",
          metadata: ["database": "\(settings)", "error": "\(String(reflecting: error))"])
        try await Task.sleep(for: delay)
        delay = min(delay * 2, .seconds(2))
      }
    }
  }
}
