import MentionKit
import ToolSupport

/// The pipeline's input: a stream of chat messages made from the corpus, whose mentions name
/// users of the loaded directory (and, now and then, a handle it does not hold).
///
/// The corpus's own mentions name nobody in `users.tsv`, so resolving them measures only misses.
/// The stream takes the corpus's messages in turn, over and over, and writes into each mention
/// slot a handle drawn with a seeded generator (the same directory and seed always give the
/// same stream): 80 % a handle of the directory as it is, 10 % the same in upper case (lookups
/// ignore case), 10 % a handle the directory does not hold. Handles are drawn from the whole
/// directory, so that the lookups spread over it as a real stream's do, and each message is a
/// string of its own, so that a pass reads as much distinct text as the stream holds.
///
/// A slot is where ``RegexMentionExtractor`` (twitter-text's mention rule, independent of the
/// library) finds a mention without a list slug, unless its name was cut at 20 characters (a
/// shorter handle there would run on into the rest of the word). Only handles made of ASCII
/// letters, digits and underscores are drawn, the characters both profiles take in a mention.
struct MessageStream {
  /// The messages, in order.
  var messages: [String] = []
  /// Slots written with a handle of the directory as it is, in upper case, or with a handle
  /// the directory does not hold.
  var realHandles = 0
  var upperCaseHandles = 0
  var unknownHandles = 0
  /// Mentions (without a list slug) that name a user of the directory, case aside: every slot
  /// written with a real handle, and the corpus's own mentions left in place that happen to.
  /// With the twitter rule, exactly these mentions should resolve.
  var mentionsNamingUsers = 0
  /// Mentions (without a list slug) the regex baseline's rule finds in the stream.
  var mentions = 0
  /// Distinct texts among the messages (a corpus message without a slot repeats as it is).
  var distinctMessages = 0
  /// Handles of the directory that the stream draws from.
  var drawableHandles = 0

  /// Generates `count` messages.
  static func generate(
    corpus: [String], users: [MentionItem], count: Int, seed: UInt64
  ) -> MessageStream {
    var stream = MessageStream()
    let known = Set(users.map { $0.insertionText.lowercased() })
    let drawable = users.map(\.insertionText).filter { handle in
      !handle.isEmpty && handle.utf8.count <= 20
        && handle.utf8.allSatisfy { isNameByte($0) && !($0 >= 0x41 && $0 <= 0x5A) }
    }
    stream.drawableHandles = drawable.count
    guard !drawable.isEmpty, !corpus.isEmpty else { return stream }

    // Each corpus message as the text around its slots, and the names left in place.
    let regex = RegexMentionExtractor()
    var templates: [[String]] = []
    var keptNamingUsers: [Int] = []
    var keptMentions: [Int] = []
    for line in corpus {
      var pieces: [String] = []
      var last = line.startIndex
      var namingUsers = 0
      var kept = 0
      for mention in regex.mentionsOrLists(in: line) where mention.listSlug.isEmpty {
        let nameStart = String.Index(utf16Offset: mention.utf16Range.lowerBound + 1, in: line)
        let nameEnd = String.Index(utf16Offset: mention.utf16Range.upperBound, in: line)
        if nameEnd < line.endIndex, isNameByte(line.utf8[nameEnd]) {
          kept += 1
          if known.contains(mention.screenName.lowercased()) { namingUsers += 1 }
          continue
        }
        pieces.append(String(line[last..<nameStart]))
        last = nameEnd
      }
      pieces.append(String(line[last...]))
      templates.append(pieces)
      keptNamingUsers.append(namingUsers)
      keptMentions.append(kept)
    }

    var random = SplitMix64(seed: seed)
    func unknownHandle() -> String {
      let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
      while true {
        var bytes: [UInt8] = [0x71]  // "q"
        for _ in 0..<11 { bytes.append(letters[Int(random.next() % UInt64(letters.count))]) }
        let handle = String(decoding: bytes, as: UTF8.self)
        if !known.contains(handle) { return handle }
      }
    }
    stream.messages.reserveCapacity(count)
    for n in 0..<count {
      let line = n % templates.count
      let pieces = templates[line]
      var message = pieces[0]
      for piece in pieces.dropFirst() {
        let handle = drawable[Int(random.next() % UInt64(drawable.count))]
        switch random.next() % 10 {
        case 0..<8:
          message += handle
          stream.realHandles += 1
        case 8:
          message += handle.uppercased()
          stream.upperCaseHandles += 1
        default:
          message += unknownHandle()
          stream.unknownHandles += 1
        }
        message += piece
      }
      stream.mentions += pieces.count - 1 + keptMentions[line]
      stream.mentionsNamingUsers += keptNamingUsers[line]
      // A string of its own, allocated now, whatever `+=` shared.
      stream.messages.append(String(decoding: Array(message.utf8), as: UTF8.self))
    }
    stream.mentionsNamingUsers += stream.realHandles + stream.upperCaseHandles
    stream.distinctMessages = Set(stream.messages).count
    return stream
  }

  /// A byte of a twitter-text name: an ASCII letter, digit or underscore.
  static func isNameByte(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
  }
}
