/// The immutable, compact part of a ``MentionIndex``: every key of every item, sorted, as
/// offsets into one byte buffer of folded text.
///
/// - `text` holds each item's folded handle, display name and search terms, each followed by a
///   0 byte. A key is a suffix of one field: the field itself, or a later word of it.
/// - `positions[i]` is where the *i*-th smallest key starts in `text`; `refs[i]` packs the key's
///   kind (top three bits: `Kind`, plus `transliterated` for a key of a Latin spelling) and the
///   item's ordinal. Ordinals are rank order: items are numbered by
///   score (higher first), then by insertion order, so within a tier a smaller ordinal ranks
///   first and no score is read while searching.
/// - `samples` holds the first eight key bytes of every `sampleStride`-th key, so a search
///   narrows the binary search to a few keys before it touches `text`.
/// - `heavy` holds the precomputed best `heavyDepth` items for every prefix of up to seven bytes
///   that starts more than `heavyThreshold` keys, so one-letter queries don't scan.
final class IndexBase: Sendable {
  /// The kind of a key, which decides its tier.
  enum Kind: UInt32 {
    /// A whole handle or display name: exact or prefix.
    case primary = 0
    /// A whole search term: exact or word prefix.
    case term = 1
    /// A later word of a handle, name or term: word prefix.
    case word = 2
  }

  /// The bit added to a kind for a key of a field's Latin spelling (see `Transliteration`).
  static let transliterated: UInt32 = 4
  /// Where the kind starts in a ref.
  static let kindShift: UInt32 = 29
  static let ordinalMask: UInt32 = (1 << 29) - 1
  static let sampleStride = 8
  static let heavyThreshold = 1024
  static let heavyDepth = 64

  let items: [MentionItem]
  /// Insertion sequence numbers, by ordinal: the stable tie-break.
  let sequences: [UInt32]
  let text: [UInt8]
  let positions: [UInt32]
  let refs: [UInt32]
  let samples: [UInt64]
  /// Heavy prefixes: (first eight bytes, length) → start of its list in `heavyLists`.
  let heavy: [HeavyKey: Int]
  /// For each heavy prefix, a count followed by up to `heavyDepth` keys `tier << 32 | ordinal`.
  let heavyLists: [UInt64]
  /// Hashes of the ids, sorted, and the ordinal of each.
  let idHashes: [Int]
  let idOrdinals: [UInt32]
  /// The ordinals of the items whose handle's folded key differs from the folded key of its
  /// ``HandleKey`` (a few Greek letters with iota subscript and old Cyrillic letter forms, whose
  /// case folding the search folding does not follow), by handle key: an exact-handle look-up
  /// finds them here, as the folded key of the ``HandleKey`` does not lead to them.
  let caseFoldedHandles: [HandleKey: [UInt32]]

  struct HeavyKey: Hashable, Sendable {
    var prefix: UInt64
    var length: Int
  }

  /// Builds the base from items and their insertion sequence numbers.
  ///
  /// `progress` gets the fraction done, from 0 to 1, on the calling thread: at the start, about
  /// every 8,192 items while folding keys (up to 0.5), after sorting the keys (0.85), and 1 at
  /// the end. Sorting is one step.
  init(
    items unordered: [MentionItem], sequences unorderedSequences: [UInt32],
    progress: (Double) -> Void = { _ in }
  ) {
    precondition(unordered.count <= Int(Self.ordinalMask), "too many items for one index")
    progress(0)
    // Rank order: score (higher first), then insertion order.
    var order = Array(unordered.indices)
    if unordered.contains(where: { $0.score != unordered.first?.score }) {
      order.sort { lhs, rhs in
        let (l, r) = (unordered[lhs].score, unordered[rhs].score)
        if l != r { return l > r }
        return unorderedSequences[lhs] < unorderedSequences[rhs]
      }
    } else if zip(unorderedSequences, unorderedSequences.dropFirst()).contains(where: { $0 > $1 }) {
      order.sort { unorderedSequences[$0] < unorderedSequences[$1] }
    }
    let items = order.map { unordered[$0] }
    self.items = items
    sequences = order.map { unorderedSequences[$0] }

    // Fold every field into one buffer and note where each key starts.
    var text: [UInt8] = []
    text.reserveCapacity(items.count * 32)
    var entries: [BuildEntry] = []
    entries.reserveCapacity(items.count * 5)
    var caseFoldedHandles: [HandleKey: [UInt32]] = [:]
    var spellings = Transliteration.Spellings()
    let total = Double(max(items.count, 1))
    for (ordinal, item) in items.enumerated() {
      if ordinal & 8191 == 8191 { progress(0.5 * Double(ordinal + 1) / total) }
      let ordinal = UInt32(ordinal)
      let handle = Self.appendField(item.insertionText, kind: .primary, ordinal, &text, &entries)
      // Only a handle with a letter past ASCII that case folding changes can differ.
      if item.insertionText.unicodeScalars.contains(where: {
        !$0.isASCII && CaseFolding.changes($0.value)
      }) {
        let key = HandleKey(item.insertionText)
        if !MentionIndex.foldKey(key.rawValue).elementsEqual(handle.map { text[$0] } ?? []) {
          caseFoldedHandles[key, default: []].append(ordinal)
        }
      }
      Self.appendSpellings(
        item.insertionText, own: handle, kind: .primary, ordinal, &text, &entries, &spellings)
      let name = Self.appendField(item.displayText, kind: .primary, ordinal, &text, &entries)
      Self.appendSpellings(
        item.displayText, own: name, kind: .primary, ordinal, &text, &entries, &spellings)
      for term in item.searchTerms {
        let own = Self.appendField(term, kind: .term, ordinal, &text, &entries)
        Self.appendSpellings(
          term, own: own, kind: .term, ordinal, &text, &entries, &spellings)
      }
    }
    text.append(contentsOf: repeatElement(0, count: 8))  // lets prefix loads run past the end
    for i in entries.indices {
      entries[i].prefix = Self.prefix8(text, at: Int(entries[i].position))
    }
    entries.sort { lhs, rhs in
      if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
      if lhs.prefix & 0xFF != 0 {
        let order = Self.compareTails(text, Int(lhs.position) + 8, Int(rhs.position) + 8)
        if order != 0 { return order < 0 }
      }
      return lhs.ref < rhs.ref
    }
    progress(0.85)
    self.text = text
    positions = entries.map(\.position)
    refs = entries.map(\.ref)
    samples = stride(from: 0, to: entries.count, by: Self.sampleStride).map { [entries] in
      entries[$0].prefix
    }
    (heavy, heavyLists) = Self.heavyPrefixes(entries)

    var ids = items.indices.map { (hash: items[$0].id.hashValue, ordinal: $0) }
    ids.sort { $0.hash < $1.hash }
    idHashes = ids.map(\.hash)
    idOrdinals = ids.map { UInt32($0.ordinal) }
    self.caseFoldedHandles = caseFoldedHandles
    progress(1)
  }

  /// The ordinal of the item with this id, if the base holds one.
  func ordinal(of id: String) -> Int? {
    let hash = id.hashValue
    var lo = 0
    var hi = idHashes.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if idHashes[mid] < hash { lo = mid + 1 } else { hi = mid }
    }
    while lo < idHashes.count && idHashes[lo] == hash {
      let ordinal = Int(idOrdinals[lo])
      if items[ordinal].id == id { return ordinal }
      lo += 1
    }
    return nil
  }

  /// Bytes held by the index structures (not counting the items themselves).
  var indexBytes: Int {
    text.capacity + positions.capacity * 4 + refs.capacity * 4 + samples.capacity * 8
      + heavyLists.capacity * 8 + heavy.capacity * 40 + idHashes.capacity * 8
      + idOrdinals.capacity * 4 + sequences.capacity * 4
  }

  // MARK: - Searching

  /// Adds the best `top.capacity` live items matching a folded, non-empty query to `top`, by
  /// rank key `class << 32 | ordinal` (see `rankClass(kind:exact:)`), counting only items whose
  /// best key is at least `floor` (the items after a page already returned).
  func search(_ query: [UInt8], removed: Bitset, floor: UInt64 = 0, into top: inout TopK) {
    let (lo, hi) = range(of: query)
    guard lo < hi else { return }
    if hi - lo > Self.heavyThreshold && query.count < 8,
      let start = heavy[HeavyKey(prefix: Self.prefix8(query), length: query.count)]
    {
      let count = Int(heavyLists[start])
      var kept = 0
      // Each listed key is its item's best, so one below the floor is an item already returned.
      for key in heavyLists[(start + 1)..<(start + 1 + count)]
      where key >= floor && !removed.contains(Int(key & 0xFFFF_FFFF)) {
        top.insert(key)
        kept += 1
      }
      // The list is complete for this query unless removals pushed out items it left off.
      if kept >= top.capacity || count < Self.heavyDepth { return }
    }
    let exactEnd = exactRangeEnd(query, lo, hi)
    if floor > 0 {
      scan(
        [KeyRange(lo: lo, hi: hi, exactEnd: exactEnd)], typo: false, removed: removed,
        floor: floor, excluded: [], into: &top)
      return
    }
    let hasRemovals = !removed.isEmpty
    for i in lo..<hi {
      let ref = refs[i]
      let ordinal = ref & Self.ordinalMask
      let rankClass = Self.rankClass(kind: ref >> Self.kindShift, exact: i < exactEnd)
      let key = UInt64(rankClass) << 32 | UInt64(ordinal)
      guard top.admits(key) else { continue }
      if hasRemovals && removed.contains(Int(ordinal)) { continue }
      if rankClass >= 4 { top.insert(key, position: positions[i]) } else { top.insert(key) }
    }
  }

  /// The route of a transliterated or typo match from where its key starts: the whole
  /// spelling, or the key (the folded field, or a later word of it, to its end).
  func route(rankClass: UInt32, at position: Int) -> MentionMatch.Route {
    var end = position
    while text[end] != 0 { end += 1 }
    if rankClass >= 8 { return .typo(key: String(decoding: text[position..<end], as: UTF8.self)) }
    var start = position
    while start > 0 && text[start - 1] != 0 { start -= 1 }
    return .transliterated(spelling: String(decoding: text[start..<end], as: UTF8.self))
  }

  /// The tier of a key of a kind without the transliterated bit: 0 exact, 1 prefix, 2 word
  /// prefix.
  @inline(__always)
  static func tier(kind: UInt32, exact: Bool) -> UInt32 {
    switch kind {
    case Kind.primary.rawValue: return exact ? 0 : 1
    case Kind.term.rawValue: return exact ? 0 : 2
    default: return 2
    }
  }

  /// The rank class of a key: its tier, plus 4 for a transliterated key, so that every literal
  /// match ranks before every transliterated one (typo matches use 8 plus the tier).
  @inline(__always)
  static func rankClass(kind: UInt32, exact: Bool) -> UInt32 {
    (kind & transliterated) + tier(kind: kind & 3, exact: exact)
  }

  /// The keys that start with `query`: `lo..<hi` in sorted order; with `within`, among the keys
  /// in that range only (which must hold every key that starts with `query`, or none).
  func range(of query: [UInt8], within: (Int, Int)? = nil) -> (Int, Int) {
    let (start, end) = within ?? (0, positions.count)
    let q8 = Self.prefix8(query)
    let q8Max: UInt64 =
      query.count >= 8 ? q8 : q8 | (UInt64.max >> UInt64(query.count * 8))
    // Narrow with the samples: keys before sample `a - 1` are smaller than the query, keys from
    // sample `b` on are greater than every key starting with it.
    let stride = Self.sampleStride
    let firstSample = start / stride
    let endSample = min(samples.count, (end + stride - 1) / stride)
    var a = Self.partition(firstSample, endSample) { self.samples[$0] < q8 }
    var b = Self.partition(a, endSample) { self.samples[$0] <= q8Max }
    a = max(start, a == 0 ? 0 : (a - 1) * stride)
    b = min(end, b * stride)
    guard a < b else { return (a, a) }
    return query.withUnsafeBufferPointer { q in
      text.withUnsafeBufferPointer { text in
        positions.withUnsafeBufferPointer { positions in
          let lo = Self.partition(a, b) { Self.compare(text, Int(positions[$0]), q) < 0 }
          let hi = Self.partition(lo, b) { Self.compare(text, Int(positions[$0]), q) <= 0 }
          return (lo, hi)
        }
      }
    }
  }

  /// The end of the keys in `lo..<hi` (all starting with `query`) that equal it: they sort
  /// first, because the 0 after a field is smaller than any byte of a longer key.
  func exactRangeEnd(_ query: [UInt8], _ lo: Int, _ hi: Int) -> Int {
    Self.partition(lo, hi) { self.text[Int(self.positions[$0]) + query.count] == 0 }
  }

  /// Compares the key at `position` with `query`: -1 if smaller, 0 if it starts with the
  /// query, 1 if greater.
  @inline(__always)
  static func compare(
    _ text: UnsafeBufferPointer<UInt8>, _ position: Int, _ query: UnsafeBufferPointer<UInt8>
  ) -> Int {
    for j in 0..<query.count {
      let byte = text[position + j]
      if byte != query[j] { return byte < query[j] ? -1 : 1 }
    }
    return 0
  }

  /// The first index in `lo..<hi` for which `isBefore` is false (it must be monotone).
  @inline(__always)
  static func partition(_ lo: Int, _ hi: Int, _ isBefore: (Int) -> Bool) -> Int {
    var lo = lo
    var count = hi - lo
    while count > 0 {
      let half = count / 2
      if isBefore(lo + half) {
        lo += half + 1
        count -= half + 1
      } else {
        count = half
      }
    }
    return lo
  }

  private func partition(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
    Self.partition(0, count, isBefore)
  }
}

/// A set of ordinals as bits.
struct Bitset: Sendable {
  private var words: [UInt64] = []
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  func contains(_ value: Int) -> Bool {
    let word = value >> 6
    return word < words.count && words[word] & (1 << UInt64(value & 63)) != 0
  }

  mutating func insert(_ value: Int) {
    let word = value >> 6
    if word >= words.count { words += repeatElement(0, count: word - words.count + 1) }
    if words[word] & (1 << UInt64(value & 63)) == 0 {
      words[word] |= 1 << UInt64(value & 63)
      count += 1
    }
  }
}
