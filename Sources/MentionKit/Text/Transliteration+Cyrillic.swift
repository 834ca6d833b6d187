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

    /// The rule at entry `index` (in entries of four bytes from `offset`), or `nil` when empty.
    @inline(__always)
    func rule(at offset: Int, _ index: Int) -> UnsafeBufferPointer<UInt8>? {
      let start = text.utf8Start + offset + index * 4
      if start[0] == 0x20 { return nil }
      if start[0] == UInt8(ascii: ".") { return UnsafeBufferPointer(start: start, count: 0) }
      return Transliteration.entry(text, at: offset + index * 4, width: 4)
    }

    /// The row number of `letter` in a table of rules, 0 for none.
    @inline(__always)
    func row(at offset: Int, _ letter: Int) -> Int {
      Int(text.utf8Start[offset + letter] &- 0x30)
    }

    /// Writes a word's letters (indices in the table's letter order).
    func write(_ word: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
      let letters = Transliteration.cyrillicLetterCount
      // A two-letter ending with a rule of its own is written by it, and the letters before
      // it are spelled as a word of their own (as iuliia does).
      var count = word.count
      var ending: UnsafeBufferPointer<UInt8>?
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
        var spelled: UnsafeBufferPointer<UInt8>?
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
        if let spelled = spelled ?? rule(at: 0, letter) { output.append(contentsOf: spelled) }
        j += 1
      }
      if let ending { output.append(contentsOf: ending) }
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
    into spellings: inout Spellings
  ) -> Int {
    spellings.word.removeAll(keepingCapacity: true)
    var i = start
    while i < field.count {
      let (scalar, length) = decode(field, at: i)
      if let letter = cyrillicLetter(scalar) {
        spellings.word.append(letter)
        i &+= length
        continue
      }
      guard !spellings.word.isEmpty else { break }
      if (0x0300...0x036F).contains(scalar) {
        let last = spellings.word.count - 1
        switch (scalar, spellings.word[last]) {
        case (0x0306, cyrillicI): spellings.word[last] = cyrillicShortI
        case (0x0306, cyrillicU): spellings.word[last] = shortU
        case (0x0308, cyrillicE): spellings.word[last] = cyrillicYo
        case (0x0308, ukrainianI): spellings.word[last] = ukrainianYi
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
    spellings.word.withUnsafeBufferPointer { word in
      schema.write(word, into: &spellings.bytes)
    }
    return i
  }
}
