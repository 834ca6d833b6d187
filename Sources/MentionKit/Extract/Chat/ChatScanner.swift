/// The chat profile's scanner: the composer's ``Trigger`` rules applied to a finished message.
///
/// The scan walks the text from sign to sign and, at each trigger delimiter outside the spans
/// where nothing is extracted (Markdown code, URLs, e-mail addresses, see ``ExcludedSpans``),
/// applies the trigger's boundary rule and query characters, trims trailing punctuation and
/// joins fediverse hosts. When the text holds code (which crosses words), a first pass finds
/// every excluded span of the text; otherwise the spans are found one word at a time, only in
/// the words where a delimiter meets its boundary rule. Both ways are linear and find the same
/// entities.
struct ChatScanner: Sendable {
  /// What the scan asks of a trigger at every sign, as plain values: reading them copies nothing
  /// that is reference-counted.
  struct Rule: Sendable {
    var query: ASCIIBits
    var preceding: ASCIIBits
    var requiresLineStart: Bool
    var joinsFediverseHost: Bool
    var minimumQueryLength: Int
    var maximumQueryLength: Int
    /// Whether every ASCII letter, digit and `_` is a query character and no trailing
    /// punctuation: then runs of them are read eight bytes at a time.
    var readsWordRuns: Bool
  }

  /// One delimiter spelling, in the order they are tried (triggers in profile order, each
  /// trigger's longer spellings first).
  struct Delimiter: Sendable {
    var first: UInt8
    var length: Int
    var trigger: Int
  }

  /// The compiled tables, behind one reference: a copy of the scanner retains one object.
  final class Tables: Sendable {
    let profile: ExtractionProfile
    /// The spans the profile excludes.
    let excluded: ExcludedSpans.Kinds
    /// ``ScalarClass/category(of:)`` of every BMP scalar, as the index of its one bit (`0xFF`
    /// for none): the shared ``bmpCategories`` array, held here so a message reads no lazy
    /// global.
    let categories: [UInt8]
    /// The bytes that start a delimiter, each repeated in the eight bytes of a word, when there
    /// are at most four of them (the last repeated to fill the four); `nil` otherwise.
    let signPatterns: (UInt64, UInt64, UInt64, UInt64)?
    /// Whether no delimiter and no query class holds ASCII whitespace, so that an entity lies in
    /// one word and the excluded spans can be found word by word.
    let isWordLocal: Bool
    /// The character flags of the Basic Multilingual Plane for the URL scanner (the shared
    /// ``TwitterCharacters/bmp`` array), held here so a message reads no lazy global.
    let urlTable: [UInt8]
    /// Each trigger's boundary class, for non-ASCII scalars before a sign.
    let precedingClasses: [NonASCIIClass]
    /// The profile's trailing punctuation, ASCII part.
    let trailing: ASCIIBits
    /// Each trigger's rule, by index.
    let rules: [Rule]
    /// Each trigger's query characters and the profile's trailing punctuation, for non-ASCII
    /// scalars (kept apart from the `Trigger` values, which are costly to copy).
    let queryClasses: [NonASCIIClass]
    let trailingClass: NonASCIIClass
    /// Every delimiter spelling in the order tried, and its bytes.
    let delimiterOrder: [Delimiter]
    let delimiterBytes: [[UInt8]]
    /// For each byte, the first spelling in `delimiterOrder` that starts with it (-1: none); for
    /// each spelling, the next one in order that starts with the same byte (-1: none). A sign
    /// tries only the spellings that start with its byte, in the same order.
    let firstDelimiterOfByte: [Int]
    let nextDelimiterOfSameByte: [Int]
    /// How many distinct patterns `signPatterns` holds (1–4).
    let signPatternCount: Int

    /// The entity kind of each trigger, by index: the trigger's name.
    let kinds: [Trigger.Name]
    /// The memory of the classes' listed scalars, written once here and freed with the tables
    /// (never written while the tables are shared).
    nonisolated(unsafe) private let classMemory: [UnsafeMutableBufferPointer<UInt32>]

    init(profile: ExtractionProfile) {
      kinds = profile.triggers.map { $0.name }
      self.profile = profile
      excluded = ExcludedSpans.Kinds(profile)
      var order: [Delimiter] = []
      var bytes: [[UInt8]] = []
      for (index, trigger) in profile.triggers.enumerated() {
        // Longer spellings first, so `[[` wins over a `[` of another trigger.
        let delimiters = trigger.allDelimiters.map { Array($0.utf8) }.sorted { $0.count > $1.count }
        for delimiter in delimiters where !delimiter.isEmpty {
          order.append(Delimiter(first: delimiter[0], length: delimiter.count, trigger: index))
          bytes.append(delimiter)
        }
      }
      let trailing = ASCIIBits(profile.trailingPunctuation)
      self.trailing = trailing
      var memory: [UnsafeMutableBufferPointer<UInt32>] = []
      self.trailingClass = NonASCIIClass(profile.trailingPunctuation, memory: &memory)
      self.queryClasses = profile.triggers.map {
        NonASCIIClass($0.queryCharacters, memory: &memory)
      }
      self.precedingClasses = profile.triggers.map {
        NonASCIIClass($0.boundary.preceding, memory: &memory)
      }
      classMemory = memory
      let wordBytes = Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A) + [0x5F]
      self.rules = profile.triggers.map { trigger in
        let query = ASCIIBits(trigger.queryCharacters)
        return Rule(
          query: query,
          preceding: ASCIIBits(trigger.boundary.preceding),
          requiresLineStart: trigger.boundary.requiresLineStart,
          joinsFediverseHost: profile.allowsFediverseAddresses
            && trigger.allDelimiters.contains("@"),
          minimumQueryLength: trigger.minimumQueryLength,
          maximumQueryLength: trigger.maximumQueryLength,
          readsWordRuns: wordBytes.allSatisfy {
            query.contains(UInt32($0)) && !trailing.contains(UInt32($0))
          })
      }
      self.delimiterOrder = order
      self.delimiterBytes = bytes
      var firstOfByte = [Int](repeating: -1, count: 256)
      var nextOfSameByte = [Int](repeating: -1, count: order.count)
      for index in order.indices.reversed() {
        let first = Int(order[index].first)
        nextOfSameByte[index] = firstOfByte[first]
        firstOfByte[first] = index
      }
      self.firstDelimiterOfByte = firstOfByte
      self.nextDelimiterOfSameByte = nextOfSameByte
      let asciiWhitespace: [UInt8] = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
      self.isWordLocal =
        !bytes.joined().contains(where: asciiWhitespace.contains)
        && !profile.triggers.contains { trigger in
          asciiWhitespace.contains { trigger.queryCharacters.contains(Unicode.Scalar($0)) }
        }
      self.urlTable = profile.skipsURLs ? TwitterCharacters.bmp : []
      self.categories = ChatScanner.bmpCategories
      let firstBytes = (0..<256).filter { firstOfByte[$0] >= 0 }.map {
        UTF8Scanning.broadcast(UInt8($0))
      }
      if let last = firstBytes.last, firstBytes.count <= 4 {
        let four = firstBytes + Array(repeating: last, count: 4 - firstBytes.count)
        signPatterns = (four[0], four[1], four[2], four[3])
      } else {
        signPatterns = nil
      }
      signPatternCount = firstBytes.count
    }

    deinit {
      for buffer in classMemory { buffer.deallocate() }
    }
  }

  let tables: Tables

  var profile: ExtractionProfile { tables.profile }
  var excluded: ExcludedSpans.Kinds { tables.excluded }
  var categories: [UInt8] { tables.categories }
  var signPatterns: (UInt64, UInt64, UInt64, UInt64)? { tables.signPatterns }
  var isWordLocal: Bool { tables.isWordLocal }
  var urlTable: [UInt8] { tables.urlTable }
  var precedingClasses: [NonASCIIClass] { tables.precedingClasses }
  /// Whether a byte can start some trigger's delimiter.
  @inline(__always)
  func startsDelimiter(_ byte: UInt8) -> Bool {
    tables.firstDelimiterOfByte[Int(byte)] >= 0
  }
  var trailing: ASCIIBits { tables.trailing }
  var rules: [Rule] { tables.rules }
  var queryClasses: [NonASCIIClass] { tables.queryClasses }
  var trailingClass: NonASCIIClass { tables.trailingClass }
  var delimiterOrder: [Delimiter] { tables.delimiterOrder }
  var delimiterBytes: [[UInt8]] { tables.delimiterBytes }
  var kinds: [Trigger.Name] { tables.kinds }

  init(profile: ExtractionProfile) {
    tables = Tables(profile: profile)
  }

  /// ``ScalarClass/category(of:)`` of a scalar value, from the table for the BMP.
  @inline(__always)
  func category(of value: UInt32) -> ScalarClass.Categories {
    guard value < 0x1_0000 else { return Self.supplementaryCategory(of: value) }
    let bit = categories.withUnsafeBufferPointer { $0[Int(value)] }
    return bit == 0xFF ? [] : ScalarClass.Categories(rawValue: 1 << UInt16(bit))
  }

  /// ``ScalarClass/category(of:)`` past the BMP, out of line: the standard library's scalar
  /// properties are resilient types, and a caller that inlines them sets up their storage
  /// through the runtime's metadata on every call, BMP scalars included.
  @inline(never)
  static func supplementaryCategory(of value: UInt32) -> ScalarClass.Categories {
    Unicode.Scalar(value).map(ScalarClass.category(of:)) ?? []
  }

  /// The offset of the first byte at or after `i` that can start a delimiter, or `p.count`:
  /// eight bytes at a time when at most four bytes start one
  /// (``UTF8Scanning/next(anyOf:in:from:)``).
  @inline(__always)
  func nextSign(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    if let (s0, s1, s2, s3) = signPatterns {
      // The same pattern passed again costs no test: one loop per count of distinct bytes.
      switch tables.signPatternCount {
      case 1: return UTF8Scanning.next(anyOf: (s0, s0, s0, s0), in: p, from: i)
      case 2: return UTF8Scanning.next(anyOf: (s0, s1, s1, s1), in: p, from: i)
      case 3: return UTF8Scanning.next(anyOf: (s0, s1, s2, s2), in: p, from: i)
      default: return UTF8Scanning.next(anyOf: (s0, s1, s2, s3), in: p, from: i)
      }
    }
    var i = i
    while i < p.count, !startsDelimiter(p[i]) { i &+= 1 }
    return i
  }

  func scan(_ p: UnsafeBufferPointer<UInt8>, into entities: inout RawEntityBuffer) {
    guard !rules.isEmpty else { return }
    // No byte that can start a delimiter: nothing to find, and no spans to exclude.
    let firstSign = nextSign(p, from: 0)
    guard firstSign < p.count else { return }
    let marks = ExcludedSpans.marks(p)
    let excluded = excluded
    if isWordLocal, !(marks.code && excluded.contains(.code)) {
      scanWordByWord(
        p, from: firstSign,
        findsSpans: marks.dotOrColon && !excluded.isDisjoint(with: [.urls, .emailAddresses]),
        into: &entities)
    } else {
      scan(
        p, from: firstSign, excluding: ExcludedSpans.find(in: p, excluding: excluded),
        into: &entities)
    }
  }

  /// The scan with every excluded span of the text found first, whatever the text holds: what
  /// ``scan(_:into:)`` finds, the slow way.
  func scanWholeText(_ p: UnsafeBufferPointer<UInt8>, into entities: inout RawEntityBuffer) {
    guard !rules.isEmpty else { return }
    guard let firstSign = p.firstIndex(where: startsDelimiter) else { return }
    scan(
      p, from: firstSign, excluding: ExcludedSpans.find(in: p, excluding: excluded),
      into: &entities)
  }

  /// The scan from `first` with the text's excluded spans (sorted and merged) given.
  func scan(
    _ p: UnsafeBufferPointer<UInt8>, from first: Int, excluding excluded: [Range<Int>],
    into entities: inout RawEntityBuffer
  ) {
    var nextExcluded = 0
    let n = p.count
    var i = first
    while i < n {
      let byte = p[i]
      guard startsDelimiter(byte) else {
        i &+= 1
        continue
      }
      guard UTF8Scanning.isScalarStart(byte) else {
        i &+= 1
        continue
      }
      while nextExcluded < excluded.count, excluded[nextExcluded].upperBound <= i {
        nextExcluded += 1
      }
      if nextExcluded < excluded.count, excluded[nextExcluded].contains(i) {
        i = excluded[nextExcluded].upperBound
        continue
      }
      let limit = nextExcluded < excluded.count ? excluded[nextExcluded].lowerBound : n
      if let next = match(p, at: i, limit: limit, into: &entities) {
        i = next
      } else {
        i &+= 1
      }
    }
  }

  /// The scan of a text without code, for a word-local profile: the excluded spans of a word
  /// are found when a delimiter in it meets its boundary rule, the only case where they can
  /// change the outcome (a sign inside a span, or a handle that would run into one). A sign
  /// whose delimiter or boundary fails starts nothing whatever the spans, so stepping past it
  /// instead of jumping to the end of a span around it finds the same entities.
  ///
  /// Without `findsSpans` (a text without a `.` or a `:`, or a profile that keeps URLs and
  /// e-mail addresses) no word has a span, and none is looked for.
  func scanWordByWord(
    _ p: UnsafeBufferPointer<UInt8>, from first: Int, findsSpans: Bool,
    into entities: inout RawEntityBuffer
  ) {
    let excluded = excluded
    urlTable.withUnsafeBufferPointer { table in
      let n = p.count
      var word = 0..<0
      var spans: [Range<Int>] = []
      var urls: [URLScanner.Match] = []
      var nextSpan = 0
      var i = first
      while true {
        i = nextSign(p, from: i)
        guard i < n else { break }
        guard UTF8Scanning.isScalarStart(p[i]), let order = firstDelimiter(p, at: i, limit: n)
        else {
          i &+= 1
          continue
        }
        if findsSpans, i >= word.upperBound {
          word = ExcludedSpans.findInWord(
            around: i, of: p, excluding: excluded, table: table, into: &spans, urls: &urls)
          nextSpan = 0
        }
        while nextSpan < spans.count, spans[nextSpan].upperBound <= i { nextSpan &+= 1 }
        if nextSpan < spans.count, spans[nextSpan].contains(i) {
          i = spans[nextSpan].upperBound
          continue
        }
        // With no span ahead in the word the limit is the end of the text, for which the
        // delimiter is already chosen.
        let limit = nextSpan < spans.count ? spans[nextSpan].lowerBound : n
        guard let chosen = limit == n ? order : firstDelimiter(p, at: i, limit: limit) else {
          i &+= 1
          continue
        }
        i = handle(p, delimiter: chosen, sign: i, limit: limit, into: &entities)
      }
    }
  }

  /// The first delimiter (an index into `delimiterOrder`) spelled at `i` before `limit` that
  /// meets its boundary rule, or `nil`. A lower limit only ever turns a delimiter down.
}
