/// What a screen reader should say about the suggestion list: it opened, the highlight moved, an
/// item was inserted, or it closed.
///
/// A ``MentionManager`` hands each one to ``MentionManagerDelegate/mentionManager(_:announce:)``
/// once, in order: a refetch that brings the same items says nothing again, a list replaced
/// while open announces its new count, and nothing is announced while an input method is
/// composing text. ``text`` is an English default; a host with its own strings switches on the
/// value.
///
/// ```swift
/// func mentionManager(_ manager: MentionManager, announce announcement: MentionAnnouncement) {
///   UIAccessibility.post(notification: .announcement, argument: announcement.text)
/// }
/// ```
public enum MentionAnnouncement: Sendable, Hashable {
  /// A list with this many items is shown: a new list, or one whose items changed. A count of
  /// 0 means nothing matched the query.
  case listOpened(count: Int)
  /// More items were appended to the open list (``MentionManager/showMore()``): `added` new
  /// ones, `count` in all. The items already shown and the highlight stay.
  case moreLoaded(added: Int, count: Int)
  /// The highlight moved to an item at a position (counted from 1) in a list of `count` items.
  case highlighted(MentionItem, position: Int, count: Int)
  /// An item was accepted and written into the draft; the list is closed.
  case accepted(MentionItem)
  /// The list closed without an item being accepted (Escape, the caret left the query, or the
  /// query ended).
  case closed

  /// The announcement in English: "5 suggestions", "1 suggestion", "No suggestions",
  /// "3 more suggestions, 8 in all", "Anna Smith, 2 of 5", "Inserted Anna Smith", "Suggestions closed". Items are named by
  /// their ``MentionItem/displayText``.
  public var text: String {
    switch self {
    case .listOpened(let count):
      switch count {
      case 0: return "No suggestions"
      case 1: return "1 suggestion"
      default: return "\(count) suggestions"
      }
    case .moreLoaded(let added, let count):
      return added == 1
        ? "1 more suggestion, \(count) in all" : "\(added) more suggestions, \(count) in all"
    case .highlighted(let item, let position, let count):
      return "\(item.displayText), \(position) of \(count)"
    case .accepted(let item):
      return "Inserted \(item.displayText)"
    case .closed:
      return "Suggestions closed"
    }
  }
}

extension MentionAnnouncement {
  /// What was last announced, and the announcements a new state of the list calls for: a pure
  /// value the manager keeps under its lock.
  struct Tracker: Sendable, Hashable {
    /// The list as an announcement sees it.
    enum View: Sendable, Hashable {
      /// An input method is composing text: say nothing, remember nothing.
      case composing
      /// A query is active and its answer is on its way: the last announcement still stands.
      case pending
      /// No list: no query, or the list was dismissed.
      case hidden
      /// A list answers the active query (its trigger's delimiter and text, so that a page
      /// appended to the same query's list differs from a new query's longer list).
      case list([MentionItem], highlightedIndex: Int?, query: String = "")
    }

    /// An announced list: its item ids, highlight and query.
    struct Shown: Sendable, Hashable {
      var ids: [String]
      var highlightedIndex: Int?
      var query = ""
    }

    /// The last announced list; `nil` when none is open.
    private(set) var shown: Shown?
    /// An item accepted since the last announcement.
    var accepted: MentionItem?

    /// The announcements that take the list from what was last announced to `view`, in order,
    /// and records `view` as announced.
    mutating func advance(to view: View) -> [MentionAnnouncement] {
      var result: [MentionAnnouncement] = []
      if let item = accepted {
        accepted = nil
        shown = nil
        result.append(.accepted(item))
      }
      switch view {
      case .composing, .pending:
        break
      case .hidden:
        if shown != nil { result.append(.closed) }
        shown = nil
      case .list(let items, let highlighted, let query):
        let ids = items.map(\.id)
        if let shown, shown.ids == ids {
          if shown.highlightedIndex != highlighted, let index = highlighted,
            items.indices.contains(index)
          {
            result.append(.highlighted(items[index], position: index + 1, count: items.count))
          }
        } else if let shown, shown.query == query, !shown.ids.isEmpty,
          ids.count > shown.ids.count, ids.starts(with: shown.ids)
        {
          // A page appended to the open list: only what is new.
          result.append(.moreLoaded(added: ids.count - shown.ids.count, count: ids.count))
          if shown.highlightedIndex != highlighted, let index = highlighted,
            items.indices.contains(index)
          {
            result.append(.highlighted(items[index], position: index + 1, count: items.count))
          }
        } else {
          result.append(.listOpened(count: items.count))
        }
        self.shown = Shown(ids: ids, highlightedIndex: highlighted, query: query)
      }
      return result
    }
  }
}

extension MentionManager.Storage {
  /// The list as the announcements see it.
  var announcementView: MentionAnnouncement.Tracker.View {
    if isComposing { return .composing }
    guard state.active != nil, !list.isDismissed else { return .hidden }
    guard listGeneration == state.generation, list.isAnswered else { return .pending }
    let query = state.active.map { $0.trigger.delimiter + ($0.isSilent ? "_" : "") + $0.text }
    return .list(list.items, highlightedIndex: list.highlightedIndex, query: query ?? "")
  }

  /// Whether the list changed in a way a screen reader has not heard yet.
  var hasAnnouncement: Bool {
    var tracker = announcer
    return !tracker.advance(to: announcementView).isEmpty
  }

  /// The announcements due now; they count as made.
  mutating func takeAnnouncements() -> [MentionAnnouncement] {
    announcer.advance(to: announcementView)
  }
}
