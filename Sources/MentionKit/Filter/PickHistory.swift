#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a user has picked, and how recently: the learned part of ranking, as a plain value the
/// host can persist and restore.
///
/// Each pick adds 1 to the item's weight, and weights halve every ``halfLife`` seconds
/// (exponential decay). Within a route and tier, a heavier item ranks first. Times are seconds
/// on any clock the host chooses (wall-clock seconds since 1970 persist across launches), passed
/// in by the caller, so tests never sleep.
///
/// ```swift
/// var history = PickHistory(halfLife: 7 * 86_400)
/// history.record("U42", at: now)
/// history.weight(of: "U42", at: now + 7 * 86_400)  // 0.5
/// history.forget("U42")
/// ```
public struct PickHistory: Sendable, Hashable, Codable {
  /// One item's decayed weight as of a time.
  public struct Entry: Sendable, Hashable, Codable {
    /// The item's id.
    public var id: String
    /// The weight at ``time``.
    public var weight: Double
    /// The time of the weight, in the history's seconds.
    public var time: Double

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: The item's id.
    ///   - weight: The weight at `time`.
    ///   - time: The time of the weight.
    public init(id: String, weight: Double, time: Double) {
      self.id = id
      self.weight = weight
      self.time = time
    }
  }

  /// The seconds after which a weight halves; positive and finite (a value that is not
  /// becomes the default, 14 days).
  public var halfLife: Double {
    didSet { if !Self.isValidHalfLife(halfLife) { halfLife = Self.defaultHalfLife } }
  }
  /// The half-life used when none (or an invalid one) is given: 14 days.
  static let defaultHalfLife: Double = 14 * 86_400
  /// A decayed weight below this counts as no history at all, so an item picked long ago ranks
  /// exactly as if it had never been picked (after about 10 half-lives for one pick).
  public static let negligibleWeight = 1.0 / 1024

  private var entries: [String: Entry] = [:]

  /// Creates an empty history.
  ///
  /// - Parameter halfLife: The seconds after which a weight halves; 14 days by default.
  ///   Values that are not positive and finite become the default.
  public init(halfLife: Double = 14 * 86_400) {
    self.halfLife = Self.isValidHalfLife(halfLife) ? halfLife : Self.defaultHalfLife
  }

  private static func isValidHalfLife(_ halfLife: Double) -> Bool {
    halfLife > 0 && halfLife.isFinite
  }

  /// Creates a history from persisted entries.
  ///
  /// - Parameters:
  ///   - entries: Entries as ``allEntries`` returned them; a later entry for an id replaces an
  ///     earlier one, and entries with a weight that is not finite and positive are dropped.
  ///   - halfLife: The seconds after which a weight halves.
  public init(entries: [Entry], halfLife: Double = 14 * 86_400) {
    self.init(halfLife: halfLife)
    for entry in entries where entry.weight.isFinite && entry.weight > 0 && entry.time.isFinite {
      self.entries[entry.id] = entry
    }
  }

  private enum CodingKeys: String, CodingKey {
    case halfLife, entries
  }

  /// Decodes a history, with the checks of `init(entries:halfLife:)`: a half-life that is not
  /// positive and finite becomes the default, and entries with a weight that is not finite and
  /// positive, or a time that is not finite, are dropped.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when the data is not a history.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let halfLife = try container.decode(Double.self, forKey: .halfLife)
    let entries = try container.decode([String: Entry].self, forKey: .entries)
    self.init(
      entries: entries.sorted { $0.key < $1.key }.map {
        Entry(id: $0.key, weight: $0.value.weight, time: $0.value.time)
      },
      halfLife: halfLife)
  }

  /// Every item with history, as of its last pick, sorted by id: what to persist.
  public var allEntries: [Entry] { entries.values.sorted { $0.id < $1.id } }

  /// The ids of every item with history.
  public var ids: Dictionary<String, Entry>.Keys { entries.keys }

  /// Whether no item has history.
  public var isEmpty: Bool { entries.isEmpty }

  /// Records that the user picked an item.
  ///
  /// - Parameters:
  ///   - id: The item's id.
  ///   - time: When, in the history's seconds. A time before the item's last pick (a clock
  ///     set back) adds that pick's decayed weight without moving the item's time.
  /// - Complexity: O(1) amortized.
  public mutating func record(_ id: String, at time: Double) {
    guard time.isFinite else { return }
    guard let entry = entries[id] else {
      entries[id] = Entry(id: id, weight: 1, time: time)
      return
    }
    if time >= entry.time {
      entries[id] = Entry(id: id, weight: entry.weight * decay(time - entry.time) + 1, time: time)
    } else {
      entries[id] = Entry(id: id, weight: entry.weight + decay(entry.time - time), time: entry.time)
    }
  }

  /// Forgets an item's history, so it ranks as if it had never been picked.
  ///
  /// - Parameter id: The item's id.
  public mutating func forget(_ id: String) {
    entries[id] = nil
  }

  /// The item's weight at a time: its picks, each halved for every half-life since it was
  /// made; 0 without history or below ``negligibleWeight``.
  ///
  /// - Parameters:
  ///   - id: The item's id.
  ///   - time: The time to decay to; a time before the last pick reads the weight at that pick.
  /// - Returns: The decayed weight.
  public func weight(of id: String, at time: Double) -> Double {
    guard let entry = entries[id] else { return 0 }
    let weight = time > entry.time ? entry.weight * decay(time - entry.time) : entry.weight
    return weight < Self.negligibleWeight ? 0 : weight
  }

  /// Removes the items whose weight at `time` is negligible, to keep a persisted history small.
  ///
  /// - Parameter time: The time to decay to.
  public mutating func prune(at time: Double) {
    entries = entries.filter { weight(of: $0.key, at: time) > 0 }
  }

  private func decay(_ seconds: Double) -> Double {
    exp2(-seconds / halfLife)
  }
}
