/// Finds every mention and hashtag in a finished message, with exact ranges.
///
/// The extractor is the backend half of "one grammar, two directions": with the
/// ``ExtractionProfile/chat`` profile it applies the same ``Trigger`` rules the composer's
/// ``MentionManager`` completes with; with ``ExtractionProfile/twitter`` it reproduces
/// twitter-text. It is a pure value: synchronous, nonisolated and safe to share.
///
/// ```swift
/// let extractor = EntityExtractor(profile: .twitter)
/// extractor.extract("RT @ana: see #swift6 and @bob/team").entities.map(\.value)
/// // ["ana", "swift6", "bob"]
/// extractor.replyHandle(in: " @ana thanks")  // "ana"
/// ```
///
/// Every entity comes out ``MessageEntity/Resolution/pending``: ``MentionResolver`` looks them
/// up.
///
/// - Complexity: Every method is O(*n*) in the UTF-8 length of the text, on any input; the
///   scanners read the string's contiguous UTF-8 storage one Unicode scalar at a time.
public struct EntityExtractor: Sendable, Hashable {
  /// The grammar applied.
  public var profile: ExtractionProfile {
    didSet { compiled = CompiledProfile(profile) }
  }

  /// The grammar compiled once, not per message.
  private var compiled: CompiledProfile

  /// Creates an extractor.
  ///
  /// - Parameter profile: The grammar to apply; ``ExtractionProfile/chat`` by default.
  public init(profile: ExtractionProfile = .chat) {
    self.profile = profile
    compiled = CompiledProfile(profile)
  }

  /// The message with every entity in its text, in text order, none resolved.
  ///
  /// - Parameter text: A whole message.
  /// - Returns: The message; a list mention (``ExtractionProfile/twitter`` only) is a
  ///   ``Trigger/Name/mention`` entity whose ``MessageEntity/value`` is the owner's handle and
  ///   whose ``MessageEntity/listSlug`` is set.
  /// - Complexity: O(*n*), where *n* is the UTF-8 length of `text`.
  public func extract(_ text: String) -> Message {
    var message = Message(text: text)
    extract(text, into: &message)
    return message
  }

  /// Extracts a message's entities into a reused message, replacing what it held: the
  /// streaming form of ``extract(_:)``.
  ///
  /// It exists for backends that extract a stream of messages: `message` keeps the capacity of
  /// its entity array from message to message, so once it has grown the loop allocates nothing
  /// but the values of entities longer than a small string (15 UTF-8 bytes). The result is the
  /// message ``extract(_:)`` returns.
  ///
  /// ```swift
  /// var message = Message(text: "")
  /// for text in messages {
  ///   extractor.extract(text, into: &message)
  ///   for entity in message.entities where entity.trigger == .mention { print(entity.value) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: A whole message.
  ///   - message: The message to fill; its previous text and entities are dropped.
  /// - Complexity: O(*n*), where *n* is the UTF-8 length of `text`.
  public func extract(_ text: String, into message: inout Message) {
    _ = extract(text, into: &message) { _, _ in .pending }
  }

  /// Extracts a message's entities into a reused message, giving each the resolution
  /// `resolve` returns for its trigger and value.
  ///
  /// - Returns: `nil`, or the trigger of the first entity `resolve` returned `nil` for; the
  ///   message then holds the text and no entities.
  @inline(__always)
  func extract(
    _ text: String, into message: inout Message,
    resolving resolve: (_ trigger: Trigger.Name, _ value: String) -> MessageEntity.Resolution?
  ) -> Trigger.Name? {
    message.text = text
    // The entities are filled out of the message, its array's storage kept: one `removeLast()`
    // per entity, as `removeAll(keepingCapacity:)` goes through the general
    // `replaceSubrange`, which costs more for the few entities of a message.
    var entities: [MessageEntity] = []
    swap(&entities, &message.entities)
    while !entities.isEmpty { entities.removeLast() }
    let compiled = compiled
    let failed = UTF8Scanning.withUTF8(text) { p -> Trigger.Name? in
      RawEntityBuffer.with { raw -> Trigger.Name? in
        scan(p, into: &raw)
        guard !raw.isEmpty else { return nil }
        entities.reserveCapacity(raw.count)
        var failed: Trigger.Name?
        Self.withOffsets(
          &raw, p, text, checksGraphemeBoundaries: !compiled.profile.isTwitter
        ) { entity, utf16, _ in
          guard failed == nil else { return }
          let trigger = compiled.kinds[entity.kind]
          let value = UTF8Scanning.string(
            UnsafeBufferPointer(rebasing: p[entity.valueStart..<entity.valueEnd]), isValid: true)
          guard let resolution = resolve(trigger, value) else {
            failed = trigger
            return
          }
          let slug =
            entity.kind == compiled.listKind && entity.valueEnd < entity.end
            ? UTF8Scanning.string(p, entity.valueEnd..<entity.end) : nil
          entities.append(
            MessageEntity(
              trigger: trigger, utf16Range: utf16,
              utf8Range: CachedUTF8Range(
                lowerBound: UInt32(truncatingIfNeeded: entity.start),
                upperBound: UInt32(truncatingIfNeeded: entity.end)),
              value: value, listSlug: slug, resolution: resolution))
        }
        return failed
      }
    }
    if failed != nil { while !entities.isEmpty { entities.removeLast() } }
    swap(&entities, &message.entities)
    // Each entity's UTF-8 range is that of its UTF-16 range (offsets past `UInt32` would wrap).
    message.utf8Ranges.areValid = failed == nil && text.utf8.count <= Int(UInt32.max)
    return failed
  }

  /// The handle a message replies to: the mention that starts it, after optional whitespace.
  ///
  /// With ``ExtractionProfile/twitter``, twitter-text's `extractReplyScreenname` rule (`.@ana`
  /// and `RT @ana` are not replies; `@ana/list` replies to `ana`). With the chat grammar, the
  /// first entity when it is a mention preceded only by whitespace.
  ///
  /// - Parameter text: A whole message.
  /// - Returns: The handle without its sign, or `nil`.
  public func replyHandle(in text: String) -> String? {
    if profile.isTwitter {
      return UTF8Scanning.withUTF8(text) { p in TwitterScanner.replyHandle(p) }
    }
    guard let first = entities(in: text).first, first.trigger == .mention,
      text[..<first.range.lowerBound].unicodeScalars.allSatisfy({
        ScalarClass.whitespace.contains($0)
      })
    else { return nil }
    return first.value
  }

  /// Every entity in the text, in text order, with all its ranges (the scanners' view).
  ///
  /// - Complexity: O(*n*), where *n* is the UTF-8 length of `text`.
  func entities(in text: String) -> [ExtractedEntity] {
    UTF8Scanning.withUTF8(text) { p -> [ExtractedEntity] in
      // The first eight raw entities stay on the stack: no allocation but the result's.
      RawEntityBuffer.with { raw in
        scan(p, into: &raw)
        // As in the composer's detector, an entity that is not whole characters is none.
        return Self.makeEntities(
          &raw, compiled: compiled, p, text, checksGraphemeBoundaries: !profile.isTwitter)
      }
    }
  }

  /// The values of the mentions in the text, in text order, duplicates kept; with
  /// ``ExtractionProfile/twitter`` twitter-text's `extractMentions` (no list mentions).
  func mentions(in text: String) -> [String] {
    entities(in: text).filter { $0.trigger == .mention && $0.listSlug == nil }.map(\.value)
  }

  /// The values of the hashtags in the text, in text order, duplicates kept.
  func hashtags(in text: String) -> [String] {
    entities(in: text).filter { $0.trigger == .hashtag }.map(\.value)
  }

  /// Scans a UTF-8 buffer into raw entities (byte offsets), in text order.
  func scan(_ p: UnsafeBufferPointer<UInt8>, into raw: inout RawEntityBuffer) {
    let compiled = compiled
    if let chat = compiled.chat {
      chat.scan(p, into: &raw)
      return
    }
    compiled.twitterTable.withUnsafeBufferPointer { table in
      TwitterScanner.scan(
        p, table: table, mentions: profile.includesMentions,
        hashtags: profile.includesHashtags, cashtags: profile.includesCashtags, into: &raw)
    }
  }

  /// The trigger of each raw kind index.
  var kinds: [Trigger.Name] { compiled.kinds }

  /// Counts the Unicode scalars and UTF-16 code units before byte offsets of a UTF-8 buffer,
  /// for offsets asked in increasing order: each aligned eight-byte word before the offset is
  /// counted once, and the bytes of the offset's own word with one masked load, so an offset
  /// costs no loop over its last few bytes.
  ///
  /// A continuation byte (`10xxxxxx`) is no scalar; a four-byte lead (`11110xxx`) starts a
  /// scalar of two UTF-16 units.
  struct OffsetCounter {
    private let p: UnsafeBufferPointer<UInt8>
    /// The bytes before this offset (a multiple of eight) are counted.
    private var counted = 0
    /// Their continuation bytes and four-byte leads.
    private var continuations = 0
    private var fourByteLeads = 0

    init(_ p: UnsafeBufferPointer<UInt8>) { self.p = p }

    /// The scalar and UTF-16 offsets of the byte offset `end` (`0...p.count`, on a scalar
    /// boundary); faster when each call's `end` is at least the previous one's. Only offsets past
    /// the table's reach come here (messages over 1 KB), so it stays out of line.
    @inline(never)
    mutating func offsets(at end: Int) -> (scalars: Int, utf16: Int) {
      if end < counted {
        counted = 0
        continuations = 0
        fourByteLeads = 0
      }
      guard let base = p.baseAddress else { return (0, 0) }
      let raw = UnsafeRawPointer(base)
      while counted &+ 8 <= end {
        let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: counted, as: UInt64.self))
        let counts = Self.counts(x)
        continuations &+= Int(counts & 0xFFFF)
        fourByteLeads &+= Int(counts &>> 16)
        counted &+= 8
      }
      var counts: UInt32 = 0
      let rest = end &- counted
      if rest > 0 { counts = Self.counts(UTF8Scanning.word(p, at: counted, bytes: rest)) }
      return Self.offsets(
        at: end, continuations: continuations &+ Int(counts & 0xFFFF),
        fourByteLeads: fourByteLeads &+ Int(counts &>> 16))
    }

    /// How many leading bytes ``withTable(_:covering:_:)`` can cover.
    static let tableBytes = 1024

    /// Calls `body` with a table of the counts before each eight-byte word of the first
    /// `covered` bytes (at most ``tableBytes``), and whether those bytes are all ASCII (then
    /// every offset among them is its byte offset): entry *w* holds the continuation bytes
    /// before byte 8*w* in its low 16 bits and the four-byte leads in its high 16 bits
    /// (``counts(_:)``), from which ``offsets(_:_:at:)`` derives the offsets.
    @inline(__always)
    static func withTable<Result>(
      _ p: UnsafeBufferPointer<UInt8>, covering covered: Int,
      _ body: (_ table: UnsafeMutablePointer<UInt32>, _ isASCII: Bool) -> Result
    ) -> Result {
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: tableBytes / 8 + 1) { memory in
        let table = memory.baseAddress.unsafelyUnwrapped
        let words = covered &>> 3
        var counted: UInt32 = 0
        var any: UInt64 = 0
        if let base = p.baseAddress {
          let raw = UnsafeRawPointer(base)
          for w in 0..<words {
            table[w] = counted
            let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: w &* 8, as: UInt64.self))
            any |= x
            counted &+= Self.counts(x)
          }
        }
        table[words] = counted
        let rest = covered & 7
        if rest != 0 { any |= UTF8Scanning.word(p, at: covered &- rest, bytes: rest) }
        return body(table, any & 0x8080_8080_8080_8080 == 0)
      }
    }

    /// The scalar and UTF-16 offsets of byte offset `end`, which the table covers.
    @inline(__always)
    static func offsets(
      _ p: UnsafeBufferPointer<UInt8>, _ table: UnsafeMutablePointer<UInt32>, at end: Int
    )
      -> (scalars: Int, utf16: Int)
    {
      var counts = table[end &>> 3]
      let rest = end & 7
      if rest != 0 { counts &+= Self.counts(UTF8Scanning.word(p, at: end &- rest, bytes: rest)) }
      return offsets(
        at: end, continuations: Int(counts & 0xFFFF), fourByteLeads: Int(counts &>> 16))
    }

    /// The scalar and UTF-16 offsets of byte offset `end`, from the continuation bytes and
    /// four-byte leads before it: every other byte starts a scalar, and a four-byte lead starts
    /// one of two UTF-16 units.
    @inline(__always)
    static func offsets(at end: Int, continuations: Int, fourByteLeads: Int)
      -> (scalars: Int, utf16: Int)
    {
      let scalars = end &- continuations
      return (scalars, scalars &+ fourByteLeads)
    }

    /// The continuation bytes of a word in the low 16 bits, and its four-byte leads in the high
    /// 16 bits (zero bytes are neither): the scalars of *k* bytes are *k* less their continuation
    /// bytes, and their UTF-16 units the scalars plus the four-byte leads. One multiply sums
    /// both: each byte holds its continuation flag in bit 0 and its four-byte-lead flag in bit
    /// 4, and eight bytes sum to at most 8 × 16 < 256 (a byte is never both).
    @inline(__always)
    static func counts(_ x: UInt64) -> UInt32 {
      let (continuation, fourByteLead) = flags(x)
      let both = (continuation &>> 7) | (fourByteLead &>> 3)
      let sums = UInt32(truncatingIfNeeded: (both &* 0x0101_0101_0101_0101) &>> 56)
      return (sums & 0xF) | (sums &>> 4) &<< 16
    }

    /// Bit 7 of each continuation byte of a word, and of each four-byte lead (zero bytes are
    /// neither), every other bit clear.
    @inline(__always)
    private static func flags(_ x: UInt64) -> (continuation: UInt64, fourByteLead: UInt64) {
      let high: UInt64 = 0x8080_8080_8080_8080
      let shifted = x &<< 1
      let topTwo = x & shifted
      return (x & ~shifted & high, topTwo & (topTwo &<< 2) & high)
    }

  }

  /// Calls `body` with each raw entity that is whole grapheme clusters (all of them for the
  /// twitter grammar), in order, with its UTF-16 and scalar offsets.
  ///
  /// The offsets of the first ``OffsetCounter/tableBytes`` bytes come from one
  /// ``OffsetCounter/withTable(_:covering:_:)`` pass (none needed when those bytes are ASCII);
  /// any later ones from a running ``OffsetCounter``.
  @inline(__always)
  static func withOffsets(
    _ raw: inout RawEntityBuffer, _ p: UnsafeBufferPointer<UInt8>, _ text: String,
    checksGraphemeBoundaries: Bool,
    _ body: (_ entity: RawEntity, _ utf16: Range<Int>, _ scalars: Range<Int>) -> Void
  ) {
    let count = raw.count
    guard count > 0 else { return }
    let lastEnd = raw[count &- 1].end
    // The offsets of the first bytes (all of a typical message) come from a table of the
    // counts before each eight-byte word, built in one pass that also tells whether those
    // bytes are ASCII: an offset is then a table read and one masked word, with no loop whose
    // length depends on the entity.
    let covered = min(lastEnd, OffsetCounter.tableBytes)
    OffsetCounter.withTable(p, covering: covered) { table, ascii in
      var counter = OffsetCounter(p)
      for index in 0..<count {
        let entity = raw[index]
        // An entity is whole characters: its sign starts one (not after a prepended scalar
        // such as U+0600), nothing joins the sign (`#️⃣` is an emoji: the scanner checks this
        // after an ASCII sign), and it ends where a character ends (not before a ZWJ).
        // Trimming it to a character would name another handle, so it is dropped. Between
        // ASCII bytes each answer is one comparison.
        if checksGraphemeBoundaries,
          !CharacterBoundaries.contains(entity.start, p, text)
            || (p[entity.valueStart &- 1] >= 0x80
              && !CharacterBoundaries.contains(entity.valueStart, p, text))
            || !CharacterBoundaries.contains(entity.end, p, text)
        {
          continue
        }
        if ascii, entity.end <= covered {
          body(entity, entity.start..<entity.end, entity.start..<entity.end)
          continue
        }
        let start =
          entity.start <= covered
          ? OffsetCounter.offsets(p, table, at: entity.start)
          : counter.offsets(at: entity.start)
        let end =
          entity.end <= covered
          ? OffsetCounter.offsets(p, table, at: entity.end) : counter.offsets(at: entity.end)
        body(entity, start.utf16..<end.utf16, start.scalars..<end.scalars)
      }
    }
  }

  /// Turns raw byte-offset entities into extracted entities.
  ///
  /// The result is one allocation, reserved up front: growing an array from empty is
  /// specialised in this module, while `init(unsafeUninitializedCapacity:)` allocates through
  /// the standard library's unspecialised code, which looks the array's storage class up in the
  /// runtime's metadata cache every time.
  static func makeEntities(
    _ raw: inout RawEntityBuffer, compiled: CompiledProfile, _ p: UnsafeBufferPointer<UInt8>,
    _ text: String, checksGraphemeBoundaries: Bool
  ) -> [ExtractedEntity] {
    guard !raw.isEmpty else { return [] }
    var result: [ExtractedEntity] = []
    result.reserveCapacity(raw.count)
    withOffsets(&raw, p, text, checksGraphemeBoundaries: checksGraphemeBoundaries) {
      entity, utf16, scalars in
      result.append(
        ExtractedEntity(
          trigger: compiled.kinds[entity.kind], isList: entity.kind == compiled.listKind,
          text: text, raw: entity, utf16Range: utf16, scalarRange: scalars))
    }
    return result
  }
}
