/// A message with every entity resolved: what a backend stores and renders.
///
/// ```swift
/// let resolver = MentionResolver(users: HandleDirectory(users))
/// let message = try await resolver.resolve("hi @Jon and @nobody", using: EntityExtractor())
/// message.entities.map(\.resolution)  // [.resolved(jon), .unresolved]
/// MessageRenderer(format: .slack).render(message)  // "hi <@U1> and @nobody"
/// ```
public struct ResolvedMessage: Sendable, Hashable {
  /// The message as written.
  public var text: String
  /// Every extracted entity, in text order, each with its resolution.
  public var entities: [ResolvedEntity]
  /// Whether the message has more mentions than the resolver's
  /// ``MentionResolver/mentionLimit``; the mentions past the limit are
  /// ``MentionResolution/skipped(_:)`` with ``MentionResolution/SkipReason/overMentionLimit``.
  public var exceedsMentionLimit: Bool

  /// Creates a resolved message.
  ///
  /// - Parameters:
  ///   - text: The message as written.
  ///   - entities: Its entities, in text order, with ranges in `text`.
  ///   - exceedsMentionLimit: Whether the message had too many mentions.
  public init(text: String, entities: [ResolvedEntity], exceedsMentionLimit: Bool = false) {
    self.text = text
    self.entities = entities
    self.exceedsMentionLimit = exceedsMentionLimit
  }

  /// The distinct items that resolved, in order of first mention: who to notify.
  public var resolvedItems: [MentionItem] {
    var seen: Set<String> = []
    return entities.compactMap { entity in
      guard let item = entity.item, seen.insert(item.id).inserted else { return nil }
      return item
    }
  }
}
