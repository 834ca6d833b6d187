extension Trigger {
  /// Which trigger: the name every query, entity and wire token reports (`.mention`,
  /// `.hashtag`, `.cashtag`, or a custom trigger's name).
  ///
  /// Names compare as strings. The built-in names also carry a small code, so comparing with
  /// one of them (`trigger == .mention`) compares integers, not strings.
  public struct Name: RawRepresentable, Sendable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral
  {
    /// The name as a string.
    public var rawValue: String {
      didSet { code = Self.code(of: rawValue) }
    }

    /// 1–3 for `mention`, `hashtag` and `cashtag`, 0 for any other name: equal codes other
    /// than 0 mean equal names, and those three never equal a name with code 0.
    @usableFromInline private(set) var code: UInt8

    /// Creates a name.
    ///
    /// - Parameter rawValue: The name as a string.
    public init(rawValue: String) {
      self.rawValue = rawValue
      code = Self.code(of: rawValue)
    }

    /// Creates a name from a string literal.
    ///
    /// - Parameter value: The name as a string.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    private static func code(of name: String) -> UInt8 {
      switch name {
      case "mention": 1
      case "hashtag": 2
      case "cashtag": 3
      default: 0
      }
    }

    /// Whether two names are equal.
    ///
    /// - Parameters:
    ///   - lhs: A name.
    ///   - rhs: Another name.
    /// - Returns: `true` when the strings are equal.
    @inlinable
    public static func == (lhs: Name, rhs: Name) -> Bool {
      lhs.code | rhs.code != 0 ? lhs.code == rhs.code : lhs.rawValue == rhs.rawValue
    }

    /// Hashes the name's string.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// A mention of a person (`@ana`).
    public static let mention = Name(rawValue: "mention")
    /// A hashtag or channel (`#general`).
    public static let hashtag = Name(rawValue: "hashtag")
    /// A cashtag (`$AAPL`).
    public static let cashtag = Name(rawValue: "cashtag")

    /// An emoji shortcode (`:smile:`), ``Trigger/emoji``.
    public static let emoji = Name(rawValue: "emoji")
    /// A slash command (`/giphy`), ``Trigger/command``.
    public static let command = Name(rawValue: "command")
    /// A wiki link (`[[Page]]`), ``Trigger/wikiLink``.
    public static let wikiLink = Name(rawValue: "wikiLink")

    /// The name as a string.
    public var description: String { rawValue }
  }
}
