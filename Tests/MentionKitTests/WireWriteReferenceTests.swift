import Testing
import ToolSupport

@testable import MentionKit

/// `WireFormat.write(_:)` against a plain reference implementation of its rules, on messages
/// past its stack buffer, escapes at every 8-byte offset, bad entity lists and many tokens.
struct WireWriteReferenceTests {
  /// The rules, written the simple way: segments between accepted entities escaped byte by byte.
  static func reference(_ message: Message, _ format: WireFormat, isLabel: Bool = false)
    -> String
  {
    let p = Array(message.text.utf8)
    var out: [UInt8] = []
    func starts(_ literal: String, at i: Int, before end: Int) -> Bool {
      let l = Array(literal.utf8)
      return i + l.count <= end && Array(p[i..<i + l.count]) == l
    }
    func isLetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }
    func isDigit(_ b: UInt8) -> Bool { (48...57).contains(b) }
    func isPunctuation(_ b: UInt8) -> Bool {
      (33...47).contains(b) || (58...64).contains(b) || (91...96).contains(b)
        || (123...126).contains(b)
    }
    /// Discord: the index of the punctuation after `<` at `i` (and any letters) or nil.
    func sign(after i: Int, before end: Int) -> Int? {
      var j = i + 1
      while j < end, isLetter(p[j]) { j += 1 }
      guard j < end, isPunctuation(p[j]) else { return nil }
      return j == i + 1 || p[j] == UInt8(ascii: ":") ? j : nil
    }
    func broadcast(at i: Int, before end: Int) -> Bool {
      p[i] == UInt8(ascii: "@")
        && (starts("everyone", at: i + 1, before: end) || starts("here", at: i + 1, before: end))
    }
    /// Markdown: the block syntax at a line start `i`; returns where plain escaping goes on.
    func lineStart(_ i: Int, _ end: Int) -> Int {
      var column = 0
      var k = i
      while k < end, column < 4, p[k] == 0x20 || p[k] == 0x09 {
        column = p[k] == 0x09 ? (column / 4 + 1) * 4 : column + 1
        k += 1
      }
      if column >= 4 {
        var m = k
        while m < end, p[m] == 0x20 || p[m] == 0x09 { m += 1 }
        let blank = m == p.count || p[m] == 0x0A || p[m] == 0x0D
        if blank { return i }
        out += (p[i] == 0x09 ? "&#9;" : "&#32;").utf8
        return i + 1
      }
      guard k < end else { return i }
      var marker = k
      if "#-+=".utf8.contains(p[k]) {
      } else if isDigit(p[k]) {
        while marker < end, isDigit(p[marker]) { marker += 1 }
        guard marker < end, marker - k <= 9, p[marker] == 0x2E || p[marker] == 0x29 else {
          return i
        }
      } else {
        return i
      }
      out += p[i..<marker]
      out.append(UInt8(ascii: "\\"))
      return marker
    }
    func escape(_ range: Range<Int>, atLineStart: Bool) {
      var i = range.lowerBound
      let end = range.upperBound
      if format == .markdown, atLineStart { i = lineStart(i, end) }
      while i < end {
        let byte = p[i]
        switch (format, Character(Unicode.Scalar(byte))) {
        case (.slack, "&"), (.html, "&"): out += "&amp;".utf8
        case (.slack, "<"), (.html, "<"): out += "&lt;".utf8
        case (.slack, ">"), (.html, ">"): out += "&gt;".utf8
        case (.html, "\""): out += "&quot;".utf8
        case (.html, "'"): out += "&#39;".utf8
        case (.markdown, "\\"), (.markdown, "`"), (.markdown, "*"), (.markdown, "_"),
          (.markdown, "~"), (.markdown, "["), (.markdown, "]"), (.markdown, "<"),
          (.markdown, ">"), (.markdown, "&"), (.discord, "\\"):
          out += [UInt8(ascii: "\\"), byte]
        case (.markdown, "\n"), (.markdown, "\r"):
          out.append(byte)
          if byte == 0x0D, i + 1 < end, p[i + 1] == 0x0A { break }
          i = lineStart(i + 1, end)
          continue
        case (.discord, "<"):
          out += [UInt8(ascii: "\\"), byte]
          if let j = sign(after: i, before: end), !"\\<`".utf8.contains(p[j]),
            !broadcast(at: j, before: end)
          {
            out += p[(i + 1)..<j]
            out.append(UInt8(ascii: "\\"))
            i = j
            continue
          }
        case (.discord, "`"):
          var n = i
          while n < end, p[n] == byte { n += 1 }
          let run = n - i
          // The closing run: the next run of exactly `run` backticks.
          var close: Int?
          var k = run <= 16 ? n : end
          while k < end, close == nil {
            guard p[k] == byte else {
              k += 1
              continue
            }
            let first = k
            while k < end, p[k] == byte { k += 1 }
            if k - first == run { close = first }
          }
          guard let close else {
            out += p[i..<n]
            i = n
            continue
          }
          out += p[i..<n]
          for k in n..<close {
            out.append(p[k])
            if broadcast(at: k, before: close)
              || (p[k] == UInt8(ascii: "<") && sign(after: k, before: close) != nil)
            {
              out += "\u{200B}".utf8
            }
          }
          out += p[close..<(close + run)]
          i = close + run
          continue
        case (.discord, "@") where broadcast(at: i, before: end):
          out += [UInt8(ascii: "\\"), byte]
        default: out.append(byte)
        }
        i += 1
      }
    }
    func escaped(_ s: String) -> String {
      let m = Message(text: s, entities: [])
      return reference(m, format, isLabel: true)
    }
    // The text between two tokens is escaped as one stretch (entities written as typed are
    // part of it).
    var position = 0
    var taken = 0
    let text = message.text
    for resolved in message.entities {
      // Placed by its UTF-16 range, converted with the string's own views; a range that is not
      // on scalar boundaries of the text is none.
      guard let indices = resolved.range(in: text) else { continue }
      let range =
        text.utf8.distance(
          from: text.startIndex, to: indices.lowerBound)..<text.utf8.distance(
          from: text.startIndex, to: indices.upperBound)
      guard range.lowerBound >= taken, range.upperBound <= p.count else { continue }
      taken = range.upperBound
      guard format != .plain, let item = resolved.item,
        resolved.trigger == .mention || resolved.trigger == .hashtag,
        item.id.utf8.allSatisfy({ $0 < 0x80 && $0 > 0x20 && !"<>|&\"'\\`()[]".utf8.contains($0) }),
        format != .discord
          || (1...20).contains(item.id.utf8.count)
            && item.id.utf8.allSatisfy(isDigit)
      else { continue }
      escape(position..<range.lowerBound, atLineStart: position == 0)
      // Markdown: a `!` before the link would make it an image.
      if format == .markdown, range.lowerBound > position, p[range.lowerBound - 1] == 0x21 {
        out.removeLast()
        out += "\\!".utf8
      }
      position = range.upperBound
      let channel = resolved.trigger == .hashtag
      let name = channel ? item.insertionText : item.displayText
      let token: String
      switch format {
      case .slack: token = channel ? "<#\(item.id)|\(escaped(name))>" : "<@\(item.id)>"
      case .discord: token = channel ? "<#\(item.id)>" : "<@\(item.id)>"
      case .markdown:
        token =
          channel
          ? "[#\(escaped(name))](channel:\(item.id))" : "[@\(escaped(name))](user:\(item.id))"
      case .html:
        token =
          "<a class=\"\(channel ? "channel" : "mention")\" data-id=\"\(item.id)\">"
          + "\(channel ? "#" : "@")\(escaped(name))</a>"
      case .plain: token = ""
      }
      out += token.utf8
    }
    escape(position..<p.count, atLineStart: position == 0 && !isLabel)
    return String(decoding: out, as: UTF8.self)
  }

  static let ana = MentionItem(id: "1", insertionText: "ana", displayText: "Ana <Lima> & *co*")
  static let general = MentionItem(id: "2", insertionText: "gen_eral")

  /// Entities at UTF-16 offsets of `text`; each offset range is taken as written.
  static func message(_ text: String, _ spans: [(Range<Int>, Trigger.Name, Bool)])
    -> Message
  {
    let entities = spans.map { range, kind, resolves in
      let item = kind == .hashtag ? general : ana
      return MessageEntity(
        trigger: kind, utf16Range: range, value: "x",
        resolution: resolves ? .resolved(item) : .unresolved)
    }
    return Message(text: text, entities: entities)
  }

  /// Random text of `count` pieces with every escaped character, and random entities (some
  /// overlapping or out of range) over it.
  static func randomMessage(pieces: Int, using g: inout SplitMix64) -> Message {
    let alphabet = [
      "a", "b", " ", "&", "<", ">", "\"", "'", "\\", "`", "*", "_", "~", "[", "]", "@", "@everyone",
      "@here", "é", "日本", "👨‍👩‍👧", "\u{202E}", "#gen", "@ana", "\n", "\r", "\t", "    ", "!", "#",
      "-", "+", "=", "1.", "2)", "<@1>", "<t:", "http://x/", "`", "``", "<:", "</", "\u{200B}",
    ]
    var text = ""
    for _ in 0..<pieces { text += alphabet[Int(g.next() % UInt64(alphabet.count))] }
    let count = text.utf16.count
    var spans: [(Range<Int>, Trigger.Name, Bool)] = []
    var start = 0
    while start < count + 4 {
      start += Int(g.next() % 12)
      let length = 1 + Int(g.next() % 8)
      let kinds: [Trigger.Name] = [.mention, .hashtag, .cashtag]
      spans.append((start..<(start + length), kinds[Int(g.next() % 3)], g.next() % 3 != 0))
      // Sometimes step back, so that the next entity overlaps this one.
      start += g.next() % 5 == 0 ? 0 : length
    }
    return message(text, spans)
  }

  @Test(arguments: WireFormat.allCases)
  func randomMessagesMatchTheReference(format: WireFormat) {
    var g = SplitMix64(seed: 42)
    let renderer = format
    for round in 0..<300 {
      // Short messages stay in the stack buffer; long ones go past it and to the heap.
      let message = Self.randomMessage(pieces: round % 3 == 0 ? 400 + round : round % 40, using: &g)
      #expect(renderer.write(message) == Self.reference(message, format))
    }
  }

  @Test(arguments: WireFormat.allCases)
  func escapesAtEveryEightByteOffsetMatchTheReference(format: WireFormat) {
    for special in ["&", "<", ">", "\"", "'", "\\", "`", "*", "_", "~", "[", "]", "@here"] {
      for offset in 0..<24 {
        let text =
          String(repeating: "a", count: offset) + special + String(repeating: "b", count: 9)
        let message = Message(text: text, entities: [])
        #expect(format.write(message) == Self.reference(message, format))
      }
    }
  }

  @Test(arguments: WireFormat.allCases)
  func largeMessagesWithManyTokensMatchTheReference(format: WireFormat) {
    // 2,000 resolved mentions and hashtags, ~30 KB: past the stack buffer and its first growth.
    var text = ""
    var spans: [(Range<Int>, Trigger.Name, Bool)] = []
    for i in 0..<2_000 {
      text += "x & y "
      let start = text.utf16.count
      text += i % 2 == 0 ? "@ana" : "#gen"
      spans.append((start..<text.utf16.count, i % 2 == 0 ? .mention : .hashtag, true))
      text += " <b> "
    }
    let message = Self.message(text, spans)
    let rendered = format.write(message)
    #expect(rendered == Self.reference(message, format))
    if format == .slack {
      #expect(rendered.hasPrefix("x &amp; y <@1> &lt;b&gt; x &amp; y <#2|gen_eral>"))
    }
  }

  /// Discord's `@everyone` is escaped even when an entity written as typed ends inside it: the
  /// text between tokens is escaped as one stretch.
  @Test func anEntityEdgeCannotHideABroadcast() {
    let renderer = WireFormat.discord
    // "@every" (offsets 3..<9) unresolved, then "@ana" resolved.
    let message = Self.message(
      "hi @everyone @ana", [(3..<9, .mention, false), (13..<17, .mention, true)])
    #expect(renderer.write(message) == "hi \\@everyone <@1>")
    let here = Self.message("@he", [(0..<3, .mention, false)])
    #expect(renderer.write(here) == "@he")
  }

  /// An entity whose range cuts a scalar (possible only by hand: inside a surrogate pair) is
  /// written as text, and the entity after it is still placed.
  @Test func rangesThatCutAScalarAreWrittenAsText() {
    let renderer = WireFormat.slack
    // "😀" is 2 UTF-16 units: the entity starts inside the first and ends inside the second.
    let cut = Self.message("x😀@ana😀y @ana", [(2..<8, .mention, true), (11..<15, .mention, true)])
    #expect(renderer.write(cut) == "x😀@ana😀y <@1>")
    let whole = Self.message("x😀@ana😀y", [(3..<7, .mention, true)])
    #expect(renderer.write(whole) == "x😀<@1>😀y")
    for message in [cut, whole] {
      let rendered = renderer.write(message)
      #expect(rendered == Self.reference(message, .slack))
      #expect(
        Array(rendered.utf8) == Array(String(decoding: Array(rendered.utf8), as: UTF8.self).utf8))
    }
  }

  @Test(arguments: WireFormat.allCases)
  func unchangedMessagesComeBackEqual(format: WireFormat) {
    let text = "plain words, 日本語 and 👨‍👩‍👧, @nobody"
    let message = Self.message(text, [(40..<47, .mention, false)])
    #expect(format.write(message) == text)
  }
}
