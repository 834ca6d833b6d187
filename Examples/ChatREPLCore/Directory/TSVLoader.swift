import MentionKit
import ToolSupport

/// Loads users and channels from TSV in the ../shared/data format (read by ToolSupport's
/// `TSVReader`), fast enough for a million-user file.
///
/// Users: a header line naming at least `id`, `handle` and `display_name` (any order, more
/// columns allowed), then one user per line. Channels: `id` and `name`. Lines end in `\n` (a
/// `\r` before it is dropped); empty lines are skipped; every other line must have every header
/// column, a non-empty id and handle/name, and a unique id.
enum TSVLoader {
  /// What a file holds.
  enum Kind {
    case users, channels

    var requiredColumns: [String] {
      switch self {
      case .users: ["id", "handle", "display_name"]
      case .channels: ["id", "name"]
      }
    }

    var noun: String {
      switch self {
      case .users: "users"
      case .channels: "channels"
      }
    }
  }

  /// Reports progress: rows loaded so far and the fraction of bytes read.
  typealias Progress = TSVReader.Progress

  /// Parses users or channels from TSV bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - kind: Users or channels.
  ///   - file: The file's name, for error messages.
  ///   - progress: Called about every 2% of the bytes on large inputs.
  /// - Returns: The items, in file order. Users carry their locale (when the file has one)
  ///   as `metadata["locale"]`; channels have their name as both insertion and display text.
  static func parse(
    _ bytes: [UInt8], kind: Kind, file: String, progress: Progress? = nil
  ) throws(FileError) -> [MentionItem] {
    try parseWithLines(bytes, kind: kind, file: file, progress: progress).items
  }

  /// Parses users or channels as ``parse(_:kind:file:progress:)`` does, and gives the 1-based
  /// line of each item.
  static func parseWithLines(
    _ bytes: [UInt8], kind: Kind, file: String, progress: Progress? = nil
  ) throws(FileError) -> (items: [MentionItem], lines: [Int32]) {
    var items: [MentionItem] = []
    var lines: [Int32] = []
    lines.reserveCapacity(bytes.count / 48)
    items.reserveCapacity(bytes.count / 48)
    var ids = Set<String>()
    ids.reserveCapacity(bytes.count / 48)
    let localeColumn = kind.requiredColumns.count
    try TSVReader.forEachRow(
      in: bytes, file: file, columns: kind.requiredColumns,
      optionalColumns: kind == .users ? ["locale"] : [], progress: progress
    ) { row throws(FileError) in
      let id = row.string(0)
      let handle = row.string(1)
      guard !id.isEmpty else { throw row.error("empty id") }
      guard !handle.isEmpty else { throw row.error("empty \(kind.requiredColumns[1])") }
      guard ids.insert(id).inserted else { throw row.error("duplicate id '\(id)'") }
      lines.append(Int32(truncatingIfNeeded: row.line))
      switch kind {
      case .users:
        let name = row.string(2)
        var metadata: [String: String] = [:]
        if !row.isEmpty(localeColumn) { metadata["locale"] = row.string(localeColumn) }
        items.append(
          MentionItem(
            id: id, insertionText: handle, displayText: name.isEmpty ? handle : name,
            metadata: metadata))
      case .channels:
        items.append(MentionItem(id: id, insertionText: handle))
      }
    }
    return (items, lines)
  }
}
