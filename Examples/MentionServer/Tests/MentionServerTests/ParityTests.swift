import Logging
import MentionKit
import MentionStore
import PostgresNIO
import Testing

extension PostgresIntegration {
  /// Completion and resolution over PostgreSQL give what the in-memory index gives for the
  /// same rows: the same items, tiers and order.
  @Suite struct ParityTests {
    /// Synthetic users with shared names, accents, scripts, ties and differing scores, search
    /// terms, duplicate handles up to case, and a name that folds to nothing.
    static func syntheticUsers(count: Int) -> [MentionItem] {
      let first = [
        "José", "Jose", "Łukasz", "Zoë", "Anna", "Ánna", "İsmail", "Søren", "Ольга", "Σοφία",
        "美咲", "김성현", "Mary-Jo", "O'Neil", "Ｊｏｈｎ", "Straße", "Đorđe", "Jo", "",
      ]
      let last = ["Álvarez", "Nowak", "Lang", "Иванов", "佐藤", "van der Berg", "Smith", ""]
      return (0..<count).map { i in
        let name = [first[i % first.count], last[(i / 7) % last.count]]
          .filter { !$0.isEmpty }.joined(separator: " ")
        let handle = i % 50 == 0 ? "Dup_\(i % 3)" : "u\(i % 211)_\(first[i % first.count])"
        let terms = i % 9 == 0 ? ["nick\(i % 5) x-ray", ""] : []
        return MentionItem(
          id: "S\(i)", insertionText: handle, displayText: name, searchTerms: terms,
          score: Double(i % 4))
      }
    }

    static func queries(for items: [MentionItem], sample: Int) -> [String] {
      var queries: Set<String> = ["", "a", "zz", "qqqq", "x-r", "nick1", "dup_1", "DUP_1", "@"]
      var step = max(1, items.count / sample)
      if step.isMultiple(of: 2) { step += 1 }
      for item in stride(from: 0, to: items.count, by: step).map({ items[$0] }) {
        for field in [item.insertionText, item.displayText] where !field.isEmpty {
          for length in [1, 2, 3, 5] where length <= field.count {
            queries.insert(String(field.prefix(length)))
          }
          queries.insert(field.uppercased())
        }
      }
      return queries.sorted()
    }

    static func checkParity(_ items: [MentionItem], sample: Int, client: PostgresClient)
      async throws
    {
      let directory = PostgresDirectory(client: client, logger: TestDatabase.logger)
      for start in stride(from: 0, to: items.count, by: 5_000) {
        try await directory.upsert(Array(items[start..<min(items.count, start + 5_000)]))
      }
      let index = MentionIndex(items)
      var compared = 0
      for query in queries(for: items, sample: sample) {
        // The database matches literally; the index then adds spellings and typos.
        let expected = index.matches(for: query, limit: 12).filter { $0.route == .literal }
          .map { "\($0.item.id) \($0.tier)" }
        let actual = try await directory.matches(for: query, limit: 12).map {
          "\($0.item.id) \($0.tier)"
        }
        #expect(actual == expected, "query \(query.debugDescription)")
        compared += 1
      }
      #expect(compared >= sample)
      // Resolution: every sampled handle, upper-cased, and unknown ones.
      var keys = stride(from: 0, to: items.count, by: max(1, items.count / sample)).map {
        HandleKey(items[$0].insertionText.uppercased())
      }
      keys += [HandleKey("nobody_here"), HandleKey("dup_0"), HandleKey("")]
      let fromDatabase = try await directory.items(matching: keys, trigger: .mention)
      let fromIndex = try await index.items(matching: keys, trigger: .mention)
      #expect(fromDatabase.mapValues { $0.map(\.id) } == fromIndex.mapValues { $0.map(\.id) })
      #expect(!fromDatabase.isEmpty)
    }

    @Test func syntheticDirectory() async throws {
      try await TestDatabase.with { _, client in
        try await Self.checkParity(Self.syntheticUsers(count: 3_000), sample: 200, client: client)
      }
    }

    @Test(
      .enabled(
        if: SharedUsers.isPresent || SharedUsers.isRequired,
        "needs ../shared/data/users.tsv beside the clone"))
    func hundredThousandUsersFromTheSharedDirectory() async throws {
      let items = try SharedUsers.read(count: 100_000)
      #expect(items.count == 100_000)
      try await TestDatabase.with { _, client in
        try await Self.checkParity(items, sample: 300, client: client)
      }
    }
  }
}
