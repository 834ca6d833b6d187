/// The resolved entities of one message, in storage that is meant to be reused from message to
/// message.
///
/// ``MentionResolver/resolveSynchronously(_:)`` returns a new ``ResolvedMessage`` per message,
/// with a new array of ``ResolvedEntity`` values, each holding a whole ``ExtractedEntity``. A
/// backend that extracts, resolves and renders a stream of messages can instead keep one
/// `ResolvedEntities` and pass it to ``MentionResolver/resolveSynchronously(_:using:into:)``,
/// which extracts into the storage's own ``entities`` and resolves each handle from the offsets
/// the extraction recorded; ``MessageRenderer/render(_:)-(ResolvedEntities)`` reads the same
/// offsets. The storage keeps its capacity, so once it has grown the loop allocates nothing but
/// the rendered text, and no entity is built unless it is read.
///
/// Reading an element builds the ``ResolvedEntity`` that ``ResolvedMessage/entities`` holds for
/// it, in O(1); ``message`` builds the whole ``ResolvedMessage``, equal to the one the message
/// path gives, and the rendering is the same text.
///
/// ```swift
/// var resolved = ResolvedEntities()
/// for text in messages {
///   try resolver.resolveSynchronously(text, using: extractor, into: &resolved)
///   send(renderer.render(resolved))
/// }
/// ```
///
/// It is a value: a copy keeps its entities when the original is reused (the storage is copied
/// on write, as an array's is).
public struct ResolvedEntities: RandomAccessCollection, Sendable {
  /// The message's extracted entities, as ``EntityExtractor/extract(_:into:)`` extracted them.
  public private(set) var entities: ExtractedEntities
  /// The resolution of each entity, by position.
  private var resolutions: [MentionResolution]
  /// Whether the message has more mentions than the resolver's
  /// ``MentionResolver/mentionLimit``; the mentions past it are
  /// ``MentionResolution/skipped(_:)``.
  public internal(set) var exceedsMentionLimit: Bool

  /// Empty storage.
  public init() {
    entities = ExtractedEntities()
    resolutions = []
    exceedsMentionLimit = false
  }

  /// The message the entities were extracted from.
  public var text: String { entities.text }

  /// The position of the first entity: always 0.
  public var startIndex: Int { 0 }

  /// The number of entities.
  public var endIndex: Int { resolutions.count }

  /// The entity at `position` with its resolution.
  ///
  /// - Complexity: O(1).
  public subscript(position: Int) -> ResolvedEntity {
    precondition(position >= 0 && position < endIndex, "entity index out of range")
    return ResolvedEntity(entity: entities[position], resolution: resolutions[position])
  }

  /// The resolution of the entity at `position`, without building the entity.
  ///
  /// - Complexity: O(1).
  public func resolution(at position: Int) -> MentionResolution {
    precondition(position >= 0 && position < endIndex, "entity index out of range")
    return resolutions[position]
  }

  /// The message as a new ``ResolvedMessage``: what ``MentionResolver/resolveSynchronously(_:)``
  /// returns for the same entities.
  public var message: ResolvedMessage {
    ResolvedMessage(text: text, entities: Array(self), exceedsMentionLimit: exceedsMentionLimit)
  }

  /// Starts the storage over with the entities of `text`, none resolved yet.
  mutating func reset(extracting text: String, using extractor: EntityExtractor) {
    extractor.extract(text, into: &entities)
    removeResolutions()
  }

  @inline(__always)
  private mutating func removeResolutions() {
    // One `removeLast()` per entity: `removeAll(keepingCapacity:)` goes through the general
    // `replaceSubrange`, which costs more for the few entities of a message.
    while !resolutions.isEmpty { resolutions.removeLast() }
    exceedsMentionLimit = false
  }

  /// Adds the resolution of the next entity.
  @inline(__always)
  mutating func append(_ resolution: MentionResolution) {
    resolutions.append(resolution)
  }

  /// Empties the storage after a failure, keeping the text: no entity is left without its
  /// resolution.
  mutating func removeAll() {
    entities.removeAllEntities()
    removeResolutions()
  }

  /// Calls `body` with the records of the entities, the profile's kinds and the resolutions,
  /// without building the entities.
  @inline(__always)
  func withStorage<Result>(
    _ body: (
      _ records: UnsafeBufferPointer<ExtractedEntities.Record>, _ kinds: [ExtractedEntity.Kind],
      _ resolutions: UnsafeBufferPointer<MentionResolution>
    ) -> Result
  ) -> Result {
    entities.withRecords { records, kinds in
      resolutions.withUnsafeBufferPointer { resolutions in
        // As many of each as there are entities (the storage keeps them equal; the buffers are
        // read unchecked).
        let count = Swift.min(records.count, resolutions.count)
        return body(
          UnsafeBufferPointer(rebasing: records[..<count]), kinds,
          UnsafeBufferPointer(rebasing: resolutions[..<count]))
      }
    }
  }
}

extension ResolvedEntities: Equatable {
  /// Equal when the texts, the entities with their resolutions, and the mention-limit flags
  /// are.
  public static func == (lhs: ResolvedEntities, rhs: ResolvedEntities) -> Bool {
    lhs.text == rhs.text && lhs.exceedsMentionLimit == rhs.exceedsMentionLimit
      && lhs.elementsEqual(rhs)
  }
}
