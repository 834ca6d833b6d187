/// Fuzzes ``EntityExtractor`` with the `twitter` and `chat` profiles: all bytes are the text.
///
/// Invariants on every input: each entity's UTF-8 range lies in the text and starts and ends on
/// scalar boundaries; its `String.Index`, UTF-16, scalar and UTF-8 ranges name the same text;
/// that text is a delimiter of the entity's kind followed by exactly its value (and list slug);
/// entities are in text order and don't overlap; `mentions(in:)`, `hashtags(in:)` agree with
/// `entities(in:)`; a copy of the text in other storage gives the same result; and reusable
/// storage (`extract(_:into:)`, after an earlier message) holds the same entities.
///
/// Differential: `twitter` mentions, list mentions and the reply handle equal
/// ``ReferenceTwitterExtractor``'s on every input; `twitter` hashtags are compared on the text
/// with `.` replaced by `,` (so no URL can hide a hashtag). `chat` entities equal
/// ``ReferenceChatExtractor``'s on the text with `` ` ``, `~`, `.` and `:` replaced by `,` (so
/// no code span, URL or e-mail address is skipped).
enum ExtractionFuzz {
  static func runTwitter(_ input: inout FuzzInput) {
    let text = input.rest()
    let extractor = EntityExtractor(profile: .twitter)
    let entities = check(extractor, text)

    let reference = ReferenceTwitterExtractor(text)
    let actualMentions = entities.filter { $0.trigger == .mention }
      .map { scalarEntity($0, in: text) }
    let expectedMentions = reference.mentions()
    fuzzCheck(
      actualMentions == expectedMentions,
      "twitter mentions \(actualMentions) vs reference \(expectedMentions)")

    let reply = extractor.replyHandle(in: text)
    let expectedReply = reference.replyHandle().map {
      String(String.UnicodeScalarView(reference.c[$0]))
    }
    fuzzCheck(
      reply == expectedReply, "reply \(String(describing: reply)) vs \(expectedReply as Any)")

    let dotless = replacing(text) { $0 == "." }
    let dotlessEntities = dotless == text ? entities : check(extractor, dotless)
    let actualHashtags = dotlessEntities.filter { $0.trigger == .hashtag }
      .map { scalarEntity($0, in: dotless) }
    let expectedHashtags = ReferenceTwitterExtractor(dotless).hashtags()
    fuzzCheck(
      actualHashtags == expectedHashtags,
      "twitter hashtags \(actualHashtags) vs reference \(expectedHashtags)")
  }

  static func runChat(_ input: inout FuzzInput) {
    let text = input.rest()
    let extractor = EntityExtractor(profile: .chat)
    let entities = check(extractor, text)

    let plain = replacing(text) { "`~.:".unicodeScalars.contains($0) }
    let plainEntities = plain == text ? entities : check(extractor, plain)
    let actual = plainEntities.map {
      ReferenceChatExtractor.Entity(
        kind: $0.trigger.rawValue, start: $0.scalarRange.lowerBound,
        valueEnd: $0.scalarRange.upperBound)
    }
    let expected = ReferenceChatExtractor(profile: .chat).entities(in: plain)
    fuzzCheck(actual == expected, "chat entities \(actual) vs reference \(expected)")
  }

  /// The text with the scalars `matches` selects replaced by `,`.
  static func replacing(_ text: String, _ matches: (Unicode.Scalar) -> Bool) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(matches(scalar) ? "," : scalar) }
    return String(result)
  }

  /// An entity in the reference's terms, from its scalar range and value lengths.
  static func scalarEntity(_ entity: ExtractedEntity, in text: String)
    -> ReferenceTwitterExtractor.Entity
  {
    let start = entity.scalarRange.lowerBound
    let signLength = 1
    let valueEnd = start + signLength + entity.value.unicodeScalars.count
    return ReferenceTwitterExtractor.Entity(
      kind: entity.listSlug == nil ? entity.trigger.rawValue : "list", start: start,
      valueStart: start + signLength,
      valueEnd: valueEnd, end: entity.scalarRange.upperBound)
  }

  /// Checks the invariants every profile keeps and returns the entities.
  @discardableResult
  static func check(_ extractor: EntityExtractor, _ text: String) -> [ExtractedEntity] {
    let entities = extractor.entities(in: text)
    let boundaries = TextBoundaries(text)
    let utf8Count = text.utf8.count
    var previousEnd = 0
    for entity in entities {
      let range = entity.utf8Range
      fuzzCheck(
        0 <= range.lowerBound && range.lowerBound < range.upperBound
          && range.upperBound <= utf8Count,
        "\(entity.trigger) range \(range) outside 0..<\(utf8Count)")
      fuzzCheck(
        boundaries.isScalarBoundary(range.lowerBound)
          && boundaries.isScalarBoundary(range.upperBound),
        "\(entity.trigger) range \(range) splits a scalar")
      fuzzCheck(
        range.lowerBound >= previousEnd, "\(entity.trigger) \(range) overlaps or is out of order")
      previousEnd = range.upperBound

      fuzzCheck(
        text.utf8Offset(of: entity.range.lowerBound) == range.lowerBound
          && text.utf8Offset(of: entity.range.upperBound) == range.upperBound,
        "String.Index range differs from utf8Range \(range)")
      let utf16Lower = text.utf16.distance(from: text.startIndex, to: entity.range.lowerBound)
      let utf16Upper = text.utf16.distance(from: text.startIndex, to: entity.range.upperBound)
      fuzzCheck(
        entity.utf16Range == utf16Lower..<utf16Upper,
        "utf16Range \(entity.utf16Range) vs \(utf16Lower)..<\(utf16Upper)")
      let scalarRange =
        boundaries.scalarIndex(ofUTF8: range.lowerBound)!..<boundaries.scalarIndex(
          ofUTF8: range.upperBound)!
      fuzzCheck(
        entity.scalarRange == scalarRange, "scalarRange \(entity.scalarRange) vs \(scalarRange)")

      let slice = Array(text.unicodeScalars[entity.range])
      let signs = delimiters(of: entity.trigger, extractor.profile)
      let sign = signs.first { slice.starts(with: $0.unicodeScalars) }
      fuzzCheck(
        sign != nil, "\(entity.trigger) text \(String(String.UnicodeScalarView(slice))) has no sign"
      )
      let body = slice.dropFirst(sign?.unicodeScalars.count ?? 0)
      let expectedBody = Array((entity.value + (entity.listSlug ?? "")).unicodeScalars)
      fuzzCheck(
        Array(body) == expectedBody,
        "\(entity.trigger) body \(String(String.UnicodeScalarView(body))) vs value \(entity.value)")
      fuzzCheck(!entity.value.isEmpty, "empty value")
      fuzzCheck(
        entity.listSlug == nil || (extractor.profile.isTwitter && entity.trigger == .mention),
        "list slug on \(entity.trigger)")
    }

    let mentions = extractor.mentions(in: text)
    fuzzCheck(
      mentions == entities.filter { $0.trigger == .mention && $0.listSlug == nil }.map(\.value),
      "mentions(in:) differs")
    let hashtags = extractor.hashtags(in: text)
    fuzzCheck(
      hashtags == entities.filter { $0.trigger == .hashtag }.map(\.value), "hashtags(in:) differs")

    // The same text in other storage: a slice copied out of a longer string.
    let padded = "x" + text + "y"
    let copy = String(padded.unicodeScalars.dropFirst().dropLast())
    let again = extractor.entities(in: copy)
    fuzzCheck(
      again.map(\.utf8Range) == entities.map(\.utf8Range)
        && again.map(\.value) == entities.map(\.value),
      "a copy of the text gives other entities")

    // The public message, and a reused one holding an earlier message's entities first.
    let message = extractor.extract(text)
    fuzzCheck(
      message.text == text && message.entities == entities.map(\.messageEntity),
      "extract(_:) gives other entities")
    var storage = Message(text: "")
    extractor.extract("@earlier #message " + text, into: &storage)
    extractor.extract(text, into: &storage)
    fuzzCheck(storage == message, "extract(_:into:) gives other entities")
    return entities
  }

  /// The signs an entity of a trigger starts with.
  static func delimiters(of trigger: Trigger.Name, _ profile: ExtractionProfile) -> [String] {
    if profile.isTwitter {
      switch trigger {
      case .mention: return ["@", "＠"]
      case .hashtag: return ["#", "＃"]
      case .cashtag: return ["$"]
      default: return []
      }
    }
    return profile.triggers.filter { $0.name == trigger }.flatMap(\.allDelimiters)
  }
}
