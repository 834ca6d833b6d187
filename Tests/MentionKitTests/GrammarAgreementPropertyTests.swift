import Testing
import ToolSupport

@testable import MentionKit

/// One grammar in both directions: for random texts full of signs, combining marks, emoji, ZWJ,
/// RTL text and full-width forms, at every cursor position the composer's active query and the
/// chat extractor's entities agree, and every range they report lies on grapheme-cluster
/// boundaries.
///
/// At each cursor (every grapheme boundary of the text):
/// - a query the composer opens is, as typed, the entity the extractor finds at its sign (its
///   word without trailing punctuation), and becomes, once completed with a handle, exactly one
///   extracted entity with the mention's range and the handle as its value;
/// - every entity the extractor finds is, with the cursor at the end of its value, the
///   composer's active query, from the same sign, with the same text.
///
/// The extractor runs the chat profile's trigger grammar without the extras the composer does
/// not apply (code spans, URLs, e-mail addresses, fediverse hosts); trailing punctuation stays,
/// which is why the second direction compares values, not ranges.
struct GrammarAgreementPropertyTests {
  /// What random texts are made of: signs (weighted), letters of several scripts, digits,
  /// handle punctuation, spaces and line breaks, combining and enclosing marks, variation
  /// selectors, ZWJ and ZWNJ, emoji modifiers and tags, spacing marks and letters that join
  /// what is before them (Thai SARA AM, half-width sound marks), a spacing mark that does not
  /// (U+102B), prepended scalars (U+0600, U+0D4E), Indic conjuncts, Hangul jamo, keycaps,
  /// ZWJ sequences, flags, bidirectional controls and RTL words, and full-width forms.
  static let pieces: [String] = [
    "@", "@", "@", "#", "#", "#", "＠", "＃", " @a", " #b", "@ana", "#tag", "(@Σοφ", "\n#李",
    "a", "b", "Z", "é", "e\u{301}", "ß", "Σ", "ς", "李", "ש", "م", "7", "٣", "_", "-", ".",
    " ", " ", " ", "\n", "\r\n", "\t",
    "\u{301}", "\u{308}", "\u{20E3}", "\u{FE0F}", "\u{FE0E}", "\u{200D}", "\u{200C}",
    "\u{1F3FD}", "\u{E0067}", "\u{0E33}", "\u{FF9E}", "\u{102B}", "\u{0600}", "\u{0D4E}",
    "क", "\u{094D}", "ष", "한", "\u{1100}", "\u{1161}",
    "#️⃣", "#\u{20E3}", "👍", "👨‍👩‍👧", "🇫🇷", "\u{1F1EB}", "👋🏽", "❤️", "©",
    "\u{200F}", "\u{202E}", "\u{2066}", "שלום", "مرحبا",
    "Ｈｉ", "ａ", "＿", "．", "！", "(", ")", ",", "!", "/", "&", "’",
  ]

  /// Handles a completion writes: valid for both triggers, in several scripts, one ending with
  /// a combining mark.
  static let handles = ["ana", "jean-luc", "zoë", "jose\u{301}", "李雷", "שרה", "Σοφος", "o_o9"]

  static let profile: ExtractionProfile = {
    ExtractionProfile.chat(
      skipsCode: false, skipsURLs: false, skipsEmailAddresses: false,
      allowsFediverseAddresses: false)
  }()

  static let extractor = EntityExtractor(profile: profile)
  static let detector = TriggerDetector(triggers: profile.triggers)

  struct Tally {
    var queries = 0
    var entities = 0
  }

  @Test(arguments: 0..<6)
  func composerAndExtractorAgreeAtEveryCursor(seed: Int) throws {
    var random = SplitMix64(seed: 0x6772_616D_6D61_72 &+ UInt64(seed))
    var tally = Tally()
    for _ in 0..<250 {
      var text = ""
      for _ in 0..<Int.random(in: 1...16, using: &random) {
        text += Self.pieces.randomElement(using: &random)!
      }
      try Self.check(text, &random, &tally)
    }
    // The run exercised what it claims to: queries opened and entities were found.
    #expect(tally.queries > 400, "only \(tally.queries) queries")
    #expect(tally.entities > 100, "only \(tally.entities) entities")
  }

  /// Hand-picked texts from each class of disagreement, checked the same way.
  @Test(arguments: [
    "#️⃣", "a #️⃣ b", "#\u{20E3}", "@\u{301}ana", "@ana\u{200D}", "@ana\u{200D}👍 #x",
    "@ana.\u{200D}", "＠\u{FE0F}", "@\u{0E33}x", "@ana\u{1F3FD}", "\u{0600}@ana", "@x\u{0D4E}",
    "@x\u{0D4E}. #y", "@ana👍", "@_ana", "@_", "@_\u{301}ana", "hi @_ana. @_x_y",
  ])
  func handPickedTextsAgree(text: String) throws {
    var random = SplitMix64(seed: 1)
    var tally = Tally()
    try Self.check(text, &random, &tally)
  }

  static func check(
    _ text: String, _ random: inout SplitMix64, _ tally: inout Tally
  ) throws {
    func utf16(_ index: String.Index) -> Int {
      text.utf16.distance(from: text.startIndex, to: index)
    }
    // Grapheme-cluster boundaries, from the standard library's `Character` walk.
    let boundaries = Set(text.indices.map(utf16) + [text.utf16.count])

    for cursor in text.indices + [text.endIndex] {
      guard let query = detector.detectAt(text, cursor) else { continue }
      tally.queries += 1
      let context =
        "text \(text.debugDescription) cursor \(utf16(cursor)) query \(query.text.debugDescription)"
      for (name, index) in [
        ("start", query.range.lowerBound), ("query start", query.queryRange.lowerBound),
        ("end", query.range.upperBound),
      ] {
        #expect(boundaries.contains(utf16(index)), "query \(name) splits a character: \(context)")
      }
      // As typed, the query's word is the entity the extractor finds at that sign: its value is
      // the word without trailing punctuation (none when nothing else is left).
      // (Trimmed by whole characters: a character is trimmed when all its scalars are.) A
      // silent query's word starts with its marker, which the query text leaves out.
      let wordStart =
        query.isSilent
        ? text.unicodeScalars.index(before: query.queryRange.lowerBound)
        : query.queryRange.lowerBound
      var word = text[wordStart..<query.range.upperBound]
      while let last = word.last,
        last.unicodeScalars.allSatisfy(profile.trailingPunctuation.contains)
      {
        word.removeLast()
      }
      let typed = extractor.entities(in: text).first {
        $0.range.lowerBound == query.range.lowerBound
      }
      #expect(
        typed?.value == (word.isEmpty ? nil : String(word)),
        "extracted as typed: \(typed.map { $0.value.debugDescription } ?? "none"): \(context)")
      // Completed with a handle, the query is exactly one entity: the mention just written.
      let handle = handles.randomElement(using: &random)!
      let replacement = MentionReplacement(
        query: query, item: MentionItem(id: handle, insertionText: handle))
      let written = replacement.utf16MentionRange
      let value = replacement.isSilent ? "_" + handle : handle
      let found = extractor.entities(in: replacement.text).filter {
        $0.utf16Range.overlaps(written)
      }
      #expect(
        found.count == 1 && found.first?.utf16Range == written && found.first?.value == value
          && found.first?.trigger == query.trigger.name,
        """
        completed \(replacement.text.debugDescription) as \(written), extracted \
        \(found.map { "\($0.trigger) \($0.value.debugDescription) \($0.utf16Range)" }): \(context)
        """)
    }

    for entity in extractor.entities(in: text) {
      tally.entities += 1
      let valueStart = entity.utf16Range.upperBound - entity.value.utf16.count
      let context =
        "text \(text.debugDescription) entity \(entity.value.debugDescription) \(entity.utf16Range)"
      for (name, offset) in [
        ("start", entity.utf16Range.lowerBound), ("value start", valueStart),
        ("end", entity.utf16Range.upperBound),
      ] {
        #expect(boundaries.contains(offset), "entity \(name) splits a character: \(context)")
      }
      guard boundaries.contains(entity.utf16Range.upperBound) else { continue }
      // With the cursor at the end of its value, the entity is the composer's query.
      let query = detector.detectAt(text, entity.range.upperBound)
      let queried = query.map { ($0.isSilent ? "_" : "") + $0.text }
      #expect(
        query.map(\.range.lowerBound) == entity.range.lowerBound && queried == entity.value
          && query?.trigger.name == entity.trigger,
        "composer's query there: \(query.map { "\($0.text.debugDescription) \($0.utf16Range)" } ?? "none"): \(context)"
      )
    }
  }
}

extension TriggerDetector {
  /// The query at a cursor that is a valid index of the text.
  fileprivate func detectAt(_ text: String, _ cursor: String.Index) -> MentionQuery? {
    (try? detect(in: text, cursor: cursor)) ?? nil
  }
}
