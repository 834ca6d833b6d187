import MentionKit

/// Resolves handles and channel names exactly, ignoring case only (`@Jose` is `jose`, but
/// `@jöse` is not `jose`).
struct HandleTable: Sendable {
  private var users: [String: [MentionItem]] = [:]
  private var channels: [String: [MentionItem]] = [:]

  init(directory: Directory) {
    users.reserveCapacity(directory.users.count)
    for item in directory.users { users[item.insertionText.lowercased(), default: []].append(item) }
    for item in directory.channels {
      channels[item.insertionText.lowercased(), default: []].append(item)
    }
  }

  func resolveUser(_ handle: String) -> AnalyzedMessage.Resolution {
    Self.resolution(of: users[handle.lowercased()] ?? [])
  }

  func resolveChannel(_ name: String) -> AnalyzedMessage.Resolution {
    let found = channels[name.lowercased()] ?? []
    return found.isEmpty ? .notApplicable : Self.resolution(of: found)
  }

  private static func resolution(of items: [MentionItem]) -> AnalyzedMessage.Resolution {
    switch items.count {
    case 0: .unresolved
    case 1: .resolved(items[0])
    default: .ambiguous(items)
    }
  }
}
