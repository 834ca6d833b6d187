/// Extracts the entities of messages and resolves them against directories.
///
/// A resolver holds an ``EntityExtractor`` and one ``MentionDirectory`` per trigger: users for
/// ``Trigger/Name/mention``, channels for ``Trigger/Name/hashtag``, or any custom trigger's
/// name. It reports every entity as resolved, unresolved, ambiguous, or skipped (no directory
/// for its trigger, or past the mention limit); none is dropped. Matching is exact up to case
/// (``HandleKey``): `@JON` resolves to `jon`, `@jön` and `@jоn` (Cyrillic `о`) never do.
///
/// ```swift
/// let resolver = MentionResolver(
///   users: HandleDirectory(users), channels: HandleDirectory(channels))
/// let message = try await resolver.resolve("@JON see #general")
/// message.entities.map(\.item?.id)  // ["U1", "C1"]
/// ```
///
/// Three entry points:
/// - ``resolve(_:)-(String)`` resolves one message;
/// - ``resolve(_:)-([String])`` resolves many, with one directory call per trigger for all of
///   them;
/// - ``resolve(_:into:)`` resolves one message into a reused ``Message``, synchronously: the
///   streaming fast path for directories that answer at once.
///
/// A directory that answers ``MentionDirectory/resolution(of:trigger:)`` (``HandleDirectory``,
/// ``MentionIndex``, ``InMemoryDataSource``) is asked there, and the async forms never suspend
/// for it; any other is asked once per trigger with ``MentionDirectory/items(matching:trigger:)``.
///
/// A mention whose handle starts with `_` and that names no item as written is a *silent
/// mention* of the handle without it (Zulip's `@_name`): `@_ana` resolves to `ana` with the
/// audience ``MessageEntity/Audience/silent``, shown as a mention but notifying nobody. A
/// mention that resolves to a group of its directory
/// (``MentionDirectory/members(ofGroup:)``) gets ``MessageEntity/Audience/group``.
///
/// A message with more than ``mentionLimit`` mentions (list mentions included) is not
/// rejected: the mentions past the limit come back
/// ``MessageEntity/Resolution/skipped(_:)`` with ``MessageEntity/SkipReason/overMentionLimit``,
/// not looked up. A directory that throws makes the call throw
/// ``ResolutionError/directoryFailed(trigger:handleCount:message:)``.
public struct MentionResolver: Sendable {
  /// The default ``mentionLimit``: 100, the most users a Discord message may ping.
  public static let defaultMentionLimit = 100

  /// The most ``Trigger/Name/mention`` entities looked up per message; later ones are skipped
  /// with ``MessageEntity/SkipReason/overMentionLimit``.
  public var mentionLimit: Int

  /// The extractor that finds the entities of a text.
  public var extractor: EntityExtractor

  private struct Entry: Sendable {
    var trigger: Trigger.Name
    var directory: any MentionDirectory
  }

  private let entries: [Entry]
  /// The index in `entries` of the mention and hashtag directories, or -1: found once here
  /// rather than by comparing trigger names for every entity.
  private let mentionEntry: Int
  private let hashtagEntry: Int
  /// The mention and hashtag directories (an empty one when there is none), held apart from
  /// `entries` so that looking an entity up calls them in place, without copying an entry.
  private let mentionDirectory: any MentionDirectory
  private let hashtagDirectory: any MentionDirectory
  /// Whether the mention directory may hold groups, so that resolved mentions are checked.
  private let checksGroups: Bool

  /// Creates a resolver with a directory per trigger.
  ///
  /// - Parameters:
  ///   - directories: The directory for each trigger; entities of others are skipped.
  ///   - extractor: The extractor that finds the entities; the chat grammar by default.
  ///   - mentionLimit: The most mentions looked up per message.
  public init(
    directories: [Trigger.Name: any MentionDirectory],
    extractor: EntityExtractor = EntityExtractor(),
    mentionLimit: Int = defaultMentionLimit
  ) {
    self.mentionLimit = mentionLimit
    self.extractor = extractor
    entries = directories.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      Entry(trigger: $0.key, directory: $0.value)
    }
    mentionEntry = entries.firstIndex { $0.trigger == .mention } ?? -1
    hashtagEntry = entries.firstIndex { $0.trigger == .hashtag } ?? -1
    mentionDirectory = mentionEntry >= 0 ? entries[mentionEntry].directory : NoDirectory()
    hashtagDirectory = hashtagEntry >= 0 ? entries[hashtagEntry].directory : NoDirectory()
    switch mentionDirectory {
    case let directory as HandleDirectory: checksGroups = !directory.groupMembers.isEmpty
    case is MentionIndex, is InMemoryDataSource, is NoDirectory: checksGroups = false
    default: checksGroups = true
    }
  }

  /// Creates a resolver for user mentions and, optionally, channel hashtags.
  ///
  /// - Parameters:
  ///   - users: The directory for mentions.
  ///   - channels: The directory for hashtags; without one, hashtags are skipped.
  ///   - extractor: The extractor that finds the entities; the chat grammar by default.
  ///   - mentionLimit: The most mentions looked up per message.
  public init(
    users: any MentionDirectory, channels: (any MentionDirectory)? = nil,
    extractor: EntityExtractor = EntityExtractor(),
    mentionLimit: Int = defaultMentionLimit
  ) {
    var directories: [Trigger.Name: any MentionDirectory] = [.mention: users]
    if let channels { directories[.hashtag] = channels }
    self.init(directories: directories, extractor: extractor, mentionLimit: mentionLimit)
  }

  /// Extracts and resolves a message.
  ///
  /// - Parameter text: The message.
  /// - Returns: The message with every entity resolved or skipped.
  /// - Throws: ``ResolutionError/directoryFailed(trigger:handleCount:message:)`` when a
  ///   directory throws, or `CancellationError`.
  public func resolve(_ text: String) async throws -> Message {
    try await resolve([text])[0]
  }

  /// Extracts and resolves many messages, with one directory call per trigger for all of them.
  ///
  /// Directories that answer at once are asked per entity, with no suspension; cancellation is
  /// checked every 1,024 messages.
  ///
  /// ```swift
  /// let messages = try await resolver.resolve(lines)
  /// ```
  ///
  /// - Parameter texts: The messages.
  /// - Returns: Each message with every entity resolved or skipped, in the order of `texts`.
  /// - Throws: ``ResolutionError/directoryFailed(trigger:handleCount:message:)`` when a
  ///   directory throws, or `CancellationError`.
  public func resolve(_ texts: [String]) async throws -> [Message] {
    var messages: [Message] = []
    messages.reserveCapacity(texts.count)
    // What directories answer at once, and the keys of what they leave for a batch.
    var keys = [[HandleKey]](repeating: [], count: entries.count)
    var seen = [Set<HandleKey>](repeating: [], count: entries.count)
    var batched = false
    for (number, text) in texts.enumerated() {
      if number & 1023 == 0 { try Task.checkCancellation() }
      var message = Message(text: text)
      var mentions = 0
      var marks = false
      _ = extractor.extract(text, into: &message) { trigger, value in
        resolution(of: trigger, value, mentions: &mentions, marks: &marks) ?? .pending
      }
      for entity in message.entities where entity.resolution == .pending {
        let index = entryIndex(entity.trigger)
        let key = HandleKey(entity.value)
        if seen[index].insert(key).inserted { keys[index].append(key) }
        if let silent = Self.silentHandle(entity), seen[index].insert(HandleKey(silent)).inserted {
          keys[index].append(HandleKey(silent))
        }
        batched = true
      }
      if marks { markAudiences(&message) }
      messages.append(message)
    }
    guard batched else { return messages }
    // One call per trigger.
    var answers = [[HandleKey: [MentionItem]]](repeating: [:], count: entries.count)
    for (index, entry) in entries.enumerated() where !keys[index].isEmpty {
      do {
        answers[index] = try await entry.directory.items(
          matching: keys[index], trigger: entry.trigger)
      } catch let error as CancellationError {
        throw error
      } catch {
        throw ResolutionError.directoryFailed(
          trigger: entry.trigger, handleCount: keys[index].count, message: "\(error)")
      }
    }
    for m in messages.indices {
      for e in messages[m].entities.indices where messages[m].entities[e].resolution == .pending {
        let entity = messages[m].entities[e]
        let answer = answers[entryIndex(entity.trigger)]
        let key = HandleKey(entity.value)
        var resolution = MessageEntity.Resolution(items: answer[key] ?? [], key: key)
        if resolution == .unresolved, let silent = Self.silentHandle(entity) {
          let key = HandleKey(silent)
          resolution = MessageEntity.Resolution(items: answer[key] ?? [], key: key)
        }
        messages[m].entities[e].resolution = resolution
      }
      markAudiences(&messages[m])
    }
    return messages
  }

  /// Extracts and resolves a message into a reused message, synchronously: the streaming fast
  /// path for directories that answer at once.
  ///
  /// It exists for backends that resolve a stream of messages against directories in memory
  /// (``HandleDirectory``, ``MentionIndex``, ``InMemoryDataSource``): no suspension, and
  /// `message` keeps the capacity of its entity array from message to message, so once it has
  /// grown the loop allocates nothing but long values. The result is the message
  /// ``resolve(_:)-(String)`` returns.
  ///
  /// ```swift
  /// var message = Message(text: "")
  /// for text in messages {
  ///   try resolver.resolve(text, into: &message)
  ///   send(WireFormat.slack.write(message))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - message: The message to fill; its previous text and entities are dropped.
  /// - Throws: ``ResolutionError/directoryNotSynchronous(trigger:)`` when an entity's directory
  ///   does not answer at once; `message` then holds the text and no entities.
  /// - Complexity: O(*n*) in the length of the text, and O(*m*) lookups for *m* entities.
  public func resolve(_ text: String, into message: inout Message) throws(ResolutionError) {
    var mentions = 0
    var marks = false
    let failed = extractor.extract(text, into: &message) { trigger, value in
      resolution(of: trigger, value, mentions: &mentions, marks: &marks)
    }
    if let failed { throw .directoryNotSynchronous(trigger: failed) }
    if marks { markAudiences(&message) }
  }

  // MARK: - Internals

  /// The resolution of one entity from its trigger and value, counting mentions against the
  /// limit; `nil` when its directory does not answer at once.
  @inline(__always)
  private func resolution(
    of trigger: Trigger.Name, _ value: String, mentions: inout Int, marks: inout Bool
  ) -> MessageEntity.Resolution? {
    if trigger == .mention {
      mentions &+= 1
      if mentions > mentionLimit { return .skipped(.overMentionLimit) }
      guard mentionEntry >= 0 else { return .skipped(.noDirectory) }
      let found = mentionDirectory.resolution(of: value, trigger: trigger)
      if let handle = SilentMarker.handle(in: value) {
        marks = true
        if found == .unresolved {
          return mentionDirectory.resolution(of: String(handle), trigger: trigger)
        }
      } else if checksGroups, case .resolved = found {
        marks = true
      }
      return found
    }
    if trigger == .hashtag {
      guard hashtagEntry >= 0 else { return .skipped(.noDirectory) }
      return hashtagDirectory.resolution(of: value, trigger: trigger)
    }
    let index = entryIndex(trigger)
    guard index >= 0 else { return .skipped(.noDirectory) }
    return entries[index].directory.resolution(of: value, trigger: trigger)
  }

  /// The handle a silent mention names (`ana` for `@_ana`), or `nil` when the entity is not a
  /// mention whose value starts with `_` and holds more.
  private static func silentHandle(_ entity: MessageEntity) -> String? {
    guard entity.trigger == .mention, let handle = SilentMarker.handle(in: entity.value) else {
      return nil
    }
    return String(handle)
  }

  /// Sets the audience of resolved mentions: ``MessageEntity/Audience/silent`` for a silent
  /// mention (its value's key is not its item's handle's), ``MessageEntity/Audience/group``
  /// for a group.
  private func markAudiences(_ message: inout Message) {
    // The audience changes no range: the UTF-8 ranges stay those of the UTF-16 ones.
    let rangesAreValid = message.utf8Ranges.areValid
    defer { message.utf8Ranges.areValid = rangesAreValid }
    for index in message.entities.indices where message.entities[index].trigger == .mention {
      guard case .resolved(let item) = message.entities[index].resolution else { continue }
      let value = message.entities[index].value
      if SilentMarker.handle(in: value) != nil, !HandleKey(value).matches(item.insertionText) {
        message.entities[index].audience = .silent
      } else if checksGroups, mentionDirectory.members(ofGroup: item.id) != nil {
        message.entities[index].audience = .group
      }
    }
  }

  /// Stands for a missing mention or hashtag directory; never asked.
  private struct NoDirectory: MentionDirectory {
    func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
      -> [HandleKey: [MentionItem]]
    { [:] }
  }

  /// The index in `entries` of a trigger's directory, or -1.
  @inline(__always)
  private func entryIndex(_ trigger: Trigger.Name) -> Int {
    if trigger == .mention { return mentionEntry }
    if trigger == .hashtag { return hashtagEntry }
    for index in entries.indices where entries[index].trigger == trigger { return index }
    return -1
  }
}
