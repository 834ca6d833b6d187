/// An entity as the extractor finds it, before it becomes a ``MessageEntity``: its value and
/// list slug read lazily from the message, and its range four ways (`String.Index`, UTF-16,
/// Unicode scalars as twitter-text's "code point" indices, UTF-8).
///
/// The scanners' and the tests' view; the public one is ``MessageEntity``.
struct ExtractedEntity: Sendable {
  /// Which trigger made the entity.
  var trigger: Trigger.Name
  /// The string `value` and `listSlug` are read from: the extracted message, or, for an
  /// entity made with its memberwise initialiser, the value followed by the slug.
  private var source: String
  /// The byte offsets of the value in `source`, and the end of the slug (`-1`: no slug).
  private var valueStart: Int
  private var valueEnd: Int
  private var slugEnd: Int

  /// The handle or tag as written, without its sign: `"ana"` for `@ana`, `"ana"` for the list
  /// mention `@ana/friends`, `"ana@example.social"` for a fediverse address.
  ///
  /// An extracted entity reads its value from the message, where it already is: no string is
  /// built per entity until this property is read, and the entity keeps the message's storage
  /// alive, as a `Substring` does.
  var value: String {
    get {
      if valueStart == 0, slugEnd < 0, valueEnd == source.utf8.count { return source }
      let (start, end) = (valueStart, valueEnd)
      return UTF8Scanning.withUTF8(source) { UTF8Scanning.string($0, start..<end) }
    }
    set { setSource(value: newValue, listSlug: listSlug) }
  }

  /// The list slug with its slash (`"/friends"`) for a list mention, `nil` otherwise.
  var listSlug: String? {
    get { slugEnd < 0 ? nil : String(substring(valueEnd, slugEnd)) }
    set { setSource(value: value, listSlug: newValue) }
  }

  /// The whole entity, sign included, as indices of the extracted text.
  var range: Range<String.Index>
  /// The whole entity, sign included, as UTF-16 offsets.
  var utf16Range: Range<Int>
  /// The whole entity, sign included, as Unicode-scalar offsets.
  var scalarRange: Range<Int>
  /// The whole entity, sign included, as UTF-8 offsets.
  var utf8Range: Range<Int>

  /// Creates an entity.
  ///
  /// - Parameters:
  ///   - trigger: Which trigger made the entity.
  ///   - value: The handle or tag without its sign.
  ///   - listSlug: The list slug with its slash, for list mentions.
  ///   - range: The whole entity as indices of the text.
  ///   - utf16Range: The whole entity as UTF-16 offsets.
  ///   - scalarRange: The whole entity as Unicode-scalar offsets.
  ///   - utf8Range: The whole entity as UTF-8 offsets.
  init(
    trigger: Trigger.Name,
    value: String,
    listSlug: String? = nil,
    range: Range<String.Index>,
    utf16Range: Range<Int>,
    scalarRange: Range<Int>,
    utf8Range: Range<Int>
  ) {
    self.trigger = trigger
    source = ""
    valueStart = 0
    valueEnd = 0
    slugEnd = -1
    self.range = range
    self.utf16Range = utf16Range
    self.scalarRange = scalarRange
    self.utf8Range = utf8Range
    setSource(value: value, listSlug: listSlug)
  }

  /// Creates the entity a scanner found, its value (and slug) read from the message's bytes.
  ///
  /// - Parameters:
  ///   - trigger: Which trigger made the entity.
  ///   - isList: Whether it is a list mention, whose slug runs from the value's end to the
  ///     entity's end.
  ///   - text: The message.
  ///   - raw: The entity's byte offsets in `text`, on scalar boundaries.
  ///   - utf16Range: The entity as UTF-16 offsets.
  ///   - scalarRange: The entity as Unicode-scalar offsets.
  @inline(__always)
  init(
    trigger: Trigger.Name, isList: Bool, text: String, raw: RawEntity, utf16Range: Range<Int>,
    scalarRange: Range<Int>
  ) {
    self.trigger = trigger
    source = text
    valueStart = raw.valueStart
    valueEnd = raw.valueEnd
    slugEnd = raw.valueEnd < raw.end && isList ? raw.end : -1
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: raw.start)
    range = lower..<utf8.index(lower, offsetBy: raw.end &- raw.start)
    self.utf16Range = utf16Range
    self.scalarRange = scalarRange
    utf8Range = raw.start..<raw.end
  }

  /// The value as a slice of the string it is read from.
  var valueSubstring: Substring { substring(valueStart, valueEnd) }

  /// Calls `body` with the value's UTF-8 bytes, without building a string.
  @inline(__always)
  func withValueUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    let (start, end) = (valueStart, valueEnd)
    return try UTF8Scanning.withUTF8(source) {
      try body(UnsafeBufferPointer(rebasing: $0[start..<end]))
    }
  }

  private func substring(_ start: Int, _ end: Int) -> Substring {
    let utf8 = source.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: start)
    return source[lower..<utf8.index(lower, offsetBy: end &- start)]
  }

  private mutating func setSource(value: String, listSlug: String?) {
    let count = value.utf8.count
    source = value + (listSlug ?? "")
    valueStart = 0
    valueEnd = count
    slugEnd = listSlug.map { count + $0.utf8.count } ?? -1
  }
}

extension ExtractedEntity: Hashable {
  /// Whether two entities have the same kind, value, list slug and ranges.
  ///
  /// - Parameters:
  ///   - lhs: An entity.
  ///   - rhs: Another entity.
  /// - Returns: `true` when every property is equal.
  static func == (lhs: ExtractedEntity, rhs: ExtractedEntity) -> Bool {
    lhs.trigger == rhs.trigger && lhs.utf8Range == rhs.utf8Range && lhs.utf16Range == rhs.utf16Range
      && lhs.scalarRange == rhs.scalarRange && lhs.range == rhs.range
      && lhs.valueSubstring == rhs.valueSubstring && lhs.listSlug == rhs.listSlug
  }

  /// Hashes the kind, value, list slug and ranges.
  ///
  /// - Parameter hasher: The hasher to feed.
  func hash(into hasher: inout Hasher) {
    hasher.combine(trigger)
    hasher.combine(valueSubstring)
    hasher.combine(listSlug)
    hasher.combine(utf8Range)
    hasher.combine(utf16Range)
    hasher.combine(scalarRange)
  }
}

extension ExtractedEntity {
  /// The entity as a message's entity, not yet resolved.
  var messageEntity: MessageEntity {
    MessageEntity(trigger: trigger, utf16Range: utf16Range, value: value, listSlug: listSlug)
  }
}
