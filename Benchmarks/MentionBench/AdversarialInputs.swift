/// Worst-case inputs for extraction and detection, each about `size` bytes of UTF-8, and
/// ordinary chat text of the same size to compare them with.
enum AdversarialInputs {
  struct Input {
    var key: String
    var label: String
    var text: String
  }

  /// Repeats `unit` until the text holds at least `size` bytes (whole units only).
  static func repeated(_ unit: String, size: Int, prefix: String = "", suffix: String = "")
    -> String
  {
    let count = max(1, (size - prefix.utf8.count - suffix.utf8.count) / max(1, unit.utf8.count))
    return prefix + String(repeating: unit, count: count) + suffix
  }

  /// The adversarial inputs, each about `size` bytes.
  static func make(size: Int) -> [Input] {
    let half = size / 2
    return [
      Input(key: "all_at_signs", label: "all @", text: repeated("@", size: size)),
      Input(key: "all_hash_signs", label: "all #", text: repeated("#", size: size)),
      Input(key: "at_a_space", label: "\"@a \" repeated", text: repeated("@a ", size: size)),
      Input(
        key: "combining_marks_one_base", label: "@a + combining marks on one base",
        text: repeated("\u{301}", size: size, prefix: "@a")),
      Input(
        key: "zwj_emoji_chain", label: "ZWJ emoji chain (one grapheme)",
        text: repeated("👩\u{200D}", size: size, prefix: "@ana ", suffix: "👦 #tag")),
      Input(
        key: "zwj_emoji_families", label: "ZWJ family emoji, @ and # between",
        text: repeated("👩\u{200D}👩\u{200D}👧\u{200D}👦@a#b", size: size)),
      Input(
        key: "nested_quotes", label: "Markdown: nested > quotes",
        text: repeated("> ", size: size, suffix: "@ana #tag")),
      Input(
        key: "nested_emphasis", label: "Markdown: * emphasis around a mention",
        text: repeated("*", size: half, suffix: "@ana") + repeated("*", size: half)),
      Input(
        key: "unclosed_backticks", label: "Markdown: unclosed ` before each mention",
        text: repeated("`@a ", size: size)),
      Input(
        key: "backtick_runs", label: "Markdown: growing backtick runs",
        text: growingBacktickRuns(size: size)),
      Input(
        key: "escaped_backticks", label: "Markdown: escaped ` before each mention",
        text: repeated("\\`@a ", size: size)),
      Input(
        key: "fences_in_list_items", label: "Markdown: a fence in every list item",
        text: repeated("- ```\n  @a\n", size: size)),
      Input(
        key: "unclosed_brackets_in_paths", label: "URL paths: an unclosed [ in each, one word",
        text: repeated("(a.io/[@a", size: size)),
      Input(
        key: "quoted_addresses", label: "E-mail: quoted local parts in one word",
        text: repeated("\"q\"@x.io", size: size, prefix: "@a ")),
      Input(
        key: "hundred_thousand_mentions", label: "100,000 mentions in one message",
        text: (0..<(100_000 * size / (1 << 20))).map { "@user\($0 % 1000) " }.joined()),
    ]
  }

  /// Backtick runs of length 1, 2, 3, … each followed by a mention, none closed: a code-span
  /// scanner that looks ahead for a matching run is quadratic here.
  static func growingBacktickRuns(size: Int) -> String {
    var text = ""
    var run = 1
    while text.utf8.count < size {
      text += String(repeating: "`", count: run) + " @a "
      run += 1
    }
    return text
  }

  /// Ordinary chat text: corpus messages joined by spaces until the text holds `size` bytes,
  /// cut at a scalar boundary.
  static func ordinary(from lines: [String], size: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size + 256)
    var line = 0
    while bytes.count < size && !lines.isEmpty {
      bytes += lines[line % lines.count].utf8
      bytes.append(0x20)
      line += 1
    }
    var end = min(size, bytes.count)
    while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }
}
