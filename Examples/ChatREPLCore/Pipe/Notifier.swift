import MentionKit

/// Who each message notifies in pipe mode: MentionKit's `NotificationPolicy` (its defaults)
/// applied for one sender, with the loaded users as the channel's members.
///
/// `--sender ID` names the sender (never notified; none by default) and `--role ROLE` its role
/// (`member` by default); groups come from `--groups`.
struct Notifier: Sendable {
  var policy = NotificationPolicy()
  var directory: HandleDirectory
  var sender: String
  var role: String
  /// The channel's members: whom a broadcast reaches.
  var members: [String]

  /// The notification of a resolved message. A mention completed from a broadcast target
  /// (`MentionTargets`) is a broadcast: the policy trusts only its audience for one.
  func notify(_ message: Message) -> MentionNotification {
    var message = message
    for index in message.entities.indices where message.entities[index].audience == .direct {
      if message.entities[index].item?.metadata[MentionTargets.broadcastKey] != nil {
        message.entities[index].audience = .broadcast
      }
    }
    return policy.notification(
      for: message, sender: sender, role: role, members: members, directory: directory)
  }

  /// Whether a mention is a broadcast word, which is never reported as an unknown handle.
  func isBroadcast(_ entity: MessageEntity) -> Bool {
    guard entity.trigger == .mention, entity.listSlug == nil else { return false }
    let key = HandleKey(entity.value)
    return policy.broadcasts.contains { key.matches($0) }
  }
}
