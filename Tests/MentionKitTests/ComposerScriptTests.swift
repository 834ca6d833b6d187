import Testing

@testable import MentionKit

/// Keystroke scripts through the manager's draft, list and inline completion together; the
/// state notation is described on ``ComposerHarness``.
@MainActor struct ComposerScriptTests {
  typealias Step = ComposerHarness.Step

  static let people = [
    MentionItem.person("U1", "jose", "José Álvarez"),
    MentionItem.person("U2", "josephine", "Josephine Ng"),
    MentionItem(id: "U3", insertionText: "Jon Snow"),
    MentionItem.person("U4", "山田太郎", "山田 太郎"),
    MentionItem.person("U5", "محمد", "محمد علي"),
    MentionItem.person("U6", "dev👩‍💻", "Dev Person"),
    MentionItem(id: "C1", insertionText: "general"),
  ]

  func harness(_ options: MessageDraft.Options = .init()) -> ComposerHarness {
    ComposerHarness(items: Self.people, options: options)
  }

  @Test func typeHighlightAndAcceptWithEnter() async {
    let h = harness()
    await h.run([
      Step(.type("hi @jo"), "hi @jo|", ghost: "se", highlighted: "U1"),
      Step(.down, "hi @jo|", ghost: "se", highlighted: "U2"),
      Step(.enter, "hi [@josephine](U2) |"),
      Step(.type("hey"), "hi [@josephine](U2) hey|"),
    ])
    #expect(h.accepted == [.enter])
    #expect(h.draft.message.entities.map(\.item?.id) == ["U2"])
  }

  @Test func acceptTheGhost() async {
    let h = harness()
    await h.run([
      Step(.type("@JOS"), "@JOS|", ghost: "e"),
      Step(.acceptGhost, "[@jose](U1) |"),
    ])
    #expect(h.accepted == [.inlineCompletion])
  }

  @Test func firstBackspaceRemovesOnlyTheGhost() async {
    let h = harness()
    await h.run([
      Step(.type("@jos"), "@jos|", ghost: "e"),
      Step(.backspace, "@jos|"),
      Step(.backspace, "@jo|"),
      Step(.backspace, "@j|"),
      Step(.type("o"), "@jo|", ghost: "se"),
    ])
  }

  @Test func clickAcceptsARow() async {
    let h = harness()
    await h.run([
      Step(.type("@jo"), "@jo|", ghost: "se"),
      Step(.click(1), "[@josephine](U2) |"),
    ])
    #expect(h.accepted == [.pointer])
  }

  @Test func editsBeforeAMentionShiftIt() async {
    let h = harness()
    await h.run([
      Step(.type("@jose"), "@jose|"),
      Step(.enter, "[@jose](U1) |"),
      Step(.moveTo(0), "|[@jose](U1) "),
      Step(.type("👩‍👩‍👧‍👦 "), "👩‍👩‍👧‍👦 |[@jose](U1) "),
      Step(.type("山田"), "👩‍👩‍👧‍👦 山田|[@jose](U1) "),
      Step(.backspace, "👩‍👩‍👧‍👦 山|[@jose](U1) "),
      Step(.left, "👩‍👩‍👧‍👦 |山[@jose](U1) "),
      Step(.left, "👩‍👩‍👧‍👦| 山[@jose](U1) "),
      Step(.backspace, "| 山[@jose](U1) "),
    ])
    #expect(h.draft.entities.first?.utf16Range == 2..<7)
  }

  @Test func typingInsideAMentionDetachesIt() async {
    let h = harness()
    await h.run([
      Step(.type("@jose"), "@jose|"),
      Step(.enter, "[@jose](U1) |"),
      Step(.moveTo(3), "[@jo|se](U1) "),
      Step(.type("x"), "@jox|se "),
    ])
  }

  @Test func typingInsideAMentionCanRemoveIt() async {
    let h = harness(.init(editInsideMention: .removesMention))
    await h.run([
      Step(.type("hi @jose"), "hi @jose|"),
      Step(.enter, "hi [@jose](U1) |"),
      Step(.moveTo(5), "hi [@j|ose](U1) "),
      Step(.type("x"), "hi x| "),
    ])
  }

  @Test func forwardDeleteAtAMentionsStartIsAnEditInsideIt() async {
    let h = harness()
    await h.run([
      Step(.type("@jose"), "@jose|"),
      Step(.enter, "[@jose](U1) |"),
      Step(.moveTo(0), "|[@jose](U1) "),
      Step(.forwardDelete, "|jose "),
    ])
  }

  @Test func backspaceDeletesAWholeMention() async {
    let h = harness()
    await h.run([
      Step(.type("ok @jose"), "ok @jose|"),
      Step(.enter, "ok [@jose](U1) |"),
      Step(.backspace, "ok [@jose](U1)|"),
      Step(.backspace, "ok |"),
    ])
  }

  @Test func backspaceDeletesAMentionByParts() async {
    let h = harness(.init(backspaceAtMentionEnd: .deletesByParts))
    await h.run([
      Step(.type("@jon"), "@jon|", ghost: " Snow", highlighted: "U3"),
      Step(.enter, "[@Jon Snow](U3) |"),
      Step(.backspace, "[@Jon Snow](U3)|"),
      Step(.backspace, "[@Jon](U3)|"),
      Step(.backspace, "|"),
    ])
  }

  @Test func backspaceCanDeleteOneCharacter() async {
    let h = harness(.init(backspaceAtMentionEnd: .deletesCharacter))
    await h.run([
      Step(.type("@jose"), "@jose|"),
      Step(.enter, "[@jose](U1) |"),
      Step(.backspace, "[@jose](U1)|"),
      Step(.backspace, "@jos|"),
    ])
  }

  @Test func pasteOverASelectionAcrossAMention() async {
    let h = harness()
    await h.run([
      Step(.type("hi @jose"), "hi @jose|"),
      Step(.enter, "hi [@jose](U1) |"),
      Step(.type("and #gen"), "hi [@jose](U1) and #gen|", ghost: "eral"),
      Step(.tab, "hi [@jose](U1) and [#general](C1) |"),
      Step(.select(1..<5), "h|i [@j|ose](U1) and [#general](C1) "),
      Step(.paste("ey"), "hey|ose and [#general](C1) "),
      Step(.selectAll, "|heyose and [#general](C1) |"),
      Step(.paste("🙂"), "🙂|"),
    ])
    #expect(h.accepted == [.enter, .tab])
  }

  @Test func tabCompletesTheCommonPrefixThenCycles() async {
    let jons = [
      MentionItem(id: "J1", insertionText: "jonathan"),
      MentionItem(id: "J2", insertionText: "Jonas"),
      MentionItem(id: "J3", insertionText: "jon_snow"),
    ]
    let h = ComposerHarness(items: jons)
    await h.run([
      Step(.type("@JO"), "@JO|", ghost: "nathan", highlighted: "J1"),
      Step(.tab, "@JOn|", ghost: "athan", highlighted: "J1"),
      Step(.tab, "@JOn|", ghost: "athan", highlighted: "J2"),
      Step(.tab, "@JOn|", ghost: "athan", highlighted: "J3"),
      Step(.enter, "[@jon_snow](J3) |"),
    ])
  }

  @Test func escapeDismissalSticksUntilWhitespace() async {
    let h = harness()
    await h.run([
      Step(.type("@jo"), "@jo|", ghost: "se", highlighted: "U1"),
      Step(.escape, "@jo|"),
      Step(.type("s"), "@jos|"),
      Step(.enter, "@jos|"),
      Step(.type(" "), "@jos |"),
      Step(.backspace, "@jos|", highlighted: "U1"),
      Step(.enter, "[@jose](U1) |"),
    ])
  }

  @Test func mentionsAfterEmojiRightToLeftAndCombiningText() async {
    let h = harness()
    await h.run([
      Step(.type("👨‍👩‍👧 שלום e\u{301} @山"), "👨‍👩‍👧 שלום e\u{301} @山|", ghost: "田太郎"),
      Step(.enter, "👨‍👩‍👧 שלום e\u{301} [@山田太郎](U4) |"),
      Step(.type("@محم"), "👨‍👩‍👧 שלום e\u{301} [@山田太郎](U4) @محم|", ghost: "د"),
      Step(.acceptGhost, "👨‍👩‍👧 שלום e\u{301} [@山田太郎](U4) [@محمد](U5) |"),
      Step(.moveTo(0), "|👨‍👩‍👧 שלום e\u{301} [@山田太郎](U4) [@محمد](U5) "),
      Step(.forwardDelete, "| שלום e\u{301} [@山田太郎](U4) [@محمد](U5) "),
    ])
    let entities = h.draft.entities
    #expect(entities.map(\.utf16Range) == [9..<14, 15..<20])
  }

  @Test func emojiInsideAMention() async {
    let h = harness()
    await h.run([
      Step(.type("@dev"), "@dev|", ghost: "👩‍💻"),
      Step(.enter, "[@dev👩‍💻](U6) |"),
      Step(.left, "[@dev👩‍💻](U6)| "),
      Step(.left, "[@dev|👩‍💻](U6) "),
      Step(.type("🚀"), "@dev🚀|👩‍💻 "),
    ])
  }

  @Test func aCombiningMarkTypedAfterAMentionDetachesIt() async {
    let h = harness()
    await h.run([
      Step(.type("@jose"), "@jose|"),
      Step(.enter, "[@jose](U1) |"),
      Step(.left, "[@jose](U1)| "),
      Step(.type("\u{301}"), "@jose\u{301}| "),
    ])
  }

  @Test func aJoinerTypedAfterAnEmojiMentionRemovesItWhenAsked() async {
    let h = harness(.init(editInsideMention: .removesMention))
    await h.run([
      Step(.type("@dev"), "@dev|", ghost: "👩‍💻"),
      Step(.enter, "[@dev👩‍💻](U6) |"),
      Step(.left, "[@dev👩‍💻](U6)| "),
      Step(.paste("\u{200D}🚀"), "\u{200D}🚀| "),
    ])
  }
}
