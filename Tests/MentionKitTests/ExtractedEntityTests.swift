import Testing
import ToolSupport

@testable import MentionKit

/// An extracted entity reads its value from the message; one made by hand holds its own. Both
/// behave as plain values, and every offset agrees with what the string APIs count.
struct ExtractedEntityTests {
  static let twitter = EntityExtractor(profile: .twitter)
  static let chat = EntityExtractor(profile: .chat)

  private static func entity(value: String, listSlug: String? = nil) -> ExtractedEntity {
    let text = "@" + value + (listSlug ?? "")
    return ExtractedEntity(
      trigger: .mention, value: value, listSlug: listSlug,
      range: text.startIndex..<text.endIndex, utf16Range: 0..<text.utf16.count,
      scalarRange: 0..<text.unicodeScalars.count, utf8Range: 0..<text.utf8.count)
  }

  @Test func anExtractedEntityEqualsTheSameEntityMadeByHand() {
    let text = "@ana/friends"
    let extracted = Self.twitter.entities(in: text)
    let made = Self.entity(value: "ana", listSlug: "/friends")
    #expect(extracted == [made])
    #expect(Set(extracted) == [made])
    #expect(extracted[0].value == "ana")
    #expect(extracted[0].listSlug == "/friends")
  }

  @Test func valueAndSlugAreSettable() {
    var entity = Self.twitter.entities(in: "hi @ana/friends")[0]
    entity.value = "bob"
    #expect(entity.value == "bob")
    #expect(entity.listSlug == "/friends")
    entity.listSlug = nil
    #expect(entity.listSlug == nil)
    #expect(entity.value == "bob")
    entity.listSlug = ""
    #expect(entity.listSlug == "")
    #expect(entity != Self.entity(value: "bob"))
  }

  @Test func differentValuesAtTheSameOffsetsDiffer() {
    let ana = Self.twitter.entities(in: "@ana")[0]
    let bob = Self.twitter.entities(in: "@bob")[0]
    #expect(ana != bob)
    #expect(ana.range == bob.range && ana.utf16Range == bob.utf16Range)
  }

  @Test func canonicallyEquivalentValuesAreEqual() {
    // As with `String`, a precomposed ö equals o followed by a combining diaeresis.
    let precomposed = Self.entity(value: "j\u{F6}n")
    var decomposed = precomposed
    decomposed.value = "jo\u{308}n"
    #expect(precomposed == decomposed)
    #expect(precomposed.hashValue == decomposed.hashValue)
  }

  @Test func anEntityOutlivesChangesToTheMessageVariable() {
    var text = "ping @ana now"
    let entity = Self.chat.entities(in: text)[0]
    text.replaceSubrange(text.startIndex..<text.endIndex, with: "@bob")
    text += String(repeating: "x", count: 100)
    #expect(entity.value == "ana")
  }

  @Test func kindsCompareByName() {
    #expect(Trigger.Name(rawValue: "mention") == .mention)
    #expect(Trigger.Name(rawValue: "hashtag") != .mention)
    #expect(Trigger.Name(rawValue: "emoji") != .mention)
    #expect(Trigger.Name(rawValue: "emoji") == Trigger.Name(rawValue: "emoji"))
    #expect(Trigger.Name(rawValue: "emoji") != Trigger.Name(rawValue: "command"))
    var kind = Trigger.Name(rawValue: "emoji")
    kind.rawValue = "cashtag"
    #expect(kind == .cashtag)
    kind.rawValue = "mentions"
    #expect(kind != .mention)
    let kinds: Set<Trigger.Name> = [.mention, .init(rawValue: "mention"), .hashtag]
    #expect(kinds.count == 2)
  }

  /// Offsets computed eight bytes at a time (with a masked last load) match the string's own
  /// counts, for entities at every alignment, with 1-, 2-, 3- and 4-byte scalars around them.
  @Test func offsetsMatchTheStringViewsAtEveryAlignment() {
    var generator = SplitMix64(seed: 0x0FF5E7)
    let pieces = ["a", " ", "é", "ж", "中", "😀", "👩‍👩‍👧", "\u{301}", "٣", ".", "\n"]
    var checked = 0
    for _ in 0..<400 {
      var text = ""
      for _ in 0..<Int.random(in: 0..<24, using: &generator) {
        text += pieces.randomElement(using: &generator)!
      }
      text += Bool.random(using: &generator) ? " @ana " : " #tag中"
      for _ in 0..<Int.random(in: 0..<12, using: &generator) {
        text += pieces.randomElement(using: &generator)!
      }
      for extractor in [Self.twitter, Self.chat] {
        for entity in extractor.entities(in: text) {
          let lower = entity.range.lowerBound
          let upper = entity.range.upperBound
          #expect(
            entity.utf16Range
              == text.utf16.distance(
                from: text.startIndex, to: lower)..<text.utf16.distance(
                from: text.startIndex, to: upper), "\(text.debugDescription)")
          #expect(
            entity.scalarRange
              == text.unicodeScalars.distance(
                from: text.startIndex, to: lower)..<text.unicodeScalars.distance(
                from: text.startIndex, to: upper))
          #expect(
            entity.utf8Range
              == text.utf8.distance(
                from: text.startIndex, to: lower)..<text.utf8.distance(
                from: text.startIndex, to: upper))
          #expect(String(text[entity.range]).contains(entity.value))
          checked += 1
        }
      }
    }
    #expect(checked > 400)
  }
}
