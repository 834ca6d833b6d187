/// ``TLDTable/ascii`` as an open-addressing hash table over bytes, so that asking whether a run
/// of the text is a top-level domain builds no `String` and hashes no `String`: FNV-1a over the
/// lower-cased bytes, then a linear probe comparing bytes.
struct TLDLookup: Sendable {
  /// The shared table of ``TLDTable/ascii``.
  static let ascii = TLDLookup(TLDTable.ascii)

  /// Index into `starts` per slot, or -1; the count is a power of two, at most half full.
  private let slots: [Int32]
  /// Every name's bytes, one after the other, and where each starts (one more for the end).
  private let bytes: [UInt8]
  private let starts: [Int32]

  init(_ names: Set<String>) {
    var capacity = 16
    while capacity < names.count * 2 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    var bytes: [UInt8] = []
    var starts: [Int32] = []
    for name in names.sorted() {
      let utf8 = Array(name.utf8)
      var slot = Self.hash(utf8[...]) & (capacity - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = Int32(starts.count)
      starts.append(Int32(bytes.count))
      bytes += utf8
    }
    starts.append(Int32(bytes.count))
    self.slots = slots
    self.bytes = bytes
    self.starts = starts
  }

  @inline(__always)
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  private static func hash(_ name: ArraySlice<UInt8>) -> Int {
    var h: UInt32 = 2_166_136_261
    for byte in name { h = (h ^ UInt32(lowercased(byte))) &* 16_777_619 }
    return Int(h)
  }

  /// Whether `p[range]`, lower-cased, is one of the names.
  ///
  /// - Complexity: O(*k*) for a run of *k* bytes, expected.
  func contains(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var h: UInt32 = 2_166_136_261
    for k in range { h = (h ^ UInt32(Self.lowercased(p[k]))) &* 16_777_619 }
    let mask = slots.count &- 1
    var slot = Int(h) & mask
    let length = range.count
    while true {
      let index = Int(slots[slot])
      if index < 0 { return false }
      let start = Int(starts[index])
      if Int(starts[index &+ 1]) &- start == length {
        var equal = true
        for k in 0..<length where bytes[start &+ k] != Self.lowercased(p[range.lowerBound &+ k]) {
          equal = false
          break
        }
        if equal { return true }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
