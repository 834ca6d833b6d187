/// The grammar an ``EntityExtractor`` applies: one of two, each with only its own options.
///
/// - ``twitter(mentions:hashtags:cashtags:)`` reproduces Twitter's twitter-text rules exactly
///   (ASCII handles of at most 20 characters, list mentions, hashtags of letters and marks in
///   any script, hashtags inside URLs dropped), for systems that must agree with twitter-text.
///   Its options choose which entities are extracted.
/// - ``chat(triggers:skipsCode:skipsURLs:skipsEmailAddresses:trailingPunctuation:allowsFediverseAddresses:)``
///   is built on the composer's ``Trigger`` values, so what ``MentionManager`` completes while
///   typing is what the extractor finds in the sent message. Its options say what it skips
///   (Markdown code, URLs, e-mail addresses), what it trims from the end of a handle
///   (`@ana.` → `ana`), and whether `@user@host` is one fediverse mention.
///
/// ``twitter`` and ``chat`` are the two grammars with their default options.
///
/// ```swift
/// let profile = ExtractionProfile.chat(triggers: [.mention, .hashtag, .cashtag])
/// EntityExtractor(profile: profile).extract("@ana.maria buys $ACME.").entities.map(\.value)
/// // ["ana.maria", "ACME"]
/// ```
public struct ExtractionProfile: Sendable, Hashable {
  /// Whether this is the twitter grammar (otherwise the chat grammar).
  let isTwitter: Bool
  /// The chat grammar's triggers; each entity's trigger is its trigger's name.
  let triggers: [Trigger]
  /// The twitter grammar's choice of entities.
  let includesMentions: Bool
  let includesHashtags: Bool
  let includesCashtags: Bool
  /// The chat grammar's options.
  let skipsCode: Bool
  let skipsURLs: Bool
  let skipsEmailAddresses: Bool
  let trailingPunctuation: ScalarClass
  let allowsFediverseAddresses: Bool

  private init(
    isTwitter: Bool, triggers: [Trigger] = [], includesMentions: Bool = false,
    includesHashtags: Bool = false, includesCashtags: Bool = false, skipsCode: Bool = false,
    skipsURLs: Bool = false, skipsEmailAddresses: Bool = false,
    trailingPunctuation: ScalarClass = ScalarClass(including: ""),
    allowsFediverseAddresses: Bool = false
  ) {
    self.isTwitter = isTwitter
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

  /// twitter-text 3.1's rules.
  ///
  /// Passes the mention, reply and hashtag sections of twitter-text's conformance suite.
  /// Handles are 1–20 ASCII letters, digits or `_`; hashtags inside URLs are dropped, mentions
  /// inside URLs are not (as in twitter-text's own mention API). A list mention
  /// (`@ana/friends`) is a ``Trigger/Name/mention`` entity whose value is the owner's handle
  /// (`ana`) and whose ``MessageEntity/listSlug`` is the slug with its slash (`/friends`).
  ///
  /// - Parameters:
  ///   - mentions: Whether mentions and list mentions are extracted.
  ///   - hashtags: Whether hashtags are extracted.
  ///   - cashtags: Whether cashtags (`$ACME`) are extracted.
  /// - Returns: The profile.
  public static func twitter(mentions: Bool = true, hashtags: Bool = true, cashtags: Bool = false)
    -> ExtractionProfile
  {
    ExtractionProfile(
      isTwitter: true, includesMentions: mentions, includesHashtags: hashtags,
      includesCashtags: cashtags)
  }

  /// The rules of the composer's triggers, with the chat options.
  ///
  /// - Parameters:
  ///   - triggers: The triggers whose delimiters start entities; each entity's trigger is its
  ///     trigger's ``Trigger/name``.
  ///   - skipsCode: Whether Markdown code spans and fenced code blocks are skipped.
  ///   - skipsURLs: Whether URLs (with a scheme, `www.` or a known top-level domain) are
  ///     skipped.
  ///   - skipsEmailAddresses: Whether e-mail addresses are skipped.
  ///   - trailingPunctuation: Characters allowed inside a handle but trimmed from its end, so
  ///     `@ana.` is `ana` and `@jean-luc-` is `jean-luc`.
  ///   - allowsFediverseAddresses: Whether `@user@host.example` is read as one mention whose
  ///     value is `user@host.example`.
  /// - Returns: The profile.
  public static func chat(
    triggers: [Trigger] = [.mention, .hashtag],
    skipsCode: Bool = true,
    skipsURLs: Bool = true,
    skipsEmailAddresses: Bool = true,
    trailingPunctuation: ScalarClass = ScalarClass(including: ".-"),
    allowsFediverseAddresses: Bool = true
  ) -> ExtractionProfile {
    ExtractionProfile(
      isTwitter: false, triggers: triggers, skipsCode: skipsCode, skipsURLs: skipsURLs,
      skipsEmailAddresses: skipsEmailAddresses, trailingPunctuation: trailingPunctuation,
      allowsFediverseAddresses: allowsFediverseAddresses)
  }

  /// twitter-text 3.1's rules for mentions, list mentions and hashtags (cashtags off): the
  /// default ``twitter(mentions:hashtags:cashtags:)``.
  public static let twitter = twitter()

  /// The default chat profile: ``Trigger/mention`` and ``Trigger/hashtag`` with code, URLs and
  /// e-mail addresses skipped, trailing `.` and `-` trimmed, and fediverse addresses: the
  /// default
  /// ``chat(triggers:skipsCode:skipsURLs:skipsEmailAddresses:trailingPunctuation:allowsFediverseAddresses:)``.
  public static let chat = chat()
}
