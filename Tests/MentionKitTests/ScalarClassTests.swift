import Testing

@testable import MentionKit

/// Code points in no general-category group (private use, unassigned) belong to no class that
/// is described by categories, in the composer and in both extraction profiles.
struct ScalarClassTests {
  @Test(arguments: ["\u{E000}", "\u{F8FF}", "\u{F0000}", "\u{0378}", "\u{10FFFF}"])
  func codePointsInNoCategoryGroupAreInNoClass(scalar: String) {
    let value = scalar.unicodeScalars.first!
    #expect(!ScalarClass.alphanumerics.contains(value))
    #expect(!ScalarClass(categories: [.letters, .marks, .numbers]).contains(value))
    #expect(ScalarClass.alphanumerics.inverted.contains(value))
    #expect(ScalarClass(categories: [.letters], including: scalar).contains(value))
  }

  @Test func aPrivateUseCharacterEndsAHandle() {
    let text = "hi @ana\u{E000}bob"
    #expect(EntityExtractor(profile: .chat).mentions(in: text) == ["ana"])
  }

  @Test func assignedCharactersKeepTheirGroup() {
    #expect(ScalarClass.alphanumerics.contains("é"))
    #expect(ScalarClass.alphanumerics.contains("٣"))
    #expect(!ScalarClass.alphanumerics.contains("!"))
  }
}
