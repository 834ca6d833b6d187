/// A delimiter that starts a completion, with the rules that decide when it counts.
///
/// A trigger is a value: its delimiter (`@`, `#`, `:`, `/`, `[[`…), equivalent delimiters such
/// as full-width `＠`, which characters may come before it, which characters may form its query,
/// and how long the query may be. ``MentionManager`` uses triggers to find the active query at
/// the cursor; the backend extractor uses the same rules to find finished mentions.
///
/// ```swift
/// var mention = Trigger.mention
/// mention.maximumSpaces = 1          // allow "@Jon Sn"
/// mention.resultLimit = 8
/// let manager = MentionManager(triggers: [mention, .hashtag], dataSource: directory)
/// ```
public struct Trigger: Sendable, Hashable {
  /// A name for the trigger, reported back with every query (`"mention"`, `"hashtag"`).
  public var name: Name
  /// The canonical delimiter, inserted on completion when ``Insertion-swift.struct/keepsDelimiter``
  /// is set. Must not be empty.
  public var delimiter: String
  /// Further spellings that count as the delimiter, such as full-width `＠` for `@`.
  public var equivalentDelimiters: [String]
  /// What may come immediately before the delimiter.
  public var boundary: Boundary
  /// The characters a query may contain (besides up to ``maximumSpaces`` spaces).
  public var queryCharacters: ScalarClass
  /// How many spaces (U+0020) a query may contain, for multi-word queries such as `@Jon Sn`.
  /// A query never starts with a space, and two spaces in a row end it.
  public var maximumSpaces: Int
  /// The shortest query (in Unicode scalars) that activates the trigger. Below it, the trigger
  /// is not active: `:` for emoji uses 2 so that `:)` stays a smiley.
  public var minimumQueryLength: Int
  /// The longest query (in Unicode scalars) that keeps the trigger active. It also bounds how far
  /// detection looks back from the cursor.
  public var maximumQueryLength: Int
  /// A static item list used instead of the data source, as MJAutoComplete's
  /// `autoCompleteItemList`. `nil` asks the manager's data source.
  public var items: [MentionItem]?
  /// The most suggestions delivered for one query.
  public var resultLimit: Int
  /// How long the manager waits after a keystroke before fetching; `.zero` fetches at once.
  public var debounce: Duration
  /// How long a fetch may take before it ends with ``MentionError/timedOut(trigger:after:)``;
  /// `nil` waits for the data source as long as it takes.
  public var timeout: Duration?
  /// How a chosen item is written into the text.
  public var insertion: Insertion

  /// Creates a trigger.
  ///
  /// - Parameters:
  ///   - name: A name reported back with every query; defaults to the delimiter.
  ///   - delimiter: The canonical delimiter; must not be empty.
  ///   - equivalentDelimiters: Further spellings that count as the delimiter.
  ///   - boundary: What may come immediately before the delimiter.
  ///   - queryCharacters: The characters a query may contain.
  ///   - maximumSpaces: How many spaces a query may contain.
  ///   - minimumQueryLength: The shortest query that activates the trigger.
  ///   - maximumQueryLength: The longest query that keeps the trigger active.
  ///   - items: A static item list used instead of the data source.
  ///   - resultLimit: The most suggestions delivered for one query.
  ///   - debounce: How long to wait after a keystroke before fetching.
  ///   - timeout: How long a fetch may take.
  ///   - insertion: How a chosen item is written into the text.
  public init(
    name: Name? = nil,
    delimiter: String,
    equivalentDelimiters: [String] = [],
    boundary: Boundary = .default,
    queryCharacters: ScalarClass = .alphanumerics.including("_"),
    maximumSpaces: Int = 0,
    minimumQueryLength: Int = 0,
    maximumQueryLength: Int = 64,
    items: [MentionItem]? = nil,
    resultLimit: Int = 20,
    debounce: Duration = .zero,
    timeout: Duration? = .seconds(10),
    insertion: Insertion = .init()
  ) {
    precondition(!delimiter.isEmpty, "A trigger's delimiter must not be empty")
    self.name = name ?? Name(rawValue: delimiter)
    self.delimiter = delimiter
    self.equivalentDelimiters = equivalentDelimiters
    self.boundary = boundary
    self.queryCharacters = queryCharacters
    self.maximumSpaces = maximumSpaces
    self.minimumQueryLength = minimumQueryLength
    self.maximumQueryLength = maximumQueryLength
    self.items = items
    self.resultLimit = resultLimit
    self.debounce = debounce
    self.timeout = timeout
    self.insertion = insertion
  }

  /// Every spelling of the delimiter: the canonical one first, then the equivalents.
  public var allDelimiters: [String] { [delimiter] + equivalentDelimiters.filter { !$0.isEmpty } }
}

extension Trigger {
  /// The rule for what may come immediately before a delimiter.
  ///
  /// The default allows the start of the text, whitespace, punctuation and emoji, but never a
  /// letter, digit, combining mark or `_`, so `mail@example.com` does not trigger; nor `/`, so
  /// `https://host/@user` does not; nor another delimiter sign, so `@@ana` does not.
  public struct Boundary: Sendable, Hashable {
    /// The scalars that may come immediately before the delimiter.
    public var preceding: ScalarClass
    /// Whether the delimiter must start a line (after only the start of the text or a line
    /// break), as slash commands do.
    public var requiresLineStart: Bool

    /// Creates a boundary rule.
    ///
    /// - Parameters:
    ///   - preceding: The scalars that may come immediately before the delimiter.
    ///   - requiresLineStart: Whether the delimiter must start a line.
    public init(preceding: ScalarClass, requiresLineStart: Bool = false) {
      self.preceding = preceding
      self.requiresLineStart = requiresLineStart
    }

    /// Start of text, whitespace, punctuation or symbols (emoji, with their variation
    /// selectors) — but not letters, digits, marks, `_`, `/`, `\`, `&`, or the signs
    /// `@ ＠ # ＃ $ ＄`.
    public static let `default` = Boundary(
      preceding: ScalarClass(
        categories: [.letters, .marks, .numbers],
        including: "_/\\&@＠#＃$＄",
        excluding: "\u{FE0E}\u{FE0F}\u{20E3}",
        isInverted: true))

    /// Start of text or whitespace only.
    public static let whitespace = Boundary(preceding: .whitespace)

    /// Start of a line only.
    public static let lineStart = Boundary(preceding: ScalarClass(), requiresLineStart: true)
  }

  /// How a chosen item is written into the text.
  public struct Insertion: Sendable, Hashable {
    /// Whether the inserted text starts with the trigger's canonical delimiter. When the
    /// item's ``MentionItem/insertionText`` already starts with a delimiter, it is not doubled.
    public var keepsDelimiter: Bool
    /// Text written after the item, unless the text already continues with it (default one
    /// space, never doubled).
    public var suffix: String

    /// Creates insertion options.
    ///
    /// - Parameters:
    ///   - keepsDelimiter: Whether the inserted text starts with the delimiter.
    ///   - suffix: Text written after the item.
    public init(keepsDelimiter: Bool = true, suffix: String = " ") {
      self.keepsDelimiter = keepsDelimiter
      self.suffix = suffix
    }
  }
}

extension Trigger {
  /// `@` (and full-width `＠`) for people: handles of letters, digits and marks of any script,
  /// plus `_`, `.` and `-`.
  public static let mention = Trigger(
    name: .mention,
    delimiter: "@",
    equivalentDelimiters: ["＠"],
    queryCharacters: .alphanumerics.including("_.-"),
    maximumQueryLength: 64)

  /// `#` (and full-width `＃`) for channels and hashtags: letters, digits and marks of any
  /// script, plus `_` and `-`.
  public static let hashtag = Trigger(
    name: .hashtag,
    delimiter: "#",
    equivalentDelimiters: ["＃"],
    queryCharacters: .alphanumerics.including("_-"),
    maximumQueryLength: 64)

  /// `:` for emoji shortcodes (`:smi` → 😄): active from two characters, so `:)` and `10:30`
  /// stay as they are; inserts without the delimiter.
  public static let emoji = Trigger(
    name: .emoji,
    delimiter: ":",
    boundary: .whitespace,
    queryCharacters: ScalarClass(categories: [.letters, .numbers], including: "_+-"),
    minimumQueryLength: 2,
    maximumQueryLength: 40,
    insertion: Insertion(keepsDelimiter: false, suffix: ""))

  /// `/` at the start of a line for slash commands (`/help`).
  public static let command = Trigger(
    name: .command,
    delimiter: "/",
    boundary: .lineStart,
    queryCharacters: ScalarClass(categories: [.letters, .numbers], including: "_-"),
    maximumQueryLength: 32)

  /// `[[` for wiki-style links: queries may contain up to eight spaces and any character but
  /// brackets, `|` and line breaks.
  public static let wikiLink = Trigger(
    name: .wikiLink,
    delimiter: "[[",
    boundary: Boundary(preceding: .any),
    queryCharacters: ScalarClass(
      categories: [.whitespace], including: "[]|", isInverted: true),
    maximumSpaces: 8,
    maximumQueryLength: 100,
    insertion: Insertion(keepsDelimiter: true, suffix: "]]"))

  /// `$` for cashtags (`$AAPL`): letters only, up to 6.
  public static let cashtag = Trigger(
    name: .cashtag,
    delimiter: "$",
    equivalentDelimiters: ["＄"],
    queryCharacters: ScalarClass(categories: [.letters]),
    minimumQueryLength: 1,
    maximumQueryLength: 6)
}
