/// A mention held in composed text: where it is, which item it stands for, and its text.
///
/// Ranges are UTF-16 offsets (what `NSRange`, JavaScript and most wire formats count), always
/// on grapheme-cluster boundaries of the text they belong to. ``MentionComposer`` keeps them
/// true through every edit; ``MentionComposer/range(of:)`` gives the `String.Index` range.
///
/// ```swift
/// let entity = MentionEntity(
///   utf16Range: 3..<8, itemID: "U1", trigger: "mention", text: "@jose")
/// entity.text   // "@jose": always equal to the composer's text in `utf16Range`
/// ```
public struct MentionEntity: Sendable, Hashable {
  /// Where the mention lies, in UTF-16 offsets.
  public var utf16Range: Range<Int>
  /// The id of the mentioned item (``MentionItem/id``): what a backend stores.
  public var itemID: String
  /// The name of the trigger it was inserted for (``Trigger/name``: `"mention"`, `"hashtag"`).
  public var trigger: String
  /// The mention as displayed, delimiter included (`"@Jon Snow"`); equal to the text in
  /// ``utf16Range``.
  public var text: String

  /// Creates an entity.
  ///
  /// - Parameters:
  ///   - utf16Range: Where the mention lies, in UTF-16 offsets.
  ///   - itemID: The id of the mentioned item.
  ///   - trigger: The name of the trigger it was inserted for.
  ///   - text: The mention as displayed.
  public init(utf16Range: Range<Int>, itemID: String, trigger: String, text: String) {
    self.utf16Range = utf16Range
    self.itemID = itemID
    self.trigger = trigger
    self.text = text
  }
}
