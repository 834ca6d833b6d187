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

/// An interim extractor built on the composer's `TriggerDetector`: a delimiter starts an
/// entity when the detector, asked at the end of the word that follows it, reports a query that
/// starts exactly there. Trailing `.` and `-` are sentence punctuation, not part of a handle.
///
/// It uses the library's grammar (no second grammar in the app) but not its extraction rules
/// (URLs, code spans, e-mail addresses, twitter-text's exact rules): those arrive with the
/// library's extractor, which replaces this type.
struct DetectorAnalyzer: MessageAnalyzer {
  var handles: HandleTable
  var triggers: [Trigger] = [.mention, .hashtag]

  func analyze(_ message: String) -> AnalyzedMessage {
    let detector = TriggerDetector(triggers: triggers)
    var triggerForScalar: [Unicode.Scalar: Trigger] = [:]
    for trigger in triggers.reversed() {
      for delimiter in trigger.allDelimiters where delimiter.unicodeScalars.count == 1 {
        triggerForScalar[delimiter.unicodeScalars.first!] = trigger
      }
    }
    let scalars = message.unicodeScalars
    var entities: [AnalyzedMessage.Entity] = []
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      guard let trigger = triggerForScalar[scalar] else {
        index = scalars.index(after: index)
        continue
      }
      var end = scalars.index(after: index)
      while end < scalars.endIndex, trigger.queryCharacters.contains(scalars[end]) {
        end = scalars.index(after: end)
      }
      // Sentence punctuation after a handle is not part of it.
      var trimmed = end
      while trimmed > scalars.index(after: index) {
        let last = scalars[scalars.index(before: trimmed)]
        guard last == "." || last == "-" else { break }
        trimmed = scalars.index(before: trimmed)
      }
      if trimmed > scalars.index(after: index),
        let query = try? detector.detect(in: message, cursor: trimmed),
        query.range.lowerBound == index, query.trigger.name == trigger.name
      {
        let range = index..<trimmed
        let value = String(message.unicodeScalars[scalars.index(after: index)..<trimmed])
        let isMention = trigger.name == Trigger.mention.name
        entities.append(
          AnalyzedMessage.Entity(
            kind: isMention ? .mention : .hashtag, value: value, range: range, in: message,
            resolution: isMention
              ? handles.resolveUser(value) : handles.resolveChannel(value)))
      }
      index = end > index ? end : scalars.index(after: index)
    }
    return AnalyzedMessage(text: message, entities: entities)
  }
}
