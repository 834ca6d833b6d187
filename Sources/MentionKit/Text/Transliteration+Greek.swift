extension Transliteration {
  /// A Greek scalar's base letter (1 alpha ... 24 omega, final sigma as sigma), plus 32 when
  /// it carries a diaeresis; 0 for a scalar that is no Greek letter.
  @inline(__always)
  static func greekLetter(_ scalar: UInt32) -> UInt8 {
    let index: Int
    switch scalar {
    case 0x0370...0x03FF: index = Int(scalar - 0x0370)
    case 0x1F00...0x1FFF: index = 0x90 + Int(scalar - 0x1F00)
    default: return 0
    }
    return greekLetters.utf8Start[index] &- 0x30
  }

  // Base letters the rules name.
  static let greekAlpha: UInt8 = 1
  static let greekGamma: UInt8 = 3
  static let greekEpsilon: UInt8 = 5
  static let greekEta: UInt8 = 7
  static let greekKappa: UInt8 = 10
  static let greekMu: UInt8 = 12
  static let greekNu: UInt8 = 13
  static let greekXi: UInt8 = 14
  static let greekOmicron: UInt8 = 15
  static let greekPi: UInt8 = 16
  static let greekTau: UInt8 = 19
  static let greekUpsilon: UInt8 = 20
  static let greekChi: UInt8 = 22
  static let greekDiaeresis: UInt8 = 32

  /// Whether a base letter is a vowel or a voiced consonant (`β γ δ ζ λ μ ν ρ`), before which
  /// `αυ ευ ηυ` are `av ev iv` (before the rest and at a word's end, `af ef if`).
  @inline(__always)
  static func isGreekVoiced(_ letter: UInt8) -> Bool {
    switch letter {
    case 1, 5, 7, 9, 15, 20, 24: return true  // α ε η ι ο υ ω
    case 2, 3, 4, 6, 11, 12, 13, 17: return true  // β γ δ ζ λ μ ν ρ
    default: return false
    }
  }

  /// Writes a Greek word starting at `start` by ELOT 743, and returns the index after it.
  ///
  /// Accents are dropped; a diaeresis keeps its vowel out of a digraph (`ϊ`, `ϋ`). Digraphs:
  /// `ου` ou; `αυ ευ ηυ` av ev iv, or af ef if before a voiceless consonant or at the end;
  /// `μπ` b at a word's start, mb inside; `ντ` d at the start, nt inside; `γγ` ng; `γκ` g at
  /// the start, gk inside; `γξ` nx; `γχ` nch. Single letters: `θ` th, `χ` ch, `ψ` ps, `ξ` x,
  /// `φ` f, `β` v, `η ι υ` i i y, `ω` o.
  static func writeGreek(
    _ field: UnsafeBufferPointer<UInt8>, at start: Int, word: inout [UInt8],
    into output: inout Output
  ) -> Int {
    word.removeAll(keepingCapacity: true)
    var i = start
    while i < field.count && field[i] >= 0x80 {
      let (scalar, length) = decode(field, at: i)
      if (0x0300...0x036F).contains(scalar) && !word.isEmpty {
        if scalar == 0x0308 { word[word.count - 1] |= greekDiaeresis }
        i &+= length
        continue
      }
      let letter = greekLetter(scalar)
      guard letter != 0 else { break }
      word.append(letter)
      i &+= length
    }
    word.withUnsafeBufferPointer { letters in
      writeGreekWord(letters, into: &output)
    }
    return i
  }

  /// Writes the base letters of one Greek word.
  static func writeGreekWord(_ word: UnsafeBufferPointer<UInt8>, into output: inout Output) {
    let count = word.count
    var j = 0
    while j < count {
      let letter = word[j] & 31
      // The next letter, 0 at the end; with its diaeresis bit.
      let next = j + 1 < count ? word[j + 1] : 0
      switch (letter, next) {
      case (greekAlpha, greekUpsilon), (greekEpsilon, greekUpsilon), (greekEta, greekUpsilon):
        output.append(
          letter == greekAlpha
            ? UInt8(ascii: "a") : letter == greekEpsilon ? UInt8(ascii: "e") : UInt8(ascii: "i"))
        let after = j + 2 < count ? word[j + 2] & 31 : 0
        output.append(isGreekVoiced(after) ? UInt8(ascii: "v") : UInt8(ascii: "f"))
        j += 2
      case (greekOmicron, greekUpsilon):
        output.append(UInt8(ascii: "o"), UInt8(ascii: "u"))
        j += 2
      case (greekMu, greekPi):
        if j > 0 { output.append(UInt8(ascii: "m")) }
        output.append(UInt8(ascii: "b"))
        j += 2
      case (greekNu, greekTau):
        if j == 0 {
          output.append(UInt8(ascii: "d"))
        } else {
          output.append(UInt8(ascii: "n"), UInt8(ascii: "t"))
        }
        j += 2
      case (greekGamma, greekGamma):
        output.append(UInt8(ascii: "n"), UInt8(ascii: "g"))
        j += 2
      case (greekGamma, greekKappa):
        output.append(UInt8(ascii: "g"))
        if j > 0 { output.append(UInt8(ascii: "k")) }
        j += 2
      case (greekGamma, greekXi), (greekGamma, greekChi):
        output.append(UInt8(ascii: "n"))
        j += 1
      default:
        output.append(entry(greekRomanizations, at: (Int(letter) - 1) * 4, width: 4))
        j += 1
      }
    }
  }
}
