import MentionKit
import ToolSupport

/// The users of a directory file, with the locale column kept beside them for the query
/// generator.
struct UserDirectory {
  var items: [MentionItem]
  var locales: [String]
}

/// Reads the benchmark's input files (with ToolSupport's `TextFile` and `TSVReader`): users,
/// channels, the chat corpus. Errors name the file and, when it applies, the line.
enum DataFiles {
  /// Loads a users file: a header naming `id`, `handle`, `display_name` and `locale`
  /// (tab-separated, any order), then one user a line. Blank lines are skipped; any other line
  /// must have every header field, with a non-empty id and handle.
  static func loadUsers(_ path: String) throws(FileError) -> UserDirectory {
    let bytes = try TextFile.read(path)
    var directory = UserDirectory(items: [], locales: [])
    directory.items.reserveCapacity(bytes.count / 48)
    directory.locales.reserveCapacity(bytes.count / 48)
    try TSVReader.forEachRow(
      in: bytes, file: path, columns: ["id", "handle", "display_name", "locale"]
    ) { row throws(FileError) in
      guard !row.isEmpty(0), !row.isEmpty(1) else {
        throw row.error("the id and the handle must not be empty")
      }
      directory.items.append(
        MentionItem(id: row.string(0), insertionText: row.string(1), displayText: row.string(2)))
      directory.locales.append(row.string(3))
    }
    guard !directory.items.isEmpty else {
      throw FileError(file: path, reason: "no users after the header")
    }
    return directory
  }

  /// Loads a channels file: a header naming `id` and `name`, then one channel a line, with a
  /// non-empty id and name.
  static func loadChannels(_ path: String) throws(FileError) -> [MentionItem] {
    var channels: [MentionItem] = []
    try TSVReader.forEachRow(in: try TextFile.read(path), file: path, columns: ["id", "name"]) {
      row throws(FileError) in
      guard !row.isEmpty(0), !row.isEmpty(1) else {
        throw row.error("the id and the name must not be empty")
      }
      channels.append(MentionItem(id: row.string(0), insertionText: row.string(1)))
    }
    return channels
  }

  /// Loads the chat corpus: one message a line, split on `\n` only.
  static func loadCorpus(_ path: String) throws(FileError) -> [String] {
    let rows = try TextFile.lines(try TextFile.read(path), file: path)
    guard !rows.isEmpty else { throw FileError(file: path, reason: "the file is empty") }
    return rows
  }
}
