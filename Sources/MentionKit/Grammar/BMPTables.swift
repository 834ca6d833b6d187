/// The per-scalar tables of the extractors for the whole BMP, built together on first use.
///
/// Both are made from each scalar's general category, which costs a search in the standard
/// library's tables per scalar: building them in one pass asks once per scalar, not twice.
enum BMPTables {
  /// ``TwitterCharacters/bmp`` and ``ChatScanner/bmpCategories``.
  static let shared: (twitterFlags: [UInt8], chatCategories: [UInt8]) = {
    var flags = [UInt8](repeating: 0, count: 0x1_0000)
    var categories = [UInt8](repeating: 0xFF, count: 0x1_0000)
    for value in 0..<0x1_0000 {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      let generalCategory = scalar.properties.generalCategory
      flags[value] = TwitterCharacters.computeFlags(scalar, generalCategory: generalCategory)
      let raw = ScalarClass.category(of: scalar, generalCategory: generalCategory).rawValue
      categories[value] = raw == 0 ? 0xFF : UInt8(raw.trailingZeroBitCount)
    }
    return (flags, categories)
  }()
}
