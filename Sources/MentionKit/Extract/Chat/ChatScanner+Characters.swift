/// The character classes the chat scanner asks about, in forms that are cheap to query per
/// byte or scalar: bit sets for ASCII, sorted arrays and a BMP category table for the rest.
extension ChatScanner {
  /// A ``ScalarClass`` for non-ASCII scalars whose general category the caller looks up once:
  /// its few listed scalars in sorted buffers instead of hashed sets.
  ///
  /// The buffers belong to the scanner's tables, which free them when they go away: a class is
  /// only ever read through the tables that hold it, during a scan. They are buffers rather than
  /// arrays so that reading a class for each scalar retains and releases nothing.
  struct NonASCIIClass: @unchecked Sendable {
    var categories: ScalarClass.Categories
    var included: UnsafeBufferPointer<UInt32>
    var excluded: UnsafeBufferPointer<UInt32>
    var isInverted: Bool

    /// The class's non-ASCII part, its listed scalars copied into memory appended to `memory`,
    /// which the caller frees.
    init(_ scalarClass: ScalarClass, memory: inout [UnsafeMutableBufferPointer<UInt32>]) {
      /// Only non-ASCII values are asked about: the ASCII members (`_`, `.`, `-` of the default
      /// handles) would only lengthen the searches.
      func buffer(_ scalars: Set<Unicode.Scalar>) -> UnsafeBufferPointer<UInt32> {
        let values = scalars.map(\.value).filter { $0 >= 0x80 }.sorted()
        guard !values.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        memory.append(buffer)
        return UnsafeBufferPointer(buffer)
      }
      categories = scalarClass.categories
      included = buffer(scalarClass.included)
      excluded = buffer(scalarClass.excluded)
      isInverted = scalarClass.isInverted
    }

    /// Whether the class holds `value` (not ASCII), whose category group is `category`; the
    /// same answer as `ScalarClass.contains`.
    @inline(__always)
    func contains(_ value: UInt32, category: ScalarClass.Categories) -> Bool {
      let member: Bool
      if !excluded.isEmpty, excluded.contains(value) {
        member = false
      } else if !included.isEmpty, included.contains(value) {
        member = true
      } else {
        member = !categories.isDisjoint(with: category)
      }
      return member != isInverted
    }
  }

  /// Membership of the 128 ASCII scalars in a ``ScalarClass``, as two words.
  struct ASCIIBits: Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init(_ scalarClass: ScalarClass) {
      for value in UInt8(0)..<128 where scalarClass.contains(Unicode.Scalar(value)) {
        if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value &- 64) }
      }
    }

    @inline(__always)
    func contains(_ byte: UInt32) -> Bool {
      // A select instead of a branch: which word, then which bit of it.
      let word = byte < 64 ? low : high
      return (word >> UInt64(byte & 63)) & 1 == 1
    }
  }

  /// The category group of every BMP scalar, as the index of its bit in
  /// ``ScalarClass/Categories`` (`0xFF` for none); built once, on first use,
  /// with ``TwitterCharacters/bmp`` (see `BMPTables`).
  static let bmpCategories: [UInt8] = BMPTables.shared.chatCategories
}
