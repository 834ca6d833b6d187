import MentionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file the benchmark cannot use: names the file and, when it applies, the line.
struct DataFileError: Error, CustomStringConvertible {
  var path: String
  var line: Int?
  var reason: String

  var description: String {
    if let line { return "\(path):\(line): \(reason)" }
    return "\(path): \(reason)"
  }
}

/// The users of a directory file, with the locale column kept beside them for the query
/// generator.
struct UserDirectory {
  var items: [MentionItem]
  var locales: [String]
}

/// Reads the benchmark's input files: users, channels, the chat corpus.
enum DataFiles {
  /// Reads a whole file.
  static func read(_ path: String) throws(DataFileError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
      throw DataFileError(path: path, reason: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
      if count < buffer.count {
        if ferror(file) != 0 { throw DataFileError(path: path, reason: "read error") }
        break
      }
    }
    return bytes
  }

  /// Splits on `\n` only (a trailing `\n` ends the last line; `\r` before it is dropped), and
  /// rejects a line that is not valid UTF-8, naming it.
  static func lines(_ bytes: [UInt8], path: String) throws(DataFileError) -> [String] {
    var lines: [String] = []
    var start = 0
    var badLine: Int?
    bytes.withUnsafeBufferPointer { p in
      func take(_ range: Range<Int>) -> Bool {
        guard let line = String(validating: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        else { return false }
        lines.append(line)
        return true
      }
      for i in 0..<p.count where p[i] == 0x0A {
        var end = i
        if end > start && p[end - 1] == 0x0D { end -= 1 }
        guard take(start..<end) else {
          badLine = lines.count + 1
          return
        }
        start = i + 1
      }
      if start < p.count && !take(start..<p.count) { badLine = lines.count + 1 }
    }
    if let badLine { throw DataFileError(path: path, line: badLine, reason: "not valid UTF-8") }
    return lines
  }

  /// Loads a users file: a header `id handle display_name locale` (tab-separated), then one user
  /// a line. Blank lines are skipped; any other line must have the four fields with a non-empty
  /// id and handle.
  static func loadUsers(_ path: String) throws(DataFileError) -> UserDirectory {
    let bytes = try read(path)
    guard !bytes.isEmpty else { throw DataFileError(path: path, reason: "the file is empty") }
    let rows = try lines(bytes, path: path)
    let header = rows[0].split(separator: "\t", omittingEmptySubsequences: false)
    guard header.count == 4, header[0] == "id", header[1] == "handle", header[2] == "display_name"
    else {
      throw DataFileError(
        path: path, line: 1,
        reason: "expected the header \"id<TAB>handle<TAB>display_name<TAB>locale\", found "
          + "\"\(rows[0].prefix(80))\"")
    }
    var directory = UserDirectory(items: [], locales: [])
    directory.items.reserveCapacity(rows.count)
    directory.locales.reserveCapacity(rows.count)
    for (offset, row) in rows.enumerated().dropFirst() where !row.isEmpty {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 4 else {
        throw DataFileError(
          path: path, line: offset + 1,
          reason: "expected 4 tab-separated fields (id, handle, display_name, locale), found "
            + "\(fields.count)")
      }
      guard !fields[0].isEmpty, !fields[1].isEmpty else {
        throw DataFileError(
          path: path, line: offset + 1, reason: "the id and the handle must not be empty")
      }
      directory.items.append(
        MentionItem(
          id: String(fields[0]), insertionText: String(fields[1]),
          displayText: String(fields[2])))
      directory.locales.append(String(fields[3]))
    }
    guard !directory.items.isEmpty else {
      throw DataFileError(path: path, reason: "no users after the header")
    }
    return directory
  }

  /// Loads a channels file: a header `id name`, then one channel a line.
  static func loadChannels(_ path: String) throws(DataFileError) -> [MentionItem] {
    let rows = try lines(try read(path), path: path)
    guard let header = rows.first, header.hasPrefix("id\tname") else {
      throw DataFileError(path: path, line: 1, reason: "expected the header \"id<TAB>name\"")
    }
    var channels: [MentionItem] = []
    for (offset, row) in rows.enumerated().dropFirst() where !row.isEmpty {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
        throw DataFileError(
          path: path, line: offset + 1, reason: "expected 2 tab-separated fields (id, name)")
      }
      channels.append(MentionItem(id: String(fields[0]), insertionText: String(fields[1])))
    }
    return channels
  }

  /// Loads the chat corpus: one message a line, split on `\n` only.
  static func loadCorpus(_ path: String) throws(DataFileError) -> [String] {
    let rows = try lines(try read(path), path: path)
    guard !rows.isEmpty else { throw DataFileError(path: path, reason: "the file is empty") }
    return rows
  }
}
