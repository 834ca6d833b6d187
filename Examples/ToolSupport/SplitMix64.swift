/// SplitMix64, a seeded random generator: the same seed gives the same numbers on every run
/// and every platform.
///
/// The algorithm of Steele, Lea and Flood ("Fast splittable pseudorandom number generators",
/// OOPSLA 2014) as Vigna's reference `splitmix64.c` writes it: add 0x9E3779B97F4A7C15 to the
/// state, then mix a copy of it (xor-shift 30, multiply by 0xBF58476D1CE4E5B9, xor-shift 27,
/// multiply by 0x94D049BB133111EB, xor-shift 31). Not for cryptography.
///
/// ```swift
/// var random = SplitMix64(seed: 1_234_567)
/// random.next()  // 6457827717110365317
/// Int.random(in: 0..<10, using: &random)
/// ```
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose first number follows `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
