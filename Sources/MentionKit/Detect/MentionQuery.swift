/// An active query: a trigger found before the cursor, the text typed after it, and the range a
/// completion replaces.
///
/// ``MentionManager`` detects one after every edit and hands it to the data source;
/// ``init(in:utf16Offset:triggers:)`` detects one in any text.
///
/// ```swift
/// let query = MentionQuery(in: "hi @jo", triggers: [.mention, .hashtag])
/// query?.text          // "jo"
/// query?.trigger.name  // .mention
/// query?.utf16Range    // 3..<6
/// ```
public struct MentionQuery: Sendable, Hashable {
  /// The trigger whose delimiter starts the query.
  public var trigger: Trigger
  /// The delimiter as typed (`"@"` or `"＠"`).
  var delimiter: String
  /// The query: the text between the delimiter (and the silent marker, see ``isSilent``) and
  /// the cursor.
  public var text: String
  /// Whether the query follows the silent marker (`@_an`, a mention that notifies nobody):
  /// ``text`` leaves the `_` out (`an`), and accepting an item keeps it (`@_ana`), the entity's
  /// audience ``MessageEntity/Audience/silent``. Only the mention trigger has the marker.
  public var isSilent: Bool
  /// The text the query was found in.
  public var sourceText: String
  /// The range a completion replaces, as `String.Index`es of ``sourceText``: from the delimiter
  /// through the end of the word the cursor is in.
  public var range: Range<String.Index>
  /// The range of ``text`` (after the delimiter, up to the cursor).
  var queryRange: Range<String.Index>
  /// The cursor the query was detected at (rounded down to a grapheme boundary).
  var cursor: String.Index

  /// ``range`` as UTF-16 offsets: the range a completion replaces.
  public var utf16Range: Range<Int> { TextCursor.utf16Range(of: range, in: sourceText) }

  /// The cursor the query was detected at, as a UTF-16 offset (rounded down to a grapheme
  /// boundary).
  public var utf16Offset: Int { TextCursor.utf16Offset(of: cursor, in: sourceText) }

  /// Detects the active query in a text: the nearest trigger before the cursor wins.
  ///
  /// An offset inside a surrogate pair or a grapheme cluster is rounded down to the cluster's
  /// start.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - utf16Offset: The cursor as a UTF-16 offset; `nil` for the end of the text.
  ///   - triggers: The triggers to look for.
  /// - Returns: `nil` when no trigger is active at the cursor or the offset lies outside the
  ///   text.
  public init?(in text: String, utf16Offset: Int? = nil, triggers: [Trigger]) {
    let detector = TriggerDetector(triggers: triggers)
    let cursor: String.Index
    if let utf16Offset {
      guard let index = try? TextCursor.index(utf16Offset: utf16Offset, in: text) else {
        return nil
      }
      cursor = index
    } else {
      cursor = text.endIndex
    }
    guard let query = detector.detectAligned(in: text, cursor: cursor) else { return nil }
    self = query
  }

  /// Creates the query a text made of the trigger's delimiter and `text` gives, with the cursor
  /// at its end: for calling a filter or a data source directly.
  ///
  /// - Parameters:
  ///   - text: The typed query, after the delimiter.
  ///   - trigger: The trigger.
  public init(text: String, trigger: Trigger) {
    let source = trigger.delimiter + text
    let start = source.utf8.index(source.startIndex, offsetBy: trigger.delimiter.utf8.count)
    self.init(
      trigger: trigger, delimiter: trigger.delimiter, text: text, sourceText: source,
      range: source.startIndex..<source.endIndex, queryRange: start..<source.endIndex,
      cursor: source.endIndex)
  }

  /// Creates a query; ``TriggerDetector`` makes these.
  init(
    trigger: Trigger,
    delimiter: String,
    text: String,
    sourceText: String,
    range: Range<String.Index>,
    queryRange: Range<String.Index>,
    cursor: String.Index,
    isSilent: Bool = false
  ) {
    self.isSilent = isSilent
    self.trigger = trigger
    self.delimiter = delimiter
    self.text = text
    self.sourceText = sourceText
    self.range = range
    self.queryRange = queryRange
    self.cursor = cursor
  }
}
