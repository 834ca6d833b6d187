/// An active query: a trigger found before the cursor, the text typed after it, and the range a
/// completion replaces.
///
/// ```swift
/// let detector = TriggerDetector(triggers: [.mention, .hashtag])
/// let query = detector.detect(in: "hi @jo")!
/// query.text          // "jo"
/// query.trigger.name  // "mention"
/// query.utf16Range    // 3..<6
/// ```
public struct MentionQuery: Sendable, Hashable {
  /// The trigger whose delimiter starts the query.
  public var trigger: Trigger
  /// The delimiter as typed (`"@"` or `"＠"`).
  public var delimiter: String
  /// The query: the text between the delimiter and the cursor.
  public var text: String
  /// The text the query was found in.
  public var sourceText: String
  /// The range a completion replaces: from the delimiter through the end of the word the cursor
  /// is in.
  public var range: Range<String.Index>
  /// The range of ``text`` (after the delimiter, up to the cursor).
  public var queryRange: Range<String.Index>
  /// The cursor the query was detected at (rounded down to a grapheme boundary).
  public var cursor: String.Index

  /// ``range`` as UTF-16 offsets, for callers holding an `NSRange`.
  public var utf16Range: Range<Int> { TextCursor.utf16Range(of: range, in: sourceText) }

  /// ``cursor`` as a UTF-16 offset.
  public var utf16Cursor: Int { TextCursor.utf16Offset(of: cursor, in: sourceText) }

  /// Creates a query; ``TriggerDetector`` and ``MentionManager`` make these for you.
  ///
  /// - Parameters:
  ///   - trigger: The trigger whose delimiter starts the query.
  ///   - delimiter: The delimiter as typed.
  ///   - text: The query text.
  ///   - sourceText: The text the query was found in.
  ///   - range: The range a completion replaces.
  ///   - queryRange: The range of the query text.
  ///   - cursor: The cursor the query was detected at.
  public init(
    trigger: Trigger,
    delimiter: String,
    text: String,
    sourceText: String,
    range: Range<String.Index>,
    queryRange: Range<String.Index>,
    cursor: String.Index
  ) {
    self.trigger = trigger
    self.delimiter = delimiter
    self.text = text
    self.sourceText = sourceText
    self.range = range
    self.queryRange = queryRange
    self.cursor = cursor
  }
}
