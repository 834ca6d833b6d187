/// Resolves the entities of messages against directories, in one batched call per kind.
///
/// A resolver holds one ``MentionDirectory`` per entity kind: users for
/// ``ExtractedEntity/Kind-swift.struct/mention``, channels for
/// ``ExtractedEntity/Kind-swift.struct/hashtag``, or any custom trigger's kind. For each message
/// (or batch of messages) it asks each directory once, with every distinct handle, and reports
/// every entity as resolved, unresolved, ambiguous, or skipped (no directory for its kind, or
/// past the mention limit); none is dropped. Matching is exact up to case (``HandleKey``): `@JON`
/// resolves to `jon`, `@jön` and `@jоn` (Cyrillic `о`) never do.
///
/// ```swift
/// let resolver = MentionResolver(
///   users: HandleDirectory(users), channels: HandleDirectory(channels))
/// let message = try await resolver.resolve("@JON see #general", using: EntityExtractor())
/// message.entities.map(\.item?.id)  // ["U1", "C1"]
/// ```
///
/// When every directory is a ``SynchronousMentionDirectory`` (``HandleDirectory``,
/// ``MentionIndex``, ``InMemoryDataSource``), ``resolve(_:entities:)`` never suspends and
/// ``resolveSynchronously(_:entities:)`` resolves without `await`: the fast path for
/// in-memory directories.
///
/// A message with more than ``mentionLimit`` mentions is flagged, not rejected: the mentions
/// past the limit come back ``MentionResolution/skipped(_:)`` with
/// ``MentionResolution/SkipReason/overMentionLimit`` (they are not looked up), and
/// ``ResolvedMessage/exceedsMentionLimit`` is `true`. A directory that throws makes the call
/// throw ``ResolutionError/directoryFailed(kind:handleCount:message:)``.
public struct MentionResolver: Sendable {
  /// The default ``mentionLimit``: 100, the most users a Discord message may ping.
  public static let defaultMentionLimit = 100

  /// The most ``ExtractedEntity/Kind-swift.struct/mention`` entities looked up per message;
  /// later ones are skipped and the message is flagged.
  public var mentionLimit: Int

  private struct Entry: Sendable {
    var kind: ExtractedEntity.Kind
    var directory: any MentionDirectory
    var synchronous: (any SynchronousMentionDirectory)?
    /// The directory when it is a ``HandleDirectory``: looked up without building keys.
    var handles: HandleDirectory?
  }

  private let entries: [Entry]
  /// The index in `entries` of the mention and hashtag directories, or -1: found once here
  /// rather than by comparing kind names for every entity.
  private let mentionEntry: Int
  private let hashtagEntry: Int
  /// ``ExtractedEntity/Kind-swift.struct/mention`` and ``ExtractedEntity/Kind-swift.struct/hashtag``,
  /// held so that the per-entity comparisons read no global.
  private let mentionKind = ExtractedEntity.Kind.mention
  private let hashtagKind = ExtractedEntity.Kind.hashtag
  /// The mention and hashtag directories when they are ``HandleDirectory`` tables.
  /// (Not optionals: copying an optional class reference out of the resolver for every
  /// entity went through the runtime's type metadata. An empty directory stands for none.)
  private let mentionHandles: HandleDirectory
  private let hashtagHandles: HandleDirectory
  private let hasMentionHandles: Bool
  private let hasHashtagHandles: Bool

  /// Creates a resolver with a directory per entity kind.
  ///
  /// - Parameters:
  ///   - directories: The directory for each kind; entities of other kinds are skipped.
  ///   - mentionLimit: The most mentions looked up per message.
  public init(
    directories: [ExtractedEntity.Kind: any MentionDirectory],
    mentionLimit: Int = defaultMentionLimit
  ) {
    self.mentionLimit = mentionLimit
    entries = directories.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      Entry(
        kind: $0.key, directory: $0.value,
        synchronous: $0.value as? any SynchronousMentionDirectory,
        handles: $0.value as? HandleDirectory)
    }
    mentionEntry = entries.firstIndex { $0.kind == .mention } ?? -1
    hashtagEntry = entries.firstIndex { $0.kind == .hashtag } ?? -1
    let mentionHandles = mentionEntry >= 0 ? entries[mentionEntry].handles : nil
    let hashtagHandles = hashtagEntry >= 0 ? entries[hashtagEntry].handles : nil
    self.mentionHandles = mentionHandles ?? Self.noHandles
    self.hashtagHandles = hashtagHandles ?? Self.noHandles
    hasMentionHandles = mentionHandles != nil
    hasHashtagHandles = hashtagHandles != nil
    everyDirectoryIsSynchronous = entries.allSatisfy { $0.synchronous != nil }
  }

  /// Creates a resolver for user mentions and, optionally, channel hashtags.
  ///
  /// - Parameters:
  ///   - users: The directory for mentions.
  ///   - channels: The directory for hashtags; without one, hashtags are skipped.
  ///   - mentionLimit: The most mentions looked up per message.
  public init(
    users: any MentionDirectory, channels: (any MentionDirectory)? = nil,
    mentionLimit: Int = defaultMentionLimit
  ) {
    var directories: [ExtractedEntity.Kind: any MentionDirectory] = [.mention: users]
    if let channels { directories[.hashtag] = channels }
    self.init(directories: directories, mentionLimit: mentionLimit)
  }

  /// The kinds this resolver looks up.
  public var kinds: [ExtractedEntity.Kind] { entries.map(\.kind) }

  /// Whether every directory answers synchronously, so ``resolveSynchronously(_:entities:)``
  /// works and ``resolve(_:entities:)`` never suspends.
  public var isSynchronous: Bool { everyDirectoryIsSynchronous }

  /// ``isSynchronous``, computed once: asking every entry for each message copied each
  /// directory's existential.
  private let everyDirectoryIsSynchronous: Bool

  // MARK: - Async, batched

  /// Extracts and resolves a message.
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - extractor: The extractor that finds its entities.
  /// - Returns: The message with every entity resolved.
  /// - Throws: ``ResolutionError/directoryFailed(kind:handleCount:message:)`` when a directory
  ///   throws, or `CancellationError`.
  public func resolve(_ text: String, using extractor: EntityExtractor) async throws
    -> ResolvedMessage
  {
    try await resolve(text, entities: extractor.entities(in: text))
  }

  /// Resolves a message's entities, with one directory call per kind.
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - entities: Its entities, as ``EntityExtractor/entities(in:)`` returns them.
  /// - Returns: The message with every entity resolved.
  /// - Throws: ``ResolutionError/directoryFailed(kind:handleCount:message:)`` when a directory
  ///   throws, or `CancellationError`.
  /// - Complexity: O(*m*) in the number of entities, plus one call per kind.
  public func resolve(_ text: String, entities: [ExtractedEntity]) async throws -> ResolvedMessage {
    if everyDirectoryIsSynchronous { return try resolveSynchronously(text, entities: entities) }
    return try await resolveAll([(text, entities)])[0]
  }

  /// Extracts and resolves many messages with one directory call per kind for all of them.
  ///
  /// ```swift
  /// let messages = try await resolver.resolveAll(lines, using: EntityExtractor())
  /// ```
  ///
  /// - Parameters:
  ///   - texts: The messages.
  ///   - extractor: The extractor that finds their entities.
  /// - Returns: Each message with every entity resolved, in the order of `texts`.
  /// - Throws: ``ResolutionError/directoryFailed(kind:handleCount:message:)`` when a directory
  ///   throws, or `CancellationError`.
  public func resolveAll(_ texts: [String], using extractor: EntityExtractor) async throws
    -> [ResolvedMessage]
  {
    try await resolveAll(texts.map { ($0, extractor.entities(in: $0)) })
  }

  /// Resolves many messages with one directory call per kind for all of them.
  ///
  /// When every directory is synchronous (``isSynchronous``), there is nothing to batch: each
  /// message is resolved as ``resolveSynchronously(_:entities:)`` resolves it, with the same
  /// result, checking for cancellation every 1,024 messages.
  ///
  /// - Parameter messages: Each message with its entities.
  /// - Returns: Each message with every entity resolved, in order.
  /// - Throws: ``ResolutionError/directoryFailed(kind:handleCount:message:)`` when a directory
  ///   throws, or `CancellationError`.
  public func resolveAll(_ messages: [(text: String, entities: [ExtractedEntity])]) async throws
    -> [ResolvedMessage]
  {
    if everyDirectoryIsSynchronous {
      var resolved: [ResolvedMessage] = []
      resolved.reserveCapacity(messages.count)
      for (index, message) in messages.enumerated() {
        if index & 1023 == 0 { try Task.checkCancellation() }
        resolved.append(try resolveSynchronously(message.text, entities: message.entities))
      }
      return resolved
    }
    // Plan: the resolution of each entity that needs no lookup, and the key of each that does.
    var plans: [[Planned]] = []
    plans.reserveCapacity(messages.count)
    var flags: [Bool] = []
    var keys = [[HandleKey]](repeating: [], count: entries.count)
    var seen = [Set<HandleKey>](repeating: [], count: entries.count)
    for message in messages {
      var plan: [Planned] = []
      plan.reserveCapacity(message.entities.count)
      var mentions = 0
      var exceeds = false
      for entity in message.entities {
        if let skip = skipReason(entity.kind, &mentions) {
          exceeds = exceeds || skip == .overMentionLimit
          plan.append(.done(.skipped(skip)))
          continue
        }
        let index =
          entity.kind == mentionKind
          ? mentionEntry : entity.kind == hashtagKind ? hashtagEntry : entryIndex(entity.kind) ?? -1
        guard index >= 0 else {
          plan.append(.done(.skipped(.noDirectory)))
          continue
        }
        let key = HandleKey(entity.value)
        if seen[index].insert(key).inserted { keys[index].append(key) }
        plan.append(.lookUp(index, key))
      }
      plans.append(plan)
      flags.append(exceeds)
    }
    // One call per kind.
    var answers = [[HandleKey: [MentionItem]]](repeating: [:], count: entries.count)
    for (index, entry) in entries.enumerated() where !keys[index].isEmpty {
      do {
        answers[index] = try await entry.directory.items(matching: keys[index], kind: entry.kind)
      } catch let error as CancellationError {
        throw error
      } catch {
        throw ResolutionError.directoryFailed(
          kind: entry.kind, handleCount: keys[index].count, message: "\(error)")
      }
    }
    return messages.indices.map { m in
      let entities = zip(messages[m].entities, plans[m]).map { entity, planned in
        switch planned {
        case .done(let resolution):
          return ResolvedEntity(entity: entity, resolution: resolution)
        case .lookUp(let index, let key):
          return ResolvedEntity(
            entity: entity, resolution: Self.resolution(of: answers[index][key] ?? [], key: key))
        }
      }
      return ResolvedMessage(
        text: messages[m].text, entities: entities, exceedsMentionLimit: flags[m])
    }
  }

  // MARK: - Synchronous fast path

  /// Resolves a message's entities without suspending, when every directory it needs is a
  /// ``SynchronousMentionDirectory``.
  ///
  /// ```swift
  /// let resolver = MentionResolver(users: HandleDirectory(users))
  /// let text = "hi @Jon"
  /// let message = try resolver.resolveSynchronously(text, entities: extractor.entities(in: text))
  /// ```
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - entities: Its entities, as ``EntityExtractor/entities(in:)`` returns them.
  /// - Returns: The message with every entity resolved.
  /// - Throws: ``ResolutionError/directoryNotSynchronous(kind:)`` when an entity's directory is
  ///   not synchronous.
  /// - Complexity: O(*m*) lookups for *m* entities.
  public func resolveSynchronously(_ text: String, entities: [ExtractedEntity])
    throws(ResolutionError) -> ResolvedMessage
  {
    let (resolved, exceeds) = try resolveSynchronously(entities)
    return ResolvedMessage(text: text, entities: resolved, exceedsMentionLimit: exceeds)
  }

  /// Resolves the entities in reusable extraction storage without suspending, when every
  /// directory it needs is a ``SynchronousMentionDirectory``.
  ///
  /// With ``EntityExtractor/extract(_:into:)`` this resolves a stream of messages without a
  /// new array of extracted entities per message.
  ///
  /// ```swift
  /// var entities = ExtractedEntities()
  /// for text in messages {
  ///   extractor.extract(text, into: &entities)
  ///   let message = try resolver.resolveSynchronously(entities)
  /// }
  /// ```
  ///
  /// - Parameter entities: A message's entities, from ``EntityExtractor/extract(_:into:)``.
  /// - Returns: The message (``ExtractedEntities/text``) with every entity resolved.
  /// - Throws: ``ResolutionError/directoryNotSynchronous(kind:)`` when an entity's directory is
  ///   not synchronous.
  /// - Complexity: O(*m*) lookups for *m* entities.
  public func resolveSynchronously(_ entities: ExtractedEntities) throws(ResolutionError)
    -> ResolvedMessage
  {
    let (resolved, exceeds) = try resolveSynchronously(entities)
    return ResolvedMessage(text: entities.text, entities: resolved, exceedsMentionLimit: exceeds)
  }

  /// Resolves a collection of entities, and tells whether they exceed the mention limit.
  @inline(__always)
  private func resolveSynchronously<Entities: Collection<ExtractedEntity>>(
    _ entities: Entities
  ) throws(ResolutionError) -> (entities: [ResolvedEntity], exceedsMentionLimit: Bool) {
    var resolved: [ResolvedEntity] = []
    resolved.reserveCapacity(entities.count)
    var mentions = 0
    for entity in entities {
      let found = entity.withValueUTF8 { resolution(of: entity.kind, $0, mentions: &mentions) }
      guard let found else { throw .directoryNotSynchronous(kind: entity.kind) }
      resolved.append(ResolvedEntity(entity: entity, resolution: found))
    }
    return (resolved, mentions > mentionLimit)
  }

  /// Extracts a message's entities and resolves them into reusable storage, without
  /// suspending, when every directory it needs is a ``SynchronousMentionDirectory``.
  ///
  /// The entities are extracted straight into `resolved` (``ResolvedEntities/entities``), then
  /// resolved from the offsets the extraction recorded: with
  /// ``MessageRenderer/render(_:)-(ResolvedEntities)`` a stream of messages is extracted,
  /// resolved and rendered with no array of entities built per message.
  ///
  /// ```swift
  /// var resolved = ResolvedEntities()
  /// for text in messages {
  ///   try resolver.resolveSynchronously(text, using: extractor, into: &resolved)
  ///   send(renderer.render(resolved))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - extractor: The extractor that finds its entities.
  ///   - resolved: The storage to fill; its previous message is dropped. It then holds what
  ///     ``EntityExtractor/extract(_:into:)`` extracts from `text`, with the resolutions that
  ///     ``resolveSynchronously(_:)`` gives them.
  /// - Throws: ``ResolutionError/directoryNotSynchronous(kind:)`` when an entity's directory is
  ///   not synchronous; `resolved` then holds the text and no entities.
  /// - Complexity: O(*n*) in the length of the text, and O(*m*) lookups for *m* entities.
  public func resolveSynchronously(
    _ text: String, using extractor: EntityExtractor, into resolved: inout ResolvedEntities
  ) throws(ResolutionError) {
    resolved.reset(extracting: text, using: extractor)
    try resolveEntities(of: &resolved)
  }

  /// Resolves the entities that `resolved` holds, none resolved yet.
  private func resolveEntities(of resolved: inout ResolvedEntities) throws(ResolutionError) {
    var mentions = 0
    let entities = resolved.entities
    let failed = UTF8Scanning.withUTF8(entities.text) { p in
      entities.withRecords { records, kinds -> ExtractedEntity.Kind? in
        for record in records {
          let kind = kinds[record.raw.kind]
          let value = UnsafeBufferPointer(
            rebasing: p[record.raw.valueStart..<record.raw.valueEnd])
          guard let found = resolution(of: kind, value, mentions: &mentions) else { return kind }
          resolved.append(found)
        }
        return nil
      }
    }
    if let failed {
      resolved.removeAll()
      throw .directoryNotSynchronous(kind: failed)
    }
    resolved.exceedsMentionLimit = mentions > mentionLimit
  }

  /// The resolution of one entity from its kind and the UTF-8 bytes of its value, counting
  /// mentions against the limit; `nil` when its directory is not synchronous.
  @inline(__always)
  private func resolution(
    of kind: ExtractedEntity.Kind, _ value: UnsafeBufferPointer<UInt8>, mentions: inout Int
  ) -> MentionResolution? {
    let index: Int
    if kind == mentionKind {
      mentions += 1
      if mentions > mentionLimit { return .skipped(.overMentionLimit) }
      if hasMentionHandles { return mentionHandles.resolution(ofHandleBytes: value) }
      index = mentionEntry
    } else if kind == hashtagKind {
      if hasHashtagHandles { return hashtagHandles.resolution(ofHandleBytes: value) }
      index = hashtagEntry
    } else {
      index = entryIndex(kind) ?? -1
    }
    guard index >= 0 else { return .skipped(.noDirectory) }
    if let handles = entries[index].handles { return handles.resolution(ofHandleBytes: value) }
    guard let directory = entries[index].synchronous else { return nil }
    let key = HandleKey(UTF8Scanning.string(value, isValid: true))
    return Self.resolution(of: directory.items(for: key, kind: kind), key: key)
  }

  // MARK: - Internals

  /// The directory that stands for no ``HandleDirectory``.
  private static let noHandles = HandleDirectory([])

  private enum Planned {
    case done(MentionResolution)
    case lookUp(Int, HandleKey)
  }

  /// Counts mentions; returns `.overMentionLimit` past the limit.
  @inline(__always)
  private func skipReason(_ kind: ExtractedEntity.Kind, _ mentions: inout Int)
    -> MentionResolution.SkipReason?
  {
    guard kind == mentionKind else { return nil }
    mentions += 1
    return mentions > mentionLimit ? .overMentionLimit : nil
  }

  @inline(__always)
  private func entryIndex(_ kind: ExtractedEntity.Kind) -> Int? {
    for index in entries.indices where entries[index].kind == kind { return index }
    return nil
  }

  /// Keeps the items that really have the key (a directory may match loosely), once each.
  static func resolution(of items: [MentionItem], key: HandleKey) -> MentionResolution {
    if items.count == 1 {
      return key.matches(items[0].insertionText) ? .resolved(items[0]) : .unresolved
    }
    return MentionResolution(candidates: items.lazy.filter { key.matches($0.insertionText) })
  }
}
