/// An in-memory directory for resolution: a hash table from handle keys to items.
///
/// Built once from a list of items (users or channels), it answers an exact, case-insensitive
/// handle lookup in about the time of one hash of the handle, whatever the directory's size.
/// Items are found by their ``MentionItem/insertionText`` only: for completion as the user
/// types, use ``MentionIndex``.
///
/// ```swift
/// let users = HandleDirectory([
///   MentionItem(id: "U1", insertionText: "jon"),
///   MentionItem(id: "U2", insertionText: "kim"),
///   MentionItem(id: "U3", insertionText: "KIM"),
/// ])
/// users.items(for: HandleKey("Jon"), kind: .mention).map(\.id)  // ["U1"]
/// users.items(for: HandleKey("kim"), kind: .mention).map(\.id)  // ["U2", "U3"]
/// users.items(for: HandleKey("jön"), kind: .mention)             // []
/// ```
///
/// - Complexity: Building is O(*n*) in the number of items; a lookup is O(*k*) in the length of
///   the handle plus the number of items sharing it.
public struct HandleDirectory: SynchronousMentionDirectory {
  private let storage: [MentionItem]
  /// The slot in `storage` of the first item of each key.
  private let first: [HandleKey: Int32]
  /// For each slot, the next slot with the same key, or -1.
  private let next: [Int32]

  /// Builds a directory.
  ///
  /// - Parameter items: The items, in the order ambiguous candidates are reported.
  public init(_ items: [MentionItem]) {
    precondition(items.count < Int(Int32.max), "too many items for one directory")
    storage = items
    var first: [HandleKey: Int32] = [:]
    first.reserveCapacity(items.count)
    var last: [HandleKey: Int32] = [:]
    var next = [Int32](repeating: -1, count: items.count)
    for (slot, item) in items.enumerated() {
      let key = HandleKey(item.insertionText)
      if let previous = last.updateValue(Int32(slot), forKey: key) {
        next[Int(previous)] = Int32(slot)
      } else {
        first[key] = Int32(slot)
      }
    }
    self.first = first
    self.next = next
  }

  /// The items of the directory, in their original order.
  public var items: [MentionItem] { storage }

  /// The number of items.
  public var count: Int { storage.count }

  /// Returns the items whose handle has a key.
  ///
  /// - Parameters:
  ///   - key: The handle key to look up.
  ///   - kind: Not used: a handle directory serves one kind.
  /// - Returns: The items, in the directory's order; empty when none matches.
  public func items(for key: HandleKey, kind: ExtractedEntity.Kind) -> [MentionItem] {
    guard var slot = first[key] else { return [] }
    let head = storage[Int(slot)]
    guard next[Int(slot)] >= 0 else { return [head] }
    var found = [head]
    slot = next[Int(slot)]
    while slot >= 0 {
      found.append(storage[Int(slot)])
      slot = next[Int(slot)]
    }
    return found
  }
}
