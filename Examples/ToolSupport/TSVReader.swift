/// Reads tab-separated values with a header line, fast enough for a million-row file: one pass
/// over the bytes, no allocation per field but the strings a caller asks for.
///
/// The format:
/// - A UTF-8 byte order mark at the start is skipped.
/// - Lines end in `\n`; a `\r` before it is dropped. Empty lines are skipped.
/// - The first line is the header: column names separated by tabs. The columns a caller needs
///   may come in any order, and other columns are allowed.
/// - Every other line has exactly as many tab-separated fields as the header, and is valid UTF-8.
/// - Fields are taken as written: there is no quoting and no escaping (a `"` is an ordinary
///   character), so a field cannot hold a tab or a line break.
///
/// Errors name the file and the 1-based line:
///
/// ```swift
/// let text = "id\thandle\nU1\tana\nU2\n"
/// try TSVReader.forEachRow(in: Array(text.utf8), file: "u.tsv", columns: ["id", "handle"]) { _ in }
/// // throws "u.tsv:3: expected 2 tab-separated fields (id, handle), found 1"
/// ```
package enum TSVReader {
  /// Reports progress: rows read so far and the fraction of the bytes read.
  package typealias Progress = (_ rows: Int, _ fraction: Double) -> Void

  /// Calls `body` with each row, in file order.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name, for errors.
  ///   - columns: The columns every row must have; a row's ``TSVRow/string(_:)`` takes a
  ///     position in this list.
  ///   - optionalColumns: Columns read when the header has them: positions after `columns`
  ///     (their fields read as empty when the header has not).
  ///   - progress: Called about every 2% of the bytes on large inputs, and once at the end.
  ///   - body: Called with each row; the row is valid only during the call.
  /// - Throws: ``FileError`` for an empty file, a header without one of `columns`, a row with
  ///   the wrong number of fields or invalid UTF-8, or whatever `body` throws.
  package static func forEachRow(
    in bytes: [UInt8], file: String, columns: [String], optionalColumns: [String] = [],
    progress: Progress? = nil, _ body: (TSVRow) throws(FileError) -> Void
  ) throws(FileError) {
    var failure: FileError?
    bytes.withUnsafeBufferPointer { buffer in
      do throws(FileError) {
        try read(
          buffer, file: file, columns: columns, optionalColumns: optionalColumns,
          progress: progress, body)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  private static func read(
    _ buffer: UnsafeBufferPointer<UInt8>, file: String, columns: [String],
    optionalColumns: [String], progress: Progress?, _ body: (TSVRow) throws(FileError) -> Void
  ) throws(FileError) {
    var lines = LineCursor(buffer)
    guard let headerLine = lines.next(), !headerLine.isEmpty else {
      throw FileError(
        file: file, line: 1,
        reason: "empty file: expected a header line (" + columns.joined(separator: ", ") + ")")
    }
    var row = TSVRow(buffer: buffer, file: file)
    row.split(headerLine)
    let header = row.fields.map {
      String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self)
    }
    var positions: [Int] = []
    for name in columns {
      guard let column = header.firstIndex(of: name) else {
        throw FileError(
          file: file, line: 1,
          reason: "header has no '\(name)' column (expected tab-separated "
            + columns.joined(separator: ", ") + "; found "
            + header.map { "'\($0)'" }.joined(separator: ", ") + ")")
      }
      positions.append(column)
    }
    // An absent optional column reads from the empty field past the last one.
    positions += optionalColumns.map { header.firstIndex(of: $0) ?? header.count }
    row.columns = positions

    let count = buffer.count
    let progressStep = max(count / 50, 1 << 20)
    var nextProgress = progressStep
    var rows = 0
    while let line = lines.next() {
      if line.isEmpty { continue }
      row.line = lines.lineNumber
      row.split(line)
      guard row.fields.count == header.count else {
        throw row.error(
          "expected \(header.count) tab-separated fields (" + header.joined(separator: ", ")
            + "), found \(row.fields.count)")
      }
      guard isValidUTF8(UnsafeBufferPointer(rebasing: buffer[line])) else {
        throw row.error("not valid UTF-8")
      }
      row.fields.append(line.upperBound..<line.upperBound)
      try body(row)
      rows += 1
      if let progress, lines.position >= nextProgress {
        progress(rows, Double(lines.position) / Double(count))
        nextProgress = lines.position + progressStep
      }
    }
    progress?(rows, 1)
  }

  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}

/// One row of a TSV file, during ``TSVReader/forEachRow(in:file:columns:optionalColumns:progress:_:)``.
package struct TSVRow {
  fileprivate let buffer: UnsafeBufferPointer<UInt8>
  fileprivate let file: String
  /// The field of each requested column.
  fileprivate var columns: [Int] = []
  /// The fields' byte ranges, and an empty one past them for absent optional columns.
  fileprivate var fields: [Range<Int>] = []
  /// The row's 1-based line in the file.
  package fileprivate(set) var line = 0

  fileprivate init(buffer: UnsafeBufferPointer<UInt8>, file: String) {
    self.buffer = buffer
    self.file = file
  }

  fileprivate mutating func split(_ line: Range<Int>) {
    fields.removeAll(keepingCapacity: true)
    var start = line.lowerBound
    for index in line where buffer[index] == 0x09 {
      fields.append(start..<index)
      start = index + 1
    }
    fields.append(start..<line.upperBound)
  }

  /// The field of a column: a position in the reader's `columns`, then `optionalColumns`.
  package func string(_ column: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[fields[columns[column]]]), as: UTF8.self)
  }

  /// Whether the field of a column is empty.
  package func isEmpty(_ column: Int) -> Bool { fields[columns[column]].isEmpty }

  /// An error at this row's line.
  package func error(_ reason: String) -> FileError {
    FileError(file: file, line: line, reason: reason)
  }
}
