/// The character classes of twitter-text's mention, hashtag and URL patterns, answered from a
/// table for the Basic Multilingual Plane (built once, on first use) and computed for the rest.
enum TwitterCharacters {
  /// A letter or combining mark: the character a hashtag must contain.
  static let hashtagAlpha: UInt8 = 1 << 0
  /// A decimal digit of any script, or one of the special hashtag characters.
  static let hashtagOther: UInt8 = 1 << 1
  /// A Latin accented letter or combining diacritic: invalidates a mention it follows.
  static let latinAccent: UInt8 = 1 << 2
  /// Whitespace as twitter-text defines it (replies, cashtags).
  static let space: UInt8 = 1 << 3
  /// A character that may not appear in a domain label (punctuation, spaces, bidi controls).
  static let invalidDomain: UInt8 = 1 << 4
  /// Cyrillic, allowed in URL paths.
  static let cyrillic: UInt8 = 1 << 5

  /// Letters, marks, digits and specials: the characters a hashtag body is made of.
  static let hashtagAlphanumeric: UInt8 = hashtagAlpha | hashtagOther

  /// Flags for every BMP scalar (built with ``ChatScanner/bmpCategories``, see `BMPTables`).
  static let bmp: [UInt8] = BMPTables.shared.twitterFlags

  /// The flags of any scalar value.
  @inline(__always)
  static func flags(_ value: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> UInt8 {
    if value < 0x1_0000 { return table[Int(value)] }
    guard let scalar = Unicode.Scalar(value) else { return 0 }
    return computeFlags(scalar)
  }

  static func computeFlags(_ scalar: Unicode.Scalar) -> UInt8 {
    computeFlags(scalar, generalCategory: scalar.properties.generalCategory)
  }

  /// The flags of a scalar whose general category is known.
  static func computeFlags(
    _ scalar: Unicode.Scalar, generalCategory: Unicode.GeneralCategory
  ) -> UInt8 {
    let value = scalar.value
    var flags: UInt8 = 0
    switch generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      flags |= hashtagAlpha
    case .decimalNumber:
      flags |= hashtagOther
    default:
      break
    }
    switch value {
    case 0x5F, 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B, 0x309C,
      0x30A0, 0x30FB, 0x3003, 0x0F0B, 0x0F0C, 0x00B7:
      flags |= hashtagOther
    default:
      break
    }
    if isLatinAccent(value) { flags |= latinAccent }
    if isSpace(value) { flags |= space }
    if isInvalidInDomain(value) { flags |= invalidDomain }
    if (0x0400...0x04FF).contains(value) { flags |= cyrillic }
    return flags
  }

  static func isLatinAccent(_ value: UInt32) -> Bool {
    switch value {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259,
      0x25B, 0x263, 0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
      return true
    default:
      return false
    }
  }

  static func isSpace(_ value: UInt32) -> Bool {
    switch value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F,
      0x205F, 0x3000:
      return true
    default:
      return false
    }
  }

  static func isInvalidInDomain(_ value: UInt32) -> Bool {
    if isSpace(value) { return true }
    switch value {
    case 0x21, 0x23...0x2F, 0x3A...0x40, 0x5B...0x5E, 0x5F, 0x7B...0x7E:
      // ASCII punctuation except `"` and the backtick, as twitter-text's `punct`.
      return true
    case 0xFFFE, 0xFEFF, 0xFFFF, 0x202A...0x202E, 0x061C, 0x200E, 0x200F, 0x2066...0x2069:
      return true
    default:
      return false
    }
  }
}
