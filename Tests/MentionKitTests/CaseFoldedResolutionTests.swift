import Testing

@testable import MentionKit

/// "Exact up to case" follows Unicode's case folding in every kind of directory, and nothing
/// more: the equivalences expected here are those of CaseFolding.txt (Python's
/// `str.casefold()`: `"ΣΟΦΟΣ"` and `"σοφος"` both fold to `"σοφοσ"`, `"Straße"` and `"STRASSE"`
/// to `"strasse"`), and the distinctions are diacritics, script and width.
struct CaseFoldedResolutionTests {
  static let items = [
    MentionItem(id: "G1", insertionText: "σοφος"),
    MentionItem(id: "G2", insertionText: "ΑΘΗΝΑΣ"),
    MentionItem(id: "D1", insertionText: "Straße"),
    MentionItem(id: "L1", insertionText: "ſam"),
    MentionItem(id: "C1", insertionText: "\u{13A0}\u{13A1}"),
  ]

  /// Each mention, and the item it must resolve to (`nil`: unresolved).
  static let mentions: [(text: String, id: String?)] = [
    ("ΣΟΦΟΣ", "G1"), ("σοφοσ", "G1"), ("ΣΟΦΟς", "G1"),
    ("αθηνας", "G2"), ("ΑΘΗΝΑς", "G2"), ("αθηνασ", "G2"),
    ("STRASSE", "D1"), ("strasse", "D1"), ("STRAẞE", "D1"),
    ("SAM", "L1"), ("sam", "L1"),
    ("\u{AB70}\u{AB71}", "C1"),
    // Not the same up to case: a diacritic, another script, full width.
    ("σοφός", nil), ("ΑΘΗΝΑΣ\u{301}", nil), ("strasśe", nil), ("ЅAM", nil), ("ｓａｍ", nil),
  ]

  /// A directory that answers as the `MentionDirectory` documentation shows, by key.
  struct KeyedDirectory: MentionDirectory {
    let items: [MentionItem]
    func items(matching keys: [HandleKey], trigger: Trigger.Name) async throws
      -> [HandleKey: [MentionItem]]
    {
      let wanted = Set(keys)
      return Dictionary(grouping: items.filter { wanted.contains(HandleKey($0.insertionText)) }) {
        HandleKey($0.insertionText)
      }
    }
  }

  static let directories: [(name: String, directory: any MentionDirectory)] = [
    ("HandleDirectory", HandleDirectory(items)),
    ("MentionIndex", MentionIndex(items)),
    ("InMemoryDataSource", InMemoryDataSource(["mention": items])),
    ("KeyedDirectory", KeyedDirectory(items: items)),
  ]

  @Test(arguments: 0..<4)
  func mentionsResolveUpToCaseOnly(directory index: Int) async throws {
    let (name, directory) = Self.directories[index]
    let resolver = MentionResolver(users: directory)
    let text = Self.mentions.map { "@" + $0.text }.joined(separator: " ")
    let message = try await resolver.using(EntityExtractor()).resolve(text)
    #expect(message.entities.count == Self.mentions.count, "\(name)")
    for (entity, mention) in zip(message.entities, Self.mentions) {
      #expect(
        entity.resolution.item?.id == mention.id,
        "\(name): @\(mention.text) resolved to \(String(describing: entity.resolution))")
    }
  }

  /// The items of a resolution.
  static func candidates(_ resolution: MessageEntity.Resolution?) -> [MentionItem] {
    switch resolution {
    case .resolved(let item): [item]
    case .ambiguous(let items): items
    default: []
    }
  }

  /// The synchronous look-up of each directory that has one agrees.
  @Test func synchronousLookUpsFoldCase() {
    let synchronous: [any MentionDirectory] = [
      HandleDirectory(Self.items), MentionIndex(Self.items),
      InMemoryDataSource(["mention": Self.items]),
    ]
    for directory in synchronous {
      for mention in Self.mentions {
        let found = directory.resolution(of: mention.text, trigger: .mention)
        #expect(
          found == mention.id.map { id in .resolved(Self.items.first { $0.id == id }!) }
            ?? .unresolved, "\(type(of: directory)) \(mention.text)")
      }
    }
  }

  /// Every scalar that case folding changes, as a handle, is found in each directory by the
  /// key of its folded form: the index's search folding narrows to it, and the byte paths of
  /// `HandleDirectory` agree with the key.
  @Test func everyFoldedScalarIsFoundByItsFoldedForm() {
    var items: [MentionItem] = []
    var folded: [String] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let handle = String(scalar)
      let key = HandleKey(handle).rawValue
      guard key != handle else { continue }
      items.append(MentionItem(id: String(value, radix: 16), insertionText: handle))
      folded.append(key)
    }
    #expect(items.count > 1_400)
    // The directories that narrow by something other than the key (the list scan of
    // `InMemoryDataSource` compares every key, and `synchronousLookUpsFoldCase` covers it).
    let directories: [any MentionDirectory] = [
      HandleDirectory(items), MentionIndex(items),
    ]
    for directory in directories {
      var missed: [String] = []
      for (item, key) in zip(items, folded)
      where !Self.candidates(directory.resolution(of: key, trigger: .mention)).contains(item) {
        missed.append(item.id)
      }
      #expect(missed.isEmpty, "\(type(of: directory)) missed \(missed.prefix(20))")
    }
  }
}
