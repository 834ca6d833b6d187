extension IndexBase {
  /// The sorted key runs that start with one edit of a folded query (an insertion, a deletion,
  /// a substitution or an adjacent transposition of whole scalars, never of the first one), for
  /// `scan(_:typo:removed:floor:excluded:into:)`.
  ///
  /// The keys are a trie: for an edit at scalar *s*, the keys that start with the query's first
  /// *s* scalars are one run, and the scalars that can follow are found by jumping from one
  /// group of keys to the next (a binary search each), so no alphabet is assumed. A
  /// substitution or an insertion of the last scalar, and a deletion of it, all lead to keys
  /// that start with the query without its last scalar: that one run covers them, and
  /// `KeyRange/lastEdit` tells its exact matches.
  func typoRanges(_ query: [UInt8]) -> [KeyRange] {
    var bounds = [0]
    var i = 0
    while i < query.count {
      i = min(query.count, i + Self.scalarLength(query[i]))
      bounds.append(i)
    }
    let scalarCount = bounds.count - 1
    guard scalarCount >= 2 else { return [] }
    var ranges: [KeyRange] = []
    func add(_ edited: [UInt8], within bounds: (Int, Int)? = nil) {
      let (lo, hi) = bounds.map { subrange($0.0, $0.1, edited) } ?? range(of: edited)
      if lo < hi {
        ranges.append(KeyRange(lo: lo, hi: hi, exactEnd: exactRangeEnd(edited, lo, hi)))
      }
    }
    for s in 1..<scalarCount {
      let prefix = Array(query[..<bounds[s]])
      let scalar = query[bounds[s]..<bounds[s + 1]]
      let rest = query[bounds[s + 1]...]
      if s == scalarCount - 1 {
        let (lo, hi) = range(of: prefix)
        if lo < hi {
          ranges.append(
            KeyRange(
              lo: lo, hi: hi, exactEnd: lo, lastEdit: (offset: prefix.count, last: Array(scalar))))
        }
        break
      }
      add(prefix + rest)
      let nextEnd = bounds[s + 2]
      let next = query[bounds[s + 1]..<nextEnd]
      if next != scalar { add(prefix + next + scalar + query[nextEnd...]) }
      // Substitutions and insertions: every scalar that follows the prefix in some key.
      let (lo, hi) = range(of: prefix)
      var start = exactRangeEnd(prefix, lo, hi)
      while start < hi {
        let position = Int(positions[start]) + prefix.count
        let length = Self.scalarLength(text[position])
        let follower = Array(text[position..<(position + length)])
        let end = subrange(start, hi, prefix + follower).1
        if follower[...] != scalar { add(prefix + follower + rest, within: (start, end)) }
        add(prefix + follower + query[bounds[s]...], within: (start, end))
        start = end
      }
    }
    return ranges
  }

  /// The keys in `lo..<hi` that start with `query`, when that range holds all of them.
  func subrange(_ lo: Int, _ hi: Int, _ query: [UInt8]) -> (Int, Int) {
    range(of: query, within: (lo, hi))
  }

  /// A run of sorted keys that match, and how to tell which of them match exactly.
  struct KeyRange {
    var lo: Int
    var hi: Int
    /// Keys in `lo..<exactEnd` match exactly.
    var exactEnd: Int
    /// When set, a key past `exactEnd` also matches exactly when its bytes after `offset`
    /// are one scalar, or one scalar followed by `last` (see `typoRanges(_:)`).
    var lastEdit: (offset: Int, last: [UInt8])? = nil
  }

  /// Adds the best keys of live, not excluded items in `ranges` to `top`, counting an item
  /// only when its best key is at least `floor`; typo keys rank in classes 8 to 10.
  func scan(
    _ ranges: [KeyRange], typo: Bool, removed: Bitset, floor: UInt64, excluded: Set<UInt32>,
    into top: inout TopK
  ) {
    func key(_ i: Int, _ range: KeyRange) -> UInt64 {
      let ref = refs[i]
      var exact = i < range.exactEnd
      if !exact, let (offset, last) = range.lastEdit {
        exact = isOneScalarEdit(at: Int(positions[i]) + offset, last: last)
      }
      let kind = ref >> Self.kindShift
      let rankClass =
        typo
        ? 8 + Self.tier(kind: kind & 3, exact: exact) : Self.rankClass(kind: kind, exact: exact)
      return UInt64(rankClass) << 32 | UInt64(ref & Self.ordinalMask)
    }
    // Items with a key below the floor were returned before: none of their keys counts.
    var poisoned: Set<UInt32> = []
    if floor > 0 {
      for range in ranges {
        for i in range.lo..<range.hi where key(i, range) < floor {
          poisoned.insert(refs[i] & Self.ordinalMask)
        }
      }
    }
    for range in ranges {
      for i in range.lo..<range.hi {
        let key = key(i, range)
        guard key >= floor, top.admits(key) else { continue }
        let ordinal = UInt32(key & 0xFFFF_FFFF)
        if removed.contains(Int(ordinal)) || excluded.contains(ordinal)
          || poisoned.contains(ordinal)
        {
          continue
        }
        if key >> 32 >= 4 { top.insert(key, position: positions[i]) } else { top.insert(key) }
      }
    }
  }

  /// Whether the key bytes from `position` to the key's end are one scalar, or one scalar
  /// then `last`, or nothing.
  func isOneScalarEdit(at position: Int, last: [UInt8]) -> Bool {
    let first = text[position]
    if first == 0 { return true }
    let length = Self.scalarLength(first)
    if text[position + length] == 0 { return true }
    for (j, byte) in last.enumerated() where text[position + length + j] != byte { return false }
    return text[position + length + last.count] == 0
  }

  /// The length of the UTF-8 sequence a lead byte starts.
  @inline(__always)
  static func scalarLength(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }
}
