import Foundation

/// The baseline extractor: twitter-text's mention rule as NSRegularExpression, used the way
/// twitter-text's JavaScript `extractMentionsOrListsWithIndices` uses its regular expressions.
///
/// `validMentionOrList` (../shared/conformance/twitter-text/RULES.md §1.1–1.4) is scanned
/// left to right; each match is then discarded when the text right after it starts with an at
/// sign, a Latin accented character or `://` (§1.5, `endMentionMatch`), and a discarded match
/// still consumes its text, as in twitter-text. Mentions with a list slug are kept as lists.
struct RegexMentionExtractor {
  /// One mention or list mention: the screen name, the slug (`"/slug"`, or empty), and the
  /// UTF-16 range from the at sign to the end of the name or slug.
  struct Mention: Equatable {
    var screenName: String
    var listSlug: String
    var utf16Range: Range<Int>
  }

  /// twitter-text's `validMentionOrList`: (before) (at sign) (name) (/list)?
  let mentionOrList: NSRegularExpression
  /// twitter-text's `endMentionMatch`, matched anchored right after a match.
  let invalidAfter: NSRegularExpression

  init() {
    let before = "([^a-zA-Z0-9_!#$%&*@\u{FF20}]|^|(?:^|[^a-zA-Z0-9_+~.\\-])(?:rt|RT|rT|Rt):?)"
    let pattern = before + "([@\u{FF20}])([a-zA-Z0-9_]{1,20})(/[a-zA-Z][a-zA-Z0-9_\\-]{0,24})?"
    let latinAccents =
      "\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0100-\\u024F\\u0253\\u0254\\u0256\\u0257"
      + "\\u0259\\u025B\\u0263\\u0268\\u026F\\u0272\\u0289\\u028B\\u02BB\\u0300-\\u036F"
      + "\\u1E00-\\u1EFF"
    do {
      mentionOrList = try NSRegularExpression(pattern: pattern)
      invalidAfter = try NSRegularExpression(pattern: "(?:[@\u{FF20}\(latinAccents)]|://)")
    } catch {
      fatalError("the baseline's regular expressions do not compile: \(error)")
    }
  }

  /// Every mention and list mention in the text, in text order.
  func mentionsOrLists(in text: String) -> [Mention] {
    let string = text as NSString
    let length = string.length
    var found: [Mention] = []
    for match in mentionOrList.matches(in: text, range: NSRange(location: 0, length: length)) {
      let end = match.range.location + match.range.length
      let after = NSRange(location: end, length: length - end)
      if after.length > 0,
        invalidAfter.firstMatch(in: text, options: .anchored, range: after) != nil
      {
        continue
      }
      let at = match.range(at: 2)
      let slug = match.range(at: 4)
      found.append(
        Mention(
          screenName: string.substring(with: match.range(at: 3)),
          listSlug: slug.location == NSNotFound ? "" : string.substring(with: slug),
          utf16Range: at.location..<end))
    }
    return found
  }
}
