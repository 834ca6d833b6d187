import Testing

@testable import MentionKit

/// Resolution's notion of "the same handle": exact up to case, as Unicode's case folding
/// defines it. Expected folded forms are Python's `str.casefold()` (Unicode's CaseFolding.txt,
/// full folding), written out here by scalar.
struct HandleKeyTests {
  @Test(arguments: [
    ("JON", "jon"), ("Jon", "jOn"), ("ZOË", "zoë"), ("ΑΝΝΑ", "αννα"), ("Straße", "STRAßE"),
    // Canonically equivalent spellings are the same string.
    ("jo\u{308}n", "jön"),
    // Final sigma: Σ, σ and ς all fold to σ.
    ("ΣΟΦΟΣ", "σοφος"), ("αθηνας", "ΑΘΗΝΑΣ"), ("ΟΔΟΣ", "οδος"),
    // Full folding: ß and ẞ fold to ss, long s to s, ligatures to their letters.
    ("Straße", "STRASSE"), ("ẞ", "ss"), ("ſana", "SANA"), ("ﬁne", "FINE"),
    // Cherokee small letters fold to the capitals (lowercasing goes the other way).
    ("\u{AB70}", "\u{13A0}"),
  ])
  func equalKeys(lhs: String, rhs: String) {
    #expect(HandleKey(lhs) == HandleKey(rhs))
    #expect(HandleKey(lhs).matches(rhs))
    #expect(HandleKey(rhs).matches(lhs))
  }

  @Test(arguments: [
    ("jön", "jon"),  // diacritics are kept
    ("σοφός", "σοφος"),  // so is the Greek tonos
    ("j\u{43E}n", "jon"),  // Cyrillic о is not Latin o
    ("ΑΝΝΑ", "ANNA"),  // Greek capitals are not Latin ones
    ("ｊｏｎ", "jon"),  // full-width is not folded
    ("jon\u{200B}", "jon"),  // a zero-width space is a character
    ("jon.", "jon"),
    ("ı", "i"),  // dotless i folds to itself outside Turkic tailoring
  ])
  func distinctKeys(lhs: String, rhs: String) {
    #expect(HandleKey(lhs) != HandleKey(rhs))
    #expect(!HandleKey(lhs).matches(rhs))
  }

  /// The key is the full case folding, scalar by scalar, as `str.casefold()` gives it.
  @Test(arguments: [
    ("ΣΟΦΟΣ", "\u{3C3}\u{3BF}\u{3C6}\u{3BF}\u{3C3}"),
    ("αθηνας", "\u{3B1}\u{3B8}\u{3B7}\u{3BD}\u{3B1}\u{3C3}"),
    ("Straße", "strasse"),
    ("\u{212A}elvin", "kelvin"),
    ("İstanbul", "i\u{307}stanbul"),
    ("ǅemal", "\u{1C6}emal"),
    ("ŉ", "\u{2BC}n"),
    ("\u{13F8}", "\u{13F0}"),
    ("ᾳ", "\u{3B1}\u{3B9}"),
    ("µ", "\u{3BC}"),
    ("ϐ", "\u{3B2}"),
    ("Ǳ", "\u{1F3}"),
    ("\u{10400}", "\u{10428}"),
    ("Ana@Host.Example", "ana@host.example"),
  ])
  func rawValueIsTheCaseFoldedHandle(handle: String, folded: String) {
    #expect(Array(HandleKey(handle).rawValue.unicodeScalars) == Array(folded.unicodeScalars))
    #expect(HandleKey(handle).description == folded)
  }

  /// The table agrees with the standard library's `changesWhenCaseFolded` on every scalar the
  /// table's Unicode version assigns: a scalar's key differs from it (as strings, up to
  /// canonical equivalence) exactly when that property says folding changes it. (A few, such
  /// as `ǰ`, fold to their own decomposition: the table maps them, the property says no change.)
  @Test func foldingChangesTheScalarsTheStandardLibrarySays() throws {
    let parts = CaseFolding.unicodeVersion.split(separator: ".").compactMap { Int($0) }
    let version = (major: try #require(parts.first), minor: parts.dropFirst().first ?? 0)
    var mismatches: [String] = []
    var checked = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      guard let age = scalar.properties.age, (age.major, age.minor) <= version else {
        continue
      }
      checked += 1
      let handle = String(scalar)
      let key = HandleKey(handle).rawValue
      if (key != handle) != scalar.properties.changesWhenCaseFolded {
        mismatches.append(String(value, radix: 16))
      }
      // A scalar the table leaves alone is its own key, byte for byte.
      if !CaseFolding.changes(value), !key.unicodeScalars.elementsEqual(handle.unicodeScalars) {
        mismatches.append("key of " + String(value, radix: 16))
      }
    }
    #expect(checked > 140_000)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}
