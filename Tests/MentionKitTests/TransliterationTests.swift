import TestSupport
import Testing

@testable import MentionKit

/// Checks ``Transliteration`` against reference implementations run offline
/// (`Tests/Fixtures/transliteration/golden.tsv`, written by its `generate.py`) and against
/// examples worked by hand from the standards.
struct TransliterationTests {
  /// One row of the golden table.
  struct GoldenRow: Sendable, CustomTestStringConvertible {
    var check: String
    var input: String
    var expected: [String]
    var source: String
    var line: Int
    var testDescription: String { "line \(line): \(input)" }
  }

  static let golden: [GoldenRow] = {
    guard let text = try? Fixtures.read("transliteration/golden.tsv") else { return [] }
    var rows: [GoldenRow] = []
    for (index, line) in text.split(separator: "\n").enumerated().dropFirst() {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 4 else { continue }
      let expected = columns[2].isEmpty ? [] : columns[2].split(separator: " | ").map(String.init)
      rows.append(
        GoldenRow(
          check: columns[0], input: columns[1], expected: expected, source: columns[3],
          line: index + 1))
    }
    return rows
  }()

  /// The spellings as the index compares them: folded.
  static func folded(_ field: String) -> [String] {
    Transliteration.spellings(of: field).map { Folding.folded($0) }
  }

  /// The keys the index makes of a field and its spellings: the field's fold, each folded
  /// spelling, and each later word of them (after the separators space - _ . ' , ( ) / @).
  static func keys(_ field: String) -> [String] {
    var keys: [String] = []
    for spelling in [Folding.folded(field)] + folded(field) {
      keys.append(spelling)
      let scalars = Array(spelling.unicodeScalars)
      for (index, scalar) in scalars.enumerated()
      where " -_.',()/@".unicodeScalars.contains(scalar) && index + 1 < scalars.count {
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars[(index + 1)...])
        keys.append(String(rest))
      }
    }
    return keys
  }

  /// Whether typing `query` finds `field` through a spelling: a prefix of one of its keys.
  static func finds(_ query: String, _ field: String) -> Bool {
    keys(field).contains { $0.hasPrefix(query) }
  }

  @Test(arguments: [
    "pypinyin", "pykakasi", "iuliia", "cyrtranslit", "KMU 2010", "ELOT 743", "DIN 5007-2",
  ])
  func goldenTable(source: String) throws {
    let rows = Self.golden.filter { $0.source.hasPrefix(source) }
    try #require(rows.count >= 20, "golden.tsv has \(rows.count) rows from \(source)")
    for row in rows {
      let spellings = Self.folded(row.input)
      let expected = row.expected.map { Folding.folded($0) }
      switch row.check {
      case "all": #expect(spellings == expected, "\(row.testDescription) (\(row.source))")
      case "first": #expect(spellings.first == expected.first, "\(row.testDescription)")
      case "last": #expect(spellings.last == expected.first, "\(row.testDescription)")
      case "contains":
        #expect(spellings.contains(expected[0]), "\(row.testDescription)")
      default: Issue.record("unknown check \(row.check) at \(row.testDescription)")
      }
    }
  }

  /// What people type finds the name, as a prefix of a spelling or of a later word of one.
  @Test(arguments: [
    ("liyun", "李云龙"), ("lyl", "李云龙"), ("yunlong", "李云龙"), ("liyunlong", "李云龙"),
    ("wangfang", "王芳"), ("fang", "王芳"), ("wf", "王芳"), ("gan", "山下 幹"),
    ("shanxiagan", "山下 幹"), ("lvxiao", "吕小明"), ("luxiao", "吕小明"), ("ouyang", "欧阳娜娜"),
    ("nana", "欧阳娜娜"), ("asuka", "山崎 あすか"), ("yamada", "やまだ"), ("tanaka", "タナカ"),
    ("sato", "さとう"), ("satou", "さとう"), ("shostakovich", "Шостакович"), ("zhukov", "Жуков"),
    ("shchukin", "Щукин"), ("yuriy", "Юрий"), ("yuri", "Юрий"), ("dmitrij", "Дмитрий"),
    ("fyodor", "Фёдор"), ("fedor", "Фёдор"), ("sofia", "Σοφία"), ("papadop", "Παπαδοπούλου"),
    ("mueller", "Müller"), ("strasse", "Straße"), ("soeren", "Søren"), ("aase", "Åse"),
    ("yurii", "Юрій"), ("kyiv", "Київ"), ("ihor", "Ігор"),
  ])
  func typedQueryFindsName(query: String, name: String) {
    #expect(Self.finds(query, name), "\(Self.keys(name))")
  }

  /// Modified Hepburn, worked by hand: digraphs, the sokuon, long vowels, ん, and the
  /// extended katakana of the 1991 Cabinet Notice.
  @Test(arguments: [
    ("きゃ", ["kya"]), ("しゃ", ["sha"]), ("ちゃ", ["cha"]), ("じゃ", ["ja"]), ("ぢゃ", ["ja"]),
    ("りょう", ["ryo", "ryou"]), ("まっちゃ", ["matcha"]), ("かっぱ", ["kappa"]),
    ("さっぽろ", ["sapporo"]), ("あっ", ["a"]), ("さとう", ["sato", "satou"]),
    ("おおの", ["ono", "oono"]), ("ゆうこ", ["yuko", "yuuko"]), ("コーヒー", ["kohi", "koohii"]),
    ("しんいち", ["shinichi"]), ("ほんま", ["honma"]), ("を", ["o"]), ("ゐ", ["i"]),
    ("ファイル", ["fairu"]), ("ティー", ["ti", "tii"]), ("ヴァイオリン", ["vaiorin"]),
    ("ウィリアム", ["wiriamu"]), ("ジェームズ", ["jemuzu", "jeemuzu"]), ("チェ", ["che"]),
    ("ディズニー", ["dizuni", "dizunii"]), ("ツァ", ["tsa"]), ("デュ", ["dyu"]),
    ("ヴ", ["vu"]), ("ヷ", ["va"]), ("ジョン・スミス", ["jon sumisu"]),
  ])
  func hepburn(kana: String, expected: [String]) {
    #expect(Self.folded(kana) == expected)
  }

  /// Han: the shapes of a name's spellings (readings from pypinyin, composition by the rules
  /// in Docs/Ranking.md).
  @Test func hanShapes() {
    #expect(Self.folded("李云龙") == ["li yunlong", "liyunlong", "lyl"])
    #expect(Self.folded("王") == ["wang"])
    #expect(Self.folded("吕") == ["lv", "lu"])
    #expect(Self.folded("诸葛亮") == ["zhuge liang", "zhugeliang", "zgl"])
    // A name beside letters of another script is set apart as a word of its own.
    #expect(Self.folded("Tom李") == ["tom li", "tomli"])
    #expect(Self.folded("Anna 王芳") == ["anna wangfang"])
    // Full-width separators and the ideographic space separate words.
    #expect(Self.folded("王\u{3000}芳") == ["wang fang", "wangfang", "wf"])
  }

  @Test func cyrillicRules() {
    #expect(Self.folded("Юрий") == ["yuriy", "yuri", "jurij"])
    // Ukrainian: і ї є ґ make a field Ukrainian; г is h.
    #expect(Self.folded("Ігор") == ["ihor", "ihor", "ihor"].uniqued())
    #expect(Self.folded("Юрій") == ["yurii", "yuriy", "jurij"])
    #expect(Self.folded("Їжак") == ["yizhak", "jizak"])
    // An apostrophe inside a word is dropped, as KMU 2010 does (Знам'янка, Znamianka); a
    // field without і ї є ґ is spelled by the Russian schemas.
    #expect(Self.folded("Знам'янка") == ["znamyanka", "znamyanka", "znamjanka"].uniqued())
    #expect(
      Self.folded("Знам’янка Київ") == ["znamianka kyiv", "znamyanka kyyiv", "znamjanka kyjiv"])
    // Belarusian ў; a field with і and ы is not Ukrainian.
    #expect(Self.folded("Ўладзімір Быкаў") == ["wladzimir bykaw", "uladzimir bykau"])
    // Serbian and Macedonian letters.
    #expect(Self.folded("Ђорђе Љубичић").first == "djordje ljubichic")
  }

  @Test func latinSpellings() {
    #expect(Self.folded("Jürgen Müller") == ["juergen mueller"])
    #expect(Self.folded("GRÖßE") == ["groesse"])
    // ß and æ alone need no spelling: the fold already gives ss and ae.
    #expect(Self.folded("Weiß Sæther") == [])
    #expect(Self.folded("Ærø Ålesund Øystein") == ["aeroe aalesund oeystein"])
    #expect(Self.folded("José García") == [])
    #expect(Self.folded("Nguyễn Thị Hương") == [])
    #expect(Folding.folded("ẞ") == "ss")
    #expect(Self.folded("ẞ") == [])
  }

  @Test func combiningMarks() {
    // Decomposed ü (u + U+0308) and å (a + U+030A).
    #expect(Self.folded("Mu\u{308}ller") == ["mueller"])
    #expect(Self.folded("A\u{30A}se") == ["aase"])
    // A diaeresis after another letter is no umlaut.
    #expect(Self.folded("Zoe\u{308}") == [])
    // Decomposed й (и + U+0306) and ё (е + U+0308), and Greek accents as marks.
    #expect(Self.folded("Юрии\u{306}") == Self.folded("Юрий"))
    #expect(Self.folded("Фе\u{308}дор") == Self.folded("Фёдор"))
    #expect(Self.folded("Σοφι\u{301}α") == ["sofia"])
    #expect(Self.folded("Ταυ\u{308}γετος") == ["taygetos"])
  }

  @Test func fieldsWithoutSpellings() {
    #expect(Transliteration.spellings(of: "").isEmpty)
    #expect(Transliteration.spellings(of: "anna.smith_42").isEmpty)
    #expect(Transliteration.spellings(of: "👨‍👩‍👧 🏳️‍🌈").isEmpty)
    #expect(Transliteration.spellings(of: "¡Olé! ©").isEmpty)
    #expect(Transliteration.spellings(of: "김성현").isEmpty)
    #expect(Transliteration.spellings(of: "שלום עליכם").isEmpty)
    // Han outside the table (CJK Extension B) has no reading and is copied beside others.
    #expect(Transliteration.spellings(of: "\u{20000}").isEmpty)
    #expect(
      Self.folded("李\u{20000}") == ["li \u{20000}", "li\u{20000}"].map { Folding.folded($0) })
  }

  @Test func mixedScriptsAndWidths() {
    #expect(Self.folded("Ｍüller") == ["mueller"])
    #expect(
      Self.folded("Jürgen Шостакович") == [
        "juergen shostakovich", "juergen sostakovic",
      ])
    #expect(Self.folded("Σοφία 王") == ["sofia wang"])
    #expect(Self.folded("emoji 👨‍👩‍👧 Müller") == [Folding.folded("emoji 👨‍👩‍👧 mueller")])
  }

  /// At most four spellings, no duplicates, none equal to the field's fold, on every display
  /// name and handle of the 10,000-user sample.
  @Test func directorySample() throws {
    let text = try Fixtures.read("directory/users-sample.tsv")
    var spelled = 0
    for line in text.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count >= 3 else { continue }
      for field in [String(columns[1]), String(columns[2])] {
        let spellings = Transliteration.spellings(of: field)
        if !spellings.isEmpty { spelled += 1 }
        #expect(spellings.count <= 4, "\(field)")
        #expect(Set(spellings).count == spellings.count, "\(field)")
        #expect(!spellings.contains(Folding.folded(field)), "\(field)")
        if field.utf8.allSatisfy({ $0 < 0x80 }) { #expect(spellings.isEmpty, "\(field)") }
      }
    }
    #expect(spelled > 1000)
  }

  /// The byte-level entry point with one reused buffer gives what the string one gives.
  @Test func reusedBuffer() {
    var buffer = Transliteration.Spellings()
    for field in ["李云龙", "Anna", "Юрий", "Müller", "", "さとう", "Σοφία"] {
      buffer.removeAll()
      var copy = field
      copy.withUTF8 { Transliteration.spellings(utf8: $0, into: &buffer) }
      let spelled = (0..<buffer.count).map { String(decoding: buffer[$0], as: UTF8.self) }
      #expect(spelled == Transliteration.spellings(of: field), "\(field)")
    }
  }

  /// Malformed UTF-8 is copied, never read past its end.
  @Test func malformedBytes() {
    let inputs: [[UInt8]] = [
      [0xE6, 0x9D], [0xC3], [0xD0, 0x41], [0xF0, 0x9F, 0x98], [0xE6, 0x9D, 0x8E, 0xFF, 0xC3, 0xBC],
      [0x80, 0x80, 0xC3, 0xBC], [0xCC, 0x88], [0xE3, 0x83, 0xBC],
    ]
    for bytes in inputs {
      var buffer = Transliteration.Spellings()
      bytes.withUnsafeBufferPointer { Transliteration.spellings(utf8: $0, into: &buffer) }
      #expect(buffer.count <= 4)
    }
  }

  /// One field of a megabyte in each script is spelled in one pass.
  @Test(arguments: ["ü", "李", "Ж", "σ", "か", "ー", "a\u{308}"])
  func megabyteField(unit: String) {
    let field = String(repeating: unit, count: (1 << 20) / unit.utf8.count)
    let spellings = Transliteration.spellings(of: field)
    #expect(spellings.count <= 4)
    #expect(spellings.allSatisfy { $0.utf8.count <= 4 << 20 })
  }
}

extension Array where Element: Hashable {
  /// The elements without repeats, in order.
  fileprivate func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
