import MentionKit

extension MessageEntity {
  /// An entity as the draft records an accepted item: `shown` is the text in its range
  /// (`"@jose"`), its value the text after the delimiter, resolved to `item` (by default an item
  /// with the given id whose insertion text is the value).
  static func accepted(
    _ utf16Range: Range<Int>, id: String, _ shown: String, trigger: Trigger.Name = .mention,
    item: MentionItem? = nil
  ) -> MessageEntity {
    let value =
      shown.first.map { "@#:/＠＃".contains($0) } == true ? String(shown.dropFirst()) : shown
    return MessageEntity(
      trigger: trigger, utf16Range: utf16Range, value: value,
      resolution: .resolved(item ?? MentionItem(id: id, insertionText: value)))
  }

  /// The id of the item the entity resolved to.
  var itemID: String? { item?.id }
}
