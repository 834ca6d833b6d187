import Testing
import ToolSupport

struct TSVReaderTests {
  /// Every row's requested fields, by line.
  private func rows(
    _ text: String, columns: [String], optional: [String] = []
  ) throws(FileError) -> [Int: [String]] {
    var rows: [Int: [String]] = [:]
    try TSVReader.forEachRow(
      in: Array(text.utf8), file: "t.tsv", columns: columns, optionalColumns: optional
    ) { row throws(FileError) in
      rows[row.line] = (0..<(columns.count + optional.count)).map { row.string($0) }
    }
    return rows
  }

  @Test func readsColumnsByNameInAnyOrder() throws {
    let text = "handle\textra\tid\nana\tx\tU1\nbob\t\tU2\n"
    #expect(try rows(text, columns: ["id", "handle"]) == [2: ["U1", "ana"], 3: ["U2", "bob"]])
  }

  /// A byte order mark, CRLF endings, empty lines (counted), no final line break.
  @Test func skipsTheMarkCarriageReturnsAndEmptyLines() throws {
    let text = "\u{FEFF}id\tname\r\nC1\tgénéral\r\n\r\n\nC2\trandom"
    #expect(
      try rows(text, columns: ["id", "name"]) == [2: ["C1", "général"], 5: ["C2", "random"]])
  }

  /// There is no quoting: quotes and backslashes are part of the field.
  @Test func takesFieldsAsWritten() throws {
    let text = "id\tname\n\"C1\"\t\"a, b\"\\n\n"
    #expect(try rows(text, columns: ["id", "name"]) == [2: ["\"C1\"", "\"a, b\"\\n"]])
  }

  @Test func readsOptionalColumnsAsEmptyWhenAbsent() throws {
    #expect(
      try rows("id\tlocale\nU1\tfr_FR\n", columns: ["id"], optional: ["locale", "x"])
        == [2: ["U1", "fr_FR", ""]])
    #expect(try rows("id\nU1\n", columns: ["id"], optional: ["locale"]) == [2: ["U1", ""]])
  }

  @Test(arguments: [
    ("", "t.tsv:1: empty file: expected a header line (id, handle)"),
    ("\n", "t.tsv:1: empty file: expected a header line (id, handle)"),
    (
      "id\tname\n",
      "t.tsv:1: header has no 'handle' column (expected tab-separated id, handle; "
        + "found 'id', 'name')"
    ),
    (
      "id\thandle\nU1\tana\nU2\n",
      "t.tsv:3: expected 2 tab-separated fields (id, handle), found 1"
    ),
    (
      "id\thandle\r\n\r\nU1\tana\tx\r\n",
      "t.tsv:3: expected 2 tab-separated fields (id, handle), found 3"
    ),
  ])
  func namesTheFileAndLine(text: String, message: String) {
    let error = #expect(throws: FileError.self) { try rows(text, columns: ["id", "handle"]) }
    #expect(error?.description == message)
  }

  @Test func rejectsInvalidUTF8WithItsLine() {
    var bytes = Array("id\thandle\nU1\tana\nU2\tb".utf8)
    bytes += [0xC3, 0x28]  // a lead byte without its continuation
    bytes += Array("\n".utf8)
    #expect(throws: FileError(file: "x.tsv", line: 3, reason: "not valid UTF-8")) {
      try TSVReader.forEachRow(in: bytes, file: "x.tsv", columns: ["id"]) { _ in }
    }
  }

  @Test func aRowsErrorNamesItsLine() {
    #expect(throws: FileError(file: "t.tsv", line: 4, reason: "bad")) {
      try TSVReader.forEachRow(
        in: Array("id\nU1\n\nU2\n".utf8), file: "t.tsv", columns: ["id"]
      ) { row throws(FileError) in
        if row.string(0) == "U2" { throw row.error("bad") }
      }
    }
  }

  @Test func reportsProgressAtTheEnd() throws {
    var reports: [String] = []
    let progress: TSVReader.Progress = { reports.append("\($0) \($1)") }
    try TSVReader.forEachRow(
      in: Array("id\nU1\nU2\n".utf8), file: "t.tsv", columns: ["id"], progress: progress
    ) { _ in }
    #expect(reports == ["2 1.0"])
  }
}

struct TextFileTests {
  @Test func splitsLines() throws {
    let text = "\u{FEFF}a\r\nb\n\n\rc\r\nd\n"
    #expect(try TextFile.lines(Array(text.utf8), file: "x") == ["a", "b", "", "\rc", "d"])
    #expect(try TextFile.lines(Array("a".utf8), file: "x") == ["a"])
    #expect(try TextFile.lines([], file: "x") == [])
  }

  @Test func rejectsInvalidUTF8WithItsLine() {
    let bytes = Array("ok\n".utf8) + [0x80] + Array("\n".utf8)
    #expect(throws: FileError(file: "c.txt", line: 2, reason: "not valid UTF-8")) {
      try TextFile.lines(bytes, file: "c.txt")
    }
  }

  @Test func readsAFile() throws {
    let bytes = try TextFile.read(#filePath)
    #expect(String(decoding: bytes.prefix(14), as: UTF8.self) == "import Testing")
  }

  @Test func namesAMissingFileAndADirectory() {
    #expect(
      throws: FileError(file: "/nonexistent/u.tsv", reason: "No such file or directory")
    ) { try TextFile.read("/nonexistent/u.tsv") }
    #expect(throws: FileError(file: "/", reason: "is a directory")) { try TextFile.read("/") }
  }
}
