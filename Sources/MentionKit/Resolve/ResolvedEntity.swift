/// An extracted entity and what the directory said about it.
///
/// ```swift
/// let entity = resolved.entities[0]
/// entity.entity.value          // "Jon" (as written)
/// entity.resolution.item?.id   // "U1"
/// ```
public struct ResolvedEntity: Sendable, Hashable {
  /// The entity as extracted: kind, value as written, and ranges in the message.
  public var entity: ExtractedEntity
  /// What the directory said.
  public var resolution: MentionResolution

  /// Creates a resolved entity.
  ///
  /// - Parameters:
  ///   - entity: The entity as extracted.
  ///   - resolution: What the directory said.
  public init(entity: ExtractedEntity, resolution: MentionResolution) {
    self.entity = entity
    self.resolution = resolution
  }

  /// The entity's kind.
  public var kind: ExtractedEntity.Kind { entity.kind }

  /// The item, when exactly one matched.
  public var item: MentionItem? { resolution.item }
}
