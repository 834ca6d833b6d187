import Testing

@testable import MentionKit

struct SuggestionListTests {
  let ana = MentionItem.person("U1", "ana", "Ana Lima")
  let anabel = MentionItem.person("U2", "anabel", "Anabel Ruiz")
  let andre = MentionItem.person("U3", "andre", "André Sousa")
  let detector = TriggerDetector(triggers: [.mention, .hashtag])

  func query(_ text: String) throws -> MentionQuery {
    try #require(detector.detect(in: text))
  }

  func presented(_ text: String, _ items: [MentionItem]) throws -> SuggestionList {
    var selection = SuggestionList()
    selection.update(query: try query(text), items: items)
    return selection
  }

  @Test func firstItemIsHighlightedAndNavigationWraps() throws {
    var selection = try presented("hi @an", [ana, anabel, andre])
    #expect(selection.isPresented)
    #expect(selection.highlightedItem == ana)
    let step1 = selection.highlightNext()
    #expect(step1)
    #expect(selection.highlightedIndex == 1)
    selection.highlightNext()
    selection.highlightNext()
    #expect(selection.highlightedIndex == 0)
    let step2 = selection.highlightPrevious()
    #expect(step2)
    #expect(selection.highlightedItem == andre)
    let step3 = selection.highlightFirst()
    #expect(step3)
    #expect(selection.highlightedIndex == 0)
    let step4 = selection.highlightLast()
    #expect(step4)
    #expect(selection.highlightedIndex == 2)
  }

  @Test func withoutDefaultHighlightTheFirstKeyPicksAnEnd() throws {
    var selection = SuggestionList(highlightsFirstItem: false)
    selection.update(query: try query("@an"), items: [ana, anabel, andre])
    #expect(selection.highlightedIndex == nil)
    let step5 = selection.accept()
    #expect(step5 == nil)
    selection.highlightPrevious()
    #expect(selection.highlightedIndex == 2)
    var other = selection
    other.highlightFirst()
    other.highlightNext()
    #expect(other.highlightedIndex == 1)
  }

  @Test func keysAreNotHandledWithoutAList() throws {
    var selection = SuggestionList()
    let step6 = selection.highlightNext()
    #expect(!step6)
    let step7 = selection.highlightPrevious()
    #expect(!step7)
    let step8 = selection.highlightFirst()
    #expect(!step8)
    let step9 = selection.highlightLast()
    #expect(!step9)
    let step10 = selection.dismiss()
    #expect(!step10)
    let step11 = selection.accept()
    #expect(step11 == nil)
    let step12 = selection.tab()
    #expect(step12 == .ignored)
    selection.update(query: try query("@zz"), items: [])
    #expect(!selection.isPresented)
    let step13 = selection.highlightNext()
    #expect(!step13)
  }

  @Test func acceptReportsItemIndexQueryAndAction() throws {
    let q = try query("hi @an")
    var selection = try presented("hi @an", [ana, anabel, andre])
    selection.highlightNext()
    let enter = selection.accept()
    let accepted = try #require(enter)
    #expect(accepted.item == anabel)
    #expect(accepted.index == 1)
    #expect(accepted.query == q)
    #expect(accepted.action == .enter)
    #expect(!selection.isPresented)

    var clicked = try presented("hi @an", [ana, anabel, andre])
    let step14 = clicked.accept(at: 7)
    #expect(step14 == nil)
    let step15 = clicked.accept(at: 2)
    #expect(step15?.action == .pointer)
    let step16 = clicked.accept(at: 2)
    #expect(step16 == nil)
  }

  @Test func highlightFollowsTheSameItemWhileTheQueryNarrows() throws {
    var selection = try presented("@an", [ana, anabel, andre])
    selection.highlightLast()
    selection.update(query: try query("@and"), items: [andre])
    #expect(selection.highlightedItem == andre)
    selection.update(query: try query("@an"), items: [ana, anabel, andre])
    #expect(selection.highlightedIndex == 2)
    // A different occurrence starts over.
    selection.update(query: try query("@an x @an"), items: [ana, anabel, andre])
    #expect(selection.highlightedIndex == 0)
  }

  @Test func dismissalSticksWhileTypingTheSameQuery() throws {
    var selection = try presented("hi @a", [ana, anabel, andre])
    let step17 = selection.dismiss()
    #expect(step17)
    #expect(!selection.isPresented)
    #expect(selection.highlightedItem == nil)
    let step18 = selection.highlightNext()
    #expect(!step18)
    selection.update(query: try query("hi @an"), items: [ana, anabel, andre])
    #expect(selection.isDismissed)
    selection.update(query: try query("hi @a"), items: [ana, anabel, andre])
    #expect(selection.isDismissed)
    #expect(!selection.isPresented)
  }

  @Test func dismissalEndsOnANewTrigger() throws {
    var selection = try presented("hi @a", [ana])
    selection.dismiss()
    selection.update(query: try query("hi @a #a"), items: [ana])
    #expect(!selection.isDismissed)
    #expect(selection.isPresented)
  }

  @Test func dismissalEndsAfterWhitespace() throws {
    var selection = try presented("hi @a", [ana])
    selection.dismiss()
    selection.update(query: nil, items: [])  // "hi @a " : the space ends the query
    #expect(!selection.isDismissed)
    selection.update(query: try query("hi @a"), items: [ana])  // backspace over the space
    #expect(selection.isPresented)
  }

  @Test func dismissalEndsWhenAMultiWordQueryGainsASpace() throws {
    var twoWords = Trigger.mention
    twoWords.maximumSpaces = 1
    let detector = TriggerDetector(triggers: [twoWords])
    var selection = SuggestionList()
    selection.update(query: detector.detect(in: "@jon"), items: [ana])
    #expect(selection.isPresented)
    selection.dismiss()
    selection.update(query: detector.detect(in: "@jon s"), items: [ana])
    #expect(selection.isPresented)
    #expect(!selection.isDismissed)
  }

  @Test func dismissalForTheSameOffsetButAnotherTriggerEnds() throws {
    var selection = try presented("@a", [ana])
    selection.dismiss()
    selection.update(query: try query("#a"), items: [ana])
    #expect(selection.isPresented)
  }

  @Test func tabExtendsTheCommonFoldedPrefixThenCycles() throws {
    let jonathan = MentionItem.person("U1", "jonathan", "Jonathan")
    let jonas = MentionItem.person("U2", "Jonas", "Jonas")
    let jonSnow = MentionItem.person("U3", "jon_snow", "Jon Snow")
    var selection = try presented("@jo", [jonathan, jonas, jonSnow])
    let step19 = selection.tab()
    #expect(step19 == .extendedQuery("jon"))
    selection.update(query: try query("@jon"), items: [jonathan, jonas, jonSnow])
    let step20 = selection.tab()
    #expect(step20 == .highlighted(1))
    let step21 = selection.tab()
    #expect(step21 == .highlighted(2))
    let step22 = selection.tab()
    #expect(step22 == .highlighted(0))
  }

  @Test func tabKeepsTheTypedCaseAndFoldsAccents() throws {
    let jose = MentionItem.person("U1", "josé_a", "José A")
    let josef = MentionItem.person("U2", "Jose_b", "Jose B")
    let selection = try presented("@JO", [jose, josef])
    #expect(selection.commonPrefixCompletion() == "JOsé_")
  }

  /// The example in `commonPrefixCompletion()`'s documentation: folded, "jonathan" and "Jonas"
  /// share "jona"; the typed "JO" keeps its case and the highlighted item gives "na".
  @Test func commonPrefixCompletionDocumentationExample() throws {
    let jonathan = MentionItem.person("U1", "jonathan", "Jonathan")
    let jonas = MentionItem.person("U2", "Jonas", "Jonas")
    let selection = try presented("@JO", [jonathan, jonas])
    #expect(selection.commonPrefixCompletion() == "JOna")
  }

  /// The Tab example of the DocC article Composer State: folded, "José" and "Josefina" share
  /// "jose"; the typed "JO" keeps its case and the highlighted "José" gives "sé".
  @Test func tabExampleOfTheComposerStateArticle() throws {
    let jose = MentionItem.person("U1", "José", "José")
    let josefina = MentionItem.person("U2", "Josefina", "Josefina")
    var selection = try presented("@JO", [jose, josefina])
    #expect(selection.tab() == .extendedQuery("JOsé"))
  }

  @Test func tabAcceptsASingleItem() throws {
    var selection = try presented("@ana", [ana])
    let step23 = selection.tab()
    #expect(step23 == .accepted(.init(item: ana, index: 0, query: try query("@ana"), action: .tab)))
    var extendable = try presented("@an", [anabel])
    let step24 = extendable.tab()
    #expect(
      step24 == .accepted(.init(item: anabel, index: 0, query: try query("@an"), action: .tab)))
  }

  @Test func tabWithNoSharedPrefixCycles() throws {
    let bob = MentionItem.person("U9", "bob", "Bob")
    var selection = try presented("@", [ana, bob])
    #expect(selection.commonPrefixCompletion() == nil)
    let step25 = selection.tab()
    #expect(step25 == .highlighted(1))
  }

  @Test func substringMatchesDoNotExtendTheQuery() throws {
    // "lan" matches "Lana" and "tyrion_lannister" in different places: no common prefix.
    let lana = MentionItem.person("U1", "lana", "Lana Lang")
    let tyrion = MentionItem.person("U2", "tyrion_lannister", "Tyrion Lannister")
    let selection = try presented("@lan", [lana, tyrion])
    #expect(selection.commonPrefixCompletion() == nil)
  }

  @Test func tabCanAcceptLikeEnter() throws {
    var selection = SuggestionList(tabBehavior: .accepts)
    selection.update(query: try query("@an"), items: [ana, anabel])
    selection.highlightNext()
    guard case .accepted(let accepted) = selection.tab() else {
      Issue.record("Tab did not accept")
      return
    }
    #expect(accepted.item == anabel)
    #expect(accepted.action == .tab)
  }

  @Test func wholeFieldModeWorksWithoutTriggers() {
    let paris = MentionItem(id: "P", insertionText: "Paris")
    let parma = MentionItem(id: "M", insertionText: "Parma")
    var selection = SuggestionList()
    selection.update(wholeField: "pa", items: [paris, parma])
    #expect(selection.isPresented)
    #expect(selection.query == nil)
    #expect(selection.commonPrefixCompletion() == "par")
    selection.dismiss()
    selection.update(wholeField: "par", items: [paris, parma])
    #expect(selection.isDismissed)
    selection.update(wholeField: "par ", items: [paris, parma])
    #expect(!selection.isDismissed)
    selection.update(wholeField: "", items: [paris])
    #expect(!selection.isPresented)
    let step26 = selection.accept()
    #expect(step26 == nil)
  }

  @Test func updateWithNoQueryClosesTheList() throws {
    var selection = SuggestionList()
    selection.update(query: try query("@a"), items: [ana, andre])
    #expect(selection.items == [ana, andre])
    selection.update(query: nil, items: [ana])
    #expect(!selection.isPresented)
    #expect(selection.items.isEmpty)
  }
}
