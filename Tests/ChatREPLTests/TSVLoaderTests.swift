import MentionKit
import TestSupport
import Testing
import ToolSupport

@testable import ChatREPLCore

struct TSVLoaderTests {
  private func load(_ text: String, kind: TSVLoader.Kind = .users) throws(FileError)
    -> [MentionItem]
  {
    try TSVLoader.parse(Array(text.utf8), kind: kind, file: "people.tsv")
  }

  @Test func loadsUsersInAnyColumnOrder() throws {
    let items = try load(
      "handle\tid\tdisplay_name\tlocale\njose\tU1\tJosé Álvarez\tes_ES\r\n\nzoe\tU2\t\tfr_FR")
    #expect(items.map(\.id) == ["U1", "U2"])
    #expect(items[0].insertionText == "jose")
    #expect(items[0].displayText == "José Álvarez")
    #expect(items[0].metadata["locale"] == "es_ES")
    #expect(items[1].displayText == "zoe", "an empty display name falls back to the handle")
  }

  @Test func loadsChannels() throws {
    let items = try load("id\tname\nC1\tgénéral\n", kind: .channels)
    #expect(items == [MentionItem(id: "C1", insertionText: "général")])
  }

  @Test(arguments: [
    ("", 1, "empty file"),
    ("id\tname\n", 1, "header has no 'handle' column"),
    ("id\thandle\tdisplay_name\nU1\tana\tAna\nU2\tbob\n", 3, "expected 3 tab-separated fields"),
    ("id\thandle\tdisplay_name\nU1\tana\tAna\n\tbob\tBob\n", 3, "empty id"),
    ("id\thandle\tdisplay_name\nU1\t\tAna\n", 2, "empty handle"),
    ("id\thandle\tdisplay_name\nU1\tana\tAna\nU1\tbob\tBob\n", 3, "duplicate id 'U1'"),
  ])
  func reportsTheFileAndLine(text: String, line: Int, reason: String) throws {
    let error = try #require(throws: FileError.self, "\(text.debugDescription)") {
      try load(text)
    }
    #expect(error.file == "people.tsv")
    #expect(error.line == line)
    #expect(error.reason.contains(reason), "\(error.reason)")
    #expect(error.description.hasPrefix("people.tsv:\(line): "))
  }

  @Test func rejectsInvalidUTF8WithItsLine() {
    var bytes = Array("id\thandle\tdisplay_name\nU1\tana\tAna\nU2\tb".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("\tBob\n".utf8)
    #expect(throws: FileError(file: "x.tsv", line: 3, reason: "not valid UTF-8")) {
      try TSVLoader.parse(bytes, kind: .users, file: "x.tsv")
    }
  }

  @Test func missingFileNamesTheFile() throws {
    #expect(throws: FileError.self) {
      try Directory.load(usersFile: "/nonexistent/users.tsv", channelsFile: nil, progress: nil)
    }
    let error = try #require(throws: FileError.self) {
      try TextFile.read("/nonexistent/users.tsv")
    }
    #expect(error.description == "/nonexistent/users.tsv: No such file or directory")
  }

  @Test func embeddedDirectoryIsMultilingualAndHasAJose() {
    let directory = Directory.embedded()
    #expect(directory.users.count > 2000)
    #expect(directory.channels.count >= 200)
    #expect(directory.emoji.count >= 300)
    #expect(directory.users.contains { $0.displayText.hasPrefix("José") })
    let locales = Set(directory.users.compactMap { $0.metadata["locale"] })
    #expect(locales.count >= 20)
  }

  @Test func loadsTheCommittedSample() throws {
    let items = try Directory.loadFile(
      Fixtures.path("directory/users-sample.tsv"), kind: .users, progress: nil)
    // Every 100th row of the million-user file: U0000100, U0000200, … U1000000.
    #expect(items.count == 10_000)
    #expect(items.first?.id == "U0000100")
    #expect(items.last?.id == "U1000000")
  }

  @Test(
    .enabled(
      if: SharedFile.millionUsers.isPresentOrRequired,
      "needs ../shared/data/users.tsv (1,000,000 users) beside the package root; CI sets MENTIONKIT_REQUIRE_SHARED_DATA=1"
    ))
  func loadsTheMillionUserFile() throws {
    let items = try Directory.loadFile(SharedFile.millionUsers.path, kind: .users, progress: nil)
    #expect(items.count == 1_000_000)
    #expect(items.first?.id == "U0000001")
  }
}
