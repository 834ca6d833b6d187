import Testing

@testable import MentionKit

/// Drives a ``MentionManager`` the way a UI does, one keystroke at a time (waiting after each
/// for the manager to answer it), and renders the draft as one string for scripted tests.
///
/// Rendering: the text, with `|` at the caret (at both ends of a selection) and every entity
/// written `[text](id)`. So `"hi [@jose](U1) |"` is the text `"hi @jose "`, an entity for `U1`
/// over `"@jose"`, and the caret at the end.
@MainActor final class ComposerHarness {
  /// A keystroke or UI gesture.
  enum Key: CustomStringConvertible {
    /// Types each character in turn, refreshing after each.
    case type(String)
    /// Inserts the text in one edit.
    case paste(String)
    case backspace
    case forwardDelete
    case left
    case right
    /// Moves the caret to a UTF-16 offset.
    case moveTo(Int)
    /// Selects a UTF-16 range.
    case select(Range<Int>)
    case selectAll
    case down
    case up
    case tab
    case enter
    case escape
    /// Accepts the inline ghost completion (→ at the end of the field).
    case acceptGhost
    /// Clicks a row of the list.
    case click(Int)

    var description: String {
      switch self {
      case .type(let text): return "type \"\(text)\""
      case .paste(let text): return "paste \"\(text)\""
      case .moveTo(let offset): return "move to \(offset)"
      case .select(let range): return "select \(range)"
      case .click(let row): return "click \(row)"
      case .backspace: return "⌫"
      case .forwardDelete: return "⌦"
      case .left: return "←"
      case .right: return "→"
      case .selectAll: return "select all"
      case .down: return "↓"
      case .up: return "↑"
      case .tab: return "⇥"
      case .enter: return "⏎"
      case .escape: return "esc"
      case .acceptGhost: return "accept ghost"
      }
    }
  }

  /// One step of a script: a key and the state expected after it.
  struct Step {
    var key: Key
    var state: String
    var ghost: String
    var highlighted: String?

    init(_ key: Key, _ state: String, ghost: String = "", highlighted: String? = nil) {
      self.key = key
      self.state = state
      self.ghost = ghost
      self.highlighted = highlighted
    }
  }

  let manager: MentionManager
  /// How each accepted item was accepted, in order.
  private(set) var accepted: [SuggestionList.AcceptAction] = []

  init(
    items: [MentionItem], triggers: [Trigger] = [.mention, .hashtag],
    options: MessageDraft.Options = .init()
  ) {
    manager = MentionManager(
      triggers: triggers, dataSource: InMemoryDataSource(items: items), options: options)
  }

  /// The draft the manager holds.
  var draft: MessageDraft { manager.draft }

  /// The ghost text shown, or `""`.
  var ghostText: String { manager.currentSuggestions?.ghostText ?? "" }

  /// The highlighted item's id, while the list shows one.
  var highlightedID: String? {
    guard let list = manager.currentSuggestions, let index = list.highlightedIndex,
      list.items.indices.contains(index)
    else { return nil }
    return list.items[index].id
  }

  func press(_ key: Key) async {
    let entities = draft.entities.count
    switch key {
    case .type(let text):
      for character in text {
        manager.insert(String(character))
        await manager.settle()
      }
      return
    case .paste(let text): manager.insert(text)
    case .backspace: manager.deleteBackward()
    case .forwardDelete: manager.deleteForward()
    case .left: manager.edit(.cursorMovement) { $0.moveLeft() }
    case .right: manager.edit(.cursorMovement) { $0.moveRight() }
    case .moveTo(let offset): manager.select(utf16Range: offset..<offset)
    case .select(let range): manager.select(utf16Range: range)
    case .selectAll: manager.edit(.cursorMovement) { $0.selectAll() }
    case .down: manager.highlightNext()
    case .up: manager.highlightPrevious()
    case .escape: manager.dismiss()
    case .enter: if manager.accept() { accepted.append(.enter) }
    case .click(let row): if manager.accept(at: row) { accepted.append(.pointer) }
    case .tab:
      if manager.tab(), draft.entities.count > entities { accepted.append(.tab) }
    case .acceptGhost:
      if manager.acceptInlineCompletion() {
        accepted.append(.inlineCompletion)
      } else {
        manager.edit(.cursorMovement) { $0.moveRight() }
      }
    }
    await manager.settle()
  }

  /// The state rendered as described on the type.
  var rendered: String { Self.render(draft) }

  nonisolated static func render(_ draft: MessageDraft) -> String {
    var marks: [(offset: Int, order: Int, text: String)] = []
    for entity in draft.entities {
      marks.append((entity.utf16Range.lowerBound, 2, "["))
      marks.append((entity.utf16Range.upperBound, 0, "](\(entity.item?.id ?? "?"))"))
    }
    let selection = draft.selectedUTF16Range
    marks.append((selection.lowerBound, 1, "|"))
    if !selection.isEmpty { marks.append((selection.upperBound, 1, "|")) }
    marks.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
    let units = Array(draft.text.utf16)
    var result = ""
    var position = 0
    for mark in marks {
      result += String(decoding: units[position..<mark.offset], as: UTF16.self)
      result += mark.text
      position = mark.offset
    }
    result += String(decoding: units[position...], as: UTF16.self)
    return result
  }

  /// Presses each key and checks the state after it.
  func run(_ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) async {
    for (number, step) in steps.enumerated() {
      await press(step.key)
      let label = "step \(number + 1) (\(step.key))"
      #expect(rendered == step.state, "\(label)", sourceLocation: sourceLocation)
      #expect(ghostText == step.ghost, "\(label): ghost", sourceLocation: sourceLocation)
      if let highlighted = step.highlighted {
        #expect(highlightedID == highlighted, "\(label): highlight", sourceLocation: sourceLocation)
      }
      let draft = self.draft
      for entity in draft.entities {
        let range = entity.range(in: draft.text)
        #expect(
          range.map { draft.text[$0].hasSuffix(entity.value) } == true,
          "\(label): entity \(entity.value) text", sourceLocation: sourceLocation)
      }
    }
  }
}
