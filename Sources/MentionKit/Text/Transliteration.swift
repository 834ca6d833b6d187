/// Latin spellings of a field in another script or with letters a keyboard lacks, computed when
/// an item is indexed (never per keystroke).
///
/// Each spelling is indexed like a field: its later words are keys too. The rules, their
/// sources and their licences are in `Docs/Ranking.md` ("Cross-script matching"):
///
/// - Han: toneless pinyin, each character's most common reading, `ü` as `v`. A name gives its
///   spaced form (`李云龙` → `li yunlong`: the surname, then the given name as one word), its
///   run-together form (`liyunlong`) and its initials (`lyl`); a reading with `ü` adds the
///   run-together form with `u` (`吕` → `lv`, `lu`).
/// - Kana: modified Hepburn (`しゃ` sha, `っち` tchi, `ん` n), once with long vowels dropped as
///   passports write them (`さとう` sato, `コーヒー` kohi) and once kana by kana (`satou`,
///   `koohii`).
/// - Kanji in a Japanese name get their Chinese reading only: a Japanese reading cannot be
///   told from the characters, so an item supplies it as a search term (kana or romaji).
/// - Cyrillic: Russian BGN/PCGN (`Yuriy`), the Wikipedia style with a final `-ий` as `-i`
///   (`Yuri`, `Fyodor`) and the scholarly system in ASCII (`Jurij`); a field with `і ї є ґ` is
///   Ukrainian and gets KMU 2010 (`Yurii`), BGN/PCGN (`Yuriy`) and the scholarly system.
/// - Greek: ELOT 743 (`Σοφία` → `sofia`, `αυ` → `av`/`af`).
/// - German and Nordic: `ü ö ä` → `ue oe ae`, `ø` → `oe`, `å` → `aa`, precomposed or with a
///   combining mark; `ß` and `æ` alone need no spelling (the fold gives `ss` and `ae`).
///
/// Spellings are lowercase; letters no rule covers are copied unchanged (the index folds each
/// spelling as it folds a field).
enum Transliteration {
  /// The Latin spellings of `field` that differ from its plain fold, at most four (three for
  /// every script but Han with `ü`), without duplicates; empty when the field has none.
  ///
  /// ```swift
  /// Transliteration.spellings(of: "李云龙")  // ["li yunlong", "liyunlong", "lyl"]
  /// Transliteration.spellings(of: "Jürgen")  // ["juergen"]
  /// Transliteration.spellings(of: "Anna")    // []
  /// ```
  ///
  /// - Complexity: O(*n*) in the UTF-8 length of `field`.
  static func spellings(of field: String) -> [String] {
    var field = field
    var buffer = Spellings()
    field.withUTF8 { spellings(utf8: $0, into: &buffer) }
    return (0..<buffer.count).map { String(decoding: buffer[$0], as: UTF8.self) }
  }

  /// Appends the spellings of a field given as UTF-8 to a reusable buffer.
  ///
  /// A field with no byte at or above 0xC3 (ASCII, or punctuation of Latin-1) returns after one
  /// scan; so does a Latin field without `ü ö ä ß ø å æ`. Reuse one buffer
  /// (`Spellings.removeAll()`) to spell many fields without allocating.
  ///
  /// - Parameters:
  ///   - field: UTF-8 text; malformed sequences are copied, never read past the end.
  ///   - spellings: The buffer the spellings are appended to.
  /// - Complexity: O(*n*) in the number of bytes.
  static func spellings(utf8 field: UnsafeBufferPointer<UInt8>, into spellings: inout Spellings) {
    // ASCII is skipped eight bytes at a time, then the first byte at or above 0xC3 is found.
    let count = field.count
    var i = 0
    if let base = field.baseAddress {
      let raw = UnsafeRawPointer(base)
      while i &+ 8 <= count
        && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        i &+= 8
      }
    }
    while i < count && field[i] < 0xC3 { i &+= 1 }
    guard i < count else { return }
    let firstHighByte = field[i]
    // A field of Cyrillic and ASCII alone (most Cyrillic names) is read once, without the
    // general scan.
    if (0xD0...0xD3).contains(firstHighByte) {
      var units = spellings.word
      spellings.word = []
      defer { spellings.word = units }
      if let isUkrainian = readCyrillicField(field, into: &units) {
        units.withUnsafeBufferPointer { units in
          writeCyrillicField(units, isUkrainian: isUkrainian, into: &spellings)
        }
        return
      }
    }
    let shape = Shape(of: field)
    guard shape.scripts != 0 else { return }
    // No spelling is longer than three bytes per byte of the field, plus a few spaces: the
    // longest expansions are a Han character (3 bytes) as a syllable of up to 6 with a space
    // on each side, and a Cyrillic letter (2 bytes) as up to 4.
    let capacity = 3 &* field.count &+ 16
    if spellings.scratch.count < capacity {
      spellings.scratch = [UInt8](repeating: 0, count: max(capacity, 2 * spellings.scratch.count))
    }
    // The scratch arrays are moved out so that writing to them is no access to `spellings`.
    var scratch = spellings.scratch
    var word = spellings.word
    spellings.scratch = []
    spellings.word = []
    let first = spellings.count
    scratch.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for variant in Variant.allCases where shape.needs(variant) {
        var output = Output(base: base, capacity: capacity)
        write(field, variant: variant, shape: shape, word: &word, into: &output)
        spellings.commit(output.bytes, first: first)
      }
    }
    spellings.scratch = scratch
    spellings.word = word
  }

  /// Spellings as bytes in one buffer, with their ends.
  struct Spellings {
    /// Every spelling's UTF-8 bytes, one after the other.
    var bytes: [UInt8] = []
    /// The end offset in ``bytes`` of each spelling.
    var ends: [Int] = []
    /// Letters of the current word, reused between words.
    var word: [UInt8] = []
    /// The spelling being written, reused between spellings.
    var scratch: [UInt8] = []

    /// The number of spellings.
    var count: Int { ends.count }

    /// The bytes of the spelling at `index`.
    subscript(index: Int) -> ArraySlice<UInt8> {
      bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Removes every spelling, keeping the capacity.
    mutating func removeAll() {
      guard !ends.isEmpty else { return }
      bytes.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
    }

    /// Appends `new` as a spelling unless it is empty or repeats a spelling at or after
    /// `first`.
    mutating func commit(_ new: UnsafeBufferPointer<UInt8>, first: Int) {
      guard !new.isEmpty else { return }
      var index = first
      while index < ends.count {
        let lower = index == 0 ? 0 : ends[index - 1]
        if ends[index] - lower == new.count
          && bytes.withUnsafeBufferPointer({ all in
            var k = 0
            while k < new.count && all[lower &+ k] == new[k] { k &+= 1 }
            return k == new.count
          })
        {
          return
        }
        index += 1
      }
      bytes.append(contentsOf: new)
      ends.append(bytes.count)
    }
  }

  /// The ways a field is written, one per spelling.
  enum Variant: CaseIterable {
    /// Han spaced, kana with long vowels dropped, Cyrillic's first schema.
    case primary
    /// Han run together, kana kana by kana, Cyrillic's second schema.
    case secondary
    /// Han initials (in a field of Han alone), Cyrillic's scholarly schema.
    case tertiary
    /// Han run together with `u` for `ü`.
    case plainU
  }

  /// What a field holds, found in one scan.
  struct Shape {
    static let latin: UInt8 = 1
    static let han: UInt8 = 2
    static let kana: UInt8 = 4
    static let cyrillic: UInt8 = 8
    static let greek: UInt8 = 16

    /// The scripts (and Latin letters) that have spellings.
    var scripts: UInt8 = 0
    /// Whether the Cyrillic is Ukrainian (`і ї є ґ` and none of `ы э ё ъ`).
    var isUkrainian = false
    /// Whether every letter is a Han character with a reading.
    var isHanOnly = true
    /// The number of Han characters with a reading.
    var hanCount = 0
    /// The number of runs of Han characters.
    var hanRuns = 0
    /// Whether a Han reading has `ü` (written `v`).
    var hasUmlautSyllable = false

    /// Whether the field is one run of Han and nothing else (so it splits into surname and
    /// given name).
    var isSingleHanName: Bool { isHanOnly && hanRuns == 1 }

    /// Whether a variant can give a spelling the ones before it do not.
    func needs(_ variant: Variant) -> Bool {
      switch variant {
      case .primary: return true
      case .secondary: return scripts & (Shape.han | Shape.kana | Shape.cyrillic) != 0
      case .tertiary:
        return scripts & Shape.cyrillic != 0
          || (scripts & Shape.han != 0 && isHanOnly && hanCount > 1)
      case .plainU: return scripts & Shape.han != 0 && hasUmlautSyllable
      }
    }

    init(of field: UnsafeBufferPointer<UInt8>) {
      var ukrainianLetters = false
      var russianLetters = false
      var inHanRun = false
      var previousByte: UInt8 = 0
      var i = 0
      while i < field.count {
        let byte = field[i]
        if byte < 0x80 {
          if Transliteration.isSeparator(byte) {
            inHanRun = false
          } else {
            isHanOnly = false
            inHanRun = false
          }
          previousByte = byte
          i &+= 1
          continue
        }
        let (scalar, length) = Transliteration.decode(field, at: i)
        var isHan = false
        switch scalar {
        case 0x00C0...0x02FF where !Transliteration.isSpelledLatin(scalar):
          // Most Latin letters with diacritics: nothing to spell, one comparison.
          break
        case 0xC4, 0xD6, 0xDC, 0xE4, 0xF6, 0xFC, 0xC5, 0xE5, 0xD8, 0xF8:
          // ß and æ need no spelling of their own: they fold to ss and ae.
          scripts |= Shape.latin
        case 0x0308 where Transliteration.takesUmlaut(previousByte),
          0x030A where previousByte | 0x20 == UInt8(ascii: "a"):
          scripts |= Shape.latin
        case 0x0300...0x036F:
          break
        case 0x0400...0x045F, 0x0490, 0x0491:
          scripts |= Shape.cyrillic
          switch scalar {
          case 0x0456, 0x0457, 0x0454, 0x0491, 0x0406, 0x0407, 0x0404, 0x0490:
            ukrainianLetters = true
          case 0x044B, 0x044D, 0x0451, 0x044A, 0x042B, 0x042D, 0x0401, 0x042A:
            russianLetters = true
          default: break
          }
        case 0x0370...0x03FF, 0x1F00...0x1FFF:
          if Transliteration.greekLetter(scalar) != 0 { scripts |= Shape.greek }
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC:
          scripts |= Shape.kana
        case 0x3000, 0x30FB:
          inHanRun = false
        default:
          if let syllable = Transliteration.hanSyllable(scalar) {
            scripts |= Shape.han
            isHan = true
            hanCount += 1
            if !inHanRun { hanRuns += 1 }
            if syllable.contains(UInt8(ascii: "v")) { hasUmlautSyllable = true }
          }
        }
        if isHan {
          inHanRun = true
        } else if !(0x0300...0x036F).contains(scalar) && scalar != 0x3000 && scalar != 0x30FB {
          isHanOnly = false
          inHanRun = false
        }
        previousByte = 0
        i &+= length
      }
      isUkrainian = ukrainianLetters && !russianLetters
    }
  }

  /// Whether a Latin letter has a spelling of its own (`ä ö ü å ø` and their capitals).
  @inline(__always)
  static func isSpelledLatin(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xC4, 0xD6, 0xDC, 0xE4, 0xF6, 0xFC, 0xC5, 0xE5, 0xD8, 0xF8: return true
    default: return false
    }
  }

  /// Whether an ASCII byte separates words in the index (space `-` `_` `.` `'` `,` `(` `)` `/`
  /// `@`).
  @inline(__always)
  static func isSeparator(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x2D, 0x5F, 0x2E, 0x27, 0x2C, 0x28, 0x29, 0x2F, 0x40: return true
    default: return false
    }
  }

  /// Whether a combining diaeresis after this ASCII byte is a German umlaut (`u o a`).
  @inline(__always)
  static func takesUmlaut(_ byte: UInt8) -> Bool {
    switch byte | 0x20 {
    case UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "a"): return true
    default: return false
    }
  }

  /// The scalar at `i` and its length; a truncated or malformed
  /// sequence reads as its lead byte alone, with scalar 0xFFFD.
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let lead = bytes[i]
    // Two-byte sequences (Latin, Greek, Cyrillic) first.
    if lead >= 0xC2 && lead < 0xE0 && i &+ 1 < bytes.count {
      let next = bytes[i &+ 1]
      if next & 0xC0 == 0x80 { return (UInt32(lead & 0x1F) << 6 | UInt32(next & 0x3F), 2) }
    }
    return decodeAny(bytes, at: i)
  }

  /// `decode(_:at:)` for any lead byte.
  static func decodeAny(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let lead = bytes[i]
    let length: Int
    var scalar: UInt32
    if lead < 0x80 {
      return (UInt32(lead), 1)
    } else if lead < 0xC0 {
      return (0xFFFD, 1)
    } else if lead < 0xE0 {
      length = 2
      scalar = UInt32(lead & 0x1F)
    } else if lead < 0xF0 {
      length = 3
      scalar = UInt32(lead & 0x0F)
    } else {
      length = 4
      scalar = UInt32(lead & 0x07)
    }
    guard i &+ length <= bytes.count else { return (0xFFFD, 1) }
    for k in 1..<length {
      let byte = bytes[i &+ k]
      guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    return (scalar, length)
  }
}
