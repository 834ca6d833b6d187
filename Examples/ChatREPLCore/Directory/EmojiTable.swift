import MentionKit

/// The `:shortcode:` completions: an item per shortcode whose insertion text is the emoji.
enum EmojiTable {
  /// Every shortcode as an item: `id` "emoji:smile", inserts "😄", shown as "smile", found
  /// by its aliases too. Curated shortcodes score higher, so `:smi` offers `smile` first.
  static let items: [MentionItem] = {
    var items: [MentionItem] = []
    for line in EmojiShortcodes.table.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2 else { continue }
      let aliases = fields.count > 2 ? fields[2].split(separator: " ").map(String.init) : []
      let shortcode = String(fields[0])
      items.append(
        MentionItem(
          id: "emoji:" + shortcode, insertionText: String(fields[1]), displayText: shortcode,
          searchTerms: aliases, score: items.count < EmojiShortcodes.curatedCount ? 1 : 0))
    }
    return items
  }()

  /// The emoji for a shortcode, if there is one.
  static func emoji(for shortcode: String) -> String? {
    items.first { $0.displayText == shortcode || $0.searchTerms.contains(shortcode) }?
      .insertionText
  }
}

/// The slash commands of the interactive mode.
enum Command: String, CaseIterable {
  case help, format, users, quit

  /// What the command does, shown in the suggestion list and by `/help`.
  var summary: String {
    switch self {
    case .help: "show keys and commands"
    case .format: "show or set the wire format: slack, discord, markdown, html, plain"
    case .users: "show the directory size"
    case .quit: "leave chat-repl"
    }
  }

  /// The commands as completion items.
  static let items: [MentionItem] = allCases.map {
    MentionItem(
      id: "command:" + $0.rawValue, insertionText: $0.rawValue, metadata: ["summary": $0.summary])
  }
}
