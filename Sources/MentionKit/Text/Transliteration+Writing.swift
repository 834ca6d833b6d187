extension Transliteration {
  /// Writes one spelling of `field` to `output`.
  ///
  /// One pass: ASCII is copied lower-cased, each script's run is handed to its writer, and
  /// everything else is copied unchanged. `word` is scratch space for a word's letters.
  static func write(
    _ field: UnsafeBufferPointer<UInt8>, variant: Variant, shape: Shape, word: inout [UInt8],
    into output: inout Output
  ) {
    let initialsOnly = variant == .tertiary && shape.isHanOnly
    // Where the last Han run ended in the output, while only separators follow it (so a
    // run-together spelling can drop them); -1 otherwise.
    var hanEnd = -1
    var i = 0
    while i < field.count {
      let byte = field[i]
      if byte < 0x80 {
        if isSeparator(byte) {
          if !initialsOnly { output.append(byte) }
        } else {
          output.append(byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0))
          hanEnd = -1
        }
        i &+= 1
        continue
      }
      let (scalar, length) = decode(field, at: i)
      switch scalar {
      case 0xDC, 0xFC:
        output.append(UInt8(ascii: "u"), UInt8(ascii: "e"))
      case 0xD6, 0xF6, 0xD8, 0xF8:
        output.append(UInt8(ascii: "o"), UInt8(ascii: "e"))
      case 0xC4, 0xE4, 0xC6, 0xE6:
        output.append(UInt8(ascii: "a"), UInt8(ascii: "e"))
      case 0xC5, 0xE5:
        output.append(UInt8(ascii: "a"), UInt8(ascii: "a"))
      case 0xDF, 0x1E9E:
        output.append(UInt8(ascii: "s"), UInt8(ascii: "s"))
      case 0x0308 where i > 0 && takesUmlaut(field[i &- 1]):
        output.append(UInt8(ascii: "e"))
      case 0x030A where i > 0 && field[i &- 1] | 0x20 == UInt8(ascii: "a"):
        output.append(UInt8(ascii: "a"))
      case 0x3000, 0x30FB:
        if !initialsOnly { output.append(0x20) }
      case 0x0400...0x045F, 0x0490, 0x0491:
        i = writeCyrillic(
          field, at: i, variant: variant, shape: shape, word: &word, into: &output)
        hanEnd = -1
        continue
      case 0x0370...0x03FF where greekLetter(scalar) != 0,
        0x1F00...0x1FFF where greekLetter(scalar) != 0:
        i = writeGreek(field, at: i, word: &word, into: &output)
        hanEnd = -1
        continue
      case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC:
        i = writeKana(field, at: i, variant: variant, into: &output)
        hanEnd = -1
        continue
      default:
        if hanSyllable(scalar) != nil {
          i = writeHan(
            field, at: i, variant: variant, shape: shape, hanEnd: &hanEnd, into: &output)
          continue
        }
        output.append(UnsafeBufferPointer(rebasing: field[i..<(i &+ length)]))
        if !(0x0300...0x036F).contains(scalar) { hanEnd = -1 }
      }
      i &+= length
    }
  }

  /// Whether the last byte written is a word's letter (not a separator), so that a run of
  /// another script starts a new word.
  @inline(__always)
  static func endsInLetter(_ output: Output) -> Bool {
    guard let last = output.last else { return false }
    return !isSeparator(last)
  }

  /// Whether the scalar at `i` starts a word's letter (not a separator, not the end).
  @inline(__always)
  static func startsLetter(_ field: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    guard i < field.count else { return false }
    let byte = field[i]
    if byte < 0x80 { return !isSeparator(byte) }
    let (scalar, _) = decode(field, at: i)
    return scalar != 0x3000 && scalar != 0x30FB
  }

  /// A fixed-width entry of a table, without its padding spaces.
  @inline(__always)
  static func entry(
    _ table: StaticString, at offset: Int, width: Int
  ) -> UnsafeBufferPointer<UInt8> {
    let start = table.utf8Start + offset
    var length = 0
    while length < width && start[length] != 0x20 { length += 1 }
    return UnsafeBufferPointer(start: start, count: length)
  }
}

/// A spelling being written: bytes in scratch memory of a capacity no spelling exceeds (three
/// bytes per byte of the field, plus 16; see `Transliteration.spellings(utf8:into:)`).
///
/// Appending past the capacity drops the byte rather than write out of bounds.
struct Output {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int
  var count = 0

  init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  /// The last byte written, if any.
  var last: UInt8? { count > 0 ? base[count - 1] : nil }

  /// The bytes written.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    guard count < capacity else { return }
    base[count] = byte
    count &+= 1
  }

  /// Appends two bytes.
  @inline(__always)
  mutating func append(_ first: UInt8, _ second: UInt8) {
    append(first)
    append(second)
  }

  /// Appends a few bytes (a table entry or a scalar), one by one: cheaper than a call to
  /// copy memory for so few.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { append(byte) }
  }

  /// Appends a Cyrillic schema's entry: up to four letters, ended by padding (a space) or by
  /// the `.` of a rule that writes nothing.
  @inline(__always)
  mutating func append(entry: UnsafePointer<UInt8>) {
    var k = 0
    while k < 4 && entry[k] > UInt8(ascii: ".") {
      append(entry[k])
      k &+= 1
    }
  }
}
