import MentionKit
import ToolSupport

/// One keystroke: the query text after the trigger, and what kind of typing produced it.
struct KeystrokeQuery {
  var text: String
  var category: String
}

/// A fixed, seeded stream of keystroke queries drawn from a directory: every prefix of real
/// handles and name words, accented and unaccented, upper case, Cyrillic, Greek, CJK, Hebrew
/// and Arabic names, whole names with a space, and misses.
enum KeystrokeQueries {
  static let categories = [
    "handle", "name-accented", "name-unaccented", "upper-case", "cyrillic", "greek", "cjk",
    "hebrew-arabic", "full-name", "miss",
  ]

  /// Generates the stream; the same directory and seed always give the same stream.
  static func generate(from directory: UserDirectory, seed: UInt64) -> [KeystrokeQuery] {
    var random = SplitMix64(seed: seed)
    var byLocale: [String: [Int]] = [:]
    for (index, locale) in directory.locales.enumerated() {
      byLocale[locale, default: []].append(index)
    }
    func users(in locales: [String]) -> [Int] {
      locales.flatMap { byLocale[$0] ?? [] }
    }
    let everyone = Array(directory.items.indices)
    let latin = users(in: [
      "fr_FR", "de_DE", "pt_BR", "es_ES", "es_MX", "vi_VN", "tr_TR", "pl_PL", "it_IT", "cs_CZ",
      "ro_RO", "hu_HU", "sv_SE", "hr_HR", "da_DK", "fi_FI", "sk_SK", "no_NO", "nl_NL",
    ])
    let cyrillic = users(in: ["ru_RU", "uk_UA"])
    let greek = users(in: ["el_GR"])
    let cjk = users(in: ["ja_JP", "zh_CN", "ko_KR"])
    let rtl = users(in: ["he_IL", "ar_AA"])

    var stream: [KeystrokeQuery] = []
    func type(_ word: String, _ category: String) {
      var prefix = ""
      for character in word {
        prefix.append(character)
        stream.append(KeystrokeQuery(text: prefix, category: category))
      }
    }
    func pick(_ pool: [Int]) -> MentionItem? {
      pool.isEmpty ? nil : directory.items[pool[Int.random(in: 0..<pool.count, using: &random)]]
    }
    func words(_ name: String) -> [String] {
      name.split(separator: " ").map(String.init).filter { !$0.isEmpty }
    }
    /// A random word of a random user of the pool, satisfying `accept` (a few tries).
    func word(from pool: [Int], where accept: (String) -> Bool = { _ in true }) -> String? {
      for _ in 0..<50 {
        guard let user = pick(pool) else { return nil }
        let candidates = words(user.displayText).filter(accept)
        if let chosen = candidates.randomElement(using: &random) { return chosen }
      }
      return nil
    }
    let hasNonASCII: (String) -> Bool = { $0.utf8.contains { $0 >= 0x80 } }

    for _ in 0..<40 {
      if let user = pick(everyone) { type(user.insertionText, "handle") }
    }
    for _ in 0..<30 {
      guard let accented = word(from: latin, where: hasNonASCII) else { break }
      type(accented, "name-accented")
      type(Folding.folded(accented), "name-unaccented")
    }
    let latinAndEveryone = latin + everyone
    for _ in 0..<25 {
      if let chosen = word(from: latinAndEveryone) { type(chosen.uppercased(), "upper-case") }
    }
    for _ in 0..<20 { if let chosen = word(from: cyrillic) { type(chosen, "cyrillic") } }
    for _ in 0..<15 { if let chosen = word(from: greek) { type(chosen, "greek") } }
    for _ in 0..<30 { if let chosen = word(from: cjk) { type(chosen, "cjk") } }
    for _ in 0..<10 { if let chosen = word(from: rtl) { type(chosen, "hebrew-arabic") } }
    for _ in 0..<10 {
      if let user = pick(latin), user.displayText.contains(" ") {
        type(String(user.displayText.prefix(14)), "full-name")
      }
    }
    // Misses: strings no name or handle starts with (their first keystrokes may still hit).
    let missAlphabets: [[Character]] = [
      Array("qxzjvkw"), Array("щъыэюж"), Array("ξψζθ"), Array("龘靐齉爩"), Array("øæþ"),
    ]
    for n in 0..<25 {
      let alphabet = missAlphabets[n % missAlphabets.count]
      var miss = ""
      for _ in 0..<Int.random(in: 5...9, using: &random) {
        miss.append(alphabet.randomElement(using: &random)!)
      }
      type(miss, "miss")
    }
    type("user99999999", "miss")
    type("🙂🙂", "miss")
    return stream
  }

  /// About `count` queries spread over the stream: the same share of every category, evenly
  /// spaced within it, in stream order.
  static func sample(_ stream: [KeystrokeQuery], count: Int) -> [Int] {
    guard count > 0, !stream.isEmpty else { return [] }
    var byCategory: [String: [Int]] = [:]
    for (index, query) in stream.enumerated() {
      byCategory[query.category, default: []].append(index)
    }
    let present = categories.filter { byCategory[$0] != nil }
    var chosen: [Int] = []
    for (n, category) in present.enumerated() {
      let pool = byCategory[category]!
      let share = count / present.count + (n < count % present.count ? 1 : 0)
      let taken = min(share, pool.count)
      chosen += (0..<taken).map { pool[$0 * pool.count / taken] }
    }
    return chosen.sorted()
  }
}
