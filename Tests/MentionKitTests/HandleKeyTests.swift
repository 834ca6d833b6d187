import MentionKit
import Testing

/// Resolution's notion of "the same handle": exact, case-insensitive only.
struct HandleKeyTests {
  @Test(arguments: [
    ("JON", "jon"), ("Jon", "jOn"), ("ZOË", "zoë"), ("ΑΝΝΑ", "αννα"), ("Straße", "STRAßE"),
    // Canonically equivalent spellings are the same string.
    ("jo\u{308}n", "jön"),
  ])
  func equalKeys(lhs: String, rhs: String) {
    #expect(HandleKey(lhs) == HandleKey(rhs))
    #expect(HandleKey(lhs).matches(rhs))
  }

  @Test(arguments: [
    ("jön", "jon"),  // diacritics are kept
    ("j\u{43E}n", "jon"),  // Cyrillic о is not Latin o
    ("ｊｏｎ", "jon"),  // full-width is not folded
    ("jon\u{200B}", "jon"),  // a zero-width space is a character
    ("jon.", "jon"),
    ("straße", "strasse"),  // no case folding beyond lowercase
  ])
  func distinctKeys(lhs: String, rhs: String) {
    #expect(HandleKey(lhs) != HandleKey(rhs))
    #expect(!HandleKey(lhs).matches(rhs))
  }

  @Test func descriptionIsTheLowercasedHandle() {
    #expect(HandleKey("Ana@Host.Example").description == "ana@host.example")
  }

  /// The key skips lowercasing for handles it leaves unchanged: for every scalar, alone and
  /// after an ASCII capital, the key's bytes must be those of `lowercased()`.
  @Test func rawValueIsTheLowercasedHandleForEveryScalar() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let handle = String(scalar)
      if !HandleKey(handle).rawValue.utf8.elementsEqual(handle.lowercased().utf8) {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty)
    for handle in [
      "महात्मा", "می‌خواهم", "สวัสดี", "日本語", "한국어", "ΟΔΟΣ", "Ωmega", "\u{212A}elvin", "İstanbul",
    ] {
      #expect(HandleKey(handle).rawValue.utf8.elementsEqual(handle.lowercased().utf8))
      #expect(HandleKey("A" + handle).rawValue.utf8.elementsEqual(("A" + handle).lowercased().utf8))
    }
  }
}
