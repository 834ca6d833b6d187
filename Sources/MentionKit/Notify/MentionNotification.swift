/// Who a message notifies: what
/// ``NotificationPolicy/notification(for:sender:role:channel:members:directory:)`` returns.
///
/// It is what a host sends with the message, in the spirit of Discord's `allowed_mentions`:
/// ``users``, ``groups`` and ``broadcasts`` say which mentions may notify, ``recipients`` whom
/// they notify after groups and broadcasts are expanded, and ``exclusions`` why each other
/// mention notifies nobody. ``message`` is the message to write, its mentions' audiences set
/// so that a ``WireFormat`` writes a notifying token only for what is allowed.
public struct MentionNotification: Sendable, Hashable {
  /// Why a mention notifies nobody.
  public enum Reason: String, Sendable, Hashable, CustomStringConvertible {
    /// The mention is inside a block quote.
    case quoted
    /// The mention is silent (`@_ana`).
    case silent
    /// The sender's role may not use this broadcast or group.
    case notPermitted = "not_permitted"
    /// The channel has more members than the policy's `largeChannelSize`, and the sender's
    /// role may not broadcast in such a channel.
    case largeChannel = "large_channel"

    /// A short English description.
    public var description: String {
      switch self {
      case .quoted: "inside a quote"
      case .silent: "a silent mention"
      case .notPermitted: "the sender's role may not use it"
      case .largeChannel: "the channel is too large for the sender's role to broadcast"
      }
    }
  }

  /// A mention that notifies nobody, and why.
  public struct Exclusion: Sendable, Hashable {
    /// The mention's index in the message's entities.
    public var entityIndex: Int
    /// Why it notifies nobody.
    public var reason: Reason

    /// Creates an exclusion.
    ///
    /// - Parameters:
    ///   - entityIndex: The mention's index in the message's entities.
    ///   - reason: Why it notifies nobody.
    public init(entityIndex: Int, reason: Reason) {
      self.entityIndex = entityIndex
      self.reason = reason
    }
  }

  /// The message to write: broadcasts that are allowed have the
  /// ``MessageEntity/Audience/broadcast`` audience, denied ones are unresolved (written as
  /// typed), and quoted, silent and denied group mentions are
  /// ``MessageEntity/Audience/silent``.
  public var message: Message
  /// The user ids to notify, each once, in the order of the mentions that reach them first;
  /// never the sender.
  public var recipients: [String] = []
  /// The ids of the users mentioned directly who are notified, each once.
  public var users: [String] = []
  /// The ids of the groups whose mention is allowed, each once.
  public var groups: [String] = []
  /// The broadcast words allowed, case-folded, each once (`here`).
  public var broadcasts: [String] = []
  /// The mentions that notify nobody, in text order, with the reason.
  public var exclusions: [Exclusion] = []

  /// Creates a notification for a message that notifies nobody yet.
  init(message: Message) {
    self.message = message
  }

  /// Records that the mention at `index` notifies nobody, and writes it silently.
  mutating func exclude(_ index: Int, _ reason: Reason) {
    exclusions.append(Exclusion(entityIndex: index, reason: reason))
    message.entities[index].audience = .silent
  }
}
