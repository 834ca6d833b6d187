import MentionKit
import ToolSupport

/// Groups from a TSV file for `--groups`: a header line naming `handle` and `members`, then one
/// group per line, its members' user ids separated by commas (`team<TAB>U1,U2`).
///
/// A group's id is its handle. Groups and users share one handle namespace, and a file that
/// breaks it is refused with the file and line, as Slack refuses a user group whose handle a
/// member already has: a group handle that a user has (up to case), that another group of the
/// file has, or that is a broadcast word (`here`, `channel`, `everyone`, `all`) is an error, and
/// so is a member id that is no user's, an empty member id, or a handle that is not one mention.
enum GroupFile {
  /// The groups of a file: their items (id and handle the group's handle) and their members.
  struct Groups: Sendable, Equatable {
    var items: [MentionItem] = []
    var members: [String: [String]] = [:]
  }

  /// Reads and parses a groups file.
  static func load(_ path: String, users: [MentionItem], broadcasts: [String]) throws(FileError)
    -> Groups
  {
    try parse(TextFile.read(path), file: path, users: users, broadcasts: broadcasts)
  }

  /// Parses a groups file's bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name, for errors.
  ///   - users: The users the members must be, and whose handles groups may not take.
  ///   - broadcasts: The broadcast words, which no group may take.
  static func parse(
    _ bytes: [UInt8], file: String, users: [MentionItem], broadcasts: [String]
  ) throws(FileError) -> Groups {
    var userByKey: [HandleKey: String] = [:]
    var userIDs: Set<String> = []
    for user in users {
      userIDs.insert(user.id)
      if userByKey[HandleKey(user.insertionText)] == nil {
        userByKey[HandleKey(user.insertionText)] = user.id
      }
    }
    let words = Set(broadcasts.map { HandleKey($0) })
    let extractor = EntityExtractor()
    var groups = Groups()
    var lineOf: [HandleKey: Int] = [:]
    try TSVReader.forEachRow(in: bytes, file: file, columns: ["handle", "members"]) {
      row throws(FileError) in
      let handle = row.string(0)
      let key = HandleKey(handle)
      guard !handle.isEmpty else { throw row.error("empty handle") }
      let entities = extractor.extract("@" + handle).entities
      guard entities.count == 1, entities[0].value == handle,
        entities[0].utf16Range == 0..<(handle.utf16.count + 1)
      else { throw row.error("'\(handle)' cannot be typed as one mention") }
      if let user = userByKey[key] {
        throw row.error("group handle '\(handle)' is also the handle of user \(user)")
      }
      if userIDs.contains(handle) {
        throw row.error("group handle '\(handle)' is also the id of a user")
      }
      if words.contains(key) { throw row.error("'\(handle)' is a broadcast (@\(handle))") }
      if let line = lineOf[key] {
        throw row.error("group handle '\(handle)' is also the handle of the group on line \(line)")
      }
      lineOf[key] = row.line
      var members: [String] = []
      if !row.isEmpty(1) {
        for id in row.string(1).split(separator: ",", omittingEmptySubsequences: false) {
          guard !id.isEmpty else { throw row.error("empty member id in '\(row.string(1))'") }
          guard userIDs.contains(String(id)) else {
            throw row.error("unknown member '\(id)' (no user has this id)")
          }
          members.append(String(id))
        }
      }
      groups.items.append(MentionItem(id: handle, insertionText: handle))
      groups.members[handle] = members
    }
    return groups
  }
}
