/// Fuzzes ``TriggerDetector`` at a cursor: bytes become a trigger set, a cursor and a text.
///
/// Invariants: offsets past the end throw and nothing else does; the cursor is rounded down to
/// the grapheme boundary a from-the-start `Character` walk finds; the query's ranges lie in the
/// text, nest, start on scalar boundaries and its delimiter, text and UTF-16 range agree with
/// the text; and the result equals ``ReferenceDetector``'s, a brute-force implementation of the
/// same rules over an array of scalars.
///
/// Agreement with the chat extractor (`@` and `#`, its extras off), as in
/// `GrammarAgreementPropertyTests`: the query at the cursor, completed with a handle, is exactly
/// one extracted entity with the mention's range and the handle as value; every entity the
/// extractor finds is, with the cursor at the end of its value, the query from its sign with its
/// value; and every range of both lies on grapheme-cluster boundaries.
enum DetectionFuzz {
  static let triggerPool: [Trigger] = [
    .mention, .hashtag, .emoji, .command, .wikiLink, .cashtag,
  ]

  /// Input layout: trigger mask, cursor (2 bytes), text.
  static func run(_ input: inout FuzzInput) {
    let mask = input.byte()
    let rawCursor = input.uint16()
    let text = input.rest()
    let detector = TriggerDetector(triggers: triggers(mask))
    let boundaries = TextBoundaries(text)
    let scalars = Array(text.unicodeScalars)
    let reference = ReferenceDetector(triggers: detector.triggers)

    // A UTF-16 cursor, sometimes past the end.
    let utf16Count = text.utf16.count
    let utf16Offset = rawCursor % (utf16Count + 3)
    do {
      let query = try detector.detect(in: text, utf16Offset: utf16Offset)
      fuzzCheck(utf16Offset <= utf16Count, "offset \(utf16Offset) past \(utf16Count) accepted")
      let expectedCursor = boundaries.characterBoundary(
        atOrBefore: utf8Offset(ofUTF16: utf16Offset, in: text))
      check(query, in: text, boundaries, detector)
      compare(
        query, with: reference, scalars, cursorUTF8: expectedCursor, text, boundaries)
    } catch {
      fuzzCheck(utf16Offset > utf16Count, "offset \(utf16Offset) of \(utf16Count) threw \(error)")
      fuzzCheck(
        error == .cursorOutOfBounds(utf16Offset: utf16Offset, utf16Count: utf16Count), "\(error)")
    }

    // A `String.Index` cursor, possibly inside a scalar's bytes.
    let utf8Offset = rawCursor % (text.utf8.count + 1)
    let index = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset)
    do {
      let query = try detector.detect(in: text, cursor: index)
      let expectedCursor = boundaries.characterBoundary(atOrBefore: utf8Offset)
      check(query, in: text, boundaries, detector)
      compare(
        query, with: reference, scalars, cursorUTF8: expectedCursor, text, boundaries)
    } catch {
      fuzzCheck(false, "in-bounds index \(utf8Offset) threw \(error)")
    }

    checkAgreement(text, cursor: index, handle: mask, boundaries)

    // An index past the end (from a longer string) throws.
    let longer = text + "@x"
    do {
      _ = try detector.detect(in: text, cursor: longer.endIndex)
      fuzzCheck(false, "an index past the end was accepted")
    } catch {
      fuzzCheck(error == .cursorIndexOutOfBounds, "\(error)")
    }
  }

  /// The chat grammar the composer shares: the chat profile without code, URLs, e-mail
  /// addresses and fediverse hosts, which the composer does not know about.
  static let sharedProfile = ExtractionProfile.chat(
    skipsCode: false, skipsURLs: false, skipsEmailAddresses: false,
    allowsFediverseAddresses: false)
  static let sharedExtractor = EntityExtractor(profile: sharedProfile)
  static let sharedDetector = TriggerDetector(triggers: sharedProfile.triggers)
  static let handles = ["ana", "jean-luc", "zoë", "jose\u{301}", "李雷", "Σοφος"]

  /// The composer's query and the chat extractor's entities agree (see the type's comment).
  static func checkAgreement(
    _ text: String, cursor: String.Index, handle: UInt8, _ boundaries: TextBoundaries
  ) {
    func utf8(_ index: String.Index) -> Int { text.utf8Offset(of: index) }
    if let query = (try? sharedDetector.detect(in: text, cursor: cursor)) ?? nil {
      for offset in [query.range.lowerBound, query.queryRange.lowerBound, query.range.upperBound] {
        fuzzCheck(boundaries.isCharacterBoundary(utf8(offset)), "query splits a character")
      }
      let handle = handles[Int(handle) % handles.count]
      let replacement = MentionReplacement(
        query: query, item: MentionItem(id: handle, insertionText: handle))
      let written = replacement.utf16MentionRange
      let found = sharedExtractor.entities(in: replacement.text).filter {
        $0.utf16Range.overlaps(written)
      }
      // After a silent query the marker stays in the written mention, and in its value.
      let value = query.isSilent ? "_" + handle : handle
      fuzzCheck(
        found.count == 1 && found[0].utf16Range == written && found[0].value == value
          && found[0].trigger == query.trigger.name,
        "completed \(replacement.text.debugDescription) as \(written): \(found)")
    }
    for entity in sharedExtractor.entities(in: text) {
      let valueStart = entity.utf8Range.upperBound - entity.value.utf8.count
      for offset in [entity.utf8Range.lowerBound, valueStart, entity.utf8Range.upperBound] {
        fuzzCheck(boundaries.isCharacterBoundary(offset), "entity \(entity) splits a character")
      }
      let query = (try? sharedDetector.detect(in: text, cursor: entity.range.upperBound)) ?? nil
      fuzzCheck(
        // A silent query (`@_ana`) searches without its marker; the entity's value keeps it.
        query.map(\.range.lowerBound) == entity.range.lowerBound
          && query.map { $0.isSilent ? "_" + $0.text : $0.text } == entity.value
          && query?.trigger.name == entity.trigger,
        "entity \(entity) vs query \(String(describing: query))")
    }
  }

  /// The triggers a mask selects: one bit per ready-made trigger, then variants.
  static func triggers(_ mask: UInt8) -> [Trigger] {
    var triggers = triggerPool.indices.filter { mask & (1 << $0) != 0 }.map { triggerPool[$0] }
    if triggers.isEmpty { triggers = [.mention, .hashtag] }
    if mask & 0x40 != 0 {
      // Multi-word queries.
      for index in triggers.indices where triggers[index].name == "mention" {
        triggers[index].maximumSpaces = 2
      }
    }
    if mask & 0x80 != 0 {
      // Tight limits, so the length rules are reached by short inputs.
      for index in triggers.indices {
        triggers[index].maximumQueryLength = 4
        triggers[index].minimumQueryLength = min(triggers[index].minimumQueryLength, 1)
      }
    }
    return triggers
  }

  static func utf8Offset(ofUTF16 offset: Int, in text: String) -> Int {
    var utf16 = 0
    var utf8 = 0
    for scalar in text.unicodeScalars {
      let width = UTF16.width(scalar)
      if utf16 + width > offset { break }
      utf16 += width
      utf8 += UTF8.width(scalar)
    }
    return utf8
  }

  static func check(
    _ query: MentionQuery?, in text: String, _ boundaries: TextBoundaries,
    _ detector: TriggerDetector
  ) {
    guard let query else { return }
    fuzzCheck(query.sourceText == text, "sourceText differs")
    let lower = text.utf8Offset(of: query.range.lowerBound)
    let queryLower = text.utf8Offset(of: query.queryRange.lowerBound)
    let cursor = text.utf8Offset(of: query.cursor)
    let queryUpper = text.utf8Offset(of: query.queryRange.upperBound)
    let upper = text.utf8Offset(of: query.range.upperBound)
    fuzzCheck(
      0 <= lower && lower < queryLower && queryLower <= cursor && cursor == queryUpper
        && cursor <= upper && upper <= text.utf8.count,
      "ranges out of order: \(lower) \(queryLower) \(cursor) \(queryUpper) \(upper)")
    for offset in [lower, queryLower, cursor, upper] {
      fuzzCheck(boundaries.isScalarBoundary(offset), "offset \(offset) splits a scalar")
    }
    fuzzCheck(boundaries.isCharacterBoundary(cursor), "cursor \(cursor) splits a grapheme")
    fuzzCheck(
      boundaries.isCharacterBoundary(lower), "range start \(lower) splits a grapheme")
    var delimiter = String(
      text.unicodeScalars[query.range.lowerBound..<query.queryRange.lowerBound])
    // A silent query's text starts after the marker that follows the delimiter.
    if query.isSilent && delimiter.hasSuffix("_") { delimiter.removeLast() }
    fuzzCheck(delimiter == query.delimiter, "delimiter \(query.delimiter) vs text \(delimiter)")
    fuzzCheck(query.trigger.allDelimiters.contains(delimiter), "unknown delimiter \(delimiter)")
    fuzzCheck(detector.triggers.contains(query.trigger), "unknown trigger")
    fuzzCheck(
      query.text == String(text.unicodeScalars[query.queryRange]), "query text differs")
    let utf16Lower = text.utf16.distance(from: text.startIndex, to: query.range.lowerBound)
    let utf16Upper = text.utf16.distance(from: text.startIndex, to: query.range.upperBound)
    fuzzCheck(query.utf16Range == utf16Lower..<utf16Upper, "utf16Range differs")
    fuzzCheck(
      query.utf16Offset == text.utf16.distance(from: text.startIndex, to: query.cursor),
      "utf16Offset differs")
  }

  static func compare(
    _ query: MentionQuery?, with reference: ReferenceDetector, _ scalars: [Unicode.Scalar],
    cursorUTF8: Int, _ text: String, _ boundaries: TextBoundaries
  ) {
    guard let cursor = boundaries.scalarIndex(ofUTF8: cursorUTF8) else {
      fuzzCheck(false, "reference cursor \(cursorUTF8) is not a scalar boundary")
      return
    }
    var characterStarts: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.unicodeScalars.count
      characterStarts.insert(offset)
    }
    let expected = reference.detect(in: scalars, cursor: cursor, characterStarts: characterStarts)
    guard let query else {
      fuzzCheck(expected == nil, "detector found nothing, reference found \(expected!)")
      return
    }
    let actual = ReferenceDetector.Match(
      trigger: reference.triggers.firstIndex(of: query.trigger) ?? -1,
      delimiter: query.delimiter,
      start: text.scalarOffset(of: query.range.lowerBound),
      queryStart: text.scalarOffset(of: query.queryRange.lowerBound),
      cursor: text.scalarOffset(of: query.cursor),
      end: text.scalarOffset(of: query.range.upperBound),
      isSilent: query.isSilent)
    fuzzCheck(actual == expected, "detector \(actual) vs reference \(String(describing: expected))")
  }
}

extension String {
  /// The offset of an index in Unicode scalars.
  func scalarOffset(of index: Index) -> Int {
    unicodeScalars.distance(from: startIndex, to: index)
  }
}
