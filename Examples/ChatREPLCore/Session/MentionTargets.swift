import MentionKit

/// The groups and broadcasts that `@` completes besides people, as suggestion items: a group
/// item carries its member count (`group_members`), a broadcast item its word (`broadcast`).
///
/// Within a match tier they rank before the people of the same tier, groups first: there are a
/// few of them against up to a million people, who would otherwise push them off the list
/// (`@te` lists `@team` before Teresa). A better tier still wins: `@ana` lists the user
/// `ana` (exact) before a group `analytics` (prefix).
struct MentionTargets: Sendable {
  /// The group and broadcast items, groups first.
  var items: [MentionItem] = []

  /// The metadata key of a group item's member count.
  static let membersKey = "group_members"
  /// The metadata key of a broadcast item's word.
  static let broadcastKey = "broadcast"

  /// The targets of some groups and of a policy's broadcast words.
  init(groups: GroupFile.Groups = GroupFile.Groups(), broadcasts: [String] = []) {
    for group in groups.items {
      var item = group
      item.metadata[Self.membersKey] = String(groups.members[group.id]?.count ?? 0)
      items.append(item)
    }
    for word in broadcasts {
      items.append(
        MentionItem(id: word, insertionText: word, metadata: [Self.broadcastKey: word]))
    }
  }

  /// Merges the targets that match a query into the first page of people: each target goes
  /// before the first person of a worse or equal tier.
  func merged(into people: [MentionMatch], for query: MentionQuery, ranking: MentionRanking)
    -> [MentionMatch]
  {
    guard !items.isEmpty else { return people }
    let targets = DefaultMentionFilter(limit: items.count).matches(
      in: items, for: query, ranking: ranking)
    guard !targets.isEmpty else { return people }
    var result: [MentionMatch] = []
    var next = targets[...]
    for person in people {
      while let target = next.first, target.tier <= person.tier {
        result.append(target)
        next = next.dropFirst()
      }
      result.append(person)
    }
    return result + next
  }

  /// What a target row says after the handle: "5 people", "1 person", "notifies everyone
  /// here"; `nil` for a person.
  static func summary(of item: MentionItem) -> String? {
    if let count = item.metadata[membersKey].flatMap({ Int($0) }) {
      return count == 1 ? "1 person" : "\(grouped(count)) people"
    }
    if let word = item.metadata[broadcastKey] {
      return word == "here" ? "notifies everyone here" : "notifies everyone in the channel"
    }
    return nil
  }
}
