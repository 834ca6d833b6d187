import Testing
import ToolSupport

@testable import MentionKit

/// Random edits, replayed from a seed, applied to texts full of emoji, combining marks, RTL text
/// and mentions: after every step every entity still covers exactly its mention text.
struct MessageDraftPropertyTests {
  static let items: [MentionItem] = [
    .person("U1", "jose", "José Álvarez"),
    .person("U2", "Jon Snow", "Jon Snow"),
    .person("U3", "zoë", "Zoë Quinn"),
    .person("U4", "🦊fox", "Fox 🦊"),
    .person("U5", "שרה", "שרה כהן"),
    .person("U6", "李雷", "李雷"),
  ]

  /// What the generator types, pastes or replaces with: triggers, emoji (with skin tones, ZWJ
  /// sequences, flags), combining marks that cluster with what is before them, RTL text, CJK,
  /// CRLF, full-width triggers.
  static let snippets: [String] = [
    "a", "b", " ", "  ", "@", "#", "@j", "@jo", "#gé", "＠z", "@J", "@🦊", "@ש", "@李",
    "👋🏽", "👨‍👩‍👧", "🇫🇷", "e\u{301}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}",
    "שלום", "مرحبا", "\u{202E}", "日本語", "\r\n", "\n", "mail@example.com", "",
    "hello @jose and 👋🏽", "Ｈｉ",
  ]

  static let allOptions: [MessageDraft.Options] = {
    var all: [MessageDraft.Options] = []
    for inside in [MessageDraft.Options.EditInsideMention.detachesMention, .removesMention] {
      for backspace in [
        MessageDraft.Options.BackspaceAtMentionEnd.deletesMention, .deletesByParts,
        .deletesCharacter,
      ] {
        for misaligned in [
          MessageDraft.Options.MisalignedEdit.throwsError, .widensToGraphemes,
        ] {
          all.append(
            .init(
              editInsideMention: inside, backspaceAtMentionEnd: backspace,
              misalignedEdit: misaligned))
        }
      }
    }
    return all
  }()

  static let detector: TriggerDetector = {
    var mention = Trigger.mention
    mention.maximumSpaces = 1
    return TriggerDetector(triggers: [mention, .hashtag])
  }()

  struct Tally {
    var steps = 0
    var completions = 0
    var thrown = 0
    var entitiesSeen = 0
  }

  @Test(arguments: 0..<12)
  func entitiesStayTrueUnderRandomEdits(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
    let options = Self.allOptions[seed % Self.allOptions.count]
    var draft = MessageDraft(options: options)
    var tally = Tally()
    for step in 0..<2_000 {
      let before = draft
      let operation = Int.random(in: 0..<100, using: &random)
      var context =
        "seed \(seed) step \(step) op \(operation) text \(draft.text.debugDescription)"
      do {
        switch operation {
        case 0..<30:
          let snippet = Self.snippets.randomElement(using: &random)!
          context += " insert \(snippet.debugDescription)"
          draft.insert(snippet)
        case 30..<45:
          if let query = draft.activeQuery(using: Self.detector) {
            let item = Self.items.randomElement(using: &random)!
            context += " complete \(item.id)"
            let done = draft.accept(item, for: query)
            #expect(done, "\(context)")
            tally.completions += 1
          } else {
            draft.insert(["@", "#", "@j", "@Jon S"].randomElement(using: &random)!)
          }
        case 45..<60:
          let count = draft.text.utf16.count
          // Mostly inside the text, sometimes outside it, at any UTF-16 offset.
          let a = Int.random(in: -2...(count + 2), using: &random)
          let b = Int.random(in: -2...(count + 2), using: &random)
          let snippet = Self.snippets.randomElement(using: &random)!
          context += " replace \(min(a, b))..<\(max(a, b)) with \(snippet.debugDescription)"
          try draft.replace(utf16Range: min(a, b)..<max(a, b), with: snippet)
        case 60..<72:
          context += " backspace"
          draft.deleteBackward()
        case 72..<78:
          context += " delete"
          draft.deleteForward()
        case 78..<88:
          let offset = Int.random(in: -1...(draft.text.utf16.count + 1), using: &random)
          context += " move \(offset)"
          draft.moveCursor(utf16Offset: offset)
        case 88..<94:
          let count = draft.text.utf16.count
          let a = Int.random(in: 0...count, using: &random)
          let b = Int.random(in: 0...count, using: &random)
          context += " select \(min(a, b))..<\(max(a, b))"
          draft.select(utf16Range: min(a, b)..<max(a, b))
        case 94..<97:
          context += " left"
          draft.moveLeft()
        default:
          context += " right"
          draft.moveRight()
        }
      } catch {
        // A typed error changes nothing.
        tally.thrown += 1
        #expect(draft == before, "a throwing edit changed the draft: \(context)")
      }
      tally.steps += 1
      tally.entitiesSeen += draft.entities.count
      try Self.checkInvariants(draft, context)
      // Keep the text from growing without bound: the invariants matter, not the length.
      if draft.text.utf16.count > 400 {
        draft.selectAll()
        draft.deleteBackward()
      }
    }
    // The run exercised what it claims to: completions happened and entities lived.
    #expect(tally.completions > 5, "only \(tally.completions) completions")
    #expect(tally.entitiesSeen > 300, "entities were rarely present: \(tally.entitiesSeen)")
  }

  static func checkInvariants(_ draft: MessageDraft, _ context: String) throws {
    let text = draft.text
    let count = text.utf16.count
    let selection = draft.selectedUTF16Range
    #expect(
      selection.lowerBound >= 0 && selection.upperBound <= count,
      "selection \(selection) outside 0..<\(count): \(context)")
    var previousEnd = 0
    for entity in draft.entities {
      let range = entity.utf16Range
      try #require(
        range.lowerBound >= previousEnd && range.upperBound <= count && !range.isEmpty,
        "entity \(entity) out of order or outside the text: \(context)")
      previousEnd = range.upperBound
      let utf16 = text.utf16
      let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
      let upper = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
      #expect(
        lower.samePosition(in: text) != nil && upper.samePosition(in: text) != nil,
        "entity \(entity) does not lie on character boundaries: \(context)")
      #expect(
        text[lower..<upper].hasSuffix(entity.value),
        "entity \(entity) no longer covers its text: \(context)")
      #expect(Self.items.contains { $0 == entity.item }, "unknown item: \(context)")
    }
  }
}
