/// A class of Unicode scalars, described by general categories plus explicit members.
///
/// Trigger rules — which characters may precede a delimiter and which may form a query — are
/// scalar classes. The same values drive the composer's detection and the backend's extraction,
/// so what one completes the other finds.
///
/// ```swift
/// let handle = ScalarClass(categories: [.letters, .marks, .numbers], including: "_.-")
/// handle.contains("é")  // true
/// handle.contains("!")  // false
/// ```
///
/// A class can be inverted: ``inverted`` contains every scalar the described
/// class does not.
public struct ScalarClass: Sendable, Hashable {
  /// Groups of Unicode general categories.
  public struct Categories: OptionSet, Sendable, Hashable {
    /// The raw bit mask.
    public let rawValue: UInt16

    /// Creates a category set from a raw bit mask.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Letters of any script (`L*`).
    public static let letters = Categories(rawValue: 1 << 0)
    /// Combining marks (`M*`).
    public static let marks = Categories(rawValue: 1 << 1)
    /// Numbers (`N*`): decimal digits of any script, letter-like and other numbers.
    public static let numbers = Categories(rawValue: 1 << 2)
    /// Space separators (`Zs`) and the ASCII whitespace controls (tab, line feed, carriage
    /// return, form feed, vertical tab), plus line and paragraph separators.
    public static let whitespace = Categories(rawValue: 1 << 3)
    /// Opening punctuation (`Ps`) and initial quotes (`Pi`): `(`, `[`, `{`, `«`, `“`.
    public static let openingPunctuation = Categories(rawValue: 1 << 4)
    /// Closing punctuation (`Pe`) and final quotes (`Pf`).
    public static let closingPunctuation = Categories(rawValue: 1 << 5)
    /// Other punctuation (`Pc`, `Pd`, `Po`).
    public static let otherPunctuation = Categories(rawValue: 1 << 6)
    /// Symbols (`S*`), including most emoji.
    public static let symbols = Categories(rawValue: 1 << 7)
    /// Format and other control characters (`Cf`, `Cc`), such as zero-width joiners and
    /// bidirectional marks, except the whitespace controls.
    public static let controls = Categories(rawValue: 1 << 8)
  }

  /// The categories whose scalars belong to the class (before inversion).
  let categories: Categories
  /// Scalars that belong to the class whatever their category (before inversion).
  let included: Set<Unicode.Scalar>
  /// Scalars that never belong to the class whatever their category (before inversion).
  let excluded: Set<Unicode.Scalar>
  /// Whether the class is the complement of the one described.
  let isInverted: Bool

  private let asciiLow: UInt64
  private let asciiHigh: UInt64

  /// Creates a class from categories and explicit members.
  ///
  /// - Parameters:
  ///   - categories: The categories whose scalars belong to the class.
  ///   - including: Scalars that belong whatever their category.
  ///   - excluding: Scalars that never belong; exclusion wins over inclusion.
  ///   - isInverted: Whether the class is the complement of the one described.
  public init(
    categories: Categories = [],
    including: String = "",
    excluding: String = "",
    isInverted: Bool = false
  ) {
    self.init(
      categories: categories,
      included: Set(including.unicodeScalars),
      excluded: Set(excluding.unicodeScalars),
      isInverted: isInverted)
  }

  /// Creates a class from categories and explicit scalar sets.
  init(
    categories: Categories,
    included: Set<Unicode.Scalar>,
    excluded: Set<Unicode.Scalar>,
    isInverted: Bool = false
  ) {
    self.categories = categories
    self.included = included
    self.excluded = excluded
    self.isInverted = isInverted
    var low: UInt64 = 0
    var high: UInt64 = 0
    for value in UInt32(0)..<128 {
      let scalar = Unicode.Scalar(UInt8(value))
      if Self.slowContains(scalar, categories, included, excluded) != isInverted {
        if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
      }
    }
    self.asciiLow = low
    self.asciiHigh = high
  }

  /// Returns whether the class contains a scalar.
  ///
  /// - Complexity: O(1); ASCII scalars are answered from a bit mask.
  @inlinable
  public func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 128 { return containsASCII(UInt8(truncatingIfNeeded: value)) }
    return containsNonASCII(scalar)
  }

  /// Returns whether the class contains an ASCII byte (`byte < 128`).
  @usableFromInline
  func containsASCII(_ byte: UInt8) -> Bool {
    byte < 64
      ? (asciiLow >> UInt64(byte)) & 1 == 1
      : (asciiHigh >> UInt64(byte &- 64)) & 1 == 1
  }

  @usableFromInline
  func containsNonASCII(_ scalar: Unicode.Scalar) -> Bool {
    Self.slowContains(scalar, categories, included, excluded) != isInverted
  }

  /// The complement of this class.
  public var inverted: ScalarClass {
    ScalarClass(
      categories: categories, included: included, excluded: excluded, isInverted: !isInverted)
  }

  /// Returns a copy whose (uninverted) description also includes the given scalars.
  ///
  /// - Parameter scalars: The scalars to add to the described class.
  /// - Returns: The extended class.
  public func including(_ scalars: String) -> ScalarClass {
    let added = Set(scalars.unicodeScalars)
    return ScalarClass(
      categories: categories, included: included.union(added),
      excluded: excluded.subtracting(added), isInverted: isInverted)
  }

  /// Returns a copy whose (uninverted) description excludes the given scalars.
  ///
  /// - Parameter scalars: The scalars to remove from the described class.
  /// - Returns: The reduced class.
  public func excluding(_ scalars: String) -> ScalarClass {
    let removed = Set(scalars.unicodeScalars)
    return ScalarClass(
      categories: categories, included: included.subtracting(removed),
      excluded: excluded.union(removed), isInverted: isInverted)
  }

  private static func slowContains(
    _ scalar: Unicode.Scalar,
    _ categories: Categories,
    _ included: Set<Unicode.Scalar>,
    _ excluded: Set<Unicode.Scalar>
  ) -> Bool {
    if !excluded.isEmpty, excluded.contains(scalar) { return false }
    if !included.isEmpty, included.contains(scalar) { return true }
    if categories.isEmpty { return false }
    // Unassigned, private-use and surrogate code points are in no group, so in no class.
    return !categories.isDisjoint(with: category(of: scalar))
  }

  /// The category group a scalar belongs to.
  static func category(of scalar: Unicode.Scalar) -> Categories {
    category(of: scalar, generalCategory: scalar.properties.generalCategory)
  }

  /// The category group of a scalar whose general category is known.
  static func category(
    of scalar: Unicode.Scalar, generalCategory: Unicode.GeneralCategory
  ) -> Categories {
    switch scalar.value {
    case 0x09...0x0D, 0x85, 0x2028, 0x2029: return .whitespace
    default: break
    }
    switch generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return .letters
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return .marks
    case .decimalNumber, .letterNumber, .otherNumber:
      return .numbers
    case .spaceSeparator:
      return .whitespace
    case .openPunctuation, .initialPunctuation:
      return .openingPunctuation
    case .closePunctuation, .finalPunctuation:
      return .closingPunctuation
    case .connectorPunctuation, .dashPunctuation, .otherPunctuation:
      return .otherPunctuation
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
      return .symbols
    case .format, .control:
      return .controls
    default:
      return []
    }
  }
}

extension ScalarClass {
  /// Letters, marks and numbers of any script: the body of a handle or tag in every script.
  public static let alphanumerics = ScalarClass(categories: [.letters, .marks, .numbers])

  /// Whitespace of any kind, including line breaks.
  public static let whitespace = ScalarClass(categories: [.whitespace])

  /// Every scalar.
  public static let any = ScalarClass(isInverted: true)
}
