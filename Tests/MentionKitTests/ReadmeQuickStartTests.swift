import MentionKit
import TestSupport
import Testing

/// Holds the README's quick start verbatim, so the README cannot drift from code that compiles
/// and works. Keep the two in sync: the block between the markers is the README's.
struct ReadmeQuickStartTests {
  @Test func quickStartWorks() async throws {
    // README quick start — begin
    let directory = InMemoryDataSource(items: [
      MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez"),
      MentionItem(id: "U2", insertionText: "lukasz", displayText: "Łukasz Nowak"),
      MentionItem(id: "U3", insertionText: "zoe", displayText: "Zoë Quinn"),
    ])
    let manager = MentionManager(triggers: [.mention, .hashtag], dataSource: directory)

    // Whole string in: the text and the cursor (here, at the end).
    let suggestions = try await manager.suggestions(for: "ping @jos")
    print(suggestions?.items.map(\.displayText) ?? [])  // ["José Álvarez"]

    // Whole string out: choose an item, get the new text and cursor.
    manager.process("ping @jos")
    let replacement = try manager.select(suggestions!.items[0])
    print(replacement.text)  // "ping @jose "
    print(replacement.utf16Cursor)  // 11
    // README quick start — end

    #expect(suggestions?.items.map(\.displayText) == ["José Álvarez"])
    #expect(replacement.text == "ping @jose ")
    #expect(replacement.utf16Cursor == 11)
  }

  @Test func readmeContainsTheSameCode() throws {
    let readme = try Fixtures.readFile(Fixtures.packageRoot + "/README.md")
    let source = try Fixtures.readFile(#filePath)
    let begin = "// README quick start — begin\n"
    let end = "    // README quick start — end"
    let start = try #require(source.firstRange(of: begin)?.upperBound)
    let stop = try #require(source.firstRange(of: end)?.lowerBound)
    let block = source[start..<stop].split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
      .joined(separator: "\n")
    #expect(readme.contains(block), "README.md's quick start differs from this test's code")
  }
}
