import Testing

@testable import MentionKit

/// Resolution of extracted entities: exact up to case, never folded, nothing dropped, a
/// mention cap, one batched call per trigger, and typed errors for failing directories.
struct MentionResolverTests {
  static let users = [
    MentionItem(id: "U1", insertionText: "jon", displayText: "Jon"),
    MentionItem(id: "U2", insertionText: "kim"),
    MentionItem(id: "U3", insertionText: "KIM"),
    MentionItem(id: "U4", insertionText: "ana.maria"),
    MentionItem(id: "U5", insertionText: "ana@host.example"),
  ]
  static let channels = [MentionItem(id: "C1", insertionText: "général")]
  static let resolver = MentionResolver(
    users: HandleDirectory(users), channels: HandleDirectory(channels))
  static let extractor = EntityExtractor()

  /// The message's entities as `value→resolution` strings.
  static func describe(_ message: Message) -> [String] {
    message.entities.map { entity in
      let outcome: String
      switch entity.resolution {
      case .resolved(let item): outcome = item.id
      case .unresolved: outcome = "unresolved"
      case .ambiguous(let items):
        outcome = "ambiguous(" + items.map(\.id).joined(separator: ",") + ")"
      case .skipped(let reason): outcome = "skipped(\(reason))"
      case .pending: outcome = "pending"
      }
      return "\(entity.value)→\(outcome)"
    }
  }

  @Test(arguments: [
    ("@jon", "jon→U1"),
    ("@JON", "JON→U1"),
    ("@Jon.", "Jon→U1"),
    ("@jön", "jön→unresolved"),
    ("@j\u{43E}n", "j\u{43E}n→unresolved"),  // Cyrillic о
    ("＠ｊｏｎ", "ｊｏｎ→unresolved"),  // full-width sign and letters
    ("@jon\u{301}", "jon\u{301}→unresolved"),  // a combining accent makes another handle
    ("@ANA.Maria", "ANA.Maria→U4"),
    ("@ana@HOST.example", "ana@HOST.example→U5"),
    ("@kim", "kim→ambiguous(U2,U3)"),
    ("@nobody", "nobody→unresolved"),
    ("#Général", "Général→C1"),
    ("#general", "general→unresolved"),
  ])
  func resolvesExactlyUpToCase(text: String, expected: String) async throws {
    let message = try await Self.resolver.resolve(text)
    #expect(Self.describe(message) == [expected])
    #expect(!message.hasMentionsOverTheLimit)
  }

  @Test func neverDropsAnEntity() async throws {
    let text = "@nobody @jon #nothing @kim @jön $X #général @jon"
    let message = try await Self.resolver.resolve(text)
    #expect(message.extractedEntities == Self.extractor.extract(text).entities)
    #expect(
      Self.describe(message) == [
        "nobody→unresolved", "jon→U1", "nothing→unresolved", "kim→ambiguous(U2,U3)",
        "jön→unresolved", "général→C1", "jon→U1",
      ])
    #expect(message.mentionedItems.map(\.id) == ["U1", "C1"])
  }

  /// Entities of a trigger without a directory are skipped; a list mention is a mention of
  /// its owner, looked up in the user directory.
  @Test func triggersWithoutDirectoryAreSkipped() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory(Self.users),
      extractor: EntityExtractor(profile: .twitter(cashtags: true)))
    let message = try await resolver.resolve("@jon #général $ACME @jon/team")
    #expect(
      Self.describe(message) == [
        "jon→U1", "général→skipped(no directory for this trigger)",
        "ACME→skipped(no directory for this trigger)", "jon→U1",
      ])
    #expect(message.entities.map(\.listSlug) == [nil, nil, nil, "/team"])
  }

  @Test func flagsMessagesOverTheMentionLimit() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory(Self.users), channels: HandleDirectory(Self.channels),
      mentionLimit: 2)
    let text = "@jon @nobody #général @kim @jon"
    let message = try await resolver.resolve(text)
    #expect(message.hasMentionsOverTheLimit)
    #expect(
      Self.describe(message) == [
        "jon→U1", "nobody→unresolved", "général→C1", "kim→skipped(over the mention limit)",
        "jon→skipped(over the mention limit)",
      ])
    let synchronous = try resolver.resolved(text)
    #expect(synchronous == message)
    let atLimit = try await resolver.resolve("@jon @kim")
    #expect(!atLimit.hasMentionsOverTheLimit)
    #expect(MentionResolver(users: HandleDirectory([])).mentionLimit == 100)
  }

  @Test func resolvesManyMessagesWithOneCallPerKind() async throws {
    let users = RecordingDirectory(items: Self.users)
    let channels = RecordingDirectory(items: Self.channels)
    let resolver = MentionResolver(users: users, channels: channels)
    let messages = try await resolver.resolve(
      ["@jon @JON #général", "@kim @nobody", "no entities", "@jon"])
    #expect(
      messages.map(Self.describe) == [
        ["jon→U1", "JON→U1", "général→C1"], ["kim→ambiguous(U2,U3)", "nobody→unresolved"], [],
        ["jon→U1"],
      ])
    #expect(await users.calls == [["jon", "kim", "nobody"]])
    #expect(await channels.calls == [["général"]])
    _ = try await resolver.resolve("nothing to look up")
    #expect(await users.calls.count == 1)
  }

  @Test func ignoresLooseAnswersFromADirectory() async throws {
    // A directory that folds diacritics and lookalikes answers `jon` for everything.
    let loose = RecordingDirectory(items: Self.users, answersEveryKeyWith: Self.users[0])
    let resolver = MentionResolver(users: loose)
    let message = try await resolver.resolve("@jön @j\u{43E}n @JON")
    #expect(Self.describe(message) == ["jön→unresolved", "j\u{43E}n→unresolved", "JON→U1"])
  }

  @Test func aThrowingDirectoryGivesATypedError() async throws {
    let resolver = MentionResolver(users: FailingDirectory(error: .unavailable))
    await #expect(
      throws: ResolutionError.directoryFailed(
        trigger: .mention, handleCount: 2, message: "directory unavailable")
    ) {
      try await resolver.resolve("@jon @ana @jon")
    }
    // Nothing to look up: the directory is not called.
    let message = try await resolver.resolve("#tag only")
    #expect(Self.describe(message) == ["tag→skipped(no directory for this trigger)"])
  }

  @Test func cancellationIsPassedThrough() async throws {
    let resolver = MentionResolver(users: FailingDirectory(error: .cancelled))
    await #expect(throws: CancellationError.self) {
      try await resolver.resolve("@jon")
    }
  }

  @Test func synchronousResolutionNeedsSynchronousDirectories() throws {
    #expect(try Self.resolver.resolved("@jon #général").mentionedItems.map(\.id) == ["U1", "C1"])
    let resolver = MentionResolver(
      users: HandleDirectory(Self.users), channels: RecordingDirectory(items: Self.channels))
    let text = "@jon #général"
    #expect(throws: ResolutionError.directoryNotSynchronous(trigger: .hashtag)) {
      try resolver.resolved(text)
    }
    let mentionsOnly = try resolver.resolved("@jon")
    #expect(Self.describe(mentionsOnly) == ["jon→U1"])
  }

  /// Resolving into a reused message gives the message the async path gives, including the
  /// mention cap and a directory that is not synchronous.
  @Test func resolvesIntoAReusedMessage() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory(Self.users), channels: HandleDirectory(Self.channels),
      mentionLimit: 2)
    var message = Message(text: "")
    for text in [
      "@jon @nobody #général @kim @jon", "no entities", "@KIM and @ana.maria.", "",
      "@ana@host.example #Général",
    ] {
      try resolver.resolve(text, into: &message)
      let expected = try await resolver.resolve(text)
      #expect(message == expected)
      #expect(message.text == text)
    }
    try resolver.resolve("@jon @nobody #général @kim @jon", into: &message)
    #expect(message.hasMentionsOverTheLimit)
    let asynchronous = MentionResolver(
      users: HandleDirectory(Self.users), channels: RecordingDirectory(items: Self.channels))
    #expect(throws: ResolutionError.directoryNotSynchronous(trigger: .hashtag)) {
      try asynchronous.resolve("@jon #général", into: &message)
    }
  }

  /// An item listed twice (the same id) is one candidate, whichever path resolves it: the
  /// synchronous path over a ``HandleDirectory``, and the batched path over a directory that
  /// answers asynchronously. Items with different ids stay ambiguous.
  @Test func anItemListedTwiceResolvesToIt() async throws {
    let listedTwice = [
      MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U1", insertionText: "JON"),
      MentionItem(id: "U2", insertionText: "kim"), MentionItem(id: "U3", insertionText: "Kim"),
      MentionItem(id: "U2", insertionText: "KIM"), MentionItem(id: "U4", insertionText: "ana"),
      MentionItem(id: "U4", insertionText: "ana"),
    ]
    let text = "@Jon @kim @ana @nobody"
    let expected = ["Jon→U1", "kim→ambiguous(U2,U3)", "ana→U4", "nobody→unresolved"]
    let synchronous = MentionResolver(users: HandleDirectory(listedTwice))
    let message = try synchronous.resolved(text)
    #expect(Self.describe(message) == expected)
    #expect(message.entities[0].item?.insertionText == "jon")
    let batched = MentionResolver(users: RecordingDirectory(items: listedTwice))
    #expect(Self.describe(try await batched.resolve(text)) == expected)
    // The directory itself still lists every entry.
    #expect(HandleDirectory(listedTwice).items(for: HandleKey("ana")).count == 2)
  }

  /// With synchronous directories, resolving many texts resolves each message as
  /// `resolve(_:into:)` does (the mention cap included), and answers cancellation.
  @Test func resolveAllOverSynchronousDirectoriesMatchesTheSynchronousPath() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory(Self.users), channels: HandleDirectory(Self.channels),
      mentionLimit: 2)
    let texts = [
      "@jon @JON #général", "@kim @nobody @jon", "no entities", "", "@ana.maria. #Général",
      "@ana@host.example", "@jön #tag @kim",
    ]
    let batched = try await resolver.resolve(texts)
    let oneByOne = try texts.map {
      try resolver.resolved($0)
    }
    #expect(batched == oneByOne)
    #expect(
      batched.map(\.hasMentionsOverTheLimit) == [false, true, false, false, false, false, false])
    #expect(
      Self.describe(batched[1]) == [
        "kim→ambiguous(U2,U3)", "nobody→unresolved", "jon→skipped(over the mention limit)",
      ])
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await resolver.resolve(texts)
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  @Test func errorsDescribeThemselves() {
    #expect(
      ResolutionError.directoryFailed(trigger: .mention, handleCount: 3, message: "boom")
        .description
        == "the mention directory failed to look up 3 handle(s): boom")
    #expect(
      ResolutionError.directoryNotSynchronous(trigger: .hashtag).description
        == "the hashtag directory is not synchronous: resolve with the async API")
  }
}

/// A directory that records each batched call, optionally answering every key with one item.
actor RecordingDirectory: MentionDirectory {
  let items: [MentionItem]
  let looseAnswer: MentionItem?
  private(set) var calls: [[String]] = []

  init(items: [MentionItem], answersEveryKeyWith looseAnswer: MentionItem? = nil) {
    self.items = items
    self.looseAnswer = looseAnswer
  }

  func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]
  {
    calls.append(keys.map(\.rawValue))
    var found: [HandleKey: [MentionItem]] = [:]
    for key in keys {
      if let looseAnswer {
        found[key] = [looseAnswer]
      } else {
        found[key] = items.filter { HandleKey($0.insertionText) == key }
      }
    }
    return found
  }
}

/// A directory that always throws.
struct FailingDirectory: MentionDirectory {
  enum Failure: Error, CustomStringConvertible {
    case unavailable, cancelled
    var description: String { "directory unavailable" }
  }

  var error: Failure

  func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]
  {
    if error == .cancelled { throw CancellationError() }
    throw error
  }
}
