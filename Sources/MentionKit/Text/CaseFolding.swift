/// Unicode's full case folding (CaseFolding.txt, statuses C and F), for ``HandleKey``.
///
/// Case folding, not lowercasing, is what makes two strings equal "up to case": it maps final
/// sigma `ς` and capital `Σ` both to `σ`, `ß` and `ẞ` to `ss`, long `ſ` to `s`, and the
/// Cherokee small letters to their capitals, none of which lowercasing unifies. It folds
/// nothing else: no diacritics, widths or look-alikes. The data is generated offline
/// (`generate-case-folding-table.py`, into `CaseFoldingTable.generated.swift`).
enum CaseFolding {
  /// Whether case folding changes a scalar: inline for ASCII, a bit table for the rest of the
  /// Basic Multilingual Plane, and a search of U+10400–U+1E921 (Deseret to Adlam), the only
  /// scalars past it that fold.
  @inline(__always)
  static func changes(_ v: UInt32) -> Bool {
    if v < 0x80 { return v &- 0x41 < 26 }
    if v < 0x1_0000 {
      return bmpBits.withUnsafeBufferPointer { $0[Int(v >> 6)] >> UInt64(v & 63) & 1 != 0 }
    }
    guard (0x1_0400..<0x1_E922).contains(v) else { return false }
    return position(of: v) != nil
  }

  /// Whether case folding leaves a string as it is.
  @inline(__always)
  static func isFolded(_ text: some StringProtocol) -> Bool {
    for scalar in text.unicodeScalars where changes(scalar.value) { return false }
    return true
  }

  /// The string case-folded, scalar by scalar.
  ///
  /// - Complexity: O(*n*) in the length of the string.
  static func folded(_ text: some StringProtocol) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard changes(scalar.value), let index = position(of: scalar.value) else {
        result.append(scalar)
        continue
      }
      let start = Int(mappingStarts[index])
      let end = Int(mappingStarts[index + 1])
      for value in mappings[start..<end] {
        // The table holds scalar values only.
        result.append(Unicode.Scalar(value).unsafelyUnwrapped)
      }
    }
    return String(result)
  }

  /// The index of a scalar in ``scalars``, if folding changes it.
  private static func position(of v: UInt32) -> Int? {
    var low = 0
    var high = scalars.count
    while low < high {
      let middle = (low + high) / 2
      if scalars[middle] < v { low = middle + 1 } else { high = middle }
    }
    return low < scalars.count && scalars[low] == v ? low : nil
  }

  /// One bit per scalar of the Basic Multilingual Plane: set when folding changes it. Built on
  /// first use from ``scalars``.
  private static let bmpBits: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 0x1_0000 / 64)
    for v in scalars where v < 0x1_0000 { bits[Int(v >> 6)] |= 1 << UInt64(v & 63) }
    return bits
  }()
}
