/// Who may use which mentions, and so who a message notifies.
///
/// A backend resolves a message, then asks its policy for the message's
/// ``MentionNotification``: the users to notify, each once, and for each mention that notifies
/// nobody, why. The policy reads roles as strings the host chooses (`"admin"`, `"member"`,
/// `"guest"`).
///
/// - **Broadcasts** (``broadcasts``: `@here`, `@channel`, `@everyone`, `@all` by default) reach
///   the channel's members. Only ``broadcastRoles`` may use them, and in a channel of more than
///   ``largeChannelSize`` members only ``largeChannelRoles`` (Zulip asks for a permission to
///   use wildcard mentions in channels of more than 15 subscribers; Slack and Discord make
///   `@channel`/`@everyone` a permission of its own). A broadcast word is reserved: `@here` is
///   the broadcast even when a user's handle is `here`.
/// - **Groups** reach their members. A group listed in ``groupRoles`` may be mentioned only by
///   those roles (Zulip's `can_mention_group`); others by anyone.
/// - **Silent mentions** (`@_ana`) and mentions inside a block quote are shown but notify
///   nobody; mentions in code are not mentions at all.
/// - **Per channel**, ``channels`` holds a whole policy that replaces this one in that channel.
///
/// ```swift
/// var policy = NotificationPolicy()
/// policy.channels["C-announce"] = NotificationPolicy(broadcastRoles: ["admin"])
/// let notification = policy.notification(
///   for: message, sender: "U1", role: "member", channel: "C1", members: members,
///   directory: users)
/// notification.recipients  // the user ids to notify
/// WireFormat.slack.write(notification.message)
/// ```
public struct NotificationPolicy: Sendable, Hashable {
  /// The words that are broadcasts when mentioned (`here` for `@here`), compared up to case.
  public var broadcasts: [String] {
    didSet { broadcastKeys = Set(broadcasts.map { HandleKey($0) }) }
  }
  /// The keys of ``broadcasts``, kept with them so that a notification builds none.
  private var broadcastKeys: Set<HandleKey>
  /// The roles that may use broadcasts.
  public var broadcastRoles: Set<String>
  /// The most members a channel may have for ``broadcastRoles`` to broadcast in it; above
  /// it, only ``largeChannelRoles`` may.
  public var largeChannelSize: Int
  /// The roles that may broadcast in a channel of more than ``largeChannelSize`` members.
  public var largeChannelRoles: Set<String>
  /// For a group's id, the only roles that may mention it; groups not listed may be mentioned
  /// by anyone.
  public var groupRoles: [String: Set<String>]
  /// For a channel's id, the policy that applies there instead of this one.
  public var channels: [String: NotificationPolicy]

  /// The default broadcast words: Slack's `here`, `channel`, `everyone`; Zulip's and
  /// Mattermost's `all`.
  public static let defaultBroadcasts = ["here", "channel", "everyone", "all"]

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - broadcasts: The broadcast words.
  ///   - broadcastRoles: The roles that may broadcast; by default everyone but guests.
  ///   - largeChannelSize: The most members of a channel any of `broadcastRoles` may
  ///     broadcast to; 15 by default, Zulip's threshold.
  ///   - largeChannelRoles: The roles that may broadcast in larger channels.
  ///   - groupRoles: The roles that may mention each restricted group.
  ///   - channels: Policies for particular channels.
  public init(
    broadcasts: [String] = defaultBroadcasts,
    broadcastRoles: Set<String> = ["owner", "admin", "moderator", "member"],
    largeChannelSize: Int = 15,
    largeChannelRoles: Set<String> = ["owner", "admin", "moderator"],
    groupRoles: [String: Set<String>] = [:],
    channels: [String: NotificationPolicy] = [:]
  ) {
    self.broadcasts = broadcasts
    broadcastKeys = Set(broadcasts.map { HandleKey($0) })
    self.broadcastRoles = broadcastRoles
    self.largeChannelSize = largeChannelSize
    self.largeChannelRoles = largeChannelRoles
    self.groupRoles = groupRoles
    self.channels = channels
  }

  /// Who a resolved message notifies, and the message as it should be written.
  ///
  /// Mentions are taken in text order. A mention inside a block quote (CommonMark's rules,
  /// lazy continuation lines included) or written silently (`@_ana`) notifies nobody; so does
  /// a broadcast or a group the sender's role may not use, and a broadcast token whose word is
  /// not one of ``broadcasts``. Each of these is listed in
  /// ``MentionNotification/exclusions`` with its reason, and written as a silent mention
  /// (``MessageEntity/Audience/silent``) in ``MentionNotification/message``; a denied
  /// broadcast is written as typed. Unresolved and ambiguous mentions, mentions the resolver
  /// skipped (past its mention limit) and groups the directory does not know notify nobody,
  /// are not listed and are written as typed. The sender is never a recipient.
  ///
  /// A mention is a broadcast when it was read as a broadcast token, or typed as a broadcast
  /// word and either unresolved or resolved to the item `directory` gives for that word. A
  /// token read back with a label (`<@U1|everyone>`), a silent mention and a group are never
  /// broadcasts, so directory data cannot make one. The channel's members, and each group's
  /// members that are not groups themselves, are added once however often they are mentioned.
  ///
  /// - Parameters:
  ///   - message: A message resolved by a ``MentionResolver``.
  ///   - sender: The sender's user id.
  ///   - role: The sender's role.
  ///   - channel: The channel's id, for ``channels``.
  ///   - members: The channel's member ids: whom a broadcast reaches, and the channel's size.
  ///   - directory: The directory the mentions were resolved with, for the groups' members.
  /// - Returns: The recipients, what the sender may mention, the exclusions and the message to
  ///   write.
  /// - Complexity: O(*n* + *m*) in the length of the text and the number of members of the
  ///   channel and of the distinct groups mentioned.
  public func notification(
    for message: Message, sender: String, role: String, channel: String = "",
    members: [String] = [], directory: any MentionDirectory
  ) -> MentionNotification {
    var result = MentionNotification(message: message)
    guard message.entities.contains(where: { $0.trigger == .mention }) else { return result }
    let policy = channels[channel] ?? self
    let words = policy.broadcastKeys
    let quotes = BlockQuotes.quotedLines(in: message.text)
    var recipients = RecipientList(sender: sender)
    // The channel's members and each group's are added once per message, however often
    // they are mentioned.
    var broadcasted = false
    var expanded: Set<String> = []
    var quote = 0
    for index in message.entities.indices where message.entities[index].trigger == .mention {
      let entity = message.entities[index]
      // A mention past the resolver's limit is written as typed and notifies nobody.
      if case .skipped = entity.resolution {
        result.message.entities[index].audience = .direct
        continue
      }
      let start = entity.utf16Range.lowerBound
      while quote < quotes.count, quotes[quote].upperBound < start { quote += 1 }
      let isQuoted = quote < quotes.count && quotes[quote].contains(start)
      let key = HandleKey(entity.value)
      if isBroadcast(entity, key: key, words: words, directory: directory) {
        var reason: MentionNotification.Reason?
        if isQuoted {
          reason = .quoted
        } else if !words.contains(key) || !policy.broadcastRoles.contains(role) {
          reason = .notPermitted
        } else if members.count > policy.largeChannelSize,
          !policy.largeChannelRoles.contains(role)
        {
          reason = .largeChannel
        }
        if let reason {
          result.exclude(index, reason)
          result.message.entities[index].resolution = .unresolved
          result.message.entities[index].audience = .direct
        } else {
          result.message.entities[index].audience = .broadcast
          if !result.broadcasts.contains(key.rawValue) { result.broadcasts.append(key.rawValue) }
          if !broadcasted { recipients.add(members) }
          broadcasted = true
        }
        continue
      }
      guard case .resolved(let item) = entity.resolution else { continue }
      if isQuoted {
        result.exclude(index, .quoted)
      } else if entity.audience == .silent {
        result.exclude(index, .silent)
      } else if let groupMembers = directory.members(ofGroup: item.id) {
        result.message.entities[index].audience = .group
        if let roles = policy.groupRoles[item.id], !roles.contains(role) {
          result.exclude(index, .notPermitted)
        } else {
          if !result.groups.contains(item.id) { result.groups.append(item.id) }
          // Members that are groups themselves are not expanded: only users are notified.
          if expanded.insert(item.id).inserted {
            recipients.add(groupMembers.filter { directory.members(ofGroup: $0) == nil })
          }
        }
      } else if entity.audience == .group {
        // A group the directory does not know is unresolved: written as typed.
        result.message.entities[index].resolution = .unresolved
        result.message.entities[index].audience = .direct
      } else {
        if item.id != sender, !result.users.contains(item.id) { result.users.append(item.id) }
        recipients.add([item.id])
      }
    }
    result.recipients = recipients.ids
    return result
  }

  /// Whether a mention is a broadcast: one read as a broadcast token, or a mention typed as a
  /// broadcast word (`@here`). A mention typed as a word counts only while unresolved, or
  /// resolved to the item the directory gives for that word as a handle: a token read back
  /// with a label (`<@U1|everyone>`) keeps its user, a silent mention or a group is never a
  /// broadcast.
  private func isBroadcast(
    _ entity: MessageEntity, key: HandleKey, words: Set<HandleKey>,
    directory: any MentionDirectory
  ) -> Bool {
    switch entity.audience {
    case .broadcast:
      return true
    case .silent, .group:
      return false
    case .direct:
      guard entity.listSlug == nil, words.contains(key) else { return false }
      switch entity.resolution {
      case .resolved(let item):
        guard case .resolved(let typed) = directory.resolution(of: entity.value, trigger: .mention)
        else { return false }
        return typed.id == item.id
      case .skipped:
        return false
      default:
        return true
      }
    }
  }
}

/// User ids in the order first added, each once, without the sender.
private struct RecipientList {
  let sender: String
  var ids: [String] = []
  var seen: Set<String> = []

  init(sender: String) { self.sender = sender }

  mutating func add(_ users: [String]) {
    for id in users where id != sender && seen.insert(id).inserted { ids.append(id) }
  }
}
