/// Fuzzes ``MentionComposer``'s edit application with a script decoded from the bytes.
///
/// Input layout: an options byte, the initial text's byte length (2 bytes) and text, an entity
/// count byte and per entity a UTF-16 start (2 bytes) and length (1 byte), then opcodes with
/// their arguments until the input ends: typing, pasting, both deletes, cursor moves and
/// selections at arbitrary (also negative and past-the-end) UTF-16 offsets, replacements by
/// UTF-16 range and by `String.Index` (also inside a scalar's bytes), completions of the active
/// query, Tab's query rewrite, a completion with a stale query, and option changes.
///
/// Invariants after every step: every entity is non-empty, lies in the text on grapheme
/// boundaries and its text equals the text at its range; entities are sorted and don't overlap;
/// the selection lies in the text on grapheme boundaries; the message loads back into a new
/// composer. Errors: out-of-bounds edits throw exactly
/// ``MentionError/editOutOfBounds(location:length:utf16Count:)``; misaligned edits throw a
/// split error only with ``MentionComposer/Options-swift.struct/MisalignedEdit/throwsError``;
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

  static func options(_ byte: UInt8) -> MentionComposer.Options {
    MentionComposer.Options(
      editInsideMention: byte & 1 == 0 ? .detachesMention : .removesMention,
      backspaceAtMentionEnd: [.deletesMention, .deletesByParts, .deletesCharacter][
        Int(byte >> 1 & 3) % 3],
      misalignedEdit: byte & 8 == 0 ? .throwsError : .widensToGraphemes)
  }

  static func run(_ input: inout FuzzInput) {
    let options = options(input.byte())
    let text = input.string(input.uint16() % 512)
    var entities: [MentionEntity] = []
    let utf16 = Array(text.utf16)
    for number in 0..<Int(input.byte() % 4) {
      let lower = input.uint16() % (utf16.count + 2)
      let upper = lower + Int(input.byte() % 16)
      let slice =
        upper <= utf16.count ? String(decoding: utf16[lower..<upper], as: UTF16.self) : "x"
      entities.append(
        MentionEntity(
          utf16Range: lower..<upper, itemID: "E\(number)", trigger: "mention", text: slice))
    }
    var composer: MentionComposer
    do {
      composer = try MentionComposer(text: text, entities: entities, options: options)
    } catch {
      guard case .invalidEntity = error else {
        fuzzCheck(false, "loading threw \(error)")
        return
      }
      composer = try! MentionComposer(text: text, options: options)
    }
    trace("load", composer)
    check(composer)
    while !input.isAtEnd {
      step(&composer, &input)
      check(composer)
    }
  }

  static func poolString(_ input: inout FuzzInput) -> String {
    let byte = Int(input.byte())
    if byte < 200 { return pool[byte % pool.count] }
    return input.string(byte - 199)
  }

  static func trace(_ step: String, _ composer: MentionComposer) {
    fuzzTrace(
      "\(step) → \(composer.text.debugDescription) selection \(composer.utf16Selection) "
        + composer.entities.map { "\($0.text.debugDescription)@\($0.utf16Range)" }
        .joined(separator: " "))
  }

  static func step(_ composer: inout MentionComposer, _ input: inout FuzzInput) {
    let opcode = input.byte() % 14
    defer { trace("op \(opcode)", composer) }
    switch opcode {
    case 0: composer.insert(poolString(&input))
    case 1: composer.insert(input.string(Int(input.byte() % 64)))
    case 2: composer.deleteBackward()
    case 3: composer.deleteForward()
    case 4: composer.moveCursor(toUTF16Offset: input.uint16() - 2)
    case 5:
      let a = input.uint16() - 2
      let b = input.uint16() - 2
      composer.select(utf16Range: min(a, b)..<max(a, b))
    case 6:
      let location = input.uint16() % (composer.text.utf16.count + 3) - 1
      let length = Int(input.byte() % 24) - 1
      replaceUTF16(&composer, location, length, poolString(&input))
    case 7: replaceIndices(&composer, &input)
    case 8:
      let item = items[Int(input.byte()) % items.count]
      guard let query = composer.activeQuery(using: detector) else { return }
      do {
        try composer.complete(with: item, for: query)
      } catch {
        fuzzCheck(false, "completing a fresh query threw \(error)")
      }
    case 9: input.byte() & 1 == 0 ? composer.moveLeft() : composer.moveRight()
    case 10: composer.selectAll()
    case 11:
      let replacement = poolString(&input)
      guard let query = composer.activeQuery(using: detector) else { return }
      do {
        try composer.replaceQueryText(of: query, with: replacement)
      } catch {
        fuzzCheck(false, "rewriting a fresh query threw \(error)")
      }
    case 12:
      let other = composer.text + "@x"
      guard let query = try? detector.detect(in: other, utf16Offset: other.utf16.count) else {
        return
      }
      let before = composer
      do {
        try composer.complete(with: items[0], for: query)
        fuzzCheck(false, "a stale query was completed")
      } catch {
        fuzzCheck(error == .staleQuery, "stale query threw \(error)")
        fuzzCheck(composer == before, "a throwing completion changed the composer")
      }
    default:
      composer.options = options(input.byte())
    }
  }

  static func replaceUTF16(
    _ composer: inout MentionComposer, _ location: Int, _ length: Int, _ replacement: String
  ) {
    let before = composer
    let count = before.text.utf16.count
    let boundaries = UTF16Boundaries(before.text)
    let inBounds = location >= 0 && length >= 0 && location + length <= count
    let end = location + max(length, 0)
    let aligned =
      inBounds && boundaries.characterStarts.contains(location)
      && (length == 0 || boundaries.characterStarts.contains(end))
    do {
      try composer.replace(utf16Location: location, length: length, with: replacement)
      fuzzCheck(inBounds, "edit \(location) \(length) of \(count) accepted")
      fuzzCheck(
        aligned || composer.options.misalignedEdit == .widensToGraphemes,
        "misaligned edit \(location) \(length) accepted")
      guard composer.options.editInsideMention == .detachesMention else { return }
      let lower = boundaries.characterBoundary(atOrBefore: location)
      let upper = length == 0 ? lower : boundaries.characterBoundary(atOrAfter: end)
      let old = Array(before.text.utf16)
      let expected = old[..<lower] + Array(replacement.utf16) + old[max(lower, upper)...]
      fuzzCheck(
        Array(composer.text.utf16) == Array(expected),
        "edit \(location) \(length) gave \(composer.text.debugDescription)")
      checkKept(before.entities, edit: lower..<max(lower, upper), replacement, composer)
    } catch {
      fuzzCheck(composer == before, "a throwing edit changed the composer")
      if !inBounds {
        fuzzCheck(
          error == .editOutOfBounds(location: location, length: length, utf16Count: count),
          "out-of-bounds edit threw \(error)")
        return
      }
      fuzzCheck(!aligned, "aligned edit \(location) \(length) threw \(error)")
      fuzzCheck(
        composer.options.misalignedEdit == .throwsError, "widening edit threw \(error)")
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
    _ entities: [MentionEntity], edit: Range<Int>, _ replacement: String,
    _ composer: MentionComposer
  ) {
    let delta = replacement.utf16.count - edit.count
    let boundaries = UTF16Boundaries(composer.text)
    var expected: [MentionEntity] = []
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
      composer.entities == expected,
      "edit \(edit) kept \(composer.entities.map(\.utf16Range)), expected \(expected.map(\.utf16Range))"
    )
  }

  static func replaceIndices(_ composer: inout MentionComposer, _ input: inout FuzzInput) {
    let text = composer.text
    let count = text.utf8.count
    let a = input.uint16() % (count + 2)
    let b = input.uint16() % (count + 2)
    let replacement = poolString(&input)
    let longer = text + "@@"
    let lower = longer.utf8.index(longer.startIndex, offsetBy: min(a, b))
    let upper = longer.utf8.index(longer.startIndex, offsetBy: max(a, b))
    let before = composer
    let characterStarts = TextBoundaries(text)
    let aligned =
      characterStarts.isCharacterBoundary(min(a, b))
      && (a == b || characterStarts.isCharacterBoundary(max(a, b)))
    do {
      try composer.replace(lower..<upper, with: replacement)
      fuzzCheck(max(a, b) <= count, "an index range past the end was accepted")
      fuzzCheck(
        aligned || composer.options.misalignedEdit == .widensToGraphemes,
        "misaligned index edit accepted")
    } catch {
      fuzzCheck(composer == before, "a throwing index edit changed the composer")
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

  static func check(_ composer: MentionComposer) {
    let text = composer.text
    let utf16 = Array(text.utf16)
    let boundaries = UTF16Boundaries(text)
    let selection = composer.utf16Selection
    fuzzCheck(
      selection.lowerBound >= 0 && selection.upperBound <= utf16.count,
      "selection \(selection) outside 0...\(utf16.count)")
    fuzzCheck(
      boundaries.characterStarts.contains(selection.lowerBound)
        && boundaries.characterStarts.contains(selection.upperBound),
      "selection \(selection) splits a grapheme of \(text.debugDescription)")
    var previousEnd = 0
    for entity in composer.entities {
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
        Array(utf16[range]) == Array(entity.text.utf16),
        "entity \(entity.text.debugDescription) at \(range) covers other text in \(text.debugDescription)"
      )
    }
    do {
      let reloaded = try MentionComposer(message: composer.message, options: composer.options)
      fuzzCheck(reloaded.entities == composer.entities, "reloading changed the entities")
    } catch {
      fuzzCheck(false, "the composer's own message does not load: \(error)")
    }
  }
}
