/// The grammar an ``EntityExtractor`` applies: which signs start entities and what counts.
///
/// Two profiles ship:
/// - ``twitter`` reproduces Twitter's twitter-text rules exactly (ASCII handles of at most 20
///   characters, list mentions, hashtags of letters and marks in any script, hashtags inside
///   URLs dropped), for systems that must agree with twitter-text.
/// - ``chat`` is built on the composer's ``Trigger`` values, so what ``MentionManager``
///   completes while typing is what the extractor finds in the sent message. It also skips
///   Markdown code, URLs and e-mail addresses, trims trailing sentence punctuation
///   (`@ana.` → `ana`), and reads `@user@host` as one fediverse mention.
///
/// ```swift
/// var profile = ExtractionProfile.chat
/// profile.triggers.append(.cashtag)
/// EntityExtractor(profile: profile).entities(in: "@ana.maria buys $ACME.").map(\.value)
/// // ["ana.maria", "ACME"]
/// ```
public struct ExtractionProfile: Sendable, Hashable {
  /// The family of rules a profile applies.
  public enum Grammar: Sendable, Hashable {
    /// twitter-text 3.1's rules; ``ExtractionProfile/triggers`` is not used, and the kinds are
    /// chosen with ``ExtractionProfile/includesMentions``, ``ExtractionProfile/includesHashtags``
    /// and ``ExtractionProfile/includesCashtags``.
    case twitter
    /// The rules of ``ExtractionProfile/triggers``, with the chat options.
    case triggers
  }

  /// The family of rules.
  public var grammar: Grammar
  /// The triggers whose delimiters start entities (``Grammar/triggers`` only). Each entity's
  /// kind is its trigger's ``Trigger/name``: `"mention"` for ``Trigger/mention``, `"hashtag"` for
  /// ``Trigger/hashtag``.
  public var triggers: [Trigger]
  /// Whether mentions and list mentions are extracted (``Grammar/twitter`` only).
  public var includesMentions: Bool
  /// Whether hashtags are extracted (``Grammar/twitter`` only).
  public var includesHashtags: Bool
  /// Whether cashtags are extracted (``Grammar/twitter`` only).
  public var includesCashtags: Bool
  /// Whether Markdown code spans and fenced code blocks are skipped.
  public var skipsCode: Bool
  /// Whether URLs (with a scheme, `www.` or a known top-level domain) are skipped.
  public var skipsURLs: Bool
  /// Whether e-mail addresses are skipped.
  public var skipsEmailAddresses: Bool
  /// Characters allowed inside a handle but trimmed from its end, so `@ana.` is `ana` and
  /// `@jean-luc-` is `jean-luc`.
  public var trailingPunctuation: ScalarClass
  /// Whether `@user@host.example` is read as one mention whose value is `user@host.example`.
  public var allowsFediverseAddresses: Bool

  /// Creates a profile.
  ///
  /// - Parameters:
  ///   - grammar: The family of rules.
  ///   - triggers: The triggers whose delimiters start entities.
  ///   - includesMentions: Whether twitter mentions are extracted.
  ///   - includesHashtags: Whether twitter hashtags are extracted.
  ///   - includesCashtags: Whether twitter cashtags are extracted.
  ///   - skipsCode: Whether Markdown code is skipped.
  ///   - skipsURLs: Whether URLs are skipped.
  ///   - skipsEmailAddresses: Whether e-mail addresses are skipped.
  ///   - trailingPunctuation: Characters trimmed from the end of a handle.
  ///   - allowsFediverseAddresses: Whether `@user@host` is one mention.
  public init(
    grammar: Grammar,
    triggers: [Trigger] = [.mention, .hashtag],
    includesMentions: Bool = true,
    includesHashtags: Bool = true,
    includesCashtags: Bool = false,
    skipsCode: Bool = true,
    skipsURLs: Bool = true,
    skipsEmailAddresses: Bool = true,
    trailingPunctuation: ScalarClass = ScalarClass(including: ".-"),
    allowsFediverseAddresses: Bool = true
  ) {
    self.grammar = grammar
    self.triggers = triggers
    self.includesMentions = includesMentions
    self.includesHashtags = includesHashtags
    self.includesCashtags = includesCashtags
    self.skipsCode = skipsCode
    self.skipsURLs = skipsURLs
    self.skipsEmailAddresses = skipsEmailAddresses
    self.trailingPunctuation = trailingPunctuation
    self.allowsFediverseAddresses = allowsFediverseAddresses
  }

  /// twitter-text 3.1's rules for mentions, list mentions and hashtags (cashtags off).
  ///
  /// Passes the mention, reply and hashtag sections of twitter-text's conformance suite.
  /// Handles are 1–20 ASCII letters, digits or `_`; hashtags inside URLs are dropped, mentions
  /// inside URLs are not (as in twitter-text's own mention API).
  public static let twitter = ExtractionProfile(
    grammar: .twitter, skipsCode: false, skipsURLs: false, skipsEmailAddresses: false,
    allowsFediverseAddresses: false)

  /// The default chat profile: ``Trigger/mention`` and ``Trigger/hashtag`` with code, URLs and
  /// e-mail addresses skipped, trailing `.` and `-` trimmed, and fediverse addresses.
  public static let chat = ExtractionProfile(grammar: .triggers)
}
