import TestSupport
import Testing
import ToolSupport

@testable import MentionKit

/// Extracting and resolving into one reused message gives, message after message, exactly the
/// message that a new one gets, and writes to exactly the same text in every format.
struct ReusedMessageTests {
  static let twitter = EntityExtractor(profile: .twitter)
  static let chat = EntityExtractor(profile: .chat)

  /// Users for every other distinct handle of the corpus (and a second user, other id, for
  /// every seventh of those: ambiguous), channels for every third distinct tag.
  static func directories(for lines: [String], extractor: EntityExtractor) -> (
    users: [MentionItem], channels: [MentionItem]
  ) {
    var handles: [String] = []
    var tags: [String] = []
    var seen: Set<String> = []
    for line in lines {
      for entity in extractor.entities(in: line)
      where seen.insert("\(entity.trigger)\0\(entity.value)").inserted {
        if entity.trigger == .mention { handles.append(entity.value) }
        if entity.trigger == .hashtag { tags.append(entity.value) }
      }
    }
    var users: [MentionItem] = []
    for (number, handle) in handles.enumerated() where number % 2 == 0 {
      users.append(MentionItem(id: "U\(number)", insertionText: handle, displayText: "<\(handle)>"))
      if number % 7 == 0 {
        users.append(MentionItem(id: "V\(number)", insertionText: handle.uppercased()))
      }
    }
    let channels = tags.enumerated().filter { $0.offset % 3 == 0 }.map {
      MentionItem(id: "C\($0.offset)", insertionText: $0.element)
    }
    return (users, channels)
  }

  /// The whole 10k corpus, both profiles, one message reused throughout: the same message as
  /// a new one, and the same wire text in all five formats.
  @Test(arguments: ["twitter", "chat"])
  func reusedStorageMatchesResolvedMessagesOverTheCorpus(profile name: String) throws {
    let extractor = name == "twitter" ? Self.twitter : Self.chat
    let corpus = try Fixtures.read("corpus/chat-corpus-10k.txt")
    let lines = corpus.split(separator: "\n").map(String.init)
    try #require(lines.count > 9_000)
    let (users, channels) = Self.directories(for: lines, extractor: extractor)
    let resolver = MentionResolver(
      users: HandleDirectory(users), channels: HandleDirectory(channels), mentionLimit: 3)
    let renderers = WireFormat.allCases
    var resolved = Message(text: "")
    var outcomes: [String: Int] = [:]
    for line in lines {
      try resolver.using(extractor).resolve(line, into: &resolved)
      let expected = try resolver.using(extractor).resolved(line)
      #expect(resolved == expected, "\(name): \(line.debugDescription)")
      #expect(resolved.text == line)
      #expect(resolved.entities.count == expected.entities.count)
      #expect(resolved.extractedEntities == extractor.extract(line).entities)
      for renderer in renderers {
        #expect(renderer.write(resolved) == renderer.write(expected), "\(renderer)")
      }
      for index in resolved.entities.indices {
        let resolution = resolved.entities[index].resolution
        #expect(resolution == expected.entities[index].resolution)
        switch resolution {
        case .resolved: outcomes["resolved", default: 0] += 1
        case .unresolved: outcomes["unresolved", default: 0] += 1
        case .ambiguous: outcomes["ambiguous", default: 0] += 1
        case .skipped(let reason): outcomes["\(reason)", default: 0] += 1
        case .pending: outcomes["pending", default: 0] += 1
        }
      }
    }
    // Every outcome occurs often, so each path above was compared.
    #expect(outcomes["resolved", default: 0] > 1_000, "\(outcomes)")
    #expect(outcomes["unresolved", default: 0] > 1_000, "\(outcomes)")
    #expect(outcomes["ambiguous", default: 0] > 100, "\(outcomes)")
    #expect(outcomes["\(MessageEntity.SkipReason.overMentionLimit)", default: 0] > 100)
    #expect(outcomes["pending"] == nil)
  }

  /// Directories that are not ``HandleDirectory`` tables (an in-memory source, an index), a
  /// custom trigger, a trigger without a directory, and a mention limit.
  @Test func generalDirectoriesCustomKindsAndTheLimit() throws {
    let source = InMemoryDataSource(
      ["emoji": [MentionItem(id: "E1", insertionText: "smile")]],
      fallbackItems: [])
    let index = MentionIndex([
      MentionItem(id: "C1", insertionText: "général"),
      MentionItem(id: "C2", insertionText: "Général"),
      MentionItem(id: "C3", insertionText: "random"),
    ])
    let users = HandleDirectory([
      MentionItem(id: "U1", insertionText: "jon"), MentionItem(id: "U2", insertionText: "ana"),
    ])
    let resolver = MentionResolver(
      directories: [
        .mention: users, .hashtag: index, Trigger.Name(rawValue: "emoji"): source,
      ],
      mentionLimit: 2)
    let extractor = EntityExtractor(
      profile: .chat(triggers: [.mention, .hashtag, .emoji, .command]))
    var resolved = Message(text: "")
    for text in [
      "@jon :smile: #général #RANDOM :frown", "/help @ana @jon @JON @nobody", "", "nothing here",
      "@jön #generál :smile",
    ] {
      try resolver.using(extractor).resolve(text, into: &resolved)
      let expected = try resolver.using(extractor).resolved(text)
      #expect(resolved == expected, "\(text.debugDescription)")
      #expect(resolved == resolved)
    }
    try resolver.using(extractor).resolve("/help @ana @jon @JON #random :smile", into: &resolved)
    #expect(
      resolved.entities.map { "\($0.trigger)=\($0.item?.id ?? "\($0.resolution)")" } == [
        "command=skipped(no directory for this trigger)", "mention=U2", "mention=U1",
        "mention=skipped(over the mention limit)", "hashtag=C3", "emoji=E1",
      ])
    #expect(resolved.hasMentionsOverTheLimit)
  }

  /// A directory that is not synchronous fails the call and leaves the text with no entities;
  /// the storage works again for the next message.
  @Test func aDirectoryThatIsNotSynchronousFailsCleanly() throws {
    let resolver = MentionResolver(
      users: HandleDirectory([MentionItem(id: "U1", insertionText: "jon")]),
      channels: RecordingDirectory(items: [MentionItem(id: "C1", insertionText: "general")]))
    var resolved = Message(text: "")
    try resolver.using(Self.chat).resolve("@jon", into: &resolved)
    #expect(resolved.entities.map(\.item?.id) == ["U1"])
    #expect(throws: ResolutionError.directoryNotSynchronous(trigger: .hashtag)) {
      try resolver.using(Self.chat).resolve("@jon #general", into: &resolved)
    }
    #expect(resolved.entities.isEmpty)
    #expect(resolved.text == "@jon #general")
    try resolver.using(Self.chat).resolve("hi @JON", into: &resolved)
    #expect(resolved.entities.map(\.item?.id) == ["U1"])
  }

  /// A copy keeps its message when the original is reused; storage that held more entities
  /// than the next message holds shows only the new ones.
  @Test func aCopyKeepsItsMessageAndFewerEntitiesLeaveNoneBehind() throws {
    let resolver = MentionResolver(
      users: HandleDirectory([MentionItem(id: "U1", insertionText: "jon")]))
    var resolved = Message(text: "")
    #expect(resolved.entities.isEmpty && resolved.text.isEmpty)
    try resolver.using(Self.chat).resolve("@jon @a @b @c #d", into: &resolved)
    let kept = resolved
    try resolver.using(Self.chat).resolve("@jon", into: &resolved)
    #expect(kept.entities.count == 5 && kept.text == "@jon @a @b @c #d")
    #expect(kept.entities.map(\.value) == ["jon", "a", "b", "c", "d"])
    #expect(resolved.entities.count == 1)
    #expect(resolved.entities.map(\.item?.id) == ["U1"])
    #expect(kept != resolved)
    try resolver.using(Self.chat).resolve("no entities", into: &resolved)
    #expect(resolved.entities.isEmpty)
    #expect(WireFormat.slack.write(resolved) == "no entities")
  }

  /// One storage reused with extractors of different profiles, and resolvers with different
  /// directories, in turn: each message holds its own extractor's entities (list mentions come
  /// only from `.twitter`) and its own resolver's answers.
  @Test func oneStorageAcrossProfilesAndResolvers() throws {
    let users = HandleDirectory([MentionItem(id: "U1", insertionText: "ana")])
    let withChannels = MentionResolver(
      users: users, channels: HandleDirectory([MentionItem(id: "C1", insertionText: "dev")]))
    let usersOnly = MentionResolver(users: users)
    let steps: [(EntityExtractor, MentionResolver)] = [
      (Self.twitter, withChannels), (Self.chat, usersOnly), (Self.twitter, usersOnly),
      (Self.chat, withChannels), (Self.twitter, withChannels),
    ]
    let text = "@ana/team @ana #dev ana@host.example `@ana` @ana."
    var resolved = Message(text: "")
    for (extractor, resolver) in steps {
      try resolver.using(extractor).resolve(text, into: &resolved)
      let expected = try resolver.using(extractor).resolved(text)
      #expect(resolved == expected)
      #expect(resolved.extractedEntities == extractor.extract(text).entities)
    }
    try withChannels.using(Self.twitter).resolve(text, into: &resolved)
    #expect(resolved.entities.map(\.trigger) == [.mention, .mention, .hashtag, .mention, .mention])
    #expect(resolved.entities.map(\.listSlug) == ["/team", nil, nil, nil, nil])
    try usersOnly.using(Self.chat).resolve(text, into: &resolved)
    #expect(
      resolved.entities.map { "\($0.trigger)=\($0.item?.id ?? "\($0.resolution)")" } == [
        "mention=U1", "mention=U1", "hashtag=skipped(no directory for this trigger)", "mention=U1",
      ])
  }

  /// Tasks that share one resolver, each with its own reused message (as the benchmark's
  /// all-cores mode runs them), write what a new message writes; under
  /// ThreadSanitizer (CI) this also shows that they share nothing they write.
  @Test func tasksSharingOneResolverEachWithItsOwnStorage() async throws {
    let resolver = MentionResolver(
      users: HandleDirectory((0..<200).map { MentionItem(id: "U\($0)", insertionText: "u\($0)") }),
      channels: HandleDirectory([MentionItem(id: "C1", insertionText: "général")]))
    let renderer = WireFormat.slack
    let extractor = Self.chat
    let texts = (0..<400).map { "@u\($0) & @U\($0 / 2) <#général> #général @nobody\($0)" }
    let expected = try texts.map {
      renderer.write(try resolver.using(extractor).resolved($0))
    }
    let rendered = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
      for task in 0..<4 {
        group.addTask {
          var storage = Message(text: "")
          var out: [String] = []
          for text in texts {
            try resolver.using(extractor).resolve(text, into: &storage)
            out.append(renderer.write(storage))
          }
          return (task, out)
        }
      }
      var all: [[String]] = []
      for try await (_, out) in group { all.append(out) }
      return all
    }
    #expect(rendered.count == 4)
    for out in rendered { #expect(out == expected) }
    #expect(expected[3].hasPrefix("<@U3> &amp; <@U1>"))
  }

  /// A message of 20,000 mentions and hashtags (about 250 KB: the offsets past the first
  /// bytes come from the running counter, and the rendering from heap memory), with a mention
  /// limit that lets 5,000 through, then a short message in the same storage.
  @Test func aMessageOfTwentyThousandEntitiesThenAShortOne() async throws {
    let users = (0..<10_000).map { MentionItem(id: "U\($0)", insertionText: "user\(2 * $0)") }
    let resolver = MentionResolver(
      users: HandleDirectory(users),
      channels: HandleDirectory([MentionItem(id: "C1", insertionText: "général")]),
      mentionLimit: 5_000)
    var text = "🎉 "
    for number in 0..<10_000 { text += "@user\(number) & #général <é> " }
    var resolved = Message(text: "")
    try resolver.using(Self.chat).resolve(text, into: &resolved)
    let expected = try await resolver.using(Self.chat).resolve(text)
    #expect(resolved.entities.count == 20_000)
    #expect(resolved == expected)
    #expect(
      resolved.entities.filter { $0.resolution == .skipped(.overMentionLimit) }.count == 5_000)
    #expect(resolved.entities.last?.utf16Range.upperBound == text.utf16.count - 5)
    for format in [WireFormat.slack, .html] {
      #expect(format.write(resolved) == format.write(expected))
    }
    #expect(
      WireFormat.slack.write(resolved).hasPrefix("🎉 <@U0> &amp; <#C1|général>"))
    try resolver.using(Self.chat).resolve("hi @user2", into: &resolved)
    #expect(resolved.entities.map(\.item?.id) == ["U1"])
    #expect(WireFormat.slack.write(resolved) == "hi <@U1>")
  }

  /// Long messages (written in heap memory), escapes, tokens at both ends, and the typed
  /// text of every other entity, in every format.
  @Test func writesLongAndHostileMessagesAsANewMessageDoes() throws {
    let resolver = MentionResolver(
      users: HandleDirectory([
        MentionItem(id: "U1", insertionText: "jon", displayText: "Jon <script>"),
        MentionItem(id: "U2", insertionText: "kim", displayText: "Kim\u{202E}"),
      ]),
      channels: HandleDirectory([MentionItem(id: "C1", insertionText: "général")]))
    let pieces = [
      "@jon", " & ", "<b>", "#général", " 👨‍👩‍👧 ", "@nobody", " `@kim` ", "@kim", "\n", "*x*_y_",
      "@everyone", " https://x.example/@jon ", "ana@jon.example", " #général.",
    ]
    var generator = SplitMix64(seed: 7)
    var resolved = Message(text: "")
    for length in [1, 5, 40, 200] {
      for _ in 0..<20 {
        let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
        try resolver.using(Self.chat).resolve(text, into: &resolved)
        let expected = try resolver.using(Self.chat).resolved(text)
        for format in WireFormat.allCases {
          #expect(format.write(resolved) == format.write(expected), "\(format) \(text)")
        }
      }
    }
  }
}
