import Testing

@testable import MentionKit

/// One test per finding of the fuzz targets in `Tests/Fuzz` (see `Docs/Robustness.md`), each
/// reduced to the smallest input that showed it, and failing without its fix.
struct FuzzFindingsTests {
  /// `composer`: completing `#a|b` followed by a zero-width joiner replaced the word and put
  /// the caret between the inserted space and the joiner, inside one grapheme (`" \u{200D}"`).
  /// (The detector no longer opens a query in a word that ends inside a character; the query
  /// is made by hand here, as a caller may.)
  @Test(arguments: ["\u{200D}", "\u{1F3FD}"])
  func completionCaretSkipsAJoiningScalarAfterTheSuffix(after: String) throws {
    var draft = try MessageDraft(message: Message(text: "#ab" + after))
    draft.moveCursor(utf16Offset: 2)
    let query = Self.handMadeQuery(.hashtag, "#", in: draft.text, cursor: 2, end: 3)
    let done = draft.accept(MentionItem(id: "C1", insertionText: "ana"), for: query)
    #expect(done)
    #expect(draft.text == "#ana " + after)
    #expect(draft.entities.map(\.value) == ["ana"])
    #expect(draft.entities.map(\.utf16Range) == [0..<4])
    #expect(draft.cursorUTF16Offset == draft.text.utf16.count)
    #expect(draft.cursor == draft.text.endIndex)
  }

  /// `composer`: an item whose text starts with a combining mark (U+0301) joins the `#` it is
  /// written after into one character, `"#\u{301}"`. The entity was recorded anyway, with a
  /// value the text at its range does not end with, so the draft's own message did not load.
  /// The text is still written; no entity is recorded.
  @Test func anItemStartingWithACombiningMarkRecordsNoEntity() throws {
    var draft = try MessageDraft(message: Message(text: "#"))
    let detector = TriggerDetector(triggers: [.hashtag])
    let query = try #require(draft.activeQuery(using: detector))
    let accepted = draft.accept(MentionItem(id: "U6", insertionText: "\u{301}mark"), for: query)
    #expect(accepted)
    #expect(draft.text.unicodeScalars.elementsEqual("#\u{301}mark ".unicodeScalars))
    #expect(draft.entities.isEmpty)
    #expect(draft.cursorUTF16Offset == draft.text.utf16.count)
    let reloaded = try MessageDraft(message: draft.message)
    #expect(reloaded.entities.isEmpty)
    // A plain item after the same delimiter is recorded.
    var spaced = try MessageDraft(message: Message(text: "#"))
    let plain = try #require(spaced.activeQuery(using: detector))
    let plainAccepted = spaced.accept(MentionItem(id: "U1", insertionText: "mark"), for: plain)
    #expect(plainAccepted)
    #expect(spaced.entities.map(\.value) == ["mark"])
  }

  /// The same rule at the source: ``MentionReplacement/cursor`` is a character boundary.
  @Test func replacementCursorIsACharacterBoundary() throws {
    let text = "@jo\u{200D}"
    let query = Self.handMadeQuery(.mention, "@", in: text, cursor: 2, end: 3)
    let replacement = MentionReplacement(
      query: query, item: MentionItem(id: "U1", insertionText: "jose"))
    #expect(replacement.text == "@jose \u{200D}")
    #expect(replacement.cursor == replacement.text.endIndex)
  }

  /// A query from the start of `text` with a one-scalar delimiter, its cursor and end given as
  /// scalar offsets.
  static func handMadeQuery(
    _ trigger: Trigger, _ delimiter: String, in text: String, cursor: Int, end: Int
  ) -> MentionQuery {
    let scalars = text.unicodeScalars
    let index = { scalars.index(scalars.startIndex, offsetBy: $0) }
    return MentionQuery(
      trigger: trigger, delimiter: delimiter, text: String(scalars[index(1)..<index(cursor)]),
      sourceText: text, range: text.startIndex..<index(end), queryRange: index(1)..<index(cursor),
      cursor: index(cursor))
  }

  /// `detect`: a delimiter after a prepended scalar (U+0602 ARABIC FOOTNOTE MARKER is
  /// Grapheme_Cluster_Break=Prepend) is the inside of the grapheme `"\u{602}#"`, yet it was
  /// detected, with a range starting inside that grapheme.
  @Test(arguments: ["\u{600}", "\u{602}", "\u{6DD}", "\u{70F}", "\u{110BD}"])
  func noQueryStartsInsideAGraphemeAfterAPrependedScalar(prepend: String) throws {
    let detector = TriggerDetector(triggers: [.mention, .hashtag, .wikiLink])
    for sign in ["#", "@", "[["] {
      let text = "b" + prepend + sign + "ab"
      #expect(try detector.detect(in: text, utf16Offset: text.utf16.count) == nil)
      // After a space the same query is found.
      let spaced = "b" + prepend + " " + sign + "ab"
      let query = try #require(try detector.detect(in: spaced, utf16Offset: spaced.utf16.count))
      #expect(query.text == "ab" && query.delimiter == sign)
    }
  }

  /// The chat profile agrees with the detector: a sign after a prepended scalar is inside a
  /// grapheme cluster and starts no entity (twitter-text, which ignores clusters, still finds
  /// the hashtag).
  @Test(arguments: ["\u{600}", "\u{602}", "\u{6DD}", "\u{110BD}"])
  func chatExtractionSkipsSignsInsideAGrapheme(prepend: String) {
    let text = "x" + prepend + "#tag " + prepend + "@ana #ok @bob"
    #expect(EntityExtractor(profile: .chat).entities(in: text).map(\.value) == ["ok", "bob"])
    #expect(EntityExtractor(profile: .twitter).hashtags(in: text) == ["tag", "ok"])
  }

  /// With a trigger that any character may precede, every scalar of the BMP and of the next two
  /// planes before an ASCII sign is checked against the standard library's grapheme breaking:
  /// the chat profile finds the mention exactly when the sign starts a grapheme cluster (it does
  /// not after a Prepend scalar, and does after every other).
  @Test func signsStartAnEntityExactlyWhereTheyStartAGrapheme() {
    var anywhere = Trigger.mention
    anywhere.boundary = Trigger.Boundary(preceding: .any)
    let extractor = EntityExtractor(profile: .chat(triggers: [anywhere]))
    var mismatches: [UInt32] = []
    var insideClusters = 0
    let values = Array(0x80..<0x1_0000) + Array(0x1_0000..<0x1_2000) + [0xE_0001]
    for value in values.map(UInt32.init) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "x" + String(Character(scalar)) + "@ab"
      let sign = text.utf8.index(text.utf8.endIndex, offsetBy: -3)
      let startsCluster = sign.samePosition(in: text) != nil
      if !startsCluster { insideClusters += 1 }
      if extractor.mentions(in: text) != (startsCluster ? ["ab"] : []) { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String($0, radix: 16) })")
    // The Prepend scalars of the range (U+0600…0605, U+06DD, U+070F, U+0890…0891, U+08E2,
    // U+0D4E, U+110BD, U+110CD, U+111C2…111C3 and more) are there.
    #expect(insideClusters >= 10)
  }

  /// `wire` (found while writing the target's oracle, then replayed through it): a Discord
  /// token `<@!x>` is read back as user `x` (the legacy nickname form), so an id starting with
  /// `!` changed on the round trip; and an id holding `@everyone` or `@here` put a broadcast
  /// into `<@…>`, where Discord pings everyone. Such ids are now written as the typed text.
  /// Later, from the target's independent oracle: the rule compared characters for ids that
  /// are not ASCII, so a combining mark after `@everyone` (`@everyoné`), `@here` or `!` hid
  /// it; it compares scalars now.
  @Test(arguments: [
    "!x", "!", "@everyone", "x@here", "@everyone\u{301}", "x@here\u{308}", "!\u{301}x",
  ])
  func discordWritesNoTokenForIDsItWouldReadOtherwise(id: String) throws {
    let text = "@jon #general"
    let resolver = MentionResolver(
      users: HandleDirectory([MentionItem(id: id, insertionText: "jon")]),
      channels: HandleDirectory([MentionItem(id: id, insertionText: "general")]))
    let message = try resolver.resolved(text)
    let wire = WireFormat.discord.write(message)
    #expect(wire == text)
    #expect(WireFormat.discord.read(wire).entities.isEmpty)
    // Slack keeps the token: it reads `<@!x>` back as `!x` and never broadcasts from one.
    let slack = WireFormat.slack.read(WireFormat.slack.write(message))
    #expect(slack.entities.map(\.item?.id) == [id, id])
  }

  /// `wire`: a display name starting with a scalar that joins the sign (U+FE0F, a combining
  /// mark) came back from Markdown and HTML with its `@` twice (`@@️x`, label `@️x`): the parser
  /// compared the label's first `Character`, `@` + U+FE0F, with `@`.
  @Test(arguments: ["\u{FE0F}x", "\u{301}x", "\u{200D}👍"], [WireFormat.markdown, .html])
  func labelsStartingWithAJoiningScalarLoseOnlyTheSign(name: String, format: WireFormat) throws {
    let users = HandleDirectory([MentionItem(id: "U1", insertionText: "jon", displayText: name)])
    let message = try MentionResolver(users: users).resolved("hi @jon")
    let parsed = format.read(format.write(message))
    #expect(parsed.text == "hi @" + name)
    #expect(parsed.entities.map(\.value) == [name])
  }
}
