/// Terminal column widths, from a table generated from the Unicode data
/// (`make-width-table.py`).
///
/// ```swift
/// DisplayWidth.of("José")    // 4
/// DisplayWidth.of("日本")     // 4
/// DisplayWidth.of("👍🏽")     // 2
/// ```
enum DisplayWidth {
  /// The columns a scalar takes on its own: 0, 1 or 2 (control characters: 0).
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if value < 0xA0 { return 0 }
    if value < 0x300 { return 1 }
    if contains(DisplayWidthTable.zero, value) { return 0 }
    if contains(DisplayWidthTable.wide, value) { return 2 }
    return 1
  }

  /// The columns a grapheme cluster takes: its first scalar's width, made 2 by an emoji
  /// presentation selector (U+FE0F) or a regional-indicator pair (a flag), and 1 by a text
  /// presentation selector (U+FE0E). A cluster of only zero-width scalars takes 1 column, as
  /// terminals draw a lone combining mark on its own cell.
  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x7F && scalars.count == 1 { return first.value < 0x20 ? 0 : 1 }
    var width = of(first)
    var regionalIndicators = 0
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0F: width = 2
      case 0xFE0E: width = 1
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      default: break
      }
    }
    if regionalIndicators >= 2 { width = 2 }
    if width == 0 { width = first.value < 0x20 || (0x7F..<0xA0).contains(first.value) ? 0 : 1 }
    return width
  }

  /// The columns a string takes.
  static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  private static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count / 2
    while low < high {
      let middle = (low + high) / 2
      if table[middle * 2 + 1] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < table.count / 2 && table[low * 2] <= value
  }
}
