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
///
/// An item is a value with copy-on-write storage: its fields live behind one reference, so
/// copying an item (into a suggestion list, a resolved message) retains one object instead of
/// its five strings and collections. Changing a field of a copy never changes the original.
public struct MentionItem: Sendable, Hashable, Identifiable {
  /// The fields, shared by copies until one of them changes a field.
  ///
  /// `@unchecked Sendable`: the fields are only written through ``MentionItem/update(_:)``,
  /// when this item holds the only reference to its storage, so no other thread can read it.
  private final class Storage: @unchecked Sendable {
    var id: String
    var insertionText: String
    var displayText: String
    var searchTerms: [String]
    var score: Double
    var metadata: [String: String]

    init(
      id: String, insertionText: String, displayText: String, searchTerms: [String],
      score: Double, metadata: [String: String]
    ) {
      self.id = id
      self.insertionText = insertionText
      self.displayText = displayText
      self.searchTerms = searchTerms
      self.score = score.isNaN ? 0 : score
      self.metadata = metadata
    }

    func copy() -> Storage {
      Storage(
        id: id, insertionText: insertionText, displayText: displayText, searchTerms: searchTerms,
        score: score, metadata: metadata)
    }
  }

  private var storage: Storage

  /// A stable identifier, unique within a data source (`"U123"`).
  public var id: String {
    get { storage.id }
    set { update { $0.id = newValue } }
  }
  /// The text inserted on completion, without the delimiter (`"jose"`).
  public var insertionText: String {
    get { storage.insertionText }
    set { update { $0.insertionText = newValue } }
  }
  /// The text shown in a suggestion list (`"José Álvarez"`).
  public var displayText: String {
    get { storage.displayText }
    set { update { $0.displayText = newValue } }
  }
  /// Further words the item can be found by (nicknames, e-mail local parts, emoji keywords).
  public var searchTerms: [String] {
    get { storage.searchTerms }
    set { update { $0.searchTerms = newValue } }
  }
  /// A ranking score such as popularity or affinity: within a match tier, higher scores rank
  /// first. A NaN score is stored as 0, so that scores always compare.
  public var score: Double {
    get { storage.score }
    set { update { $0.score = newValue.isNaN ? 0 : newValue } }
  }
  /// Application data carried with the item (avatar URL, kind, team).
  public var metadata: [String: String] {
    get { storage.metadata }
    set { update { $0.metadata = newValue } }
  }

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: A stable identifier, unique within a data source.
  ///   - insertionText: The text inserted on completion, without the delimiter.
  ///   - displayText: The text shown in a suggestion list; defaults to `insertionText`.
  ///   - searchTerms: Further words the item can be found by.
  ///   - score: A ranking score; higher ranks first within a match tier. NaN is stored as 0.
  ///   - metadata: Application data carried with the item.
  public init(
    id: String,
    insertionText: String,
    displayText: String? = nil,
    searchTerms: [String] = [],
    score: Double = 0,
    metadata: [String: String] = [:]
  ) {
    storage = Storage(
      id: id, insertionText: insertionText, displayText: displayText ?? insertionText,
      searchTerms: searchTerms, score: score, metadata: metadata)
  }

  /// Changes the fields in place when no copy shares them, else in a copy of its own.
  private mutating func update(_ change: (Storage) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    change(storage)
  }

  /// Whether two items have equal fields.
  ///
  /// - Parameters:
  ///   - lhs: An item.
  ///   - rhs: Another item.
  /// - Returns: `true` when every field is equal (at once when they share their storage).
  public static func == (lhs: MentionItem, rhs: MentionItem) -> Bool {
    if lhs.storage === rhs.storage { return true }
    let (l, r) = (lhs.storage, rhs.storage)
    return l.id == r.id && l.insertionText == r.insertionText && l.displayText == r.displayText
      && l.searchTerms == r.searchTerms && l.score == r.score && l.metadata == r.metadata
  }

  /// Hashes every field.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.id)
    hasher.combine(storage.insertionText)
    hasher.combine(storage.displayText)
    hasher.combine(storage.searchTerms)
    hasher.combine(storage.score)
    hasher.combine(storage.metadata)
  }
}

extension MentionItem: CustomReflectable {
  /// The item's fields, so that `print`, `dump` and debuggers show them as they would for a
  /// plain structure.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "insertionText": insertionText, "displayText": displayText,
        "searchTerms": searchTerms, "score": score, "metadata": metadata,
      ], displayStyle: .struct)
  }
}
