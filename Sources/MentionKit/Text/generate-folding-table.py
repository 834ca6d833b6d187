#!/usr/bin/env python3
"""Generates FoldingTable.generated.swift: the folding table of MentionKit's `Folding`.

Run from the package root (about fifteen seconds; needs `swift` with full Foundation):

    python3 Sources/MentionKit/Text/generate-folding-table.py \
        > Sources/MentionKit/Text/FoldingTable.generated.swift

The reference is Foundation's folding, not Python's `unicodedata`: Foundation's rules for
combining marks are its own, and Python's Unicode version may differ from ICU's. So this script
writes a small Swift probe to a temporary folder and runs it with `swift`. The probe asks
Foundation, for every scalar U+0000...U+10FFFF, what
`folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)`
makes of it, and how it treats combining marks after it. This script then applies the library's
extra folds (Docs/Folding.md) and packs a two-stage table. The library itself never uses
Foundation; this script is excluded from the target in Package.swift and runs offline only.
"""

import os
import subprocess
import sys
import tempfile

# The module the probe links; the library must not.
REFERENCE_MODULE = "Foundation"

PROBE = """\
import %(module)s

let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
func fold(_ text: String) -> String { text.folding(options: options, locale: nil) }

var out = ""
for value in UInt32(0)...0x10FFFF {
  guard let scalar = Unicode.Scalar(value) else { continue }
  let text = String(scalar)
  let folded = fold(text)
  // Flags: 1 = mark dropped after "a"; 2 = also dropped after DEVANAGARI KA (a diacritic);
  // 4 = as a base, drops a following HEBREW ACCENT ETNAHTA (every mark);
  // 8 = as a base, drops a following COMBINING ACUTE ACCENT (a diacritic).
  var flags = 0
  if fold("a" + text) == "a" {
    flags |= 1
    if fold("\\u{915}" + text) == "\\u{915}" { flags |= 2 }
  }
  if fold(text + "\\u{591}") == folded { flags |= 4 }
  if fold(text + "\\u{301}") == folded { flags |= 8 }
  let mapping = folded.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
  out += "\\(String(value, radix: 16)) \\(flags) \\(mapping)\\n"
  if out.utf8.count > 1 << 16 {
    print(out, terminator: "")
    out = ""
  }
}
print(out, terminator: "")
"""

# The folds Foundation lacks, applied to each scalar of Foundation's result. U+3000 IDEOGRAPHIC
# SPACE is the full-width form of the space (its decomposition is <wide> U+0020, as U+FF21's is
# <wide> U+0041), but Foundation's .widthInsensitive folds only U+FF00...U+FFEF.
EXTRA_FOLDS = {
    "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ħ": "h", "Ħ": "h", "ı": "i",
    "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "\u3000": " ",
}

# Entry layout (UInt32), shared with Folding.swift:
#   bits 0...17   offset of the mapping in `pool`
#   bits 18...21  length of the mapping in bytes
#   bit 22        has a mapping (otherwise the scalar's own bytes are kept)
#   bit 23        a mark Foundation drops after a base that drops marks
#   bit 24        a diacritic: also dropped right after a base that drops only diacritics
#   bit 25        as a base, drops every following mark
#   bit 26        as a base, drops one following diacritic
HAS_MAPPING = 1 << 22
MARK = 1 << 23
DIACRITIC = 1 << 24
DROPS_MARKS = 1 << 25
DROPS_DIACRITIC = 1 << 26

BLOCK_SHIFT = 7
BLOCK_SIZE = 1 << BLOCK_SHIFT


def probe():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "probe.swift")
        with open(path, "w", encoding="utf-8") as file:
            file.write(PROBE % {"module": REFERENCE_MODULE})
        result = subprocess.run(
            ["swift", "-O", path], check=True, capture_output=True, text=True)
    return result.stdout


def main():
    pool = bytearray()
    pool_index = {}
    entries = [DROPS_MARKS | DROPS_DIACRITIC] * 0x110000  # surrogates: never in UTF-8
    lines = 0
    for line in probe().splitlines():
        value_hex, flags_text, mapping_hex = (line.split(" ") + [""])[:3]
        value = int(value_hex, 16)
        flags = int(flags_text)
        folded = "".join(chr(int(v, 16)) for v in mapping_hex.split(",") if v)
        mapped = "".join(EXTRA_FOLDS.get(c, c) for c in folded).encode("utf-8")
        entry = 0
        if mapped != chr(value).encode("utf-8", "surrogatepass"):
            if mapped not in pool_index:
                pool_index[mapped] = len(pool)
                pool += mapped
            offset = pool_index[mapped]
            assert offset < 1 << 18 and len(mapped) < 16
            entry |= HAS_MAPPING | offset | len(mapped) << 18
        if flags & 1:
            entry |= MARK
        if flags & 2:
            entry |= DIACRITIC
        if flags & 4:
            entry |= DROPS_MARKS
        if flags & 8:
            entry |= DROPS_DIACRITIC
        entries[value] = entry
        lines += 1
    assert lines == 0x110000 - 0x800, lines

    # ASCII is folded inline by Folding.swift; check that the table agrees with that code. (NUL
    # is the one ASCII base after which Foundation keeps combining marks; Folding.swift drops
    # them, as Docs/Folding.md says.)
    for value in range(1, 0x80):
        entry = entries[value]
        assert entry & (DROPS_MARKS | DROPS_DIACRITIC) == DROPS_MARKS | DROPS_DIACRITIC, value
        assert entry & (MARK | DIACRITIC) == 0, value
        assert bool(entry & HAS_MAPPING) == (0x41 <= value <= 0x5A), value

    # Two stages: deduplicated blocks; trailing blocks equal to the last one are dropped, and
    # scalars past `tableLimit` use `defaultEntry`.
    blocks = [tuple(entries[start:start + BLOCK_SIZE]) for start in range(0, 0x110000, BLOCK_SIZE)]
    last = blocks[-1]
    assert len(set(last)) == 1
    while blocks and blocks[-1] == last:
        blocks.pop()
    limit = len(blocks) << BLOCK_SHIFT
    used = {}
    stage1 = []
    for block in blocks:
        stage1.append(used.setdefault(block, len(used)))
    assert len(used) <= 256
    stage2 = [entry for block in sorted(used, key=used.get) for entry in block]

    out = sys.stdout
    out.write(
        "// Generated by generate-folding-table.py; do not edit by hand.\n"
        "//\n"
        "// Regenerate from the package root (needs `swift` with full Foundation, ~15 s):\n"
        "//\n"
        "//   python3 Sources/MentionKit/Text/generate-folding-table.py \\\n"
        "//     > Sources/MentionKit/Text/FoldingTable.generated.swift\n"
        "//\n"
        "// Source: Foundation's folding(options: [.caseInsensitive, .diacriticInsensitive,\n"
        "// .widthInsensitive], locale: nil) per scalar, plus the extra folds in Docs/Folding.md.\n"
        f"// {len(used)} blocks of {BLOCK_SIZE} entries; {len(pool)} bytes of mappings.\n"
        "\n"
        "extension Folding {\n"
        "  /// Scalars at or past this value use ``defaultEntry``.\n"
        f"  static let tableLimit: UInt32 = {hex(limit, 8)}\n"
        "\n"
        "  /// The entry of every scalar at or past ``tableLimit``.\n"
        f"  static let defaultEntry: UInt32 = {hex(last[0], 8)}\n"
        "\n"
        "  /// log2 of the block size of ``stage2``.\n"
        f"  static let blockShift: UInt32 = {BLOCK_SHIFT}\n"
        "\n")
    emit(out, "stage1", "UInt8", [hex(v, 2) for v in stage1], 16,
         f"The block of ``stage2`` for each run of {BLOCK_SIZE} scalars below ``tableLimit``.")
    out.write("\n")
    emit(out, "stage2", "UInt32", [hex(v, 8) for v in stage2], 7,
         f"Per-scalar entries, {BLOCK_SIZE} per block (layout in generate-folding-table.py).")
    out.write("\n")
    emit(out, "pool", "UInt8", [hex(v, 2) for v in pool], 16,
         "The UTF-8 bytes of every mapping.")
    out.write("}\n")


def hex(value, digits):
    raw = "%0*X" % (digits, value)
    if digits > 4:
        raw = "_".join(raw[i:i + 4] for i in range(0, len(raw), 4))
    return "0x" + raw


def emit(out, name, type_name, values, per_line, doc):
    out.write(f"  /// {doc}\n")
    out.write(f"  static let {name}: [{type_name}] = [\n")
    for i in range(0, len(values), per_line):
        out.write("    " + ", ".join(values[i:i + per_line]) + ",\n")
    out.write("  ]\n")


if __name__ == "__main__":
    main()
