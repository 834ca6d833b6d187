extension IndexBase {
  // MARK: - Building

  struct BuildEntry {
    var prefix: UInt64
    var position: UInt32
    var ref: UInt32
  }

  /// Folds a field into `text` and records its keys: the field and each later word. Returns
  /// where the folded field is in `text`, or `nil` when it folds to nothing.
  @discardableResult
  static func appendField(
    _ field: String, kind: Kind, _ ordinal: UInt32, _ text: inout [UInt8],
    _ entries: inout [BuildEntry]
  ) -> Range<Int>? {
    let start = text.count
    Folding.fold(field, into: &text)
    let end = text.count
    guard end > start else { return nil }
    for i in start..<end where text[i] == 0 { text[i] = MentionIndex.nulReplacement }
    addKeys(start, end, kind: kind.rawValue, ordinal, text, &entries)
    text.append(0)
    return start..<end
  }

  /// Records the keys of the field in `text[start..<end]`: the field and each later word.
  static func addKeys(
    _ start: Int, _ end: Int, kind: UInt32, _ ordinal: UInt32, _ text: [UInt8],
    _ entries: inout [BuildEntry]
  ) {
    let flag = kind & transliterated
    entries.append(
      BuildEntry(prefix: 0, position: UInt32(start), ref: kind << kindShift | ordinal))
    var i = start + 1
    while i < end {
      if ItemMatcher.isSeparator(text[i - 1]) && !ItemMatcher.isSeparator(text[i]) {
        entries.append(
          BuildEntry(
            prefix: 0, position: UInt32(i),
            ref: (Kind.word.rawValue | flag) << kindShift | ordinal))
      }
      i += 1
    }
  }

  /// Appends the folded Latin spellings of a field, as keys of its kind marked transliterated,
  /// skipping those that fold to the field's own text (`own`) or to an earlier spelling.
  /// `buffer` is reused from field to field.
  static func appendSpellings(
    _ field: String, own: Range<Int>?, kind: Kind, _ ordinal: UInt32, _ text: inout [UInt8],
    _ entries: inout [BuildEntry], _ buffer: inout Transliteration.Spellings
  ) {
    guard let own else { return }
    buffer.removeAll()
    if field.utf8.withContiguousStorageIfAvailable({
      Transliteration.spellings(utf8: $0, into: &buffer)
    }) == nil {
      var copy = field
      copy.withUTF8 { Transliteration.spellings(utf8: $0, into: &buffer) }
    }
    guard buffer.count > 0 else { return }
    var added: [Range<Int>] = []
    for index in 0..<buffer.count {
      let start = text.count
      buffer[index].withUnsafeBufferPointer { Folding.fold(utf8: $0, into: &text) }
      for i in start..<text.count where text[i] == 0 { text[i] = MentionIndex.nulReplacement }
      let folded = start..<text.count
      if folded.isEmpty || text[folded].elementsEqual(text[own])
        || added.contains(where: { text[$0].elementsEqual(text[folded]) })
      {
        text.removeSubrange(folded)
        continue
      }
      added.append(folded)
      addKeys(start, text.count, kind: kind.rawValue | transliterated, ordinal, text, &entries)
      text.append(0)
    }
  }

  /// The folded Latin spellings of a field (see `Transliteration`) that differ from its own
  /// folded text (`own`), without duplicates. A field of ASCII only has none, which skips the
  /// transliteration of most fields.
  static func spellings(of field: String, own: ArraySlice<UInt8>) -> [[UInt8]] {
    if field.utf8.allSatisfy({ $0 < 0x80 }) { return [] }
    var found: [[UInt8]] = []
    for spelling in Transliteration.spellings(of: field) {
      let folded = MentionIndex.foldKey(spelling)
      if !folded.isEmpty && !folded.elementsEqual(own) && !found.contains(folded) {
        found.append(folded)
      }
    }
    return found
  }

  /// The first eight bytes of the key at `position`, big-endian, zero after its end.
  static func prefix8(_ text: [UInt8], at position: Int) -> UInt64 {
    var value: UInt64 = 0
    var ended = false
    for j in 0..<8 {
      let byte = ended ? 0 : text[position + j]
      if byte == 0 { ended = true }
      value = value << 8 | UInt64(byte)
    }
    return value
  }

  /// The first eight bytes of a query, big-endian, zero-padded.
  static func prefix8(_ query: [UInt8]) -> UInt64 {
    var value: UInt64 = 0
    for j in 0..<8 { value = value << 8 | UInt64(j < query.count ? query[j] : 0) }
    return value
  }

  /// Compares two keys from the given offsets on, up to their terminating 0.
  static func compareTails(_ text: [UInt8], _ lhs: Int, _ rhs: Int) -> Int {
    var i = 0
    while true {
      let (l, r) = (text[lhs + i], text[rhs + i])
      if l != r { return l < r ? -1 : 1 }
      if l == 0 { return 0 }
      i += 1
    }
  }

  /// The best `heavyDepth` items of every prefix of up to seven bytes that starts more than
  /// `heavyThreshold` keys.
  static func heavyPrefixes(_ entries: [BuildEntry]) -> ([HeavyKey: Int], [UInt64]) {
    var heavy: [HeavyKey: Int] = [:]
    var lists: [UInt64] = []
    for length in 1...7 {
      let shift = UInt64(64 - 8 * length)
      var start = 0
      while start < entries.count {
        let group = entries[start].prefix >> shift
        var end = start + 1
        while end < entries.count && entries[end].prefix >> shift == group { end += 1 }
        // Skip groups cut in the middle of a scalar or past the end of their keys.
        let next = UInt8(truncatingIfNeeded: entries[start].prefix >> (shift - 8))
        let lastByte = UInt8(truncatingIfNeeded: group)
        if end - start > heavyThreshold && lastByte != 0 && !(0x80..<0xC0).contains(next) {
          var top = TopK(capacity: heavyDepth)
          for entry in entries[start..<end] {
            // A key equals the prefix when its next byte is its terminating 0.
            let exact = UInt8(truncatingIfNeeded: entry.prefix >> (shift - 8)) == 0
            let rankClass = rankClass(kind: entry.ref >> kindShift, exact: exact)
            top.insert(UInt64(rankClass) << 32 | UInt64(entry.ref & ordinalMask))
          }
          heavy[HeavyKey(prefix: group << shift, length: length)] = lists.count
          let best = top.sorted()
          lists.append(UInt64(best.count))
          lists += best
        }
        start = end
      }
    }
    return (heavy, lists)
  }
}
