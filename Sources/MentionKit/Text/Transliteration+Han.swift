extension Transliteration {
  /// The toneless pinyin of a Han scalar (its most common reading, `ü` written `v`), or `nil`
  /// outside the table (U+3400...U+4DBF, U+4E00...U+9FFF) or without a reading.
  @inline(__always)
  static func hanSyllable(_ scalar: UInt32) -> UnsafeBufferPointer<UInt8>? {
    let index: Int
    if hanPlaneB.contains(scalar) {
      index = hanPlaneA.count + Int(scalar - hanPlaneB.lowerBound)
    } else if hanPlaneA.contains(scalar) {
      index = Int(scalar - hanPlaneA.lowerBound)
    } else {
      return nil
    }
    let code = hanReadings.utf8Start + 2 * index
    let number = Int(code[0] &- 0x30) << 6 | Int(code[1] &- 0x30)
    guard number > 0 else { return nil }
    return entry(hanSyllables, at: (number - 1) * 6, width: 6)
  }

  /// Writes a run of Han characters with readings starting at `start`, and returns the index
  /// after it.
  ///
  /// The primary spelling writes the run as one word, except that a field that is a single
  /// run is split after its surname (`li yunlong`), and a run beside letters of another kind
  /// is set apart by spaces. The secondary and `plainU` spellings run the syllables together
  /// and drop the separators between two runs (`shanxiagan`). The tertiary spelling of a
  /// field of Han alone writes the initials (`lyl`).
  static func writeHan(
    _ field: UnsafeBufferPointer<UInt8>, at start: Int, variant: Variant, shape: Shape,
    hanEnd: inout Int, into output: inout Output
  ) -> Int {
    let initials = variant == .tertiary && shape.isHanOnly
    let runTogether = variant == .secondary || variant == .plainU
    let spaced = !initials && !runTogether
    if runTogether && hanEnd >= 0 {
      output.count = hanEnd
    }
    if spaced && endsInLetter(output) { output.append(0x20) }
    var surnameLength = 0
    if spaced && shape.isSingleHanName && shape.hanCount > 1 {
      surnameLength = shape.hanCount > 2 && isCompoundSurname(field, at: start) ? 2 : 1
    }
    var i = start
    var count = 0
    while i < field.count && field[i] >= 0xE0 {
      let (scalar, length) = decode(field, at: i)
      guard let syllable = hanSyllable(scalar) else { break }
      if count == surnameLength && count > 0 { output.append(0x20) }
      if initials {
        output.append(syllable[0])
      } else if variant == .plainU {
        for byte in syllable { output.append(byte == UInt8(ascii: "v") ? UInt8(ascii: "u") : byte) }
      } else {
        output.append(syllable)
      }
      count += 1
      i &+= length
    }
    if spaced && startsLetter(field, at: i) { output.append(0x20) }
    hanEnd = output.count
    return i
  }

  /// Whether the two Han characters at `start` are a two-character surname (`欧阳 司马 诸葛`
  /// and the other compound surnames still common, in simplified and traditional forms).
  static func isCompoundSurname(_ field: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    let (first, firstLength) = decode(field, at: start)
    guard start + firstLength < field.count else { return false }
    let (second, _) = decode(field, at: start + firstLength)
    let pair = UInt64(first) << 32 | UInt64(second)
    return compoundSurnames.contains(pair)
  }

  /// Two-character surnames, each as the first scalar shifted left by 32 bits, or-ed with the
  /// second.
  static let compoundSurnames: Set<UInt64> = {
    let names = [
      "欧阳", "歐陽", "司马", "司馬", "上官", "诸葛", "諸葛", "东方", "東方", "皇甫", "尉迟", "尉遲",
      "公孙", "公孫", "慕容", "长孙", "長孫", "宇文", "司徒", "夏侯", "令狐", "端木", "轩辕", "軒轅",
      "南宫", "南宮", "西门", "西門", "独孤", "獨孤", "澹台", "澹臺", "呼延", "万俟", "萬俟",
    ]
    var pairs = Set<UInt64>()
    for name in names {
      let scalars = Array(name.unicodeScalars)
      pairs.insert(UInt64(scalars[0].value) << 32 | UInt64(scalars[1].value))
    }
    return pairs
  }()
}
