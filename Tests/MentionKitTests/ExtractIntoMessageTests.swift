import TestSupport
import Testing
import ToolSupport

@testable import MentionKit

/// Extracting into a reused message gives exactly the entities a new message would, message
/// after message, and the message behaves as a value.
struct ExtractIntoMessageTests {
  static let twitter = EntityExtractor(profile: .twitter)
  static let chat = EntityExtractor(profile: .chat)

  /// One message reused over the whole 10k corpus, with both profiles, holds what the
  /// scanners find for every line: same entities, same order, same offsets.
  @Test func reusedStorageMatchesNewArraysOverTheCorpus() throws {
    let corpus = try Fixtures.read("corpus/chat-corpus-10k.txt")
    let lines = corpus.split(separator: "\n").map(String.init)
    try #require(lines.count > 9_000)
    for extractor in [Self.twitter, Self.chat] {
      var entities = Message(text: "")
      var checked = 0
      for line in lines {
        extractor.extract(line, into: &entities)
        let expected = extractor.entities(in: line)
        #expect(
          entities.entities == expected.map(\.messageEntity), "\(line.debugDescription)")
        #expect(entities == extractor.extract(line))
        #expect(entities.text == line)
        checked += expected.count
      }
      #expect(checked > 20_000)
    }
  }

  @Test func storageStartsEmptyAndIsEmptiedByAMessageWithoutEntities() {
    var entities = Message(text: "")
    #expect(entities.entities.isEmpty && entities.text.isEmpty)
    Self.chat.extract("ping @ana and #general", into: &entities)
    #expect(entities.entities.map(\.value) == ["ana", "general"])
    #expect(entities.entities.map(\.trigger) == [.mention, .hashtag])
    #expect(entities.entities.map(\.resolution) == [.pending, .pending])
    Self.chat.extract("no entities here", into: &entities)
    #expect(entities.entities.isEmpty)
    #expect(entities.text == "no entities here")
    Self.chat.extract("", into: &entities)
    #expect(entities.entities.isEmpty && entities.text.isEmpty)
  }

  /// A copy keeps its message and entities when the original is reused (copy on write).
  @Test func aCopyKeepsItsEntitiesWhenTheOriginalIsReused() {
    var entities = Message(text: "")
    Self.twitter.extract("RT @ana: see #swift6 and @bob/team", into: &entities)
    let kept = entities
    Self.twitter.extract("@carol", into: &entities)
    #expect(kept.entities.map(\.value) == ["ana", "swift6", "bob"])
    #expect(kept.entities[2].trigger == .mention && kept.entities[2].listSlug == "/team")
    #expect(kept.text == "RT @ana: see #swift6 and @bob/team")
    #expect(entities.entities.map(\.value) == ["carol"])
    #expect(kept != entities)
    #expect(kept == kept)
  }

  /// Entities with UTF-16 and scalar offsets that differ from their byte offsets, at both
  /// ends of messages longer than the counting table covers, with 1- to 4-byte scalars.
  @Test func offsetsMatchTheStringViewsInLongMessages() {
    var generator = SplitMix64(seed: 0xE57_1A7E)
    let pieces = [
      "a", " ", "é", "ж", "中", "😀", "👩‍👩‍👧", "\u{301}", "٣", ".", "\n", " @ana ", " #tag中 ",
    ]
    var entities = Message(text: "")
    var checked = 0
    for round in 0..<60 {
      var text = ""
      let length = [10, 200, 700, 1_500, 4_000][round % 5]
      while text.utf8.count < length { text += pieces.randomElement(using: &generator)! }
      for extractor in [Self.twitter, Self.chat] {
        extractor.extract(text, into: &entities)
        let extracted = extractor.entities(in: text)
        #expect(entities.entities == extracted.map(\.messageEntity))
        for (entity, scanned) in zip(entities.entities, extracted) {
          guard let range = entity.range(in: text) else {
            Issue.record("no range for \(entity)")
            continue
          }
          #expect(range == scanned.range)
          let lower = range.lowerBound
          let upper = range.upperBound
          let utf16 = text.utf16
          let scalars = text.unicodeScalars
          #expect(
            entity.utf16Range
              == utf16.distance(
                from: text.startIndex, to: lower)..<utf16.distance(
                from: text.startIndex, to: upper))
          #expect(
            scanned.scalarRange
              == scalars.distance(
                from: text.startIndex, to: lower)..<scalars.distance(
                from: text.startIndex, to: upper))
          checked += 1
        }
      }
    }
    #expect(checked > 1_000)
  }

  /// A message with tens of thousands of entities (past the scanner's in-place buffer and the
  /// offset table), then a short one: the storage grows, and what it held before never shows.
  @Test func aLargeMessageThenASmallOne() throws {
    let large = String(repeating: "@a #é ", count: 20_000)
    var entities = Message(text: "")
    for extractor in [Self.twitter, Self.chat] {
      extractor.extract(large, into: &entities)
      #expect(entities.entities.count == 40_000)
      let extracted = extractor.entities(in: large)
      #expect(entities.entities == extracted.map(\.messageEntity))
      // The last unit `@a #é ` starts at scalar 6 × 19,999 and byte 7 × 19,999.
      let last = try #require(extracted.last)
      #expect(last.scalarRange == 119_997..<119_999)
      #expect(last.utf16Range == 119_997..<119_999)
      #expect(last.utf8Range == 139_996..<139_999)
      #expect(entities.entities.last?.utf16Range == 119_997..<119_999)
      extractor.extract("@b", into: &entities)
      #expect(entities.entities.map(\.value) == ["b"])
    }
  }

  /// The trigger grammar's rule that a sign inside a grapheme cluster starts nothing holds for
  /// reused storage too.
  @Test func aSignJoinedToThePreviousCharacterStartsNothing() {
    var entities = Message(text: "")
    let text = "\u{600}@ana @bob"
    Self.chat.extract(text, into: &entities)
    #expect(entities.entities.map(\.value) == ["bob"])
    #expect(entities.entities == Self.chat.entities(in: text).map(\.messageEntity))
  }
}
