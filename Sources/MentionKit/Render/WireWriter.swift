/// The bytes of a rendered message: written into memory the caller provides (a stack buffer for
/// ordinary messages) and moved to the heap when they outgrow it.
///
/// A value that owns heap memory once it has grown: call ``release()`` when done with it.
struct WireWriter {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var isOnHeap: Bool
  /// The number of bytes written.
  private(set) var count = 0
  /// Whether every stretch of a message appended began and ended between whole scalars, so
  /// that the bytes are valid UTF-8 (everything else appended is).
  private var stretchesAreWhole = true

  /// A writer into `buffer`, which must outlive it.
  init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    base = buffer.baseAddress!
    capacity = buffer.count
    isOnHeap = false
  }

  /// A writer on the heap with room for `capacity` bytes.
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 16)
    base = .allocate(capacity: self.capacity)
    isOnHeap = true
  }

  /// Frees the heap memory, if any. The writer must not be used afterwards.
  mutating func release() {
    if isOnHeap { base.deallocate() }
    isOnHeap = false
    capacity = 0
    count = 0
  }

  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if _slowPath(capacity - count < extra) { grow(to: count + extra) }
  }

  private mutating func grow(to needed: Int) {
    let newCapacity = Swift.max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    if isOnHeap { base.deallocate() }
    base = newBase
    capacity = newCapacity
    isOnHeap = true
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  /// Appends bytes `range` of `p`, valid UTF-8 (a message's bytes); the range may cut a
  /// scalar, and the string made then repairs it.
  @inline(__always)
  mutating func append(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    let n = range.count
    guard n > 0 else { return }
    if !UTF8Scanning.holdsWholeScalars(p, range) { stretchesAreWhole = false }
    reserve(n)
    (base + count).update(from: p.baseAddress! + range.lowerBound, count: n)
    count &+= n
  }

  /// Appends an ASCII literal.
  @inline(__always)
  mutating func append(_ literal: StaticString) {
    let n = literal.utf8CodeUnitCount
    reserve(n)
    (base + count).update(from: literal.utf8Start, count: n)
    count &+= n
  }

  /// Appends a string's UTF-8.
  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { append($0, 0..<$0.count) }
  }

  /// The bytes written, as a string: copied as they are when they are known to be valid UTF-8,
  /// else validated (and repaired).
  func makeString() -> String {
    UTF8Scanning.string(UnsafeBufferPointer(start: base, count: count), isValid: stretchesAreWhole)
  }
}
