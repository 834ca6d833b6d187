/// The best *k* distinct ordinals of a stream of ranked candidates: a bounded max-heap.
///
/// A candidate is a `UInt64` rank key, `tier << 32 | ordinal`; smaller keys rank first, and
/// the index numbers its items so that ordinal order is rank order within a tier. An ordinal
/// seen twice (an item whose handle and name both match) keeps its better key.
struct TopK {
  let capacity: Int
  private(set) var keys: [UInt64] = []
  /// Where in the base's text the key that gave a rank key starts, for the rank keys of
  /// transliterated and typo matches (whose route names the key); may hold keys since pushed out.
  var notes: [UInt64: UInt32] = [:]
  /// The ordinals kept, when the capacity is large enough that scanning `keys` for a
  /// duplicate would cost more than a set look-up.
  private var members: Set<UInt64>?

  init(capacity: Int) {
    self.capacity = max(0, capacity)
    keys.reserveCapacity(min(self.capacity, 4_096))
    if self.capacity > 32 { members = [] }
  }

  var isFull: Bool { keys.count >= capacity }

  /// The worst key kept; a candidate must be smaller to get in once the heap is full.
  var worst: UInt64 { keys.isEmpty ? .max : keys[0] }

  /// Whether a candidate could enter: cheap, checked before any further work on it.
  @inline(__always)
  func admits(_ key: UInt64) -> Bool { keys.count < capacity || key < keys[0] }

  /// Inserts a candidate; returns whether it is now kept.
  @discardableResult
  mutating func insert(_ key: UInt64) -> Bool {
    guard admits(key) else { return false }
    let ordinal = key & 0xFFFF_FFFF
    if members?.contains(ordinal) ?? true,
      let existing = keys.firstIndex(where: { $0 & 0xFFFF_FFFF == ordinal })
    {
      guard key < keys[existing] else { return false }
      keys[existing] = key
      heapify()
      return true
    }
    members?.insert(ordinal)
    if keys.count < capacity {
      keys.append(key)
      siftUp(keys.count - 1)
    } else {
      members?.remove(keys[0] & 0xFFFF_FFFF)
      keys[0] = key
      siftDown(0)
    }
    return true
  }

  /// Inserts a candidate and notes where its key starts when it is kept.
  @inline(__always)
  mutating func insert(_ key: UInt64, position: UInt32) {
    if insert(key) { notes[key] = position }
  }

  /// The keys, best first.
  func sorted() -> [UInt64] { keys.sorted() }

  private mutating func heapify() {
    var i = keys.count / 2
    while i > 0 {
      i -= 1
      siftDown(i)
    }
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard keys[child] > keys[parent] else { return }
      keys.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let count = keys.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var largest = left
      let right = left + 1
      if right < count && keys[right] > keys[left] { largest = right }
      guard keys[largest] > keys[parent] else { return }
      keys.swapAt(largest, parent)
      parent = largest
    }
  }
}
