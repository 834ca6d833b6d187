/// Something that can be mentioned: a person, a channel, an emoji, a command.
///
/// An item has a stable ``id`` (what a backend stores), the text inserted on completion
/// (usually the handle), the text shown in a suggestion list (usually the full name), optional
/// extra search terms, an optional ranking score, and string metadata.
///
/// ```swift
/// let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez")
/// jose.displayText  // "José Álvarez"
/// ```
public struct MentionItem: Sendable, Hashable, Identifiable {
  /// A stable identifier, unique within a data source (`"U123"`).
  public var id: String
  /// The text inserted on completion, without the delimiter (`"jose"`).
  public var insertionText: String
  /// The text shown in a suggestion list (`"José Álvarez"`).
  public var displayText: String
  /// Further words the item can be found by (nicknames, e-mail local parts, emoji keywords).
  public var searchTerms: [String]
  /// A ranking score such as popularity or affinity: within a match tier, higher scores rank
  /// first.
  public var score: Double
  /// Application data carried with the item (avatar URL, kind, team).
  public var metadata: [String: String]

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: A stable identifier, unique within a data source.
  ///   - insertionText: The text inserted on completion, without the delimiter.
  ///   - displayText: The text shown in a suggestion list; defaults to `insertionText`.
  ///   - searchTerms: Further words the item can be found by.
  ///   - score: A ranking score; higher ranks first within a match tier.
  ///   - metadata: Application data carried with the item.
  public init(
    id: String,
    insertionText: String,
    displayText: String? = nil,
    searchTerms: [String] = [],
    score: Double = 0,
    metadata: [String: String] = [:]
  ) {
    self.id = id
    self.insertionText = insertionText
    self.displayText = displayText ?? insertionText
    self.searchTerms = searchTerms
    self.score = score
    self.metadata = metadata
  }
}
