extension Transliteration {
  /// A Cyrillic schema of the generated tables: every letter's spelling, and the rules that
  /// look at the previous letter, the next letter, or a two-letter word ending.
  ///
  /// Each entry is four bytes padded with spaces; four spaces mean no rule and `.` a rule that
  /// writes nothing. Layout in `generate-transliteration-tables.py`.
  struct CyrillicSchema: Sendable {
    let text: StaticString
    let previousRows: Int
    let previousTable: Int
    let nextRows: Int
    let nextTable: Int
    let endingRows: Int
    let endingTable: Int

    init(_ text: StaticString, parts: [Int]) {
      self.text = text
      previousRows = parts[0]
      previousTable = parts[1]
      nextRows = parts[2]
      nextTable = parts[3]
      endingRows = parts[4]
      endingTable = parts[5]
    }

    /// The rule at entry `index` (in entries of four bytes from `offset`), or `nil` when there
    /// is none; written with `Output.append(entry:)`.
    @inline(__always)
    func rule(at offset: Int, _ index: Int) -> UnsafePointer<UInt8>? {
      let start = text.utf8Start + offset + index * 4
      return start[0] == 0x20 ? nil : start
    }

    /// The row number of `letter` in a table of rules, 0 for none.
    @inline(__always)
    func row(at offset: Int, _ letter: Int) -> Int {
      Int(text.utf8Start[offset + letter] &- 0x30)
    }

    /// Writes a word's letters (indices in the table's letter order).
    func write(_ word: UnsafeBufferPointer<UInt8>, into output: inout Output) {
      let letters = Transliteration.cyrillicLetterCount
      // A two-letter ending with a rule of its own is written by it, and the letters before
      // it are spelled as a word of their own (as iuliia does).
      var count = word.count
      var ending: UnsafePointer<UInt8>?
      if count > 2 {
        let row = row(at: endingRows, Int(word[count - 2]))
        if row > 0 {
          ending = rule(at: endingTable + (row - 1) * letters * 4, Int(word[count - 1]))
          if ending != nil { count -= 2 }
        }
      }
      var j = 0
      while j < count {
        let letter = Int(word[j])
        var spelled: UnsafePointer<UInt8>?
        let previousRow = row(at: previousRows, letter)
        if previousRow > 0 {
          let previous = j > 0 ? Int(word[j - 1]) : letters
          spelled = rule(at: previousTable + (previousRow - 1) * (letters + 1) * 4, previous)
        }
        if spelled == nil {
          let nextRow = row(at: nextRows, letter)
          if nextRow > 0 {
            let next = j + 1 < count ? Int(word[j + 1]) : letters
            spelled = rule(at: nextTable + (nextRow - 1) * (letters + 1) * 4, next)
          }
        }
        if let spelled = spelled ?? rule(at: 0, letter) { output.append(entry: spelled) }
        j += 1
      }
      if let ending { output.append(entry: ending) }
    }
  }

  /// The letter index (0-based) of a Cyrillic scalar, or `nil`.
  @inline(__always)
  static func cyrillicLetter(_ scalar: UInt32) -> UInt8? {
    switch scalar {
    case 0x0400...0x045F:
      let code = cyrillicLetters.utf8Start[Int(scalar - 0x0400)] &- 0x30
      return code == 0 ? nil : code - 1
    case 0x0490, 0x0491: return ghe
    default: return nil
    }
  }

  // Letters whose combining forms the reader composes.
  static let cyrillicE: UInt8 = 5  // е
  static let cyrillicYo: UInt8 = 6  // ё
  static let cyrillicI: UInt8 = 9  // и
  static let cyrillicShortI: UInt8 = 10  // й
  static let cyrillicU: UInt8 = 20  // у
  static let cyrillicHardSign: UInt8 = 27  // ъ
  static let cyrillicYery: UInt8 = 28  // ы
  static let cyrillicReversedE: UInt8 = 30  // э
  static let ukrainianYe: UInt8 = 33  // є
  static let ukrainianI: UInt8 = 34  // і
  static let ukrainianYi: UInt8 = 35  // ї
  static let shortU: UInt8 = 36  // ў
  static let ghe: UInt8 = 37  // ґ

  /// Writes a Cyrillic word starting at `start` and returns the index after it.
  ///
  /// The word's letters are read first (a combining breve or diaeresis composes `й ў ё ї`;
  /// other marks are dropped; an apostrophe between letters, as Ukrainian writes it, is
  /// dropped), then spelled by the variant's schema: Russian BGN/PCGN, Wikipedia with `-ий`
  /// as `-i`, scholarly; or for a Ukrainian field KMU 2010, BGN/PCGN, scholarly.
  static func writeCyrillic(
    _ field: UnsafeBufferPointer<UInt8>, at start: Int, variant: Variant, shape: Shape,
    word: inout [UInt8], into output: inout Output
  ) -> Int {
    word.removeAll(keepingCapacity: true)
    var i = start
    while i < field.count {
      let (scalar, length) = decode(field, at: i)
      if let letter = cyrillicLetter(scalar) {
        word.append(letter)
        i &+= length
        continue
      }
      guard !word.isEmpty else { break }
      if (0x0300...0x036F).contains(scalar) {
        let last = word.count - 1
        switch (scalar, word[last]) {
        case (0x0306, cyrillicI): word[last] = cyrillicShortI
        case (0x0306, cyrillicU): word[last] = shortU
        case (0x0308, cyrillicE): word[last] = cyrillicYo
        case (0x0308, ukrainianI): word[last] = ukrainianYi
        default: break
        }
        i &+= length
        continue
      }
      if scalar == 0x27 || scalar == 0x2019 || scalar == 0x02BC, i + length < field.count,
        cyrillicLetter(decode(field, at: i + length).0) != nil
      {
        i &+= length
        continue
      }
      break
    }
    let schemaIndex: Int
    switch variant {
    case .primary, .plainU: schemaIndex = 0
    case .secondary: schemaIndex = 1
    case .tertiary: schemaIndex = 2
    }
    let schema = cyrillicSchemas[schemaIndex + (shape.isUkrainian ? 3 : 0)]
    word.withUnsafeBufferPointer { letters in
      schema.write(letters, into: &output)
    }
    return i
  }

  /// Reads a field of Cyrillic letters and ASCII alone into `units` (a letter as its index,
  /// an ASCII byte as itself plus 0x80), so that its three schemas read it once. Returns
  /// whether the field is Ukrainian (`і ї є ґ` and none of `ы э ё ъ`), or `nil` for a field
  /// with anything else, such as combining marks or an apostrophe inside a word, which the
  /// general pass handles.
  static func readCyrillicField(
    _ field: UnsafeBufferPointer<UInt8>, into units: inout [UInt8]
  ) -> Bool? {
    units.removeAll(keepingCapacity: true)
    var ukrainianLetters = false
    var russianLetters = false
    var i = 0
    while i < field.count {
      let byte = field[i]
      if byte < 0x80 {
        // An apostrophe inside a word is dropped by the general pass.
        if byte == 0x27 && units.last.map({ $0 < 0x80 }) == true && i + 1 < field.count
          && field[i + 1] >= 0x80
        {
          return nil
        }
        units.append(0x80 | byte)
        i &+= 1
        continue
      }
      let (scalar, length) = decode(field, at: i)
      guard let letter = cyrillicLetter(scalar) else { return nil }
      switch letter {
      case ukrainianI, ukrainianYi, ukrainianYe, ghe: ukrainianLetters = true
      case cyrillicYo, cyrillicYery, cyrillicHardSign, cyrillicReversedE: russianLetters = true
      default: break
      }
      units.append(letter)
      i &+= length
    }
    return ukrainianLetters && !russianLetters
  }

  /// Writes a field read by `readCyrillicField(_:into:)` in its three schemas.
  static func writeCyrillicField(
    _ units: UnsafeBufferPointer<UInt8>, isUkrainian: Bool, into spellings: inout Spellings
  ) {
    let capacity = 4 &* units.count &+ 16  // at most four letters for each Cyrillic letter
    if spellings.scratch.count < capacity {
      spellings.scratch = [UInt8](repeating: 0, count: max(capacity, 2 * spellings.scratch.count))
    }
    var scratch = spellings.scratch
    spellings.scratch = []
    defer { spellings.scratch = scratch }
    let first = spellings.count
    scratch.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for schemaIndex in 0..<3 {
        let schema = cyrillicSchemas[schemaIndex + (isUkrainian ? 3 : 0)]
        var output = Output(base: base, capacity: capacity)
        var k = 0
        while k < units.count {
          let unit = units[k]
          if unit >= 0x80 {
            let byte = unit & 0x7F
            output.append(byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0))
            k += 1
            continue
          }
          var end = k + 1
          while end < units.count && units[end] < 0x80 { end += 1 }
          schema.write(UnsafeBufferPointer(rebasing: units[k..<end]), into: &output)
          k = end
        }
        spellings.commit(output.bytes, first: first)
      }
    }
  }
}
