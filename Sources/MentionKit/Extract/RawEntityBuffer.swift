/// The raw entities of one message: the first eight in stack memory that
/// ``EntityExtractor/entities(in:)`` provides, the rest in an array allocated only when a message
/// holds more, which few do. It saves the allocation of an array per message.
///
/// Only ``with(_:)`` makes one, and the buffer must not outlive its closure.
struct RawEntityBuffer {
  /// How many entities are kept in the stack memory.
  static let inlineCapacity = 8

  /// Room for ``inlineCapacity`` entities (`RawEntity` is trivial: no deinitialisation).
  private let inline: UnsafeMutablePointer<RawEntity>
  /// Every entity once there are more than ``inlineCapacity``; empty until then.
  private var spilled: [RawEntity] = []
  /// How many entities the buffer holds.
  private(set) var count = 0

  private init(inline: UnsafeMutablePointer<RawEntity>) { self.inline = inline }

  /// Calls `body` with an empty buffer whose first entities live on the stack.
  @inline(__always)
  static func with<Result>(_ body: (inout RawEntityBuffer) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: RawEntity.self, capacity: inlineCapacity) { memory in
      var buffer = RawEntityBuffer(inline: memory.baseAddress.unsafelyUnwrapped)
      return body(&buffer)
    }
  }

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  mutating func append(_ entity: RawEntity) {
    if count < Self.inlineCapacity {
      (inline + count).initialize(to: entity)
    } else {
      if count == Self.inlineCapacity {
        spilled.reserveCapacity(4 * Self.inlineCapacity)
        spilled.append(contentsOf: UnsafeBufferPointer(start: inline, count: count))
      }
      spilled.append(entity)
    }
    count &+= 1
  }

  subscript(index: Int) -> RawEntity {
    @inline(__always) get {
      precondition(index >= 0 && index < count, "raw entity index out of range")
      return count <= Self.inlineCapacity ? inline[index] : spilled[index]
    }
    @inline(__always) set {
      precondition(index >= 0 && index < count, "raw entity index out of range")
      if count <= Self.inlineCapacity {
        inline[index] = newValue
      } else {
        spilled[index] = newValue
      }
    }
  }

  /// Removes the last `k` entities.
  mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "cannot remove more raw entities than there are")
    let newCount = count &- k
    if count > Self.inlineCapacity {
      if newCount <= Self.inlineCapacity {
        for index in 0..<newCount { inline[index] = spilled[index] }
        spilled.removeAll()
      } else {
        spilled.removeLast(k)
      }
    }
    count = newCount
  }
}
