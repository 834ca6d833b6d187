/// A directory index: microsecond prefix search over a large list of items, usable directly as
/// the data source of a trigger.
///
/// The index finds an item when the folded query (see ``Folding``) is a prefix of its handle
/// (``MentionItem/insertionText``), of its display name, of a later word of either, or of a
/// search term or a word of one. Its literal matches are those of
/// `DefaultMentionFilter(matchesSubstrings: false)` over the same items, in the same order: by
/// ``MatchTier``, then ``MentionItem/score`` (higher first), then insertion order. It does not
/// find mid-word matches (``MatchTier/substring``). After them come matches through the Latin
/// spellings of each field stored when the item was indexed (`mueller` finds Müller), then,
/// when those don't fill the limit, matches with one typo; ranking signals (the conversation,
/// the pick history) reorder items within a route and tier (see ``MentionMatch`` and
/// ``matches(for:limit:ranking:)``), and `page(for:limit:ranking:after:)` continues a list.
///
/// ```swift
/// let index = MentionIndex(users)          // 1,000,000 users: about 1.5 s
/// index.matches(for: "łuk", limit: 3).map(\.item.displayText)
/// // ["Łukasz Nowak", "Łukasz Wiśniewski", "Anna Łukasik"]
/// index.add(MentionItem(id: "U9", insertionText: "lukas", displayText: "Lukas Graf"))
/// index.remove(id: "U1")
///
/// let manager = MentionManager(triggers: [.mention], dataSource: index)
/// ```
///
/// Keys are folded bytes in one buffer, sorted, searched by binary search; the best items of
/// very common prefixes are precomputed. Added, updated and removed items go to a small delta
/// that searches scan, merged into the sorted keys once it holds
/// ``compactionThreshold`` changes (the change that crosses it pays for the merge). Item ids are
/// unique: adding an item whose id is present replaces it.
///
/// The index is a class that is safe to share: searches take a lock only to read two
/// references, and never wait for each other; changes take the same lock. See
/// `Docs/Performance.md` for the figures.
///
/// - Complexity: Search is O(log *n* + *m*) for *n* keys and *m* keys starting with the query
///   (*m* is bounded for common prefixes), plus O(*d*) for *d* pending changes and items with
///   ranking signals. The typo fallback adds a binary search per character that can follow
///   each prefix of the query, and the keys one edit away.
public final class MentionIndex: MentionDataSource, Sendable {
  /// The number of pending changes (added, updated or removed items) after which the next
  /// change merges them into the sorted keys.
  public let compactionThreshold: Int

  private let state: Lock<State>

  /// The folded fields of base items with ranking signals, by id, for the base they were read
  /// from: a user's context and history are checked on every keystroke.
  let signalFields = Lock<[String: SignalFields]>([:])

  /// An item's folded fields, read from a base.
  struct SignalFields: Sendable {
    /// The base they were read from (weak: a base replaced by a compaction is freed, and a new
    /// one may then take its address, so the base itself is compared, never its address).
    weak var base: IndexBase?
    var ordinal: Int
    var fields: FoldedFields
  }

  private struct State: Sendable {
    var base: IndexBase
    /// Base ordinals removed or replaced since the base was built.
    var removed = Bitset()
    /// Items added or replaced since the base was built.
    var pending: [PendingItem] = []
    /// The slot in `pending` of each pending id.
    var pendingSlots: [String: Int] = [:]
    var nextSequence: UInt32

    var changeCount: Int { removed.count + pending.count }
  }

  /// An item added since the base was built, with its folded fields.
  struct PendingItem: Sendable {
    var item: MentionItem
    var sequence: UInt32
    var fields: FoldedFields

    init(_ item: MentionItem, sequence: UInt32) {
      self.item = item
      self.sequence = sequence
      fields = FoldedFields(item)
    }
  }

  /// Builds an index over items.
  ///
  /// Their order is the final tie-break between items of equal tier and score. When two items
  /// share an id, the later one replaces the earlier one in the earlier one's place.
  ///
  /// A big index takes a while to build (about 2 s for a million users in a release build):
  /// `progress` lets a caller show how far it is. It is called on the calling thread with the
  /// fraction done, non-decreasing from 0 to exactly 1: at the start, about every 8,192 items
  /// while keys are folded (up to 0.5), after the keys are sorted (0.85, the sort being one
  /// step), and at the end.
  ///
  /// - Parameters:
  ///   - items: The items to index.
  ///   - compactionThreshold: Pending changes after which the index merges them; 512 by default.
  ///   - progress: Called with the fraction of the build done; does nothing by default.
  /// - Complexity: O(*n* log *n*) in the number of keys.
  public init(
    _ items: [MentionItem] = [], compactionThreshold: Int = 512,
    progress: (Double) -> Void = { _ in }
  ) {
    self.compactionThreshold = max(1, compactionThreshold)
    let unique = Self.replacingDuplicates(items)
    let base = IndexBase(
      items: unique, sequences: unique.indices.map { UInt32($0) }, progress: progress)
    state = Lock(State(base: base, nextSequence: UInt32(unique.count)))
  }

  /// The number of items in the index.
  public var count: Int {
    state.withLock { $0.base.items.count - $0.removed.count + $0.pending.count }
  }

  /// Approximate bytes held by the index's own structures (folded keys, sorted offsets,
  /// precomputed results, the id table), not counting the items themselves.
  var indexByteCount: Int {
    state.withLock { state in
      state.base.indexBytes
        + state.pending.reduce(0) { total, pending in
          total + pending.fields.byteCount + 96
        }
    }
  }

  /// Returns the index's best items for the query, up to the trigger's result limit.
  ///
  /// - Parameter query: The active query.
  /// - Returns: Up to ``Trigger/resultLimit`` items, best first.
  /// - Throws: `CancellationError` when the fetch was cancelled.
  public func items(for query: MentionQuery) async throws -> [MentionItem] {
    try Task.checkCancellation()
    return matches(for: query.text, limit: query.trigger.resultLimit).map(\.item)
  }

  /// The item with an id, if the index holds one.
  ///
  /// - Parameter id: The item's id.
  /// - Returns: The item, or `nil`.
  public func item(id: String) -> MentionItem? {
    state.withLock { state in
      if let slot = state.pendingSlots[id] { return state.pending[slot].item }
      guard let ordinal = state.base.ordinal(of: id), !state.removed.contains(ordinal) else {
        return nil
      }
      return state.base.items[ordinal]
    }
  }

  /// The index's parts as of now, read under the lock, for read-only extensions such as the
  /// exact-handle lookup in `Resolve/MentionIndex+MentionDirectory.swift`.
  var snapshot: (base: IndexBase, removed: Bitset, pending: [PendingItem]) {
    state.withLock { ($0.base, $0.removed, $0.pending) }
  }

  /// Adds an item, or replaces the item with the same id (which keeps its place in the
  /// insertion order).
  ///
  /// - Parameter item: The item to add.
  /// - Complexity: Amortized O(1) plus, once every ``compactionThreshold`` changes, a merge.
  public func add(_ item: MentionItem) {
    state.withLock { state in
      Self.upsert(item, in: &state, addingIfAbsent: true)
      compactIfNeeded(&state)
    }
  }

  /// Replaces the item with the same id, keeping its place in the insertion order.
  ///
  /// - Parameter item: The new version of the item.
  /// - Returns: Whether the index held an item with that id (otherwise nothing changes).
  @discardableResult
  public func update(_ item: MentionItem) -> Bool {
    state.withLock { state in
      let found = Self.upsert(item, in: &state, addingIfAbsent: false)
      compactIfNeeded(&state)
      return found
    }
  }

  /// Removes the item with an id.
  ///
  /// - Parameter id: The item's id.
  /// - Returns: The removed item, or `nil` if the index held none.
  @discardableResult
  public func remove(id: String) -> MentionItem? {
    state.withLock { state in
      let removed: MentionItem?
      if let slot = state.pendingSlots.removeValue(forKey: id) {
        removed = state.pending[slot].item
        state.pending.remove(at: slot)
        for later in slot..<state.pending.count {
          state.pendingSlots[state.pending[later].item.id] = later
        }
      } else if let ordinal = state.base.ordinal(of: id), !state.removed.contains(ordinal) {
        state.removed.insert(ordinal)
        removed = state.base.items[ordinal]
      } else {
        removed = nil
      }
      compactIfNeeded(&state)
      return removed
    }
  }

  /// Merges pending changes into the sorted keys now.
  ///
  /// - Complexity: O(*n* log *n*) in the number of keys.
  public func compact() {
    state.withLock { Self.compact(&$0) }
  }

  // MARK: - Internals

  /// Folds a field or a query as the index stores it: a 0 byte, which would end a key early,
  /// becomes `nulReplacement`.
  static func foldKey(_ text: some StringProtocol) -> [UInt8] {
    var folded = Folding.fold(text)
    for i in folded.indices where folded[i] == 0 { folded[i] = nulReplacement }
    return folded
  }

  /// What a U+0000 in a field or a query is stored as: a byte that is no word separator, so a
  /// NUL is no word boundary, as for ``DefaultMentionFilter``.
  static let nulReplacement: UInt8 = 0x01

  @discardableResult
  private static func upsert(_ item: MentionItem, in state: inout State, addingIfAbsent: Bool)
    -> Bool
  {
    if let slot = state.pendingSlots[item.id] {
      state.pending[slot] = PendingItem(item, sequence: state.pending[slot].sequence)
      return true
    }
    let sequence: UInt32
    let found: Bool
    if let ordinal = state.base.ordinal(of: item.id), !state.removed.contains(ordinal) {
      state.removed.insert(ordinal)
      sequence = state.base.sequences[ordinal]
      found = true
    } else {
      guard addingIfAbsent else { return false }
      // Sequences are kept across compactions (a continuation names one); only when they run
      // out are they renumbered.
      if state.nextSequence == .max { compact(&state, renumbering: true) }
      sequence = state.nextSequence
      state.nextSequence += 1
      found = false
    }
    state.pendingSlots[item.id] = state.pending.count
    state.pending.append(PendingItem(item, sequence: sequence))
    return found
  }

  private func compactIfNeeded(_ state: inout State) {
    if state.changeCount >= compactionThreshold { Self.compact(&state) }
  }

  /// Merges the pending changes into a new base. Items keep their sequences (a continuation
  /// taken before still ends at the same place) unless `renumbering`, when they are numbered
  /// from 0 again.
  private static func compact(_ state: inout State, renumbering: Bool = false) {
    guard state.changeCount > 0 || renumbering else { return }
    var live: [(sequence: UInt32, item: MentionItem)] = []
    live.reserveCapacity(state.base.items.count - state.removed.count + state.pending.count)
    for (ordinal, item) in state.base.items.enumerated() where !state.removed.contains(ordinal) {
      live.append((state.base.sequences[ordinal], item))
    }
    for entry in state.pending { live.append((entry.sequence, entry.item)) }
    live.sort { $0.sequence < $1.sequence }
    let items = live.map(\.item)
    let sequences = renumbering ? items.indices.map { UInt32($0) } : live.map(\.sequence)
    state = State(
      base: IndexBase(items: items, sequences: sequences),
      nextSequence: renumbering ? UInt32(items.count) : state.nextSequence)
  }

  /// Keeps the first place and the last version of each id.
  private static func replacingDuplicates(_ items: [MentionItem]) -> [MentionItem] {
    var seen: [String: Int] = [:]
    seen.reserveCapacity(items.count)
    var unique: [MentionItem] = []
    unique.reserveCapacity(items.count)
    for item in items {
      if let slot = seen[item.id] {
        unique[slot] = item
      } else {
        seen[item.id] = unique.count
        unique.append(item)
      }
    }
    return unique
  }
}
