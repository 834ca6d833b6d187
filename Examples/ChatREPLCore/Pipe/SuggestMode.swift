import MentionKit
import ToolSupport

/// `--suggest` pipe mode: each input line is a composer's text with the cursor at its end; each
/// output line is one JSON object with the active query and its ranked suggestions, keys in a
/// fixed order:
///
/// ```json
/// {"query":{"trigger":"mention","text":"jo","utf16":[3,6]},"suggestions":[{"id":"U1",
///  "handle":"jose","display_name":"José Álvarez","needs_handle":false,"tier":"prefix",
///  "route":"literal"}],"more":false}
/// ```
///
/// `query` is `null` (with no suggestions) when no trigger is active at the end of the line.
/// `utf16` is the `[start, end)` UTF-16 range of the query, delimiter included. Each suggestion
/// says how it matched: `tier` (`exact`, `prefix`, `word_prefix`, `substring`) and `route`
/// (`literal`; `transliterated` with the `spelling` that matched; `typo` with the `key` it
/// matched with one edit). `needs_handle` is true when another suggestion has the same display
/// name. `more` says whether the directory has further suggestions. A failed fetch gives an
/// `error` string instead of `suggestions`. Lines are read as in the other pipe modes: split on
/// `\n`, a `\r` before it dropped, invalid UTF-8 replaced by U+FFFD and the first such line
/// named on the error stream.
struct SuggestMode {
  /// The manager that detects, fetches and ranks.
  var manager: MentionManager

  /// Creates the mode over a directory, with at most `limit` suggestions per line.
  init(dataSource: any MentionDataSource, limit: Int) {
    manager = MentionManager(
      triggers: ChatSession.triggers(limit: limit), dataSource: dataSource,
      filter: DefaultMentionFilter(limit: limit), now: { 0 })
  }

  /// The output line for one input line, without a line end.
  func process(_ line: String) async -> String {
    var out = JSONWriter()
    out.beginObject()
    out.key("query")
    let suggestions: MentionSuggestions?
    do {
      suggestions = try await manager.suggestions(for: line)
    } catch {
      if let query = MentionQuery(in: line, triggers: manager.triggers) {
        Self.write(query, to: &out)
      } else {
        out.null()
      }
      out.key("error")
      out.string("\(error)")
      out.endObject()
      return out.output
    }
    guard let suggestions else {
      out.null()
      out.key("suggestions")
      out.beginArray()
      out.endArray()
      out.key("more")
      out.bool(false)
      out.endObject()
      return out.output
    }
    Self.write(suggestions.query, to: &out)
    out.key("suggestions")
    out.beginArray()
    for (index, match) in suggestions.matches.enumerated() {
      out.beginObject()
      out.key("id")
      out.string(match.item.id)
      out.key("handle")
      out.string(match.item.insertionText)
      out.key("display_name")
      out.string(match.item.displayText)
      out.key("needs_handle")
      out.bool(suggestions.needsHandle(at: index))
      out.key("tier")
      out.string(Self.name(of: match.tier))
      out.key("route")
      switch match.route {
      case .literal:
        out.string("literal")
      case .transliterated(let spelling):
        out.string("transliterated")
        out.key("spelling")
        out.string(spelling)
      case .typo(let key):
        out.string("typo")
        out.key("key")
        out.string(key)
      }
      out.endObject()
    }
    out.endArray()
    out.key("more")
    out.bool(suggestions.hasMore)
    out.endObject()
    return out.output
  }

  private static func write(_ query: MentionQuery, to out: inout JSONWriter) {
    out.beginObject()
    out.key("trigger")
    out.string(query.trigger.name.rawValue)
    out.key("text")
    out.string(query.text)
    out.key("utf16")
    out.beginArray()
    out.integer(query.utf16Range.lowerBound)
    out.integer(query.utf16Range.upperBound)
    out.endArray()
    out.endObject()
  }

  /// The JSON name of a tier.
  static func name(of tier: MatchTier) -> String {
    switch tier {
    case .exact: "exact"
    case .prefix: "prefix"
    case .wordPrefix: "word_prefix"
    case .substring: "substring"
    }
  }

  /// Reads `input` to its end and writes one line to `output` per input line.
  ///
  /// - Returns: The number of lines processed.
  @discardableResult
  func run(input: Int32 = 0, output: Int32 = 1, errors: Int32 = 2, readSize: Int = 1 << 16)
    async -> Int
  {
    var out = BufferedWriter(descriptor: output)
    var err = BufferedWriter(descriptor: errors)
    var input = PipeInput(descriptor: input, readSize: readSize)
    var lines: [String] = []
    var more = true
    while more {
      // As in the other pipe modes: everything processed goes out before waiting for input.
      out.flush()
      err.flush()
      more = input.readLines(errors: &err) { line, _, _ in lines.append(line) }
      for line in lines {
        out.buffer.append(contentsOf: await process(line).utf8)
        out.buffer.append(0x0A)
        out.flushIfFull()
      }
      lines.removeAll(keepingCapacity: true)
    }
    out.flush()
    err.flush()
    return input.lineNumber
  }
}
