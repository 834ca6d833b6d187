/// Walks a text's UTF-8 forward, counting UTF-16 code units and Unicode scalars, to turn the
/// UTF-16 offsets of entities (in text order) into byte and scalar offsets in one pass.
struct OffsetCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var byte = 0
  private(set) var utf16 = 0
  private(set) var scalar = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Moves to a UTF-16 offset (or the end of the text) and returns the byte and scalar offsets
  /// there, and whether the offset was reached exactly (not past the end of the text nor inside
  /// a surrogate pair); an offset behind the cursor starts again from the beginning.
  mutating func advance(toUTF16 target: Int) -> (byte: Int, scalar: Int, isExact: Bool) {
    if target < utf16 { (byte, utf16, scalar) = (0, 0, 0) }
    while utf16 < target && byte < bytes.count {
      let lead = bytes[byte]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      byte += length
      utf16 += length == 4 ? 2 : 1
      scalar += 1
    }
    byte = min(byte, bytes.count)
    return (byte, scalar, utf16 == target)
  }
}
