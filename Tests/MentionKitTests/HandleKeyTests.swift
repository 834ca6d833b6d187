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
}
