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
/// users.resolution(of: "Jon", trigger: .mention)  // .resolved(U1)
/// users.resolution(of: "kim", trigger: .mention)  // .ambiguous([U2, U3])
/// users.resolution(of: "jön", trigger: .mention)  // .unresolved
/// ```
///
/// Items whose handle is ASCII (most handles) are found through an open-addressing table of
/// hashes, so ``MentionResolver`` resolves an ASCII mention without building a `String`. Other
/// handles are in a `Dictionary` keyed by ``HandleKey``, and those whose key is in Unicode
/// Normalization Form C (NFC, the form of almost all text) also in a second table of their
/// bytes: a handle that case folding changes only in its ASCII letters, and whose folded
/// bytes pass the NFC quick check, is found there, or known to be missing, by comparing bytes.
/// That is exact, because two strings in NFC are canonically equivalent (equal as `String`s)
/// exactly when their bytes are equal. Other handles are looked up in the `Dictionary`.
///
/// The directory is immutable, and a class so that holding or passing it costs one reference.
///
/// - Complexity: Building is O(*n*) in the number of items; a lookup is O(*k*) in the length of
///   the handle plus the number of items sharing it.
public final class HandleDirectory: MentionDirectory {
  private let storage: [MentionItem]
  /// The members of each group, by the group's id.
  let groupMembers: [String: [String]]
  /// For each slot, the next slot with the same key, or -1.
  private let next: [Int32]
  /// The first slot of each key that is not in the table (keys that are not ASCII, or whose
  /// first item's handle is not ASCII or is longer than 255 bytes).
  private let others: [HandleKey: Int32]
  /// Whether `others` holds an ASCII key, so an ASCII miss in the table must look there too.
  private let othersHaveASCIIKeys: Bool
  /// Open addressing, one 32-bit entry per key whose first item's handle is ASCII: 1 + its
  /// first slot in the low `slotBits` bits (0 is empty), and bits of the key's hash above them,
  /// so that a miss rarely reads an item. The handle itself is compared on the item, which a
  /// hit reads anyway. Four bytes an entry keep the table of a million users at 8 MB, which
  /// stays in the cache far more often than 16 MB.
  private let table: [UInt32]
  private let mask: Int
  /// The entry bits that hold the hash.
  private let tagMask: UInt32
  /// Open addressing over the keys that are not ASCII and whose UTF-8 is in NFC: the high 32
  /// bits of the hash of the key's bytes and 1 + the key's number (0 is empty).
  private let wideTable: [UInt64]
  private let wideMask: Int
  /// The UTF-8 of those keys, one after another: key *k* is
  /// `wideKeyBytes[wideKeyStarts[k]..<wideKeyStarts[k + 1]]`.
  private let wideKeyBytes: [UInt8]
  private let wideKeyStarts: [Int32]
  /// The first slot of each of those keys.
  private let wideKeySlots: [Int32]
  /// Whether every key that is not ASCII is in `wideTable`, so that a miss there is a miss.
  private let wideTableIsComplete: Bool

  /// Builds a directory of users (or channels) and, optionally, groups.
  ///
  /// A group is an item of `items` whose id is a key of `groups`; its handle is in the same
  /// namespace as the users'. When a group has the handle of a user (up to case), the user
  /// wins: the group is left out of the directory, as Slack refuses a user group whose handle
  /// a member already has. Two groups, or two users, that share a handle are ambiguous. Ids
  /// are unique across users and groups: every item whose id is a key of `groups` is a group.
  ///
  /// ```swift
  /// let directory = HandleDirectory(
  ///   [ana, bo, MentionItem(id: "G1", insertionText: "team")], groups: ["G1": ["U1", "U2"]])
  /// directory.members(ofGroup: "G1")  // ["U1", "U2"]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items, in the order ambiguous candidates are reported.
  ///   - groups: The member ids of each group, by the group's item id.
  public convenience init(_ items: [MentionItem], groups: [String: [String]] = [:]) {
    guard !groups.isEmpty else {
      self.init(building: items, groups: [:])
      return
    }
    var userKeys: Set<HandleKey> = []
    for item in items where groups[item.id] == nil {
      userKeys.insert(HandleKey(item.insertionText))
    }
    let kept = items.filter {
      groups[$0.id] == nil || !userKeys.contains(HandleKey($0.insertionText))
    }
    var members: [String: [String]] = [:]
    for item in kept { if let list = groups[item.id] { members[item.id] = list } }
    self.init(building: kept, groups: members)
  }

  private init(building items: [MentionItem], groups: [String: [String]]) {
    groupMembers = groups
    precondition(items.count < Int(Int32.max), "too many items for one directory")
    storage = items
    var first: [(key: HandleKey, slot: Int32)] = []
    first.reserveCapacity(items.count)
    var last: [HandleKey: Int32] = [:]
    last.reserveCapacity(items.count)
    var next = [Int32](repeating: -1, count: items.count)
    for (slot, item) in items.enumerated() {
      let key = HandleKey(item.insertionText)
      if let previous = last.updateValue(Int32(slot), forKey: key) {
        next[Int(previous)] = Int32(slot)
      } else {
        first.append((key, Int32(slot)))
      }
    }
    self.next = next
    var capacity = 16
    while capacity < first.count * 2 { capacity <<= 1 }
    var table = [UInt32](repeating: 0, count: capacity)
    // Bits enough for 1 + the largest slot; the hash fills the rest.
    let slotBits = UInt32.bitWidth - UInt32(items.count).leadingZeroBitCount
    let tagMask = slotBits >= 32 ? 0 : ~UInt32(0) << UInt32(slotBits)
    var others: [HandleKey: Int32] = [:]
    var othersHaveASCIIKeys = false
    var wideKeys: [(bytes: [UInt8], slot: Int32)] = []
    var wideTableIsComplete = true
    for (key, slot) in first {
      let handle = Array(items[Int(slot)].insertionText.utf8)
      guard handle.count <= 255, handle.allSatisfy({ $0 < 0x80 }) else {
        others[key] = slot
        let keyBytes = Array(key.rawValue.utf8)
        if keyBytes.allSatisfy({ $0 < 0x80 }) {
          othersHaveASCIIKeys = true
        } else if keyBytes.count <= Self.wideKeyLimit,
          keyBytes.withUnsafeBufferPointer({ Self.isNFC($0, quickCheck: false) })
        {
          wideKeys.append((keyBytes, slot))
        } else {
          wideTableIsComplete = false
        }
        continue
      }
      let hash = handle.withUnsafeBufferPointer { Self.asciiHash($0)! }
      var position = Int(truncatingIfNeeded: hash) & (capacity - 1)
      while table[position] != 0 { position = (position + 1) & (capacity - 1) }
      table[position] = Self.tag(hash, tagMask) | UInt32(slot + 1)
    }
    self.others = others
    self.othersHaveASCIIKeys = othersHaveASCIIKeys
    self.table = table
    mask = capacity - 1
    self.tagMask = tagMask

    var wideCapacity = 16
    while wideCapacity < wideKeys.count * 2 { wideCapacity <<= 1 }
    var wideTable = [UInt64](repeating: 0, count: wideCapacity)
    var wideKeyBytes: [UInt8] = []
    var wideKeyStarts: [Int32] = [0]
    for (number, (bytes, _)) in wideKeys.enumerated() {
      wideKeyBytes += bytes
      wideKeyStarts.append(Int32(wideKeyBytes.count))
      let hash = bytes.withUnsafeBufferPointer { Self.byteHash($0) }
      var position = Int(truncatingIfNeeded: hash) & (wideCapacity - 1)
      while wideTable[position] != 0 { position = (position + 1) & (wideCapacity - 1) }
      wideTable[position] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(number + 1)
    }
    self.wideTable = wideTable
    wideMask = wideCapacity - 1
    self.wideKeyBytes = wideKeyBytes
    self.wideKeyStarts = wideKeyStarts
    wideKeySlots = wideKeys.map(\.slot)
    self.wideTableIsComplete = wideTableIsComplete
  }

  /// The items of the directory, in their original order.
  public var items: [MentionItem] { storage }

  /// The number of items.
  public var count: Int { storage.count }

  /// The members of a group of the directory.
  ///
  /// - Parameter id: An item's id.
  /// - Returns: The group's member ids, or `nil` when the item is not a group of the directory.
  public func members(ofGroup id: String) -> [String]? { groupMembers[id] }

  /// Resolves a handle at once: an ASCII handle is looked up without building a key.
  ///
  /// - Parameters:
  ///   - handle: The handle as written.
  ///   - trigger: Not used: a handle directory serves one trigger.
  /// - Returns: The resolution among the items whose handle has the handle's key, in the
  ///   directory's order.
  /// - Complexity: O(*k*) in the length of the handle plus the number of items sharing it.
  public func resolution(of handle: String, trigger: Trigger.Name) -> MessageEntity.Resolution? {
    var handle = handle
    return handle.withUTF8 { resolution(ofHandleBytes: $0) }
  }

  /// Looks each key up in the table.
  ///
  /// - Parameters:
  ///   - keys: Distinct handle keys to look up.
  ///   - trigger: Not used: a handle directory serves one trigger.
  /// - Returns: The items of each key that matched.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
    -> [HandleKey: [MentionItem]]
  {
    try items(matching: keys) { items(for: $0) }
  }

  /// The items whose handle has a key, in the directory's order; empty when none matches.
  func items(for key: HandleKey) -> [MentionItem] {
    guard var slot = firstSlot(of: key) else { return [] }
    var found: [MentionItem] = []
    while slot >= 0 {
      found.append(storage[Int(slot)])
      slot = next[Int(slot)]
    }
    return found
  }

  /// The resolution of a handle's UTF-8 bytes (valid UTF-8: an entity's value, read from its
  /// message): an ASCII handle is looked up without building a `String`; the rare others are
  /// built as one when the table of non-ASCII keys cannot answer.
  @inline(__always)
  func resolution(ofHandleBytes p: UnsafeBufferPointer<UInt8>) -> MessageEntity.Resolution {
    let handle = { UTF8Scanning.string(p, isValid: true) }
    let first: Int32?
    if p.count <= 255, let hash = Self.asciiHash(p) {
      first = probe(hash: hash, p) ?? (othersHaveASCIIKeys ? others[HandleKey(handle())] : nil)
    } else if p.count <= Self.wideKeyLimit, let found = wideLookUp(p) {
      first = found
    } else {
      first = firstSlot(of: HandleKey(handle()))
    }
    guard let first else { return .unresolved }
    if next[Int(first)] < 0 { return .resolved(storage[Int(first)]) }
    var candidates: [MentionItem] = []
    var slot = first
    while slot >= 0 {
      candidates.append(storage[Int(slot)])
      slot = next[Int(slot)]
    }
    return MessageEntity.Resolution(candidates: candidates)
  }

  private func firstSlot(of key: HandleKey) -> Int32? {
    var raw = key.rawValue
    let found = raw.withUTF8 { p -> Int32?? in
      guard p.count <= 255, let hash = Self.asciiHash(p) else { return .none }
      return .some(probe(hash: hash, p))
    }
    if let found, let slot = found { return slot }
    return others[key]
  }

  /// The longest key, in bytes, that `wideTable` holds; longer handles are looked up in
  /// `others`.
  private static let wideKeyLimit = 255

  /// Looks up a handle that is not ASCII in `wideTable`: `.some(slot)` when its key is there,
  /// `.some(nil)` when it is known to be in no key, or `nil` when the bytes cannot decide (a
  /// letter other than ASCII that case folding changes, a folded handle that may not be in
  /// NFC, or keys left out of the table).
  ///
  /// - Precondition: `p` holds whole UTF-8 scalars and at most `wideKeyLimit` bytes.
  private func wideLookUp(_ p: UnsafeBufferPointer<UInt8>) -> Int32?? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.wideKeyLimit) { buffer in
      let lowered = UnsafeMutableBufferPointer(rebasing: buffer[..<p.count])
      guard Self.lowercaseOnlyASCII(p, into: lowered) else { return nil }
      let key = UnsafeBufferPointer(lowered)
      guard Self.isNFC(key, quickCheck: true) else { return nil }
      let hash = Self.byteHash(key)
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var position = Int(truncatingIfNeeded: hash) & wideMask
      while true {
        let entry = wideTable[position]
        if entry == 0 { return wideTableIsComplete ? .some(nil) : nil }
        if entry & 0xFFFF_FFFF_0000_0000 == tag {
          let number = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
          let start = Int(wideKeyStarts[number])
          let end = Int(wideKeyStarts[number + 1])
          if end - start == key.count,
            wideKeyBytes.withUnsafeBufferPointer({ bytes in
              key.indices.allSatisfy { bytes[start + $0] == key[$0] }
            })
          {
            return wideKeySlots[number]
          }
        }
        position = (position + 1) & wideMask
      }
    }
  }

  /// Writes a handle's UTF-8 with its ASCII capitals lowercased; returns `false` when it holds
  /// a scalar other than ASCII that case folding changes (whose folded form is longer or
  /// found otherwise).
  ///
  /// For other scalars case folding is the identity, so the result is the UTF-8 of the
  /// handle's ``HandleKey``.
  @inline(__always)
  private static func lowercaseOnlyASCII(
    _ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> Bool {
    var i = 0
    let n = p.count
    while i < n {
      let byte = p[i]
      if byte < 0x80 {
        out[i] = lowercase(byte)
        i &+= 1
        continue
      }
      let (value, length) = UTF8Scanning.decode(p, at: i)
      if CaseFolding.changes(value) { return false }
      for k in 0..<length { out[i &+ k] = p[i &+ k] }
      i &+= length
    }
    return true
  }

  /// Whether UTF-8 is in NFC: with `quickCheck`, `true` only when that is certain without
  /// normalising (`false` may be wrong); without it, exactly.
  static func isNFC(_ p: UnsafeBufferPointer<UInt8>, quickCheck: Bool) -> Bool {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      var span = UTF8Span(unchecked: p.span)
      return span.checkForNFC(quickCheck: quickCheck)
    }
    return false
  }

  /// The hash of bytes, eight at a time, then mixed as ``asciiHash(_:)`` mixes.
  static func byteHash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(p.count)
    forEachWord(of: p) { hash = step(hash, $0) }
    return mix(hash)
  }

  /// The first slot of the key whose lowercase ASCII bytes are those of `p` (compared
  /// ignoring ASCII case), if the table holds it.
  @inline(__always)
  private func probe(hash: UInt64, _ p: UnsafeBufferPointer<UInt8>) -> Int32? {
    let tag = Self.tag(hash, tagMask)
    var position = Int(truncatingIfNeeded: hash) & mask
    return table.withUnsafeBufferPointer { table in
      while true {
        let entry = table[position]
        if entry == 0 { return nil }
        if entry & tagMask == tag {
          let slot = Int32(truncatingIfNeeded: entry & ~tagMask) - 1
          if Self.equalIgnoringASCIICase(storage[Int(slot)].insertionText, p) { return slot }
        }
        position = (position + 1) & mask
      }
    }
  }

  /// The bits of a hash that an entry of `table` holds: the high half's, which the table
  /// position (the low bits) does not use.
  @inline(__always)
  private static func tag(_ hash: UInt64, _ tagMask: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32) & tagMask
  }

  @inline(__always)
  private static func equalIgnoringASCIICase(_ handle: String, _ p: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    UTF8Scanning.withUTF8(handle) { h in
      guard h.count == p.count else { return false }
      for k in 0..<h.count where lowercase(h[k]) != lowercase(p[k]) { return false }
      return true
    }
  }

  /// The hash of ASCII bytes with their letters lowercased, or `nil` when a byte is not ASCII:
  /// eight bytes at a time (lowercased together), then a final mix so the low bits used for the
  /// table position are well spread.
  @inline(__always)
  static func asciiHash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(p.count)
    var any: UInt64 = 0
    forEachWord(of: p) { word in
      any |= word
      hash = step(hash, lowercase8(word))
    }
    guard any & 0x8080_8080_8080_8080 == 0 else { return nil }
    return mix(hash)
  }

  /// Calls `body` with each eight bytes of `p` as one word (the first byte lowest), the last
  /// few bytes padded with zeros.
  @inline(__always)
  private static func forEachWord(
    of p: UnsafeBufferPointer<UInt8>, _ body: (UInt64) -> Void
  ) {
    guard let base = p.baseAddress else { return }
    let n = p.count
    var i = 0
    while i &+ 8 <= n {
      body(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
      i &+= 8
    }
    if i < n { body(UTF8Scanning.word(p, at: i, bytes: n &- i)) }
  }

  /// Eight ASCII bytes with `A`–`Z` lowercased (other bytes give an unspecified result).
  @inline(__always)
  private static func lowercase8(_ word: UInt64) -> UInt64 {
    // Bit 7 of each byte: set from `A` (0x41) on in the first sum, from `[` (0x5B) on in the
    // second; no sum carries into the next byte while the bytes are ASCII.
    let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F
    let pastZ = word &+ 0x2525_2525_2525_2525
    return word | ((atLeastA & ~pastZ & 0x8080_8080_8080_8080) >> 2)
  }

  @inline(__always)
  private static func step(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let h = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
    return h ^ (h >> 29)
  }

  @inline(__always)
  private static func lowercase(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  @inline(__always)
  private static func mix(_ hash: UInt64) -> UInt64 {
    var z = hash
    z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    return z ^ (z >> 33)
  }
}
