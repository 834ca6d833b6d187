import MentionKit
import TestSupport
import Testing

// README quick start, view — begin
@MainActor final class SuggestionListView: MentionManagerDelegate {
  var rows: [String] = []

  func mentionManager(_ manager: MentionManager, didUpdate suggestions: MentionSuggestions?) {
    rows = suggestions?.items.map(\.displayText) ?? []
  }
}
// README quick start, view — end

/// Holds the README's quick start verbatim, so the README cannot drift from code that compiles
/// and works. Keep the two in sync: each block between markers is in the README.
@MainActor struct ReadmeQuickStartTests {
  @Test func quickStartWorks() async throws {
    // README quick start — begin
    let directory = InMemoryDataSource(items: [
      MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez"),
      MentionItem(id: "U2", insertionText: "zoe", displayText: "Zoë Quinn"),
    ])
    let listView = SuggestionListView()
    let manager = MentionManager(triggers: [.mention, .hashtag], dataSource: directory)
    manager.delegate = listView  // called on this actor with the list for the latest query

    manager.insert("ping @jos")  // edits in: keys, or the ranges a text view reports
    // README quick start — end

    for _ in 0..<100_000 where listView.rows.isEmpty { await Task.yield() }
    #expect(listView.rows == ["José Álvarez"])

    // README quick start, send — begin
    // listView.rows is ["José Álvarez"], the first row highlighted; Enter accepts it:
    if manager.accept() {
      print(manager.draft.text)  // "ping @jose "
    }
    let message = manager.send()  // the text and its mentions; a new draft starts
    print(message.mentionedItems.map(\.id))  // ["U1"]
    // README quick start, send — end

    #expect(message.text == "ping @jose ")
    #expect(message.mentionedItems.map(\.id) == ["U1"])
    #expect(message.entities.map(\.utf16Range) == [5..<10])
    #expect(manager.draft.text.isEmpty)
  }

  @Test func readmeContainsTheSameCode() throws {
    let readme = try Fixtures.readFile(Fixtures.packageRoot + "/README.md")
    let source = try Fixtures.readFile(#filePath)
    for (name, indent) in [("", "    "), (", send", "    "), (", view", "")] {
      let begin = "// README quick start\(name) — begin\n"
      let end = "\(indent)// README quick start\(name) — end"
      let start = try #require(source.firstRange(of: begin)?.upperBound)
      let stop = try #require(source.firstRange(of: end)?.lowerBound)
      let block = source[start..<stop].split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : String($0) }
        .joined(separator: "\n")
      #expect(
        readme.contains(block), "README.md's quick start\(name) differs from this test's code")
    }
  }
}
