import Testing
import ToolSupport

@testable import MentionKit

/// Random input method sessions, replayed from a seed, mixed with ordinary edits over emoji,
/// combining marks and mentions: after every step the entities still cover their text, the
/// marked range lies in the text and holds exactly the marked text last set, and the selection
/// lies inside it.
struct CompositionPropertyTests {
  /// What an input method marks: readings, dead keys, a lone combining mark, emoji, `＠`.
  static let marked: [String] = [
    "y", "や", "やm", "やまだ", "´", "\u{301}", "e\u{301}", "👋🏽", "＠", "＠や", "ㄱ", "김", "",
  ]

  @Test(arguments: 0..<8)
  func markedTextStaysTrueUnderRandomSessions(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &* 0x51_7CC1 &+ 3)
    let options = MessageDraftPropertyTests.allOptions[
      (seed * 5) % MessageDraftPropertyTests.allOptions.count]
    var draft = MessageDraft(options: options)
    var lastMarked: String?
    var composed = 0
    for step in 0..<1_500 {
      let operation = Int.random(in: 0..<100, using: &random)
      var context = "seed \(seed) step \(step) op \(operation) text \(draft.text.debugDescription)"
      switch operation {
      case 0..<40:
        let text = Self.marked.randomElement(using: &random)!
        let length = text.utf16.count
        let selected: Range<Int>? =
          Bool.random(using: &random)
          ? nil
          : {
            let a = Int.random(in: -1...(length + 1), using: &random)
            let b = Int.random(in: -1...(length + 1), using: &random)
            return min(a, b)..<max(a, b)
          }()
        context += " mark \(text.debugDescription) \(String(describing: selected))"
        let wasComposing = draft.markedUTF16Range != nil
        draft.setMarkedText(text, selectedUTF16Range: selected)
        lastMarked = text.isEmpty ? nil : text
        if text.isEmpty && !wasComposing { lastMarked = nil }
        composed += 1
      case 40..<50:
        context += " unmark"
        draft.unmarkText()
        lastMarked = nil
      case 50..<65:
        let snippet = MessageDraftPropertyTests.snippets.randomElement(using: &random)!
        context += " insert \(snippet.debugDescription)"
        draft.insert(snippet)
        lastMarked = nil
      case 65..<75:
        if let query = draft.activeQuery(using: MessageDraftPropertyTests.detector) {
          let item = MessageDraftPropertyTests.items.randomElement(using: &random)!
          context += " complete \(item.id)"
          draft.accept(item, for: query)
        } else {
          draft.insert("@j")
        }
        lastMarked = nil
      case 75..<85:
        context += " backspace"
        draft.deleteBackward()
        lastMarked = nil
      default:
        let offset = Int.random(in: -1...(draft.text.utf16.count + 1), using: &random)
        context += " move \(offset)"
        draft.moveCursor(utf16Offset: offset)
        if draft.markedUTF16Range == nil { lastMarked = nil }
      }
      try MessageDraftPropertyTests.checkInvariants(draft, context)
      let count = draft.text.utf16.count
      if let marked = draft.markedUTF16Range {
        #expect(!marked.isEmpty && marked.upperBound <= count, "marked \(marked): \(context)")
        // The selection lies in the marked text widened to whole characters.
        let selection = draft.selectedUTF16Range
        let lower = draft.clampedBoundary(marked.lowerBound, roundingUp: false)
        let upper = draft.clampedBoundary(marked.upperBound, roundingUp: true)
        #expect(
          lower <= selection.lowerBound && selection.upperBound <= upper,
          "selection \(selection) outside marked \(marked): \(context)")
        let units = Array(draft.text.utf16)[marked]
        #expect(
          lastMarked.map { Array($0.utf16) == Array(units) } == true,
          "marked text is not \(String(describing: lastMarked)): \(context)")
      } else {
        #expect(lastMarked == nil || draft.markedUTF16Range != nil, "composition lost: \(context)")
      }
      if count > 300 {
        draft.unmarkText()
        draft.selectAll()
        draft.deleteBackward()
        lastMarked = nil
      }
    }
    #expect(composed > 400)
  }
}
