/// Reads a fuzzer's bytes as a few control values followed by text.
struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next two bytes, little-endian.
  mutating func uint16() -> Int { Int(byte()) | Int(byte()) << 8 }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The next `count` bytes (fewer at the end) as a string; invalid UTF-8 is repaired with
  /// U+FFFD.
  mutating func string(_ count: Int) -> String {
    let end = min(bytes.count, position + count)
    guard position < end else { return "" }
    defer { position = end }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
  }

  /// The rest of the bytes as a string; invalid UTF-8 is repaired with U+FFFD.
  mutating func rest() -> String {
    defer { position = bytes.count }
    guard position < bytes.count else { return "" }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
  }
}

/// Boundaries of a text computed the simple way, from the start, for reference checks.
struct TextBoundaries {
  /// The UTF-8 offset where each Unicode scalar starts, plus the end.
  let scalarStarts: [Int]
  /// The UTF-8 offset where each grapheme cluster (`Character`) starts, plus the end.
  let characterStarts: [Int]

  init(_ text: String) {
    var offset = 0
    var scalars: [Int] = []
    for scalar in text.unicodeScalars {
      scalars.append(offset)
      offset += UTF8.width(scalar)
    }
    scalars.append(offset)
    scalarStarts = scalars
    offset = 0
    var characters: [Int] = []
    for character in text {
      characters.append(offset)
      offset += character.utf8.count
    }
    characters.append(offset)
    characterStarts = characters
  }

  /// Whether a UTF-8 offset starts a scalar (or is the end).
  func isScalarBoundary(_ utf8Offset: Int) -> Bool { contains(scalarStarts, utf8Offset) }

  /// Whether a UTF-8 offset starts a grapheme cluster (or is the end).
  func isCharacterBoundary(_ utf8Offset: Int) -> Bool { contains(characterStarts, utf8Offset) }

  /// The scalar index of a scalar boundary.
  func scalarIndex(ofUTF8 offset: Int) -> Int? { find(scalarStarts, offset) }

  /// The last grapheme boundary at or before a UTF-8 offset.
  func characterBoundary(atOrBefore offset: Int) -> Int {
    var low = 0
    var high = characterStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if characterStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return characterStarts[low]
  }

  private func contains(_ sorted: [Int], _ value: Int) -> Bool { find(sorted, value) != nil }

  private func find(_ sorted: [Int], _ value: Int) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == value ? low : nil
  }
}

/// Boundaries of a text in UTF-16 offsets, computed the simple way, for the composer.
struct UTF16Boundaries {
  /// UTF-16 offsets where a Unicode scalar starts, plus the end.
  let scalarStarts: Set<Int>
  /// UTF-16 offsets where a grapheme cluster starts, plus the end.
  let characterStarts: Set<Int>
  /// The UTF-16 offsets of `characterStarts`, sorted.
  let sortedCharacterStarts: [Int]

  init(_ text: String) {
    var offset = 0
    var scalars: Set<Int> = []
    for scalar in text.unicodeScalars {
      scalars.insert(offset)
      offset += UTF16.width(scalar)
    }
    scalars.insert(offset)
    scalarStarts = scalars
    offset = 0
    var characters: [Int] = []
    for character in text {
      characters.append(offset)
      offset += character.utf16.count
    }
    characters.append(offset)
    sortedCharacterStarts = characters
    characterStarts = Set(characters)
  }

  /// The last grapheme boundary at or before an offset.
  func characterBoundary(atOrBefore offset: Int) -> Int {
    sortedCharacterStarts.last { $0 <= offset } ?? 0
  }

  /// The first grapheme boundary at or after an offset.
  func characterBoundary(atOrAfter offset: Int) -> Int {
    sortedCharacterStarts.first { $0 >= offset } ?? sortedCharacterStarts.last!
  }
}

extension String {
  /// The UTF-8 offset of an index.
  func utf8Offset(of index: Index) -> Int { utf8.distance(from: startIndex, to: index) }
}
