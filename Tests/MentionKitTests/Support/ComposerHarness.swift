import MentionKit
import Testing

/// Drives a composer, a suggestion selection and an inline completion the way a UI does, one
/// keystroke at a time, and renders the state as one string for scripted tests.
///
/// Rendering: the text, with `|` at the caret (at both ends of a selection) and every entity
/// written `[text](id)`. So `"hi [@jose](U1) |"` is the text `"hi @jose "`, an entity for `U1`
/// over `"@jose"`, and the caret at the end.
struct ComposerHarness {
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

  var composer: MentionComposer
  var selection = SuggestionSelection()
  var inline = InlineCompletion()
  let detector: TriggerDetector
  let items: [MentionItem]
  let filter = DefaultMentionFilter()
  /// Every acceptance, in order.
  private(set) var accepted: [SuggestionSelection.Acceptance] = []

  init(
    items: [MentionItem], triggers: [Trigger] = [.mention, .hashtag],
    options: MentionComposer.Options = .init(), composer: MentionComposer? = nil
  ) {
    self.items = items
    self.detector = TriggerDetector(triggers: triggers)
    var start = composer ?? MentionComposer()
    start.options = options
    self.composer = start
  }

  mutating func press(_ key: Key) throws {
    switch key {
    case .type(let text):
      for character in text {
        composer.insert(String(character))
        refresh(.insertion)
      }
    case .paste(let text):
      composer.insert(text)
      refresh(.insertion)
    case .backspace:
      if inline.deleteBackward() { return }
      composer.deleteBackward()
      refresh(.deletion)
    case .forwardDelete:
      composer.deleteForward()
      refresh(.deletion)
    case .left:
      composer.moveLeft()
      refresh(.cursorMovement)
    case .right:
      composer.moveRight()
      refresh(.cursorMovement)
    case .moveTo(let offset):
      composer.moveCursor(toUTF16Offset: offset)
      refresh(.cursorMovement)
    case .select(let range):
      composer.select(utf16Range: range)
      refresh(.cursorMovement)
    case .selectAll:
      composer.selectAll()
      refresh(.cursorMovement)
    case .down:
      selection.highlightNext()
    case .up:
      selection.highlightPrevious()
    case .escape:
      selection.dismiss()
      _ = inline.accept()
    case .enter:
      if let acceptance = selection.accept() { try apply(acceptance) }
    case .click(let row):
      if let acceptance = selection.accept(at: row) { try apply(acceptance) }
    case .tab:
      switch selection.tab() {
      case .accepted(let acceptance):
        try apply(acceptance)
      case .extendedQuery(let text):
        let query = try #require(composer.activeQuery(using: detector))
        try composer.replaceQueryText(of: query, with: text)
        refresh(.insertion)
      case .highlighted, .ignored:
        break
      }
    case .acceptGhost:
      if let acceptance = inline.acceptance(in: selection.items) {
        try apply(acceptance)
      } else {
        composer.moveRight()
        refresh(.cursorMovement)
      }
    }
  }

  private mutating func apply(_ acceptance: SuggestionSelection.Acceptance) throws {
    let query = try #require(acceptance.query)
    try composer.complete(with: acceptance.item, for: query)
    accepted.append(acceptance)
    refresh(.insertion)
  }

  private mutating func refresh(_ change: InlineCompletion.Change) {
    let query = composer.activeQuery(using: detector)
    var found: [MentionItem] = []
    if let query {
      found = query.trigger.items ?? items
      filter.filter(&found, for: query)
    }
    selection.update(query: query, items: found)
    // A dismissed list hides the ghost too, for as long as the dismissal lasts.
    inline.update(query: query, items: selection.isDismissed ? [] : found, after: change)
  }

  /// The state rendered as described on the type.
  var rendered: String { Self.render(composer) }

  static func render(_ composer: MentionComposer) -> String {
    var marks: [(offset: Int, order: Int, text: String)] = []
    for entity in composer.entities {
      marks.append((entity.utf16Range.lowerBound, 2, "["))
      marks.append((entity.utf16Range.upperBound, 0, "](\(entity.itemID))"))
    }
    let selection = composer.utf16Selection
    marks.append((selection.lowerBound, 1, "|"))
    if !selection.isEmpty { marks.append((selection.upperBound, 1, "|")) }
    marks.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
    let units = Array(composer.text.utf16)
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
  mutating func run(_ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for (number, step) in steps.enumerated() {
      try press(step.key)
      let label = "step \(number + 1) (\(step.key))"
      #expect(rendered == step.state, "\(label)", sourceLocation: sourceLocation)
      #expect(inline.ghostText == step.ghost, "\(label): ghost", sourceLocation: sourceLocation)
      if let highlighted = step.highlighted {
        #expect(
          selection.highlightedItem?.id == highlighted, "\(label): highlight",
          sourceLocation: sourceLocation)
      }
      for entity in composer.entities {
        #expect(
          String(composer.text[composer.range(of: entity)]) == entity.text,
          "\(label): entity \(entity.itemID) text", sourceLocation: sourceLocation)
      }
    }
  }
}
