import MentionKit
import ToolSupport

/// Finds the handles of a loaded file that no typed mention reaches as intended:
///
/// - a handle equal to an earlier one up to case (MentionKit's `HandleKey`): every mention of
///   it resolves to both, ambiguous;
/// - a handle that the extractor does not read back as one whole mention (`@ana maria` reads
///   as `@ana`; `@!!` is no mention at all): nobody can type it.
///
/// ```swift
/// HandleCheck.warnings(for: items, lines: [2, 3], kind: .users, file: "u.tsv", extractor: .init())
/// // ["u.tsv:3: handle 'Ana' (U2) is also the handle of U1 on line 2 (case is ignored):
/// //   every @Ana is ambiguous"]
/// ```
enum HandleCheck {
  /// The most warnings given for one file; the others are counted in one more line.
  static let limit = 10

  /// The warnings for a file's items, at most ``limit`` of them and then a count of the others.
  ///
  /// - Parameters:
  ///   - items: The items loaded, in file order.
  ///   - lines: The 1-based line of each item.
  ///   - kind: Users (read with `@`) or channels (read with `#`).
  ///   - file: The file's name, for the messages.
  ///   - extractor: The extractor whose reading decides what can be typed.
  static func warnings(
    for items: [MentionItem], lines: [Int32], kind: TSVLoader.Kind, file: String,
    extractor: EntityExtractor
  ) -> [String] {
    let (sign, trigger): (String, Trigger.Name) =
      kind == .users ? ("@", .mention) : ("#", .hashtag)
    var warnings: [String] = []
    /// Each item's problems, found one kind after the other, then put in line order.
    var problems: [(index: Int, reason: String)] = []
    func warn(_ index: Int, _ reason: String) { problems.append((index, reason)) }
    var first: [HandleKey: Int] = [:]
    first.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let handle = item.insertionText
      let key = HandleKey(handle)
      if let earlier = first[key] {
        warn(
          index,
          "handle '\(handle)' (\(item.id)) is also the handle of \(items[earlier].id) on line"
            + " \(lines[earlier]) (case is ignored): every \(sign)\(handle) is ambiguous")
      } else {
        first[key] = index
      }
    }
    var message = Message(text: "")
    for index in untypeable(items, sign: sign, trigger: trigger, extractor: extractor) {
      let typed = sign + items[index].insertionText
      extractor.extract(typed, into: &message)
      let read = message.entities.first { $0.trigger == trigger }
        .flatMap { $0.range(in: typed) }.map { "reads as " + typed[$0] }
      warn(
        index,
        "handle '\(items[index].insertionText)' (\(items[index].id)) cannot be typed as one"
          + " mention: \(typed) " + (read ?? "is not read as a mention"))
    }
    let ordered = problems.enumerated().sorted {
      ($0.element.index, $0.offset) < ($1.element.index, $1.offset)
    }.map(\.element)
    for (index, reason) in ordered.prefix(limit) {
      warnings.append(FileError(file: file, line: Int(lines[index]), reason: reason).description)
    }
    if problems.count > limit {
      warnings.append("\(file): \(problems.count - limit) more warning(s) like these not shown")
    }
    return warnings
  }

  /// The indices of the items whose handle, typed after its sign alone, the extractor does not
  /// read as one whole entity of `trigger`, in order.
  ///
  /// Handles are read a thousand at a time, one a line (a mention ends at a line break), which
  /// costs far less than a message each; a handle not read whole there is read again alone, as
  /// the whole message, and only that reading counts.
  static func untypeable(
    _ items: [MentionItem], sign: String, trigger: Trigger.Name, extractor: EntityExtractor
  ) -> [Int] {
    var found: [Int] = []
    var message = Message(text: "")
    var batch = ""
    var starts: [Int] = []
    func isWhole(_ typed: String) -> Bool {
      extractor.extract(typed, into: &message)
      return message.entities.count == 1 && message.entities[0].trigger == trigger
        && message.entities[0].listSlug == nil
        && message.entities[0].utf16Range == 0..<typed.utf16.count
    }
    var start = 0
    while start < items.count {
      let end = min(start + 1000, items.count)
      batch.removeAll(keepingCapacity: true)
      starts.removeAll(keepingCapacity: true)
      var position = 0
      for item in items[start..<end] {
        starts.append(position)
        batch += sign
        batch += item.insertionText
        batch += "\n"
        position += sign.utf16.count + item.insertionText.utf16.count + 1
      }
      starts.append(position)
      extractor.extract(batch, into: &message)
      var entity = 0
      for offset in 0..<(end - start) {
        let range = starts[offset]..<(starts[offset + 1] - 1)
        while entity < message.entities.count
          && message.entities[entity].utf16Range.lowerBound < range.lowerBound
        {
          entity += 1
        }
        let readWhole =
          entity < message.entities.count && message.entities[entity].utf16Range == range
          && message.entities[entity].trigger == trigger
          && message.entities[entity].listSlug == nil
        if !readWhole { found.append(start + offset) }
      }
      start = end
    }
    // Only a handle read alone decides.
    return found.filter { !isWhole(sign + items[$0].insertionText) }
  }
}
