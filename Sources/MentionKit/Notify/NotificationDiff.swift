/// Who an edit notifies: the recipients of the edited message against the stored one's.
///
/// Zulip notifies users newly mentioned by an edit and nobody else; so does this value.
/// ``added`` are the users to notify, ``removed`` those the message no longer mentions (a
/// mention moved into a quote or into code counts as removed), ``kept`` those who were notified
/// already and must not be again. The diff of a message against itself adds and removes
/// nobody.
///
/// ```swift
/// let before = policy.notification(for: stored, sender: "U1", role: "member", directory: users)
/// let after = policy.notification(for: edited, sender: "U1", role: "member", directory: users)
/// let diff = NotificationDiff(from: before, to: after)
/// notify(diff.added)
/// ```
public struct NotificationDiff: Sendable, Hashable {
  /// The users the edited message notifies and the stored one did not, in the edited
  /// message's order.
  public var added: [String]
  /// The users the stored message notified and the edited one does not, in the stored
  /// message's order.
  public var removed: [String]
  /// The users both notify, in the edited message's order.
  public var kept: [String]

  /// Compares the recipients of two versions of a message.
  ///
  /// - Parameters:
  ///   - old: The notification of the stored message.
  ///   - new: The notification of its edited version.
  public init(from old: MentionNotification, to new: MentionNotification) {
    let before = Set(old.recipients)
    let after = Set(new.recipients)
    added = new.recipients.filter { !before.contains($0) }
    removed = old.recipients.filter { !after.contains($0) }
    kept = new.recipients.filter { before.contains($0) }
  }

  /// Whether the edit notifies nobody new and removes nobody.
  public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}
