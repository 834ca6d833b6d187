/// A mention, hashtag or other trigger-based entity in a message: where it is, which trigger
/// made it, what was written, and what it refers to.
///
/// The same value comes out of the composer (an accepted suggestion), the extractor (a finished
/// text), the resolver (with its ``resolution`` filled in) and a wire format's reader.
///
/// Positions are UTF-16 offsets (`NSRange`, JavaScript, Java), the one spelling the whole
/// library uses; ``range(in:)`` converts to `String.Index`.
///
/// ```swift
/// let entity = EntityExtractor(profile: .chat).extract("🐱 @dave hi").entities[0]
/// entity.trigger     // .mention
/// entity.value       // "dave"
/// entity.utf16Range  // 3..<8
/// ```
public struct MessageEntity: Sendable, Hashable {
  /// What an entity refers to.
  public enum Resolution: Sendable, Hashable {
    /// Not looked up: what extraction alone gives.
    case pending
    /// Exactly one item.
    case resolved(MentionItem)
    /// Several items answer to the value; none was chosen.
    case ambiguous([MentionItem])
    /// Looked up; no item answers to the value.
    case unresolved
    /// Deliberately not looked up, for the reason given.
    case skipped(SkipReason)
  }

  /// Why an entity was not looked up.
  public enum SkipReason: Sendable, Hashable, CustomStringConvertible {
    /// The resolver has no directory for the entity's trigger.
    case noDirectory
    /// The message has more mentions than the resolver's limit; later ones are not looked up.
    case overMentionLimit

    /// A short English description.
    public var description: String {
      switch self {
      case .noDirectory: "no directory for this trigger"
      case .overMentionLimit: "over the mention limit"
      }
    }
  }

  /// Whom a resolved mention reaches: what a wire format writes and a notification counts.
  public enum Audience: Sendable, Hashable {
    /// The item itself: a user, a channel. The default.
    case direct
    /// The item is shown as a mention but notified of nothing: a silent mention (`@_ana`), or
    /// one in a quote, or one a ``NotificationPolicy`` denied.
    case silent
    /// The item is a group: its members (``MentionDirectory/members(ofGroup:)``).
    case group
    /// A broadcast to the channel (`@here`, `@everyone`): ``value`` names it. Set by
    /// ``NotificationPolicy/notification(for:sender:role:channel:members:directory:)`` for the
    /// broadcasts it allows (and by ``WireFormat/read(_:)`` for a broadcast token), and written
    /// as the platform's broadcast token.
    case broadcast
  }

  /// Which trigger made the entity.
  public var trigger: Trigger.Name
  /// Where the entity is, delimiter included, in UTF-16 offsets of the message's text.
  public var utf16Range: Range<Int>
  /// What follows the delimiter, as written (the handle, tag or label).
  public var value: String
  /// For a list mention (`@ana/friends`, twitter grammar only), the list's slug.
  public var listSlug: String?
  /// What the entity refers to.
  public var resolution: Resolution
  /// Whom the entity reaches when it is a mention: ``Audience/direct`` unless the resolver
  /// found a silent mention or a group, or a notification policy changed it.
  public var audience: Audience = .direct

  /// The entity's byte range in the UTF-8 of its message's text: meaningful only while the
  /// message says so (`Message.utf8Ranges`), when a wire format's writer uses it instead of
  /// converting ``utf16Range``.
  var utf8Range = CachedUTF8Range()

  /// Creates an entity.
  ///
  /// - Parameters:
  ///   - trigger: Which trigger made it.
  ///   - utf16Range: Where it is, delimiter included, in UTF-16 offsets.
  ///   - value: What follows the delimiter, as written.
  ///   - listSlug: A list mention's slug.
  ///   - resolution: What it refers to; ``Resolution/pending`` by default.
  public init(
    trigger: Trigger.Name, utf16Range: Range<Int>, value: String, listSlug: String? = nil,
    resolution: Resolution = .pending
  ) {
    self.trigger = trigger
    self.utf16Range = utf16Range
    self.value = value
    self.listSlug = listSlug
    self.resolution = resolution
  }

  /// Creates an entity with its byte range in its message's UTF-8.
  @inline(__always)
  init(
    trigger: Trigger.Name, utf16Range: Range<Int>, utf8Range: CachedUTF8Range, value: String,
    listSlug: String?, resolution: Resolution
  ) {
    self.trigger = trigger
    self.utf16Range = utf16Range
    self.value = value
    self.listSlug = listSlug
    self.resolution = resolution
    self.utf8Range = utf8Range
  }

  /// The item the entity resolved to, when it resolved to exactly one.
  public var item: MentionItem? {
    if case .resolved(let item) = resolution { return item }
    return nil
  }

  /// The entity's range as `String.Index`es of a text.
  ///
  /// - Parameter text: The message's text.
  /// - Returns: The range, or `nil` when ``utf16Range`` does not lie on scalar boundaries of
  ///   `text`.
  public func range(in text: String) -> Range<String.Index>? {
    let utf16 = text.utf16
    guard utf16Range.lowerBound >= 0, utf16Range.upperBound <= utf16.count,
      let lower = utf16.index(utf16.startIndex, offsetBy: utf16Range.lowerBound)
        .samePosition(in: text.unicodeScalars),
      let upper = utf16.index(utf16.startIndex, offsetBy: utf16Range.upperBound)
        .samePosition(in: text.unicodeScalars)
    else { return nil }
    return lower..<upper
  }
}
