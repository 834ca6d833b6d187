extension WireFormat {
  /// Writes a message in this format.
  ///
  /// Resolved mentions (trigger ``Trigger/Name/mention``) become user tokens and resolved
  /// hashtags (``Trigger/Name/hashtag``) channel tokens, with the item's id; every other
  /// entity (unresolved, ambiguous, skipped, pending, cashtags, custom triggers) is written as
  /// it was typed. All user text, names and ids included, is escaped for the format, so a
  /// display name of `<script>` never comes out live; display names also lose bidi overrides
  /// and control characters, so `U+202E` in a name cannot reverse the text around it. An item
  /// whose id the format does not accept is written as the text typed.
  ///
  /// ```swift
  /// let message = try await resolver.resolve("hi @jose & #general")
  /// WireFormat.slack.write(message)
  /// // "hi <@U1> &amp; <#C1|general>"
  /// WireFormat.html.write(message)
  /// // "hi <a class=\"mention\" data-id=\"U1\">@José</a> &amp; <a class=\"channel\" …"
  /// ```
  ///
  /// The HTML form carries no `href`, so no `javascript:` URL can be produced. A client that
  /// links the anchors must build the URL from `data-id` (percent-encoded into a URL of its
  /// own), never copy it into `href`: an id may be `javascript:x`.
  ///
  /// Entities are placed by their ``MessageEntity/utf16Range``; one that starts before the end
  /// of the last entity placed, lies outside the text or splits a scalar is written as text. A message that the
  /// format leaves as it is (no token and nothing to escape, or any message in ``plain``) comes
  /// back as `message.text` itself; others are written once, into stack memory for ordinary
  /// sizes.
  ///
  /// - Parameter message: A message, its entities resolved.
  /// - Returns: The message in this format.
  /// - Complexity: O(*n*) in the length of the message and the names written.
  public func write(_ message: Message) -> String {
    let cached = message.utf8Ranges.areValid
    return message.entities.withUnsafeBufferPointer { write(message.text, $0, cached: cached) }
  }

  /// Messages up to this many bytes are rendered into a stack buffer of ``stackBufferSize``
  /// bytes (which moves to the heap if tokens and escapes outgrow it); longer ones into the heap.
  static let stackThreshold = 512
  static let stackBufferSize = 1024

  /// Writes `text` with its entities.
  @inline(__always)
  private func write(
    _ text: String, _ entities: UnsafeBufferPointer<MessageEntity>, cached: Bool
  ) -> String {
    if self == .plain { return text }
    let count = entities.count
    return UTF8Scanning.withUTF8(text) { p in
      if p.count > Self.stackThreshold {
        var out = WireWriter(capacity: p.count + p.count / 8 + 32 * count)
        defer { out.release() }
        return write(p, entities, cached: cached, to: &out) ? out.makeString() : text
      }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackBufferSize) {
        var out = WireWriter(buffer: $0)
        defer { out.release() }
        return write(p, entities, cached: cached, to: &out) ? out.makeString() : text
      }
    }
  }

  /// Writes the message to `out`; `false` when it is the text unchanged (then `out` may hold a
  /// prefix of it). With `cached`, the entities' UTF-8 ranges are those of their UTF-16 ranges
  /// (the extractor's), checked only for order and bounds.
  @inline(__always)
  private func write(
    _ p: UnsafeBufferPointer<UInt8>, _ entities: UnsafeBufferPointer<MessageEntity>,
    cached: Bool, to out: inout WireWriter
  ) -> Bool {
    // Bytes from `pending` on are unchanged and not yet written; nothing is written until the
    // first escape or token. The text between two tokens (entities written as typed
    // included) is escaped as one stretch, so an entity's edge cannot hide a Discord
    // `@everyone`.
    var pending = 0
    var position = 0
    var offsets = UTF16Offsets(p)
    // With `cached`: the end of the last range converted.
    var converted = 0
    // Each entity is read in place: copying one retains its strings and its resolution.
    for index in entities.indices {
      let entity = entities.baseAddress.unsafelyUnwrapped + index
      // An entity that overlaps the last one placed, lies outside the text or splits a scalar
      // is written as text.
      let range: Range<Int>
      if cached {
        let lower = Int(entity.pointee.utf8Range.lowerBound)
        let upper = Int(entity.pointee.utf8Range.upperBound)
        guard lower >= converted, lower <= upper, upper <= p.count else { continue }
        converted = upper
        range = lower..<upper
      } else {
        guard let converted = offsets.utf8Range(of: entity.pointee.utf16Range) else { continue }
        range = converted
      }
      let token: Token
      if entity.pointee.audience == .direct {
        guard case .resolved(let item) = entity.pointee.resolution,
          let isChannel = Self.isChannel(entity.pointee.trigger), canWriteToken(for: item)
        else { continue }
        token = isChannel ? .channel(item) : .user(item)
      } else {
        guard let special = self.token(for: entity.pointee) else { continue }
        token = special
      }
      WireText.escape(
        p, position..<range.lowerBound, format: self, atLineStart: position == 0,
        pending: &pending, to: &out)
      // Markdown: `!` right before a link would make it an image.
      if self == .markdown, range.lowerBound > position,
        p[range.lowerBound - 1] == UInt8(ascii: "!")
      {
        out.append(p, pending..<range.lowerBound - 1)
        out.append(UInt8(ascii: "\\"))
        pending = range.lowerBound - 1
      }
      out.append(p, pending..<range.lowerBound)
      appendToken(token, to: &out)
      pending = range.upperBound
      position = range.upperBound
    }
    WireText.escape(
      p, position..<p.count, format: self, atLineStart: position == 0, pending: &pending,
      to: &out)
    // Every escape and token writes something.
    guard out.count > 0 else { return false }
    out.append(p, pending..<p.count)
    return true
  }

  /// `false` for a user token, `true` for a channel token, `nil` for other triggers.
  @inline(__always)
  private static func isChannel(_ trigger: Trigger.Name) -> Bool? {
    switch trigger {
    case .mention: false
    case .hashtag: true
    default: nil
    }
  }

  /// Whether a resolved item is written as a token (else as the text typed).
  func canWriteToken(for item: MentionItem) -> Bool {
    switch self {
    case .plain: false
    case .discord: WireText.isValidID(item.id) && WireText.isDiscordID(item.id)
    case .slack, .markdown, .html: WireText.isValidID(item.id)
    }
  }
}

/// Converts the UTF-16 ranges of a message's entities to byte ranges of its UTF-8, for ranges
/// asked in text order: one pass over the buffer for all of them, eight bytes at a time (the
/// UTF-16 units of a word counted as the extractor counts them, with no loop over its bytes).
/// It moves only past the ranges it converts, so it stands at the end of the last one.
struct UTF16Offsets {
  private let p: UnsafeBufferPointer<UInt8>
  /// A byte offset on a scalar boundary and its UTF-16 offset.
  private var byte = 0
  private var utf16 = 0

  init(_ p: UnsafeBufferPointer<UInt8>) { self.p = p }

  /// The byte range of a UTF-16 range, or `nil` when it starts before the end of the last
  /// range converted, ends past the buffer, or splits a scalar.
  @inline(__always)
  mutating func utf8Range(of range: Range<Int>) -> Range<Int>? {
    guard range.lowerBound >= utf16 else { return nil }
    let (byte, utf16) = (self.byte, self.utf16)
    if let lower = offset(range.lowerBound), let upper = offset(range.upperBound) {
      return lower..<upper
    }
    (self.byte, self.utf16) = (byte, utf16)
    return nil
  }

  /// The byte offset of UTF-16 offset `target` (at least `utf16`), moving there.
  @inline(__always)
  private mutating func offset(_ target: Int) -> Int? {
    let n = p.count
    if target &- utf16 >= 9, let base = p.baseAddress {
      // Whole words while they end before the target: a word's units are its scalars (bytes
      // less continuation bytes) plus one for each four-byte lead, at most 9. A word may end
      // inside a scalar it has counted; its continuation bytes are skipped below.
      let raw = UnsafeRawPointer(base)
      while target &- utf16 >= 9, byte &+ 8 <= n {
        let counts = EntityExtractor.OffsetCounter.counts(
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: byte, as: UInt64.self)))
        byte &+= 8
        utf16 &+= 8 &- Int(counts & 0xFFFF) &+ Int(counts &>> 16)
      }
    }
    // The last units a byte at a time, without a branch on the byte: a continuation byte adds
    // no unit, a four-byte lead two, any other byte one.
    while utf16 < target, byte < n {
      let b = p[byte]
      utf16 &+= Int(truncatingIfNeeded: (b & 0xC0 != 0x80 ? 1 : 0) &+ (b >= 0xF0 ? 1 : 0))
      byte &+= 1
    }
    // The rest of the scalar that reached the target.
    while byte < n, p[byte] & 0xC0 == 0x80 { byte &+= 1 }
    // Short of the target: past the text. Past it: the target falls inside a surrogate pair.
    return utf16 == target ? byte : nil
  }
}
