extension MessageEntity.Resolution {
  /// The resolution of the items that have a handle, in the directory's order: each id once
  /// (an item listed twice is one candidate), then none is ``unresolved``, one ``resolved(_:)``
  /// and more ``ambiguous(_:)``.
  init(candidates items: some Sequence<MentionItem>) {
    var kept: [MentionItem] = []
    var ids: Set<String> = []
    for item in items where ids.insert(item.id).inserted { kept.append(item) }
    switch kept.count {
    case 0: self = .unresolved
    case 1: self = .resolved(kept[0])
    default: self = .ambiguous(kept)
    }
  }

  /// Keeps the items that really have the key (a directory may match loosely), once each.
  init(items: [MentionItem], key: HandleKey) {
    if items.count == 1 {
      self = key.matches(items[0].insertionText) ? .resolved(items[0]) : .unresolved
      return
    }
    self.init(candidates: items.lazy.filter { key.matches($0.insertionText) })
  }
}
