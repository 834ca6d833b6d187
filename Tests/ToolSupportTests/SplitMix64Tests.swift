import Testing
import ToolSupport

struct SplitMix64Tests {
  /// The first five numbers for seed 1234567, as Rosetta Code's "Pseudo-random
  /// numbers/Splitmix64" task publishes them.
  @Test func matchesThePublishedSequence() {
    var random = SplitMix64(seed: 1_234_567)
    let expected: [UInt64] = [
      6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
      4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
    ]
    #expect((0..<5).map { _ in random.next() } == expected)
  }

  @Test func theSameSeedGivesTheSameNumbers() {
    var first = SplitMix64(seed: 20_240_601)
    var second = SplitMix64(seed: 20_240_601)
    var other = SplitMix64(seed: 20_240_602)
    let a = (0..<100).map { _ in Int.random(in: 0..<1000, using: &first) }
    let b = (0..<100).map { _ in Int.random(in: 0..<1000, using: &second) }
    let c = (0..<100).map { _ in Int.random(in: 0..<1000, using: &other) }
    #expect(a == b)
    #expect(a != c)
  }
}
