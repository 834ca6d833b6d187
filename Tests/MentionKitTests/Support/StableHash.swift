/// FNV-1a over strings, for choices that must not depend on `Hasher`'s per-process seed.
func stableHash(_ seed: UInt64, _ parts: String...) -> UInt64 {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
  for part in parts {
    for byte in part.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    hash ^= 0xFF
    hash &*= 0x0000_0100_0000_01B3
  }
  return hash
}
