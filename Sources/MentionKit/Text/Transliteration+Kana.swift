extension Transliteration {
  /// The row of a kana in the kana tables: hiragana and katakana share one (`か` and `カ` are
  /// both 0x13); `nil` for a scalar that is no kana with a spelling of its own.
  @inline(__always)
  static func kanaIndex(_ scalar: UInt32) -> Int? {
    switch scalar {
    case 0x3041...0x3096: return Int(scalar - 0x3041)
    case 0x30A1...0x30F6: return Int(scalar - 0x30A1)
    case 0x30F7...0x30FA: return 0x56 + Int(scalar - 0x30F7)
    default: return nil
    }
  }

  /// The column of a small kana in the digraph table (`ぁ ぃ ぅ ぇ ぉ ゃ ゅ ょ ゎ`), or `nil`.
  @inline(__always)
  static func smallKanaColumn(_ index: Int) -> Int? {
    switch index {
    case 0x00: return 0
    case 0x02: return 1
    case 0x04: return 2
    case 0x06: return 3
    case 0x08: return 4
    case 0x42: return 5
    case 0x44: return 6
    case 0x46: return 7
    case 0x4D: return 8
    default: return nil
    }
  }

  /// The row of `っ` (and `ッ`), the sokuon.
  static let sokuonIndex = 0x22
  /// The row of `う` (and `ウ`) and of `お` (and `オ`), which lengthen a vowel before them.
  static let uIndex = 0x05
  static let oIndex = 0x09

  /// Writes a run of kana starting at `start` in modified Hepburn, and returns the index after
  /// it.
  ///
  /// Digraphs are one syllable (`きゃ` kya, `しゃ` sha, `ちゃ` cha, `じゃ` ja, `ファ` fa); `っ`
  /// doubles the next consonant (`っち` tchi) and is dropped before a vowel or at the end; `ん`
  /// is `n` everywhere, without an apostrophe. The primary spelling drops long vowels as
  /// passports do (`おう` `おお` `うう` and `ー` lengthen the vowel before them: `さとう`
  /// sato, `コーヒー` kohi); the others write each kana (`satou`, and `ー` repeats the vowel
  /// before it: `koohii`).
  static func writeKana(
    _ field: UnsafeBufferPointer<UInt8>, at start: Int, variant: Variant,
    into output: inout Output
  ) -> Int {
    let dropsLongVowels = variant == .primary || variant == .tertiary
    var sokuon = false
    var lastVowel: UInt8 = 0
    var i = start
    while i < field.count && field[i] == 0xE3 {
      let (scalar, length) = decode(field, at: i)
      if scalar == 0x30FC {
        if !dropsLongVowels && lastVowel != 0 { output.append(lastVowel) }
        i &+= length
        continue
      }
      guard let index = kanaIndex(scalar) else { break }
      i &+= length
      if index == sokuonIndex {
        sokuon = true
        continue
      }
      var spelling = entry(kanaMonographs, at: index * 3, width: 3)
      if i < field.count && field[i] == 0xE3 {
        let (next, nextLength) = decode(field, at: i)
        if let nextIndex = kanaIndex(next), let column = smallKanaColumn(nextIndex) {
          let digraph = entry(kanaDigraphs, at: (index * 9 + column) * 3, width: 3)
          if !digraph.isEmpty {
            spelling = digraph
            i &+= nextLength
          }
        }
      }
      if dropsLongVowels && spelling.count == 1
        && ((index == uIndex && (lastVowel == UInt8(ascii: "o") || lastVowel == UInt8(ascii: "u")))
          || (index == oIndex && lastVowel == UInt8(ascii: "o")))
      {
        continue
      }
      if sokuon {
        sokuon = false
        let first = spelling[0]
        if !isVowel(first) && first != UInt8(ascii: "n") {
          output.append(first == UInt8(ascii: "c") ? UInt8(ascii: "t") : first)
        }
      }
      output.append(spelling)
      let last = spelling[spelling.count - 1]
      lastVowel = isVowel(last) ? last : 0
    }
    return i
  }

  /// Whether an ASCII letter is one of `a e i o u`.
  @inline(__always)
  static func isVowel(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"),
      UInt8(ascii: "u"):
      return true
    default: return false
    }
  }
}
