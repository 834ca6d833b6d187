import Testing

@testable import MentionKit

/// The default `chat` profile: the composer's trigger rules on a finished message, with code,
/// URLs and e-mail addresses skipped, trailing punctuation trimmed, dotted and hyphenated
/// handles, and fediverse addresses.
struct ChatProfileTests {
  static let extractor = EntityExtractor(profile: .chat)

  /// `text` → the entities as `kind:value[scalar range]`, joined by spaces.
  static func describe(_ text: String) -> String {
    extractor.entities(in: text).map {
      "\($0.trigger):\($0.value)[\($0.scalarRange.lowerBound)..<\($0.scalarRange.upperBound)]"
    }.joined(separator: " ")
  }

  @Test(arguments: [
    // Code spans and fenced blocks.
    ("`@ana` @bob", "mention:bob[7..<11]"),
    ("``x @ana ` y`` #tag", "hashtag:tag[15..<19]"),
    ("```\n@ana #tag\n```\n@bob", "mention:bob[18..<22]"),
    ("~~~swift\n@ana\n~~~\n@bob", "mention:bob[18..<22]"),
    // A closing fence holds nothing else, so this block runs to the end (CommonMark).
    ("~~~swift\n@ana\n~~~ @bob", ""),
    // URLs and e-mail addresses.
    ("see https://example.com/@ana#frag @bob", "mention:bob[34..<38]"),
    ("www.example.com/@ana and example.org/#x", ""),
    ("mail ana@example.com or @ana", "mention:ana[24..<28]"),
    // Trailing sentence punctuation is not part of the handle.
    ("thanks @ana.", "mention:ana[7..<11]"),
    (
      "@ana, @bob! @cy? @dee: @eve;",
      "mention:ana[0..<4] mention:bob[6..<10] mention:cy[12..<15] mention:dee[17..<21]"
        + " mention:eve[23..<27]"
    ),
    ("ask @jean-luc- now", "mention:jean-luc[4..<13]"),
    ("(@ana)", "mention:ana[1..<5]"),
    // Dotted and hyphenated handles.
    ("@ana.maria and @jean-luc", "mention:ana.maria[0..<10] mention:jean-luc[15..<24]"),
    ("@a.b.c...", "mention:a.b.c[0..<6]"),
    // Fediverse addresses are one mention.
    ("cc @user@mastodon.social.", "mention:user@mastodon.social[3..<24]"),
    ("@ana@host.example hi", "mention:ana@host.example[0..<17]"),
    // Hashtags, and signs that start no entity.
    ("#general and #général", "hashtag:general[0..<8] hashtag:général[13..<21]"),
    ("a@b x#y @ #", ""),
  ])
  func entities(text: String, expected: String) {
    #expect(Self.describe(text) == expected, "\(text.debugDescription)")
  }

  /// URLs are skipped where nothing else would stop an entity. `/` may not come before a sign
  /// (the boundary rule), so `http://localhost/@bob` holds no mention either way; but `=` and
  /// `(` may (the rule rejects letters, digits, marks, `_ / \ &` and the signs, not
  /// punctuation), so in the other URLs only the URL rule keeps the sign from starting a
  /// mention or a hashtag, as the last two cases show without a URL around them. Scheme URLs
  /// run to the next whitespace; `www.` and known-TLD URLs take query characters
  /// (twitter-text's rules). A text with a backtick is scanned with the whole text's excluded
  /// spans, the others word by word.
  @Test(arguments: [
    ("see http://localhost/@bob", ""),
    ("see http://localhost/?to=@bob", ""),
    ("see http://localhost/(@bob) #tag", "hashtag:tag[28..<32]"),
    ("http://localhost/?to=@bob @ana", "mention:ana[26..<30]"),
    ("www.example.com/?to=@bob", ""),
    ("example.com/?q=#tag", ""),
    ("`x` http://localhost/?to=@bob", ""),
    ("`x` www.example.com/?to=@bob #tag", "hashtag:tag[29..<33]"),
    ("to=@bob", "mention:bob[3..<7]"),
    ("q=#tag (@ana)", "hashtag:tag[2..<6] mention:ana[8..<12]"),
  ])
  func urlsHideSignsTheBoundaryRuleLetThrough(text: String, expected: String) {
    #expect(Self.describe(text) == expected, "\(text.debugDescription)")
  }

  /// One example of each way the profile used to read code, URLs and e-mail addresses unlike
  /// CommonMark (spec 0.31.2, sections cited) and a linkifier; the expected values are theirs,
  /// worked by hand.
  @Test(arguments: [
    // A backslash-escaped backtick opens and closes nothing (§2.4, example 14; §6.1).
    ("\\`@ana\\` ", "mention:ana[2..<6]"),
    // …but a backslash inside a code span is text, so the span closes there (§6.1, ex. 338).
    ("\\``#v2\\` @cy", "mention:cy[9..<12]"),
    // A code span lies in one paragraph or heading (§4.8, §4.2, §6.1).
    ("`a\n\n@ana`", "mention:ana[4..<8]"),
    ("# `a\n@ana`", "mention:ana[5..<9]"),
    // No URL starts inside a word, after the ASCII tail of a non-ASCII domain.
    ("@ana@bücher.org", "mention:ana@bücher.org[0..<15]"),
    ("@пример.co.uk", "mention:пример.co.uk[0..<13]"),
    ("@example.co.uk", "mention:example.co.uk[0..<14]"),
    // A trailing `-` of a fediverse host is trimmed, as a trailing `.` is.
    ("@ana@host-", "mention:ana@host[0..<9]"),
    ("@ana@host.", "mention:ana@host[0..<9]"),
    // A URL ends at a non-ASCII space, an autolink's `>` and a code span's closing backtick.
    ("https://example.com\u{3000}@ana", "mention:ana[20..<24]"),
    ("https://example.com\u{00A0}@ana", "mention:ana[20..<24]"),
    ("https://example.com\u{2009}@ana", "mention:ana[20..<24]"),
    ("<https://example.com>@ana", "mention:ana[21..<25]"),
    ("`https://example.com`@ana", "mention:ana[21..<25]"),
    // Full-width signs read as their ASCII forms before a domain.
    ("＠jo.io", "mention:jo.io[0..<6]"),
    ("@jo.io", "mention:jo.io[0..<6]"),
    ("＃gitlab.dev", "hashtag:gitlab[0..<7]"),
    ("#gitlab.dev", "hashtag:gitlab[0..<7]"),
    // An e-mail local part does not start after a letter of any script.
    ("@jöse@mastodon.social", "mention:jöse@mastodon.social[0..<21]"),
  ])
  func readsCodeURLsAndAddressesAsCommonMarkAndALinkifier(text: String, expected: String) {
    #expect(Self.describe(text) == expected, "\(text.debugDescription)")
  }

  /// Where the rules in the chat-backends guide decide what CommonMark or a linkifier leave
  /// open, or where the profile deliberately differs from them.
  @Test(arguments: [
    // Fences inside block quotes and list items are code (CommonMark §5.1, §5.2) and end with
    // their container.
    ("> ```\n> @ana\n@bob", "mention:bob[13..<17]"),
    ("- ```\n  @ana\n  ```\n@bob", "mention:bob[19..<23]"),
    ("> ```\n> @ana\n> ```\n> @bob", "mention:bob[21..<25]"),
    // An e-mail address needs a known top-level domain; a quoted local part is one.
    ("x.@ana.zzz", "mention:ana.zzz[2..<10]"),
    ("x.@ana.com", ""),
    ("\"quoted\"@docs.io", ""),
    // A URL does not start right after `# $ - _ . /` (the sign, or the word, comes first).
    ("#a.com $a.com -a.com", "hashtag:a[0..<2]"),
    // A path ends where linkify-it ends it: `,` inside a path, `'` before punctuation.
    ("example.com/a,@bob", ""),
    ("example.com/a'@eve", "mention:eve[14..<18]"),
    // E-mail addresses follow linkify-it: `:` is in a local part, a known TLD is needed.
    ("cc:@jo.io", ""),
    ("ana@example.zzz #x", "hashtag:x[16..<18]"),
    // `//host` is not a URL; any `scheme://` is one.
    ("see //host.com/a,@bob", "mention:bob[17..<21]"),
    ("git+ssh://host/@ana @bob", "mention:bob[20..<24]"),
    // The 64-scalar limit counts the run as typed, trailing `.` and `-` included, as the
    // composer counts a query.
    ("@" + String(repeating: "a", count: 64) + ".", ""),
    (
      "@" + String(repeating: "a", count: 63) + ".",
      "mention:\(String(repeating: "a", count: 63))[0..<64]"
    ),
    ("@" + String(repeating: "a", count: 65), ""),
  ])
  func documentedRules(text: String, expected: String) {
    #expect(Self.describe(text) == expected, "\(text.debugDescription)")
  }

  @Test func profileSwitchesAreHonoured() {
    let profile = ExtractionProfile.chat(
      skipsCode: false, skipsEmailAddresses: false, allowsFediverseAddresses: false)
    let extractor = EntityExtractor(profile: profile)
    #expect(extractor.mentions(in: "`@ana`") == ["ana"])
    #expect(extractor.mentions(in: "@user@mastodon.social") == ["user"])
  }

  @Test func rangesCoverTheSignAndValue() throws {
    let text = "👨‍👩‍👧 @zoë. #日本"
    let entities = Self.extractor.entities(in: text)
    try #require(entities.count == 2)
    #expect(String(text[entities[0].range]) == "@zoë")
    #expect(entities[0].utf16Range == 9..<13)
    #expect(String(text[entities[1].range]) == "#日本")
  }

  @Test func repliesStartTheMessage() {
    #expect(Self.extractor.replyHandle(in: "  @ana thanks") == "ana")
    #expect(Self.extractor.replyHandle(in: "hi @ana") == nil)
    #expect(Self.extractor.replyHandle(in: "#tag @ana") == nil)
  }
}
