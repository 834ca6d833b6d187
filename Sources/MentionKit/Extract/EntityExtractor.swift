/// Finds every mention and hashtag in a finished message, with exact ranges.
///
/// The extractor is the backend half of "one grammar, two directions": with the
/// ``ExtractionProfile/chat`` profile it applies the same ``Trigger`` rules the composer's
/// ``MentionManager`` completes with; with ``ExtractionProfile/twitter`` it reproduces
/// twitter-text. It is a pure value: synchronous, nonisolated and safe to share.
///
/// ```swift
/// let extractor = EntityExtractor(profile: .twitter)
/// extractor.entities(in: "RT @ana: see #swift6 and @bob/team").map(\.value)
/// // ["ana", "swift6", "bob"]
/// extractor.replyHandle(in: " @ana thanks")  // "ana"
/// ```
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

  /// Every entity in the text, in text order.
  ///
  /// - Parameter text: A whole message.
  /// - Returns: The entities; for ``ExtractionProfile/twitter``, list mentions come as
  ///   ``ExtractedEntity/Kind-swift.struct/list`` entities whose ``ExtractedEntity/value`` is the
  ///   screen name.
  /// - Complexity: O(*n*), where *n* is the UTF-8 length of `text`.
  public func entities(in text: String) -> [ExtractedEntity] {
    var storage = text
    return storage.withUTF8 { p -> [ExtractedEntity] in
      // The first eight raw entities stay on the stack: no allocation but the result's.
      RawEntityBuffer.with { raw in
        scan(p, into: &raw)
        // As in the composer's detector, a sign inside a grapheme cluster (after a prepended
        // scalar such as U+0600…0605) starts nothing.
        return Self.makeEntities(
          &raw, kinds: kinds, p, text, checksGraphemeBoundaries: profile.grammar == .triggers)
      }
    }
  }

  /// The values of the mentions in the text, in text order, duplicates kept.
  ///
  /// With ``ExtractionProfile/twitter`` this is twitter-text's `extractMentions`: list mentions
  /// are not included.
  ///
  /// - Parameter text: A whole message.
  /// - Returns: The handles, without their signs.
  public func mentions(in text: String) -> [String] {
    entities(in: text).filter { $0.kind == .mention }.map(\.value)
  }

  /// The values of the hashtags in the text, in text order, duplicates kept.
  ///
  /// - Parameter text: A whole message.
  /// - Returns: The tags, without their signs.
  public func hashtags(in text: String) -> [String] {
    entities(in: text).filter { $0.kind == .hashtag }.map(\.value)
  }

  /// The handle a message replies to: the mention that starts it, after optional whitespace.
  ///
  /// With ``ExtractionProfile/twitter``, twitter-text's `extractReplyScreenname` rule (`.@ana`
  /// and `RT @ana` are not replies; `@ana/list` replies to `ana`). With trigger profiles, the
  /// first entity when it is a mention preceded only by whitespace.
  ///
  /// - Parameter text: A whole message.
  /// - Returns: The handle without its sign, or `nil`.
  public func replyHandle(in text: String) -> String? {
    switch profile.grammar {
    case .twitter:
      var storage = text
      return storage.withUTF8 { p in TwitterScanner.replyHandle(p) }
    case .triggers:
      guard let first = entities(in: text).first, first.kind == .mention,
        text[..<first.range.lowerBound].unicodeScalars.allSatisfy({
          ScalarClass.whitespace.contains($0)
        })
      else { return nil }
      return first.value
    }
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

  /// The entity kind for each raw kind index.
  var kinds: [ExtractedEntity.Kind] { compiled.kinds }

  /// Advances `position` to `end`, adding the Unicode scalars and UTF-16 code units of the bytes
  /// passed over; eight bytes at a time (continuation bytes `10xxxxxx` are no scalar; lead bytes
  /// `11110xxx` are two UTF-16 units).
  @inline(__always)
  static func count(
    _ p: UnsafeBufferPointer<UInt8>, from position: inout Int, to end: Int, scalars: inout Int,
    utf16: inout Int
  ) {
    let high: UInt64 = 0x8080_8080_8080_8080
    if let base = p.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position &+ 8 <= end {
        let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        // Each flag is bit 7 of its byte; a multiply sums the eight bytes into the top one
        // (no population-count instruction is assumed).
        let continuation = Self.sumOfFlags(x & ~(x << 1) & high)
        let fourByteLeads = Self.sumOfFlags(x & (x << 1) & (x << 2) & (x << 3) & high)
        let counted = 8 &- continuation
        scalars &+= counted
        utf16 &+= counted &+ fourByteLeads
        position &+= 8
      }
      // Fewer than eight bytes left: one load when eight bytes are readable, the bytes past
      // `end` masked off.
      if position < end, position &+ 8 <= p.count {
        let keep = UInt64.max >> UInt64(64 &- 8 &* (end &- position))
        let x =
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
          & keep
        let continuation = Self.sumOfFlags(x & ~(x << 1) & high)
        let fourByteLeads = Self.sumOfFlags(x & (x << 1) & (x << 2) & (x << 3) & high)
        let counted = (end &- position) &- continuation
        scalars &+= counted
        utf16 &+= counted &+ fourByteLeads
        position = end
      }
    }
    while position < end {
      let byte = p[position]
      if byte & 0xC0 != 0x80 {
        scalars &+= 1
        utf16 &+= byte >= 0xF0 ? 2 : 1
      }
      position &+= 1
    }
  }

  /// The number of bytes of `flags` whose bit 7 is set (every other bit clear).
  @inline(__always)
  static func sumOfFlags(_ flags: UInt64) -> Int {
    Int(truncatingIfNeeded: ((flags >> 7) &* 0x0101_0101_0101_0101) >> 56)
  }

  /// Whether bytes `0..<end` are all ASCII, eight at a time.
  @inline(__always)
  static func isASCII(_ p: UnsafeBufferPointer<UInt8>, upTo end: Int) -> Bool {
    guard let base = p.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var i = 0
    while i &+ 8 <= end {
      bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i &+= 8
    }
    while i < end {
      bits |= UInt64(base[i])
      i &+= 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// Turns raw byte-offset entities into public entities.
  ///
  /// The UTF-16 and scalar offsets come from one forward pass over the bytes, skipped when the
  /// text before the last entity is ASCII (then every offset is the byte offset). The result is
  /// one allocation, reserved up front: growing an array from empty is specialised in this
  /// module, while `init(unsafeUninitializedCapacity:)` allocates through the standard
  /// library's unspecialised code, which looks the array's storage class up in the runtime's
  /// metadata cache every time.
  static func makeEntities(
    _ raw: inout RawEntityBuffer, kinds: [ExtractedEntity.Kind], _ p: UnsafeBufferPointer<UInt8>,
    _ text: String, checksGraphemeBoundaries: Bool
  ) -> [ExtractedEntity] {
    let count = raw.count
    guard count > 0 else { return [] }
    let ascii = isASCII(p, upTo: raw[count &- 1].end)
    let utf8 = text.utf8
    let origin = utf8.startIndex
    var result: [ExtractedEntity] = []
    result.reserveCapacity(count)
    var position = 0
    var scalars = 0
    var utf16 = 0
    for index in 0..<count {
      let entity = raw[index]
      let scalarRange: Range<Int>
      let utf16Range: Range<Int>
      if ascii {
        scalarRange = entity.start..<entity.end
        utf16Range = scalarRange
      } else {
        if entity.start < position {
          position = 0
          scalars = 0
          utf16 = 0
        }
        Self.count(p, from: &position, to: entity.start, scalars: &scalars, utf16: &utf16)
        let scalarStart = scalars
        let utf16Start = utf16
        Self.count(p, from: &position, to: entity.end, scalars: &scalars, utf16: &utf16)
        scalarRange = scalarStart..<scalars
        utf16Range = utf16Start..<utf16
      }
      let lower = utf8.index(origin, offsetBy: entity.start)
      // After an ASCII byte other than CR, an ASCII sign always starts a grapheme cluster;
      // only the rare other cases ask the string.
      if checksGraphemeBoundaries, entity.start > 0,
        p[entity.start] >= 0x80 || p[entity.start &- 1] >= 0x80
          || p[entity.start &- 1] == 0x0D,
        lower.samePosition(in: text) == nil
      {
        continue
      }
      let kind = kinds[entity.kind]
      result.append(
        ExtractedEntity(
          kind: kind, text: text, valueBytes: entity.valueStart..<entity.valueEnd,
          slugEnd: entity.valueEnd < entity.end && kind.code == 2 ? entity.end : -1,
          range: lower..<utf8.index(origin, offsetBy: entity.end),
          utf16Range: utf16Range, scalarRange: scalarRange,
          utf8Range: entity.start..<entity.end))
    }
    return result
  }
}
