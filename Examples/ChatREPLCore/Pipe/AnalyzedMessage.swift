import MentionKit

/// The app's small protocol between extraction and output: a message with its entities, each
/// resolved against the directory. Pipe mode and the interactive transcript both render these.
struct AnalyzedMessage: Sendable, Equatable {
  /// The message as typed.
  var text: String
  /// Every mention and hashtag, in text order.
  var entities: [Entity]

  /// One mention or hashtag.
  struct Entity: Sendable, Equatable {
    enum Kind: String, Sendable {
      case mention, list, hashtag, cashtag
    }

    var kind: Kind
    /// The entity as it appears, with its sign (`@José`, `#général`).
    var text: String
    /// The handle, list or tag without its sign (`jose`, `team/list`).
    var value: String
    /// Where it is in the message.
    var range: Range<String.Index>
    /// ``range`` as UTF-16 offsets.
    var utf16Range: Range<Int>
    /// ``range`` as Unicode-scalar offsets.
    var scalarRange: Range<Int>
    var resolution: Resolution
  }

  /// What the directory says about an entity.
  enum Resolution: Sendable, Equatable {
    /// Exactly one item.
    case resolved(MentionItem)
    /// No item.
    case unresolved
    /// Several items share the handle (case-insensitively).
    case ambiguous([MentionItem])
    /// Nothing to look up (hashtags that are not channels are just tags).
    case notApplicable
  }
}

extension AnalyzedMessage.Entity {
  /// Builds an entity from a range of `message`, computing its offsets.
  init(
    kind: Kind, value: String, range: Range<String.Index>, in message: String,
    resolution: AnalyzedMessage.Resolution = .unresolved
  ) {
    let utf16Start = message.utf16.distance(from: message.startIndex, to: range.lowerBound)
    let utf16Length = message.utf16.distance(from: range.lowerBound, to: range.upperBound)
    let scalars = message.unicodeScalars
    let scalarStart = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
    let scalarLength = scalars.distance(from: range.lowerBound, to: range.upperBound)
    self.init(
      kind: kind, text: String(message[range]), value: value, range: range,
      utf16Range: utf16Start..<(utf16Start + utf16Length),
      scalarRange: scalarStart..<(scalarStart + scalarLength), resolution: resolution)
  }
}

extension AnalyzedMessage {
  /// The app's view of a message the library resolved. Hashtags that name no channel are
  /// plain tags (`none`), and so are list mentions and cashtags; mentions past the library's
  /// mention limit were not looked up and count as unknown.
  init(_ resolved: ResolvedMessage) {
    let text = resolved.text
    self.init(
      text: text,
      entities: resolved.entities.map { resolved in
        let entity = resolved.entity
        let kind: Entity.Kind
        switch entity.kind {
        case .hashtag: kind = .hashtag
        case .list: kind = .list
        case .cashtag: kind = .cashtag
        default: kind = .mention
        }
        let resolution: Resolution
        switch resolved.resolution {
        case .resolved(let item): resolution = .resolved(item)
        case .ambiguous(let items): resolution = .ambiguous(items)
        case .unresolved: resolution = kind == .hashtag ? .notApplicable : .unresolved
        case .skipped(.overMentionLimit): resolution = .unresolved
        case .skipped: resolution = .notApplicable
        }
        return Entity(
          kind: kind, text: String(text[entity.range]),
          value: entity.value + (entity.listSlug ?? ""),
          range: entity.range, utf16Range: entity.utf16Range, scalarRange: entity.scalarRange,
          resolution: resolution)
      })
  }

  /// The library's view of this message, for its renderer: resolved users and channels keep
  /// their item; everything else is written as typed.
  var resolvedMessage: ResolvedMessage {
    let utf8 = text.utf8
    return ResolvedMessage(
      text: text,
      entities: entities.map { entity in
        let kind: ExtractedEntity.Kind
        switch entity.kind {
        case .mention: kind = .mention
        case .list: kind = .list
        case .hashtag: kind = .hashtag
        case .cashtag: kind = .cashtag
        }
        let resolution: MentionResolution
        switch entity.resolution {
        case .resolved(let item): resolution = .resolved(item)
        case .ambiguous(let items): resolution = .ambiguous(items)
        case .unresolved: resolution = .unresolved
        case .notApplicable: resolution = .skipped(.noDirectory)
        }
        let utf8Start = utf8.distance(from: utf8.startIndex, to: entity.range.lowerBound)
        let utf8End = utf8.distance(from: utf8.startIndex, to: entity.range.upperBound)
        return ResolvedEntity(
          entity: ExtractedEntity(
            kind: kind, value: entity.value, range: entity.range, utf16Range: entity.utf16Range,
            scalarRange: entity.scalarRange, utf8Range: utf8Start..<utf8End),
          resolution: resolution)
      })
  }
}

/// Finds the entities of a message and resolves them: the seam where the library's extractor
/// and resolver plug in.
protocol MessageAnalyzer: Sendable {
  func analyze(_ message: String) -> AnalyzedMessage
}
