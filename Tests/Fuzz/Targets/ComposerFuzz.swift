/// Fuzzes ``MessageDraft``'s edit application with a script decoded from the bytes.
///
/// Input layout: an options byte, the initial text's byte length (2 bytes) and text, an entity
/// count byte and per entity a UTF-16 start (2 bytes) and length (1 byte), then opcodes with
/// their arguments until the input ends: typing, pasting, both deletes, cursor moves and
/// selections at arbitrary (also negative and past-the-end) UTF-16 offsets, replacements by
/// UTF-16 range and by `String.Index` (also inside a scalar's bytes), completions of the active
/// query, Tab's query rewrite, a completion with a stale query, and option changes.
///
/// Invariants after every step: every entity is non-empty, lies in the text on grapheme
/// boundaries and the text at its range ends with its value; entities are sorted and don't overlap;
/// the selection lies in the text on grapheme boundaries; the message loads back into a new
/// draft. Errors: out-of-bounds edits throw exactly
/// ``MentionError/editOutOfBounds(utf16Range:utf16Count:)``; misaligned edits throw a
/// split error only with ``MessageDraft/Options-swift.struct/MisalignedEdit/throwsError``;
/// a throwing call changes nothing; with `.detachesMention` an edit changes the text exactly as
/// the plain string edit would and keeps every entity it does not touch.
enum ComposerFuzz {
  static let pool: [String] = [
    "@", "#", "a", "jo", " ", "é", "\u{301}", "👩‍👩‍👧", "🇺", "🇸", "\u{200D}", "\r", "\n", "\r\n",
    "＠", "@ana ", "\u{FE0F}", "😀", "[[", "]]", ":", "e\u{301}", "#️⃣", "", "Jon Snow", "ก",
    "\u{0E33}", "\u{1F3FD}",
  ]

  static let items: [MentionItem] = [
    MentionItem(id: "U1", insertionText: "ana"),
    MentionItem(id: "U2", insertionText: "Jon Snow"),
    MentionItem(id: "U3", insertionText: "José"),
    MentionItem(id: "U4", insertionText: "@already"),
    MentionItem(id: "U5", insertionText: "👩‍👩‍👧"),
    MentionItem(id: "U6", insertionText: "\u{301}mark"),
    MentionItem(id: "U7", insertionText: ""),
    MentionItem(id: "U8", insertionText: "x\u{200D}"),
  ]

  static let detector: TriggerDetector = {
    var mention = Trigger.mention
    mention.maximumSpaces = 1
    return TriggerDetector(triggers: [mention, .hashtag, .wikiLink, .emoji])
  }()

  static func options(_ byte: UInt8) -> MessageDraft.Options {
    MessageDraft.Options(
      editInsideMention: byte & 1 == 0 ? .detachesMention : .removesMention,
      backspaceAtMentionEnd: [.deletesMention, .deletesByParts, .deletesCharacter][
        Int(byte >> 1 & 3) % 3],
      misalignedEdit: byte & 8 == 0 ? .throwsError : .widensToGraphemes)
  }

  static func run(_ input: inout FuzzInput) {
    let options = options(input.byte())
    let text = input.string(input.uint16() % 512)
    var entities: [MessageEntity] = []
    let utf16 = Array(text.utf16)
    for number in 0..<Int(input.byte() % 4) {
      let lower = input.uint16() % (utf16.count + 2)
      let upper = lower + Int(input.byte() % 16)
      let slice =
        upper <= utf16.count ? String(decoding: utf16[lower..<upper], as: UTF16.self) : "x"
      entities.append(
        MessageEntity(
          trigger: .mention, utf16Range: lower..<upper, value: slice,
          resolution: .resolved(MentionItem(id: "E\(number)", insertionText: slice))))
    }
    var draft: MessageDraft
    do {
      draft = try MessageDraft(
        message: Message(text: text, entities: entities), options: options)
    } catch {
      guard case .invalidEntity = error else {
        fuzzCheck(false, "loading threw \(error)")
        return
      }
      draft = try! MessageDraft(message: Message(text: text), options: options)
    }
    trace("load", draft)
    check(draft)
    while !input.isAtEnd {
      step(&draft, &input)
      check(draft)
    }
  }

  static func poolString(_ input: inout FuzzInput) -> String {
    let byte = Int(input.byte())
    if byte < 200 { return pool[byte % pool.count] }
    return input.string(byte - 199)
  }

  static func trace(_ step: String, _ draft: MessageDraft) {
    fuzzTrace(
      "\(step) → \(draft.text.debugDescription) selection \(draft.selectedUTF16Range) "
        + draft.entities.map { "\($0.value.debugDescription)@\($0.utf16Range)" }
        .joined(separator: " "))
  }

  static func step(_ draft: inout MessageDraft, _ input: inout FuzzInput) {
    let opcode = input.byte() % 14
    defer { trace("op \(opcode)", draft) }
    switch opcode {
    case 0: draft.insert(poolString(&input))
    case 1: draft.insert(input.string(Int(input.byte() % 64)))
    case 2: draft.deleteBackward()
    case 3: draft.deleteForward()
    case 4: draft.moveCursor(utf16Offset: input.uint16() - 2)
    case 5:
      let a = input.uint16() - 2
      let b = input.uint16() - 2
      draft.select(utf16Range: min(a, b)..<max(a, b))
    case 6:
      let location = input.uint16() % (draft.text.utf16.count + 3) - 1
      let length = Int(input.byte() % 24)
      replaceUTF16(&draft, location, length, poolString(&input))
    case 7: replaceIndices(&draft, &input)
    case 8:
      let item = items[Int(input.byte()) % items.count]
      guard let query = draft.activeQuery(using: detector) else { return }
      fuzzCheck(draft.accept(item, for: query), "a fresh query was not completed")
    case 9: input.byte() & 1 == 0 ? draft.moveLeft() : draft.moveRight()
    case 10: draft.selectAll()
    case 11:
      let replacement = poolString(&input)
      guard let query = draft.activeQuery(using: detector) else { return }
      fuzzCheck(
        draft.replaceQueryText(of: query, with: replacement), "a fresh query was not rewritten")
    case 12:
      let other = draft.text + "@x"
      guard let query = try? detector.detect(in: other, utf16Offset: other.utf16.count) else {
        return
      }
      let before = draft
      fuzzCheck(!draft.accept(items[0], for: query), "a stale query was completed")
      fuzzCheck(draft == before, "a refused completion changed the draft")
    default:
      draft.options = options(input.byte())
    }
  }

  static func replaceUTF16(
    _ draft: inout MessageDraft, _ location: Int, _ length: Int, _ replacement: String
  ) {
    let before = draft
    let count = before.text.utf16.count
    let boundaries = UTF16Boundaries(before.text)
    let inBounds = location >= 0 && location + length <= count
    let end = location + length
    let aligned =
      inBounds && boundaries.characterStarts.contains(location)
      && (length == 0 || boundaries.characterStarts.contains(end))
    do {
      try draft.replace(utf16Range: location..<end, with: replacement)
      fuzzCheck(inBounds, "edit \(location) \(length) of \(count) accepted")
      fuzzCheck(
        aligned || draft.options.misalignedEdit == .widensToGraphemes,
        "misaligned edit \(location) \(length) accepted")
      guard draft.options.editInsideMention == .detachesMention else { return }
      let lower = boundaries.characterBoundary(atOrBefore: location)
      let upper = length == 0 ? lower : boundaries.characterBoundary(atOrAfter: end)
      let old = Array(before.text.utf16)
      let expected = old[..<lower] + Array(replacement.utf16) + old[max(lower, upper)...]
      fuzzCheck(
        Array(draft.text.utf16) == Array(expected),
        "edit \(location) \(length) gave \(draft.text.debugDescription)")
      checkKept(before.entities, edit: lower..<max(lower, upper), replacement, draft)
    } catch {
      fuzzCheck(draft == before, "a throwing edit changed the draft")
      if !inBounds {
        fuzzCheck(
          error == .editOutOfBounds(utf16Range: location..<end, utf16Count: count),
          "out-of-bounds edit threw \(error)")
        return
      }
      fuzzCheck(!aligned, "aligned edit \(location) \(length) threw \(error)")
      fuzzCheck(
        draft.options.misalignedEdit == .throwsError, "widening edit threw \(error)")
      let bad = boundaries.characterStarts.contains(location) ? end : location
      let expected: MentionError =
        boundaries.scalarStarts.contains(bad)
        ? .splitsGrapheme(utf16Offset: bad) : .splitsUnicodeScalar(utf16Offset: bad)
      fuzzCheck(error == expected, "misaligned edit threw \(error), expected \(expected)")
    }
  }

  /// No mention is lost: every entity the edit does not touch is still there, shifted, unless
  /// its edges stop being grapheme boundaries in the new text; the edit creates none.
  static func checkKept(
    _ entities: [MessageEntity], edit: Range<Int>, _ replacement: String,
    _ draft: MessageDraft
  ) {
    let delta = replacement.utf16.count - edit.count
    let boundaries = UTF16Boundaries(draft.text)
    var expected: [MessageEntity] = []
    for entity in entities {
      let range = entity.utf16Range
      let touched =
        edit.isEmpty
        ? range.lowerBound < edit.lowerBound && edit.lowerBound < range.upperBound
        : edit.lowerBound < range.upperBound && edit.upperBound > range.lowerBound
      guard !touched else { continue }
      var moved = entity
      if range.lowerBound >= edit.upperBound {
        moved.utf16Range = (range.lowerBound + delta)..<(range.upperBound + delta)
      }
      if boundaries.characterStarts.contains(moved.utf16Range.lowerBound)
        && boundaries.characterStarts.contains(moved.utf16Range.upperBound)
      {
        expected.append(moved)
      }
    }
    fuzzCheck(
      draft.entities == expected,
      "edit \(edit) kept \(draft.entities.map(\.utf16Range)), expected \(expected.map(\.utf16Range))"
    )
  }

  static func replaceIndices(_ draft: inout MessageDraft, _ input: inout FuzzInput) {
    let text = draft.text
    let count = text.utf8.count
    let a = input.uint16() % (count + 2)
    let b = input.uint16() % (count + 2)
    let replacement = poolString(&input)
    let longer = text + "@@"
    let lower = longer.utf8.index(longer.startIndex, offsetBy: min(a, b))
    let upper = longer.utf8.index(longer.startIndex, offsetBy: max(a, b))
    let before = draft
    let characterStarts = TextBoundaries(text)
    let aligned =
      characterStarts.isCharacterBoundary(min(a, b))
      && (a == b || characterStarts.isCharacterBoundary(max(a, b)))
    do {
      try draft.replace(lower..<upper, with: replacement)
      fuzzCheck(max(a, b) <= count, "an index range past the end was accepted")
      fuzzCheck(
        aligned || draft.options.misalignedEdit == .widensToGraphemes,
        "misaligned index edit accepted")
    } catch {
      fuzzCheck(draft == before, "a throwing index edit changed the draft")
      if max(a, b) > count {
        fuzzCheck(error == .cursorIndexOutOfBounds, "past-the-end index edit threw \(error)")
        return
      }
      fuzzCheck(!aligned, "aligned index edit threw \(error)")
      switch error {
      case .splitsGrapheme, .splitsUnicodeScalar: break
      default: fuzzCheck(false, "misaligned index edit threw \(error)")
      }
    }
  }

  static func check(_ draft: MessageDraft) {
    let text = draft.text
    let utf16 = Array(text.utf16)
    let boundaries = UTF16Boundaries(text)
    let selection = draft.selectedUTF16Range
    fuzzCheck(
      selection.lowerBound >= 0 && selection.upperBound <= utf16.count,
      "selection \(selection) outside 0...\(utf16.count)")
    fuzzCheck(
      boundaries.characterStarts.contains(selection.lowerBound)
        && boundaries.characterStarts.contains(selection.upperBound),
      "selection \(selection) splits a grapheme of \(text.debugDescription)")
    var previousEnd = 0
    for entity in draft.entities {
      let range = entity.utf16Range
      fuzzCheck(
        !range.isEmpty && range.lowerBound >= previousEnd && range.upperBound <= utf16.count,
        "entity \(range) empty, out of order, overlapping or outside \(utf16.count)")
      previousEnd = range.upperBound
      fuzzCheck(
        boundaries.characterStarts.contains(range.lowerBound)
          && boundaries.characterStarts.contains(range.upperBound),
        "entity \(range) splits a grapheme of \(text.debugDescription)")
      fuzzCheck(
        String(decoding: utf16[range], as: UTF16.self).hasSuffix(entity.value),
        "entity \(entity.value.debugDescription) at \(range) covers other text in \(text.debugDescription)"
      )
    }
    do {
      let reloaded = try MessageDraft(message: draft.message, options: draft.options)
      fuzzCheck(reloaded.entities == draft.entities, "reloading changed the entities")
    } catch {
      fuzzCheck(false, "the draft's own message does not load: \(error)")
    }
  }
}
