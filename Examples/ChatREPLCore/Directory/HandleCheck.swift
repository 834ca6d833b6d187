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
    var more = 0
    func warn(_ index: Int, _ reason: String) {
      if warnings.count < limit {
        warnings.append(FileError(file: file, line: Int(lines[index]), reason: reason).description)
      } else {
        more += 1
      }
    }
    var first: [HandleKey: Int] = [:]
    first.reserveCapacity(items.count)
    var message = Message(text: "")
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
      let typed = sign + handle
      extractor.extract(typed, into: &message)
      let whole =
        message.entities.count == 1 && message.entities[0].trigger == trigger
        && message.entities[0].listSlug == nil
        && message.entities[0].utf16Range == 0..<typed.utf16.count
      if !whole {
        let read = message.entities.first { $0.trigger == trigger }
          .flatMap { $0.range(in: typed) }.map { "reads as " + typed[$0] }
        warn(
          index,
          "handle '\(handle)' (\(item.id)) cannot be typed as one mention: \(typed) "
            + (read ?? "is not read as a mention"))
      }
    }
    if more > 0 {
      warnings.append("\(file): \(more) more warning(s) like these not shown")
    }
    return warnings
  }
}
