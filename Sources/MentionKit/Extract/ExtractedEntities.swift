/// The entities of one message, in storage that is meant to be reused from message to message.
///
/// ``EntityExtractor/entities(in:)`` returns a new array per message. A backend that parses a
/// stream of messages can instead keep one `ExtractedEntities` and pass it to
/// ``EntityExtractor/extract(_:into:)`` for each message: the storage keeps its capacity, so
/// after the first few messages extraction allocates nothing, and each entity is kept as a few
/// integers (its kind and its offsets, all computed by the extraction) until it is read.
///
/// Reading an element builds the same ``ExtractedEntity`` that
/// ``EntityExtractor/entities(in:)`` returns for it, in O(1); the entities compare equal.
///
/// ```swift
/// let extractor = EntityExtractor(profile: .twitter)
/// var entities = ExtractedEntities()
/// for message in ["hi @ana", "#swift and @bob"] {
///   extractor.extract(message, into: &entities)
///   print(entities.map(\.value))  // ["ana"], then ["swift", "bob"]
/// }
/// ```
///
/// It is a value: a copy keeps its entities when the original is reused (the storage is copied
/// on write, as an array's is).
public struct ExtractedEntities: RandomAccessCollection, Sendable {
  /// One entity as offsets into ``text``: its UTF-8 offsets as the scanner found them, and its
  /// UTF-16 and Unicode-scalar offsets.
  struct Record {
    var raw: RawEntity
    var utf16: Range<Int>
    var scalars: Range<Int>
  }

  /// The message the entities were extracted from.
  public private(set) var text: String
  /// The entities, in text order: the first ``endIndex`` records (the rest are left from
  /// earlier messages, and overwritten, so emptying the storage costs nothing).
  private var records: [Record]
  /// The position after the last entity: the number of entities.
  public private(set) var endIndex = 0
  /// The compiled profile that extracted them: its kinds, by raw kind index.
  private var profile: CompiledProfile?

  /// Creates empty storage, with no text and no entities.
  public init() {
    text = ""
    records = []
    profile = nil
  }

  /// The position of the first entity: always 0.
  public var startIndex: Int { 0 }

  /// The entity at a position.
  ///
  /// - Parameter position: A valid position, `0..<count`.
  /// - Returns: The entity, as ``EntityExtractor/entities(in:)`` returns it.
  /// - Complexity: O(1).
  public subscript(position: Int) -> ExtractedEntity {
    precondition(position >= 0 && position < endIndex, "entity index out of range")
    let record = records[position]
    return ExtractedEntity(
      kind: profile.unsafelyUnwrapped.kinds[record.raw.kind], text: text, raw: record.raw,
      utf16Range: record.utf16, scalarRange: record.scalars)
  }

  /// Empties the storage for the next message, keeping its capacity.
  mutating func reset(text: String, profile: CompiledProfile) {
    self.text = text
    // The same extractor's profile again costs no reference counting.
    if self.profile !== profile { self.profile = profile }
    endIndex = 0
  }

  /// Calls `body` with the records of the entities and the profile's kinds (by raw kind
  /// index), without building the entities.
  @inline(__always)
  func withRecords<Result>(
    _ body: (_ records: UnsafeBufferPointer<Record>, _ kinds: [ExtractedEntity.Kind]) -> Result
  ) -> Result {
    records.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[..<endIndex]), profile?.kinds ?? [])
    }
  }

  /// Drops the entities, keeping the text.
  mutating func removeAllEntities() { endIndex = 0 }

  /// Lets `body` write up to `capacity` records from the first position; the count it returns
  /// is the new number of entities. One uniqueness check for the message, not one per entity.
  @inline(__always)
  mutating func writeRecords(
    capacity: Int, _ body: (UnsafeMutablePointer<Record>) -> Int
  ) {
    if records.count < capacity {
      let blank = Record(
        raw: RawEntity(kind: 0, start: 0, valueStart: 0, valueEnd: 0, end: 0), utf16: 0..<0,
        scalars: 0..<0)
      records.append(contentsOf: repeatElement(blank, count: capacity &- records.count))
    }
    endIndex = records.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped) }
  }
}

extension ExtractedEntities: Equatable {
  /// Whether two collections hold equal entities in the same order.
  ///
  /// - Parameters:
  ///   - lhs: A collection of entities.
  ///   - rhs: Another collection of entities.
  /// - Returns: `true` when they have the same count and equal entities at every position.
  public static func == (lhs: ExtractedEntities, rhs: ExtractedEntities) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
