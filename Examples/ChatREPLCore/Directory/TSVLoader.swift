import MentionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that could not be loaded: which file, which line, and why.
struct DirectoryLoadError: Error, Equatable, CustomStringConvertible {
  /// The file as the user named it.
  var file: String
  /// The 1-based line, or `nil` for a problem with the whole file (missing, unreadable).
  var line: Int?
  /// What is wrong.
  var reason: String

  var description: String {
    if let line { return "\(file):\(line): \(reason)" }
    return "\(file): \(reason)"
  }
}

/// Loads users and channels from TSV in the ../shared/data format, fast enough for a
/// million-user file: one pass over the bytes, no per-field allocations but the strings kept.
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
  typealias Progress = (_ rows: Int, _ fraction: Double) -> Void

  /// Reads a whole file.
  static func readFile(_ path: String) throws(DirectoryLoadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw DirectoryLoadError(file: path, line: nil, reason: errnoDescription(errno))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw DirectoryLoadError(file: path, line: nil, reason: errnoDescription(errno))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      throw DirectoryLoadError(file: path, line: nil, reason: "is a directory")
    }
    var bytes = [UInt8]()
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DirectoryLoadError(file: path, line: nil, reason: errnoDescription(errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  static func errnoDescription(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }

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
  ) throws(DirectoryLoadError) -> [MentionItem] {
    var result: Result<[MentionItem], DirectoryLoadError> = .success([])
    bytes.withUnsafeBufferPointer { buffer in
      do throws(DirectoryLoadError) {
        result = .success(try parse(buffer, kind: kind, file: file, progress: progress))
      } catch {
        result = .failure(error)
      }
    }
    return try result.get()
  }

  private static func parse(
    _ buffer: UnsafeBufferPointer<UInt8>, kind: Kind, file: String, progress: Progress?
  ) throws(DirectoryLoadError) -> [MentionItem] {
    let count = buffer.count
    var position = 0
    var lineNumber = 0
    // Skip a UTF-8 byte order mark.
    if count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }

    func nextLine() -> Range<Int>? {
      guard position < count else { return nil }
      let start = position
      var end = start
      while end < count && buffer[end] != 0x0A { end += 1 }
      position = end < count ? end + 1 : end
      lineNumber += 1
      if end > start && buffer[end - 1] == 0x0D { end -= 1 }
      return start..<end
    }

    func fields(_ line: Range<Int>) -> [Range<Int>] {
      var result: [Range<Int>] = []
      var start = line.lowerBound
      for index in line where buffer[index] == 0x09 {
        result.append(start..<index)
        start = index + 1
      }
      result.append(start..<line.upperBound)
      return result
    }

    func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    func isValidUTF8(_ range: Range<Int>) -> Bool {
      var iterator = UnsafeBufferPointer(rebasing: buffer[range]).makeIterator()
      var decoder = UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
      }
    }

    guard let headerLine = nextLine(), !headerLine.isEmpty else {
      throw DirectoryLoadError(
        file: file, line: 1,
        reason: "empty file: expected a header line ("
          + kind.requiredColumns.joined(separator: ", ") + ")")
    }
    let header = fields(headerLine).map(string)
    var columns: [Int] = []
    for name in kind.requiredColumns {
      guard let column = header.firstIndex(of: name) else {
        throw DirectoryLoadError(
          file: file, line: 1,
          reason: "header has no '\(name)' column (expected tab-separated "
            + kind.requiredColumns.joined(separator: ", ") + "; found "
            + header.map { "'\($0)'" }.joined(separator: ", ") + ")")
      }
      columns.append(column)
    }
    let localeColumn = kind == .users ? header.firstIndex(of: "locale") : nil

    var items: [MentionItem] = []
    items.reserveCapacity(count / 48)
    var ids = Set<String>()
    ids.reserveCapacity(count / 48)
    let progressStep = max(count / 50, 1 << 20)
    var nextProgress = progressStep
    while let line = nextLine() {
      if line.isEmpty { continue }
      let parts = fields(line)
      guard parts.count == header.count else {
        throw DirectoryLoadError(
          file: file, line: lineNumber,
          reason: "expected \(header.count) tab-separated fields ("
            + header.joined(separator: ", ") + "), found \(parts.count)")
      }
      guard isValidUTF8(line) else {
        throw DirectoryLoadError(file: file, line: lineNumber, reason: "not valid UTF-8")
      }
      let id = string(parts[columns[0]])
      let handle = string(parts[columns[1]])
      guard !id.isEmpty else {
        throw DirectoryLoadError(file: file, line: lineNumber, reason: "empty id")
      }
      guard !handle.isEmpty else {
        throw DirectoryLoadError(
          file: file, line: lineNumber, reason: "empty \(kind.requiredColumns[1])")
      }
      guard ids.insert(id).inserted else {
        throw DirectoryLoadError(file: file, line: lineNumber, reason: "duplicate id '\(id)'")
      }
      switch kind {
      case .users:
        let name = string(parts[columns[2]])
        var metadata: [String: String] = [:]
        if let localeColumn, !parts[localeColumn].isEmpty {
          metadata["locale"] = string(parts[localeColumn])
        }
        items.append(
          MentionItem(
            id: id, insertionText: handle, displayText: name.isEmpty ? handle : name,
            metadata: metadata))
      case .channels:
        items.append(MentionItem(id: id, insertionText: handle))
      }
      if let progress, position >= nextProgress {
        progress(items.count, Double(position) / Double(count))
        nextProgress = position + progressStep
      }
    }
    progress?(items.count, 1)
    return items
  }
}
