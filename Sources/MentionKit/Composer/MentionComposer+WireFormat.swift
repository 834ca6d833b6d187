extension MentionComposer.Message {
  /// A saved message read back from a wire format, ready to load into a composer for editing.
  ///
  /// Each parsed user or channel token becomes a ``MentionEntity`` with the token's id, whose
  /// ``MentionEntity/trigger`` is the token's kind (`"mention"`, `"hashtag"`: the names of
  /// ``Trigger/mention`` and ``Trigger/hashtag``). A wire token often carries no readable name
  /// (Slack's `<@U1>` reads as `@U1`), so `label` may give the text the composer shows for it —
  /// typically the delimiter and the item's handle from your directory. Return `nil` to keep the
  /// parsed text.
  ///
  /// ```swift
  /// let parsed = WireParser(format: .slack).parse("hi <@U1>, see <#C1|general>")
  /// let message = MentionComposer.Message(parsed) { entity in
  ///   entity.kind == .mention ? "@" + directory[entity.itemID]!.insertionText : nil
  /// }
  /// message.text                          // "hi @jose, see #general"
  /// message.entities.map(\.utf16Range)    // [3..<8, 14..<22]
  /// var composer = try MentionComposer(message: message)
  /// ```
  ///
  /// A label is used as given; labels that are empty, or that would merge with the text around
  /// them into one character (an emoji label ending in a ZWJ before an emoji, say), are ignored
  /// for that entity. A token whose own text merges with its neighbours (a combining mark right
  /// after it) is kept as plain text, without an entity. So every message made here can be
  /// loaded with ``MentionComposer/init(message:options:)``.
  ///
  /// - Parameters:
  ///   - parsed: A message read by ``WireParser``.
  ///   - label: The text to show for an entity, or `nil` to keep the parsed text.
  /// - Complexity: O(*n*) in the length of the text, plus the labels.
  public init(_ parsed: ParsedMessage, label: (ParsedMessage.Entity) -> String? = { _ in nil }) {
    var text = ""
    var entities: [MentionEntity] = []
    var utf16Count = 0
    var position = parsed.text.startIndex
    for entity in parsed.entities
    where entity.range.lowerBound >= position && entity.range.upperBound <= parsed.text.endIndex {
      let before = parsed.text[position..<entity.range.lowerBound]
      text += before
      utf16Count += before.utf16.count
      let prefix = parsed.text[..<entity.range.lowerBound]
      let suffix = parsed.text[entity.range.upperBound...]
      let original = String(parsed.text[entity.range])
      var shown = original
      if let relabeled = label(entity), !relabeled.isEmpty,
        Self.keepsCharacterBoundaries(relabeled, after: prefix, before: suffix)
      {
        shown = relabeled
      }
      let length = shown.utf16.count
      text += shown
      // A token glued to a combining mark or a joiner in the text around it cannot be an entity
      // (it would end inside a character): its text stays, as plain text.
      if length > 0,
        shown != original || Self.keepsCharacterBoundaries(original, after: prefix, before: suffix)
      {
        entities.append(
          MentionEntity(
            utf16Range: utf16Count..<(utf16Count + length), itemID: entity.itemID,
            trigger: entity.kind.rawValue, text: shown))
      }
      utf16Count += length
      position = entity.range.upperBound
    }
    text += parsed.text[position...]
    self.init(text: text, entities: entities)
  }

  /// Whether `label`, put between `prefix` and `suffix`, starts and ends on character
  /// boundaries. Only the characters next to it can merge with it, so only they are joined: the
  /// check costs the same in a long message as in a short one.
  private static func keepsCharacterBoundaries(
    _ label: String, after prefix: Substring, before suffix: Substring
  ) -> Bool {
    let before = prefix.last.map(String.init) ?? ""
    let joined = before + label + (suffix.first.map(String.init) ?? "")
    let start = joined.utf8.index(joined.startIndex, offsetBy: before.utf8.count)
    let end = joined.utf8.index(start, offsetBy: label.utf8.count)
    return start.samePosition(in: joined) != nil && end.samePosition(in: joined) != nil
  }

  /// The message as a ``ResolvedMessage``, to render to a wire format at send time.
  ///
  /// Each entity becomes a ``ResolvedEntity`` of kind ``MentionEntity/trigger``, resolved to
  /// the item `item` returns for it, or ``MentionResolution/unresolved`` when it returns `nil`.
  /// The entity's value is its text without the trigger's delimiter, for the triggers given.
  ///
  /// ```swift
  /// let resolved = composer.message.resolved { directory[$0.itemID] }
  /// MessageRenderer(format: .slack).render(resolved)   // "hi <@U1> "
  /// ```
  ///
  /// - Parameters:
  ///   - triggers: The triggers whose delimiters are stripped from entity texts.
  ///   - item: The item an entity stands for.
  /// - Returns: The text, with every entity and its resolution.
  /// - Complexity: O(*n*) in the length of the text.
  public func resolved(
    triggers: [Trigger] = [.mention, .hashtag], item: (MentionEntity) -> MentionItem?
  ) -> ResolvedMessage {
    var resolved: [ResolvedEntity] = []
    resolved.reserveCapacity(entities.count)
    let utf16 = text.utf16
    var index = text.startIndex
    var utf16Offset = 0
    var scalarOffset = 0
    var utf8Offset = 0
    for entity in entities.sorted(by: { $0.utf16Range.lowerBound < $1.utf16Range.lowerBound })
    where entity.utf16Range.lowerBound >= utf16Offset && entity.utf16Range.upperBound <= utf16.count
    {
      let lower = utf16.index(index, offsetBy: entity.utf16Range.lowerBound - utf16Offset)
      let upper = utf16.index(lower, offsetBy: entity.utf16Range.count)
      let scalarLower = scalarOffset + text.unicodeScalars.distance(from: index, to: lower)
      let scalarUpper = scalarLower + text.unicodeScalars.distance(from: lower, to: upper)
      let utf8Lower = utf8Offset + text.utf8.distance(from: index, to: lower)
      let utf8Upper = utf8Lower + text.utf8.distance(from: lower, to: upper)
      let shown = text[lower..<upper]
      let delimiters =
        triggers.first { $0.name.rawValue == entity.trigger }?.allDelimiters.sorted {
          $0.count > $1.count
        }
        ?? []
      let delimiter = delimiters.first { shown.hasPrefix($0) } ?? ""
      let extracted = ExtractedEntity(
        kind: ExtractedEntity.Kind(rawValue: entity.trigger),
        value: String(shown.dropFirst(delimiter.count)),
        range: lower..<upper,
        utf16Range: entity.utf16Range,
        scalarRange: scalarLower..<scalarUpper,
        utf8Range: utf8Lower..<utf8Upper)
      resolved.append(
        ResolvedEntity(
          entity: extracted, resolution: item(entity).map { .resolved($0) } ?? .unresolved))
      index = upper
      utf16Offset = entity.utf16Range.upperBound
      scalarOffset = scalarUpper
      utf8Offset = utf8Upper
    }
    return ResolvedMessage(text: text, entities: resolved)
  }
}
