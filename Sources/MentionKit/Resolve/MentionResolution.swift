/// What a directory says about one extracted entity.
///
/// Every entity of a message gets a resolution: none is dropped.
///
/// ```swift
/// switch resolved.entities[0].resolution {
/// case .resolved(let item): print("ping", item.id)
/// case .ambiguous(let candidates): print("which one?", candidates.map(\.id))
/// case .unresolved: print("no such user")
/// case .skipped(let reason): print("not looked up:", reason)
/// }
/// ```
public enum MentionResolution: Sendable, Hashable {
  /// Exactly one item has the handle.
  case resolved(MentionItem)
  /// No item has the handle.
  case unresolved
  /// Several items with different ids have the handle (it differs only in case, or the
  /// directory holds duplicates); the candidates are in the directory's order, each id once.
  /// An item listed more than once under the same id is ``resolved(_:)`` to its first entry.
  case ambiguous([MentionItem])
  /// The entity was not looked up.
  case skipped(SkipReason)

  /// Why an entity was not looked up.
  public enum SkipReason: Sendable, Hashable, CustomStringConvertible {
    /// The resolver has no directory for the entity's kind (cashtags, list mentions, or
    /// hashtags when no channel directory is given).
    case noDirectory
    /// The message has more mentions than ``MentionResolver/mentionLimit``; this one and every
    /// later mention are left unresolved, and ``ResolvedMessage/exceedsMentionLimit`` is set.
    case overMentionLimit

    /// A short phrase naming the reason.
    public var description: String {
      switch self {
      case .noDirectory: "no directory for this kind"
      case .overMentionLimit: "over the mention limit"
      }
    }
  }

  /// The item, when exactly one matched.
  public var item: MentionItem? {
    if case .resolved(let item) = self { return item }
    return nil
  }
}

extension MentionResolution {
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
}
