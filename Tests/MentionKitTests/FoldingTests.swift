import Foundation
import TestSupport
import Testing

@testable import MentionKit

/// Compares ``Folding`` with Foundation, which the tests may use and the library may not.
struct FoldingTests {
  /// Foundation's folding plus the library's documented extra folds (Docs/Folding.md).
  static func reference(_ text: String) -> [UInt8] {
    let folded = text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var result = ""
    for scalar in folded.unicodeScalars {
      if let replacement = extraFolds[scalar] {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return Array(result.utf8)
  }

  /// Foundation's folding with exactly the options tutorial code uses (no `.widthInsensitive`),
  /// plus the documented extra folds.
  static func plainReference(_ text: String) -> [UInt8] {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    var result = ""
    for scalar in folded.unicodeScalars {
      if let replacement = extraFolds[scalar] {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return Array(result.utf8)
  }

  /// The width folds `.widthInsensitive` makes, documented in Docs/Folding.md: the Halfwidth and
  /// Fullwidth Forms block. (The ideographic space is one of the extra folds.)
  static func isDocumentedWidthFold(_ scalar: Unicode.Scalar) -> Bool {
    (0xFF00...0xFFEF).contains(scalar.value)
  }

  static let extraFolds: [Unicode.Scalar: String] = [
    "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ħ": "h", "Ħ": "h", "ı": "i",
    "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "\u{3000}": " ",
  ]

  static func hex(_ text: some StringProtocol) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }

  static func hex(_ bytes: [UInt8]) -> String { hex(String(decoding: bytes, as: UTF8.self)) }

  @Test(arguments: [
    ("José Álvarez", "jose alvarez"), ("Łukasz Żółć", "lukasz zolc"),
    ("Søren Ødegård", "soren odegard"),
    ("Đorđe", "dorde"), ("Ħamrun", "hamrun"), ("Iı", "ii"), ("İstanbul", "istanbul"),
    ("Æsir", "aesir"), ("Œuvre", "oeuvre"), ("Þór", "thor"), ("Straße", "strasse"),
    ("ＡＢＣ＠ｘｙｚ", "abc@xyz"), ("Ёлка Йод", "елка иод"), ("ΣΊΣΥΦΟΣ", "σισυφοσ"),
    ("ﬁne", "fine"), ("Rene\u{301}", "rene"), ("MIXED case ascii_1", "mixed case ascii_1"),
    ("김성현", "김성현"), ("ｶﾀｶﾅ", "カタカナ"), ("", ""),
  ])
  func foldsExamples(_ text: String, _ expected: String) {
    #expect(Folding.folded(text) == expected)
  }

  /// U+3000 IDEOGRAPHIC SPACE folds to a space (Foundation leaves it; Docs/Folding.md), so a
  /// name written with it splits into words, and a query typed with a space finds it.
  @Test func ideographicSpaceFoldsToASpace() throws {
    #expect(Folding.folded("山田\u{3000}太郎") == "山田 太郎")
    #expect(Folding.folded("Ｙａｍａｄａ\u{3000}Ｔａｒｏ") == "yamada taro")

    let yamada = MentionItem(id: "U1", insertionText: "yamada", displayText: "山田\u{3000}太郎")
    let index = MentionIndex([yamada])
    #expect(index.matches(for: "太郎", limit: 5) == [.init(item: yamada, tier: .wordPrefix)])
    #expect(index.matches(for: "山田 太", limit: 5) == [.init(item: yamada, tier: .prefix)])

    var mention = Trigger.mention
    mention.maximumSpaces = 1
    let query = try #require(TriggerDetector(triggers: [mention]).detect(in: "@山田 太"))
    let matches = DefaultMentionFilter(matchesSubstrings: false)
      .matches(in: [yamada], for: query, ranking: MentionRanking())
    #expect(matches.map(\.item) == [yamada])
  }

  @Test func foldsIntoAReusedBufferAndFromSubstrings() {
    var buffer: [UInt8] = Array("x:".utf8)
    Folding.fold("Zoë", into: &buffer)
    #expect(buffer == Array("x:zoe".utf8))
    let text = "Hello Łódź!"
    let word = text[text.firstIndex(of: "Ł")!..<text.firstIndex(of: "!")!]
    #expect(Folding.fold(word) == Array("lodz".utf8))
  }

  @Test func invalidTrailingBytesAreCopiedWithoutCrashing() {
    var output: [UInt8] = []
    let bytes: [UInt8] = [0x41, 0xC3]
    bytes.withUnsafeBufferPointer { Folding.fold(utf8: $0, into: &output) }
    #expect(output == [0x61, 0xC3])
  }

  /// Every assigned scalar alone (the BMP and the other planes) folds as Foundation folds it,
  /// with the extra folds applied.
  @Test func everyAssignedScalarMatchesFoundation() {
    var checked = 0
    var mismatches: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scalar.properties.generalCategory
      if category == .unassigned || category == .surrogate { continue }
      let text = String(scalar)
      checked += 1
      let ours = Folding.fold(text)
      let expected = Self.reference(text)
      if ours != expected {
        mismatches.append("U+\(Self.hex(text)): \(Self.hex(ours)) vs \(Self.hex(expected))")
      }
    }
    #expect(checked > 280_000)
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  /// Against Foundation with exactly `[.caseInsensitive, .diacriticInsensitive]`, every assigned
  /// scalar of the BMP folds the same up to the documented extra folds, except the documented
  /// width folds (full-width and half-width forms), which fold as `.widthInsensitive` does.
  @Test func everyAssignedBMPScalarDiffersFromPlainFoundationOnlyAsDocumented() {
    var checked = 0
    var widthFolds = 0
    var mismatches: [String] = []
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scalar.properties.generalCategory
      if category == .unassigned || category == .surrogate { continue }
      let text = String(scalar)
      checked += 1
      let ours = Folding.fold(text)
      if ours == Self.plainReference(text) { continue }
      if Self.isDocumentedWidthFold(scalar) && ours == Self.reference(text) {
        widthFolds += 1
        continue
      }
      mismatches.append(
        "U+\(Self.hex(text)): \(Self.hex(ours)) vs \(Self.hex(Self.plainReference(text)))")
    }
    #expect(checked > 60_000)
    #expect(widthFolds > 200, "the full-width forms should be among the differences")
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  /// The display names (third column) of a users TSV file with a header line.
  static func displayNames(inTSV tsv: String) -> [String] {
    tsv.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      return fields.count >= 3 ? String(fields[2]) : nil
    }
  }

  /// The 10,000 display names of the committed directory sample.
  static let sampleNames = Result<[String], any Error> {
    displayNames(inTSV: try Fixtures.read("directory/users-sample.tsv"))
  }

  /// The 1,000,000 display names of ../shared/data/users.tsv, read once.
  static let millionNames = Result<[String], any Error> {
    displayNames(inTSV: try SharedFile.millionUsers.read())
  }

  /// Every display name of the committed 10,000-user sample folds as Foundation with exactly
  /// `[.caseInsensitive, .diacriticInsensitive]` folds it, up to the documented extra folds;
  /// names with a documented width fold in them fold as `.widthInsensitive` does.
  @Test func sampleDisplayNamesDifferFromPlainFoundationOnlyAsDocumented() throws {
    let names = try Self.sampleNames.get()
    #expect(names.count == 10_000)
    Self.expectDifferFromPlainFoundationOnlyAsDocumented(names)
  }

  /// The same over all 1,000,000 display names of ../shared/data/users.tsv.
  @Test(
    .enabled(
      if: SharedFile.millionUsers.isPresentOrRequired,
      "needs ../shared/data/users.tsv (1,000,000 users) beside the package root; CI sets MENTIONKIT_REQUIRE_SHARED_DATA=1"
    ))
  func millionDisplayNamesDifferFromPlainFoundationOnlyAsDocumented() throws {
    let names = try Self.millionNames.get()
    #expect(names.count == 1_000_000)
    Self.expectDifferFromPlainFoundationOnlyAsDocumented(names)
  }

  static func expectDifferFromPlainFoundationOnlyAsDocumented(_ displayNames: [String]) {
    var names = 0
    var mismatches: [String] = []
    for name in displayNames {
      names += 1
      let ours = Folding.fold(name)
      if ours == Self.plainReference(name) { continue }
      if name.unicodeScalars.contains(where: Self.isDocumentedWidthFold)
        && ours == Self.reference(name)
      {
        continue
      }
      mismatches.append("\(name) [\(Self.hex(name))]")
    }
    #expect(names == displayNames.count)
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  /// Combining marks after bases of every kind: the table's context flags reproduce Foundation.
  ///
  /// The one documented exception (Docs/Folding.md): text that starts with a combining mark
  /// followed by more marks.
  @Test func marksAfterBasesMatchFoundation() {
    let bases: [Unicode.Scalar] = [
      "a", "Z", "1", " ", "@", "é", "ø", "ß", "α", "Ω", "ж", "Ж", "\u{510}", "\u{511}", "ա", "Ա",
      "क", "ক", "ก", "カ", "ｶ", "가", "中", "Ａ", "ｈ", "👍", "\u{301}", "\u{93C}",
    ]
    let marks: [Unicode.Scalar] = [
      "\u{300}", "\u{301}", "\u{308}", "\u{30A}", "\u{327}", "\u{345}", "\u{591}", "\u{5B0}",
      "\u{64B}", "\u{93C}", "\u{94D}", "\u{E48}", "\u{3099}", "\u{FE0F}", "\u{1AB0}",
      "\u{1DC0}", "\u{20D0}", "\u{1F3FD}", "\u{E0100}", "\u{200D}",
    ]
    var mismatches: [String] = []
    for base in bases {
      for mark in marks {
        for text in [String(base) + String(mark), String(base) + String(mark) + String(mark)] {
          let startsWithMark = base.properties.generalCategory == .nonspacingMark
          if Folding.fold(text) != Self.reference(text) && !startsWithMark {
            mismatches.append(Self.hex(text))
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  /// Every display name of the committed 10,000-user sample folds as Foundation folds it.
  @Test func sampleDisplayNamesMatchFoundation() throws {
    let names = try Self.sampleNames.get()
    #expect(names.count == 10_000)
    Self.expectMatchFoundation(names)
  }

  /// Every display name of ../shared/data/users.tsv folds as Foundation folds it.
  @Test(
    .enabled(
      if: SharedFile.millionUsers.isPresentOrRequired,
      "needs ../shared/data/users.tsv (1,000,000 users) beside the package root; CI sets MENTIONKIT_REQUIRE_SHARED_DATA=1"
    ))
  func millionDisplayNamesMatchFoundation() throws {
    let names = try Self.millionNames.get()
    #expect(names.count == 1_000_000)
    Self.expectMatchFoundation(names)
  }

  static func expectMatchFoundation(_ displayNames: [String]) {
    var mismatches: [String] = []
    for name in displayNames where Folding.fold(name) != Self.reference(name) {
      mismatches.append("\(name) [\(Self.hex(name))]")
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }
}
