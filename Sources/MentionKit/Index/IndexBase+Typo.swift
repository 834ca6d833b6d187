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
  /// `KeyRange/exactRuns` lists its exact matches.
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
    // Every edit at scalar `s` starts with the query's first `s` scalars: once no key starts
    // with them, no later edit can match either, so the loop stops there (a long query costs
    // as many passes as the keys share scalars with it, not one per scalar).
    var prefixRange = (0, positions.count)
    for s in 1..<scalarCount {
      let prefix = Array(query[..<bounds[s]])
      let (lo, hi) = range(of: prefix, within: prefixRange)
      guard lo < hi else { break }
      prefixRange = (lo, hi)
      let scalar = query[bounds[s]..<bounds[s + 1]]
      let rest = query[bounds[s + 1]...]
      if s == scalarCount - 1 {
        // Exact: the prefix itself, the prefix and one scalar (a substitution), or the prefix,
        // one scalar and the last one (an insertion before it); each a run of the keys.
        var runs: [(Int, Int)] = []
        var start = exactRangeEnd(prefix, lo, hi)
        let exactEnd = start
        while start < hi {
          let position = Int(positions[start]) + prefix.count
          let substituted = prefix + text[position..<(position + Self.scalarLength(text[position]))]
          let end = groupEnd(start, hi, substituted)
          let substitutedEnd = exactRangeEnd(substituted, start, end)
          if substitutedEnd > start { runs.append((start, substitutedEnd)) }
          let inserted = substituted + scalar
          let (insertedLo, insertedHi) = subrange(substitutedEnd, end, inserted)
          let insertedEnd = exactRangeEnd(inserted, insertedLo, insertedHi)
          if insertedEnd > insertedLo { runs.append((insertedLo, insertedEnd)) }
          start = end
        }
        ranges.append(KeyRange(lo: lo, hi: hi, exactEnd: exactEnd, exactRuns: runs))
        break
      }
      add(prefix + rest, within: (lo, hi))
      let nextEnd = bounds[s + 2]
      let next = query[bounds[s + 1]..<nextEnd]
      if next != scalar { add(prefix + next + scalar + query[nextEnd...], within: (lo, hi)) }
      // Substitutions and insertions: every scalar that follows the prefix in some key.
      var start = exactRangeEnd(prefix, lo, hi)
      while start < hi {
        let position = Int(positions[start]) + prefix.count
        let length = Self.scalarLength(text[position])
        let follower = Array(text[position..<(position + length)])
        let end = groupEnd(start, hi, prefix + follower)
        if follower[...] != scalar { add(prefix + follower + rest, within: (start, end)) }
        add(prefix + follower + query[bounds[s]...], within: (start, end))
        start = end
      }
    }
    return ranges
  }

  /// The end of the keys from `start` on that start with `query`, when the key at `start`
  /// does and `start..<hi` is sorted: an exponential search, so a small group (most of the
  /// characters that follow a prefix in a large directory) costs a few comparisons.
  func groupEnd(_ start: Int, _ hi: Int, _ query: [UInt8]) -> Int {
    query.withUnsafeBufferPointer { q in
      text.withUnsafeBufferPointer { text in
        positions.withUnsafeBufferPointer { positions in
          var lo = start
          var step = 1
          while lo + step < hi && Self.compare(text, Int(positions[lo + step]), q) == 0 {
            lo += step
            step *= 2
          }
          return Self.partition(lo + 1, min(hi, lo + step)) {
            Self.compare(text, Int(positions[$0]), q) == 0
          }
        }
      }
    }
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
    /// Further runs of keys that match exactly, in order, past `exactEnd`.
    var exactRuns: [(Int, Int)] = []
  }

  /// Adds the best keys of live, not excluded items in `ranges` to `top`, counting an item
  /// only when its best key is at least `floor`; typo keys rank in classes 8 to 10.
  func scan(
    _ ranges: [KeyRange], typo: Bool, removed: Bitset, floor: UInt64, excluded: Set<UInt32>,
    into top: inout TopK
  ) {
    func key(_ i: Int, _ range: KeyRange, _ run: inout Int) -> UInt64 {
      let ref = refs[i]
      var exact = i < range.exactEnd
      if !exact && run < range.exactRuns.count {
        while run < range.exactRuns.count && range.exactRuns[run].1 <= i { run += 1 }
        exact = run < range.exactRuns.count && range.exactRuns[run].0 <= i
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
        var run = 0
        for i in range.lo..<range.hi where key(i, range, &run) < floor {
          poisoned.insert(refs[i] & Self.ordinalMask)
        }
      }
    }
    for range in ranges {
      var run = 0
      for i in range.lo..<range.hi {
        let key = key(i, range, &run)
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

  /// The length of the UTF-8 sequence a lead byte starts.
  @inline(__always)
  static func scalarLength(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }
}
