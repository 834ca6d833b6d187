import Foundation
import MentionKit

/// Reads a users TSV file: a header naming `id`, `handle` and `display_name`, then one user per
/// line.
enum UserFile {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func read(path: String, limit: Int?) throws -> [MentionItem] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "\(path): cannot read the file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw Failure(description: "\(path): the file is not UTF-8")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    guard let header = lines.popFirst() else {
      throw Failure(description: "\(path): the file is empty; it needs a header line")
    }
    let columns = header.split(separator: "\t", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard let id = columns.firstIndex(of: "id"), let handle = columns.firstIndex(of: "handle")
    else {
      throw Failure(description: "\(path):1: the header must name the columns id and handle")
    }
    let name = columns.firstIndex(of: "display_name")
    var items: [MentionItem] = []
    for (number, line) in zip(2..., lines) {
      if let limit, items.count >= limit { break }
      let line = line.hasSuffix("\r") ? line.dropLast() : line
      if line.isEmpty { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count > max(id, handle, name ?? 0) else {
        throw Failure(
          description:
            "\(path):\(number): \(fields.count) fields, the header names \(columns.count)")
      }
      guard !fields[id].isEmpty, !fields[handle].isEmpty else {
        throw Failure(description: "\(path):\(number): an empty id or handle")
      }
      items.append(
        MentionItem(
          id: String(fields[id]), insertionText: String(fields[handle]),
          displayText: name.map { String(fields[$0]) }))
    }
    return items
  }
}
