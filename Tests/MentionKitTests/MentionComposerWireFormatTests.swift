import MentionKit
import Testing

/// Edit mode from a wire format, and wire output at send time: composer → wire → composer.
struct MentionComposerWireFormatTests {
  static let jose = MentionItem(id: "U1", insertionText: "jose", displayText: "José Álvarez")
  static let zoe = MentionItem(id: "U2", insertionText: "zoë", displayText: "Zoë <b>Q</b>")
  static let general = MentionItem(id: "C1", insertionText: "général", displayText: "général")
  static let directory = Dictionary(
    uniqueKeysWithValues: [jose, zoe, general].map { ($0.id, $0) })

  /// The composer's own spelling of an entity: its delimiter and the item's handle.
  static func handleLabel(_ entity: ParsedMessage.Entity) -> String? {
    guard let item = directory[entity.itemID] else { return nil }
    return (entity.kind == .hashtag ? "#" : "@") + item.insertionText
  }

  /// "👋🏽 hi @jose and @zoë in #général, " written by completing three queries.
  static func composed() throws -> MentionComposer {
    let detector = TriggerDetector(triggers: [.mention, .hashtag])
    var composer = MentionComposer()
    for (typed, item) in [("👋🏽 hi @jo", jose), ("and @zo", zoe), ("in #gé", general)] {
      composer.insert(typed)
      let query = try #require(composer.activeQuery(using: detector))
      try composer.complete(with: item, for: query)
    }
    composer.moveLeft()
    composer.insert(",")
    return composer
  }

  @Test func slackMessageLoadsForEditingWithHandles() throws {
    let parsed = WireParser(format: .slack).parse("hi <@U1>, see <#C1|général> &amp; <@U9>")
    let message = MentionComposer.Message(parsed, label: Self.handleLabel)
    #expect(message.text == "hi @jose, see #général & @U9")
    #expect(message.entities.map(\.itemID) == ["U1", "C1", "U9"])
    #expect(message.entities.map(\.trigger) == ["mention", "hashtag", "mention"])
    #expect(message.entities.map(\.utf16Range) == [3..<8, 14..<22, 25..<28])
    var composer = try MentionComposer(message: message)
    composer.moveCursor(toUTF16Offset: 0)
    composer.insert("🎉 ")
    #expect(composer.entities.map(\.utf16Range) == [6..<11, 17..<25, 28..<31])
    #expect(composer.entities.map(\.text) == ["@jose", "#général", "@U9"])
  }

  @Test func withoutLabelsTheParsedTextIsKept() throws {
    let parsed = WireParser(format: .markdown).parse("hi [@José Álvarez](user:U1)!")
    let message = MentionComposer.Message(parsed)
    #expect(message.text == "hi @José Álvarez!")
    #expect(
      message.entities == [
        MentionEntity(utf16Range: 3..<16, itemID: "U1", trigger: "mention", text: "@José Álvarez")
      ])
    #expect(throws: Never.self) { try MentionComposer(message: message) }
  }

  @Test(arguments: [WireFormat.slack, .discord, .markdown, .html])
  func composerMessagesRoundTripThroughEveryWireFormat(format: WireFormat) throws {
    let original = try Self.composed().message
    #expect(original.text == "👋🏽 hi @jose and @zoë in #général, ")
    #expect(original.entities.map(\.itemID) == ["U1", "U2", "C1"])

    // Discord writes only snowflake ids: there the items carry digits, mapped back on reading.
    let snowflakes = ["U1": "101", "U2": "102", "C1": "201"]
    let resolved = original.resolved { entity in
      var item = Self.directory[entity.itemID]
      if format == .discord { item?.id = snowflakes[entity.itemID] ?? "" }
      return item
    }
    #expect(resolved.entities.map(\.entity.value) == ["jose", "zoë", "général"])
    #expect(resolved.entities.map(\.kind) == [.mention, .mention, .hashtag])
    #expect(
      resolved.resolvedItems.map(\.id)
        == (format == .discord ? ["101", "102", "201"] : ["U1", "U2", "C1"]))
    for entity in resolved.entities {
      #expect(
        String(resolved.text[entity.entity.range]) == "@" + entity.entity.value
          || String(resolved.text[entity.entity.range]) == "#" + entity.entity.value)
      let scalars = resolved.text.unicodeScalars
      let lower = scalars.index(scalars.startIndex, offsetBy: entity.entity.scalarRange.lowerBound)
      #expect(lower == entity.entity.range.lowerBound)
      #expect(
        resolved.text.utf8.distance(
          from: resolved.text.startIndex, to: entity.entity.range.upperBound)
          == entity.entity.utf8Range.upperBound)
    }

    let wire = MessageRenderer(format: format).render(resolved)
    var parsed = WireParser(format: format).parse(wire)
    for index in parsed.entities.indices where format == .discord {
      parsed.entities[index].itemID =
        snowflakes.first { $0.value == parsed.entities[index].itemID }?.key ?? "?"
    }
    let reloaded = MentionComposer.Message(parsed, label: Self.handleLabel)
    #expect(reloaded == original, "wire: \(wire)")
    #expect(throws: Never.self) { try MentionComposer(message: reloaded) }
  }

  @Test func unresolvedEntitiesGoOutAsTextAndComeBackAsText() throws {
    let message = MentionComposer.Message(
      text: "hi @ghost",
      entities: [
        MentionEntity(utf16Range: 3..<9, itemID: "U404", trigger: "mention", text: "@ghost")
      ])
    let resolved = message.resolved { Self.directory[$0.itemID] }
    #expect(resolved.entities.first?.resolution == .unresolved)
    let wire = MessageRenderer(format: .slack).render(resolved)
    #expect(wire == "hi @ghost")
    #expect(MentionComposer.Message(WireParser(format: .slack).parse(wire)).entities.isEmpty)
  }

  @Test func labelsThatWouldMergeWithTheirNeighboursAreIgnored() throws {
    // An emoji label ending in a ZWJ would join the emoji after it into one character.
    let parsed = WireParser(format: .slack).parse("<@U1>👋 and <@U2>")
    let message = MentionComposer.Message(parsed) { entity in
      entity.itemID == "U1" ? "@🦊\u{200D}" : ""
    }
    #expect(message.text == "@U1👋 and @U2")
    #expect(message.entities.map(\.text) == ["@U1", "@U2"])
    #expect(throws: Never.self) { try MentionComposer(message: message) }
  }

  @Test func aTokenGluedToACombiningMarkStaysText() throws {
    let parsed = WireParser(format: .slack).parse("<@U1>\u{301} hi <@U2>")
    #expect(parsed.entities.count == 2)
    for label in [Self.handleLabel, { _ in nil }] as [(ParsedMessage.Entity) -> String?] {
      let message = MentionComposer.Message(parsed, label: label)
      #expect(message.entities.map(\.itemID) == ["U2"])
      #expect(throws: Never.self) { try MentionComposer(message: message) }
    }
  }
}
