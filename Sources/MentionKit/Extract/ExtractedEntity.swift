/// A mention, list mention, hashtag or cashtag found in a finished message.
///
/// An entity carries its value (the handle or tag without its sign, exactly as written), and its
/// range three ways: as `String.Index` for Swift, as UTF-16 offsets (`NSRange`, JavaScript,
/// Java) and as Unicode-scalar offsets (twitter-text's "code point" indices).
///
/// ```swift
/// let entity = EntityExtractor(profile: .twitter).entities(in: "🐱 @dave hi")[0]
/// entity.value        // "dave"
/// entity.scalarRange  // 2..<7
/// entity.utf16Range   // 3..<8
/// ```
public struct ExtractedEntity: Sendable, Hashable {
  /// What an entity is: a mention, a list mention, a hashtag, a cashtag, or the name of a custom
  /// ``Trigger``.
  public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The kind's name; for trigger-based profiles, the trigger's ``Trigger/name``.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The kind's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A mention of a person (`@ana`).
    public static let mention = Kind(rawValue: "mention")
    /// A mention of a list (`@ana/friends`), from the ``ExtractionProfile/twitter`` profile.
    public static let list = Kind(rawValue: "list")
    /// A hashtag or channel (`#general`).
    public static let hashtag = Kind(rawValue: "hashtag")
    /// A cashtag (`$AAPL`).
    public static let cashtag = Kind(rawValue: "cashtag")

    /// The kind's name.
    public var description: String { rawValue }
  }

  /// What the entity is.
  public var kind: Kind
  /// The handle or tag as written, without its sign: `"ana"` for `@ana`, `"ana"` for the list
  /// mention `@ana/friends`, `"ana@example.social"` for a fediverse address.
  public var value: String
  /// The list slug with its slash (`"/friends"`) for a ``Kind/list`` entity, `nil` otherwise.
  public var listSlug: String?
  /// The whole entity, sign included, as indices of the extracted text.
  public var range: Range<String.Index>
  /// The whole entity, sign included, as UTF-16 offsets.
  public var utf16Range: Range<Int>
  /// The whole entity, sign included, as Unicode-scalar offsets.
  public var scalarRange: Range<Int>
  /// The whole entity, sign included, as UTF-8 offsets.
  public var utf8Range: Range<Int>

  /// Creates an entity.
  ///
  /// - Parameters:
  ///   - kind: What the entity is.
  ///   - value: The handle or tag without its sign.
  ///   - listSlug: The list slug with its slash, for list mentions.
  ///   - range: The whole entity as indices of the text.
  ///   - utf16Range: The whole entity as UTF-16 offsets.
  ///   - scalarRange: The whole entity as Unicode-scalar offsets.
  ///   - utf8Range: The whole entity as UTF-8 offsets.
  public init(
    kind: Kind,
    value: String,
    listSlug: String? = nil,
    range: Range<String.Index>,
    utf16Range: Range<Int>,
    scalarRange: Range<Int>,
    utf8Range: Range<Int>
  ) {
    self.kind = kind
    self.value = value
    self.listSlug = listSlug
    self.range = range
    self.utf16Range = utf16Range
    self.scalarRange = scalarRange
    self.utf8Range = utf8Range
  }
}
