#!/usr/bin/env python3
"""Generates TransliterationTables.generated.swift: the tables of MentionKit's `Transliteration`.

Run from the package root with pypinyin 0.55.0 and iuliia 0.13.0 installed (about two seconds):

    python3 -m venv /tmp/tv && /tmp/tv/bin/pip install pypinyin==0.55.0 iuliia==0.13.0
    /tmp/tv/bin/python Sources/MentionKit/Text/generate-transliteration-tables.py \
        > Sources/MentionKit/Text/TransliterationTables.generated.swift

Sources, each with its licence (the generated tables are facts drawn from them):

- Han: pypinyin (MIT, https://github.com/mozillazg/python-pypinyin), whose readings come from
  pinyin-data (MIT) and Unicode's Unihan kHanyuPinyin/kMandarin fields. For every scalar in
  U+3400...U+4DBF and U+4E00...U+9FFF with a reading, the first reading in
  `pypinyin.pinyin_dict.pinyin_dict` (its most common one) without tones, `ü` written `v`, as
  `lazy_pinyin(character, style=Style.NORMAL)` gives it.
- Cyrillic, Russian: iuliia's schemas (MIT, https://github.com/nalgeon/iuliia-py): `bgn_pcgn`
  (BGN/PCGN 1947), `wikipedia` (English Wikipedia's romanization of Russian) and `scientific`
  (the scholarly system), read from the JSON the package ships, with the changes listed in
  `RUSSIAN_CHANGES` below.
- Cyrillic, Ukrainian: written here from the Cabinet of Ministers of Ukraine resolution no. 55 of
  27 January 2010 (the national system, KMU 2010), BGN/PCGN 1965 for Ukrainian, and the
  scholarly system; Belarusian `ў`, Serbian and Macedonian letters from BGN/PCGN.
- Greek: written here from ELOT 743:1982 / ISO 843:1997 type 2 (UN 1987), the system of Greek
  passports. The digraph rules live in Transliteration+Greek.swift; this table holds each
  scalar's base letter.
- Kana: written here from modified Hepburn (Kenkyusha's New Japanese-English Dictionary, 3rd
  edition, 1954; ANSI Z39.11-1972) and, for the extended katakana (ファ ティ ヴァ ...), the
  Japanese Cabinet Notice no. 2 of 1991 (Gairaigo no hyoki). pykakasi (GPL-3.0) is used only
  as a test oracle (Tests/MentionKitTests/Fixtures/make-transliteration-golden.py); no shipped
  table is derived from it.

The library itself never runs this script; it is excluded from the target in Package.swift.

Layout: every table is a `StaticString` (Swift compiles a large string literal in a fraction of
a second, and a large array literal in minutes), read through `utf8Start` with no decoding:

- `hanReadings`: two characters per scalar, first `hanPlaneA` (U+3400...U+4DBF) then `hanPlaneB`
  (U+4E00...U+9FFF); each character is 0x30 + six bits, high bits first; 0 means no reading,
  n means the syllable at `hanSyllables[(n - 1) * 6 ..< n * 6]`, padded with spaces.
- `kanaMonographs`: three bytes per kana (hiragana U+3041...U+3096 at index scalar - 0x3041;
  katakana U+30A1...U+30F6 at the same index as their hiragana; ヷ ヸ ヹ ヺ at 0x56...0x59),
  padded with spaces; `kanaDigraphs`: three bytes per (kana, small kana) pair, the small kana in
  the order ぁ ぃ ぅ ぇ ぉ ゃ ゅ ょ ゎ, spaces where the pair is no digraph.
- `greekLetters`: one character per scalar of U+0370...U+03FF then U+1F00...U+1FFF, 0x30 + the
  base letter (1 alpha ... 24 omega, final sigma as sigma), + 32 with a diaeresis; 0x30 for
  no letter. `greekRomanizations`: four bytes per base letter, padded.
- `cyrillicLetters`: one character per scalar of U+0400...U+045F, 0x30 + the letter index
  (1-based in `CYRILLIC`), 0x30 for none. Each schema (`cyrillicSchemas`, 4 bytes per entry,
  spaces for no rule, "." for a rule that writes nothing) holds, in order: the letters' own
  spellings (N entries); one row number per letter for rules on the previous letter, then the
  rows (N + 1 entries, the last for a word start); the same for rules on the next letter (N + 1
  entries, the last for a word end); the same for two-letter word endings (rows of N entries,
  the second letter). Row numbers are 0x30 + row, 0x30 for none.
"""

import json
import os
import sys
import unicodedata

import iuliia
import pypinyin
from pypinyin import Style, lazy_pinyin, pinyin_dict

PYPINYIN_VERSION = "0.55.0"
IUILIIA_VERSION = "0.13.0"

if pypinyin.__version__ != PYPINYIN_VERSION:
    sys.exit(f"expected pypinyin {PYPINYIN_VERSION}, found {pypinyin.__version__}")

HAN_PLANE_A = (0x3400, 0x4DBF)
HAN_PLANE_B = (0x4E00, 0x9FFF)

# --- Han -------------------------------------------------------------------------------------


def han_tables():
    readings = {}
    for low, high in (HAN_PLANE_A, HAN_PLANE_B):
        for cp in range(low, high + 1):
            if cp not in pinyin_dict.pinyin_dict:
                continue
            syllable = lazy_pinyin(chr(cp), style=Style.NORMAL)[0]
            if not syllable.isascii() or not syllable.isalpha() or len(syllable) > 6:
                sys.exit(f"unexpected reading {syllable!r} of U+{cp:04X}")
            readings[cp] = syllable
    syllables = sorted(set(readings.values()))
    number = {s: i + 1 for i, s in enumerate(syllables)}
    encoded = []
    for low, high in (HAN_PLANE_A, HAN_PLANE_B):
        for cp in range(low, high + 1):
            n = number.get(readings.get(cp), 0)
            encoded.append(chr(0x30 + (n >> 6)) + chr(0x30 + (n & 63)))
    pool = "".join(s.ljust(6) for s in syllables)
    return "".join(encoded), pool, len(readings), len(syllables)


# --- Kana (modified Hepburn) -----------------------------------------------------------------

# Hiragana U+3041...U+3096 in order. ゐ ゑ を are i e o in modified Hepburn; っ is handled by
# the code (it doubles the next consonant) and written empty here.
HIRAGANA = (
    "a a i i u u e e o o ka ga ki gi ku gu ke ge ko go sa za shi ji su zu se ze so zo "
    "ta da chi ji - tsu zu te de to do na ni nu ne no ha ba pa hi bi pi fu bu pu he be pe "
    "ho bo po ma mi mu me mo ya ya yu yu yo yo ra ri ru re ro wa wa i e o n vu ka ke"
).split()
assert len(HIRAGANA) == 0x3096 - 0x3041 + 1, len(HIRAGANA)
HIRAGANA = ["" if r == "-" else r for r in HIRAGANA]
EXTRA_KATAKANA = ["va", "vi", "ve", "vo"]  # ヷ ヸ ヹ ヺ
SMALL = "ぁぃぅぇぉゃゅょゎ"


def kana_index(kana):
    return ord(kana) - 0x3041


def kana_digraphs():
    pairs = {}
    # The i-column with small ya/yu/yo: the i gives way to y (sh, ch, j take the vowel alone).
    for kana in "きぎにひびぴみりしじちぢ":
        mono = HIRAGANA[kana_index(kana)]
        stem = mono[:-1] if mono in ("shi", "chi") else mono[:-1]
        if mono in ("shi", "chi", "ji"):
            stem = mono[:-1]
            pairs[(kana, "ゃ")] = stem + "a"
            pairs[(kana, "ゅ")] = stem + "u"
            pairs[(kana, "ょ")] = stem + "o"
            pairs[(kana, "ぇ")] = stem + "e"
        else:
            pairs[(kana, "ゃ")] = stem + "ya"
            pairs[(kana, "ゅ")] = stem + "yu"
            pairs[(kana, "ょ")] = stem + "yo"
    # Extended katakana of the 1991 Cabinet Notice (written here in hiragana).
    extended = {
        ("ふ", "ぁ"): "fa", ("ふ", "ぃ"): "fi", ("ふ", "ぇ"): "fe", ("ふ", "ぉ"): "fo",
        ("ふ", "ゅ"): "fyu",
        ("う", "ぃ"): "wi", ("う", "ぇ"): "we", ("う", "ぉ"): "wo",
        ("ゔ", "ぁ"): "va", ("ゔ", "ぃ"): "vi", ("ゔ", "ぇ"): "ve", ("ゔ", "ぉ"): "vo",
        ("ゔ", "ゅ"): "vyu",
        ("て", "ぃ"): "ti", ("で", "ぃ"): "di", ("て", "ゅ"): "tyu", ("で", "ゅ"): "dyu",
        ("と", "ぅ"): "tu", ("ど", "ぅ"): "du",
        ("つ", "ぁ"): "tsa", ("つ", "ぃ"): "tsi", ("つ", "ぇ"): "tse", ("つ", "ぉ"): "tso",
        ("い", "ぇ"): "ye",
        ("く", "ぁ"): "kwa", ("く", "ぃ"): "kwi", ("く", "ぇ"): "kwe", ("く", "ぉ"): "kwo",
        ("く", "ゎ"): "kwa", ("ぐ", "ぁ"): "gwa", ("ぐ", "ゎ"): "gwa",
        ("す", "ぃ"): "si", ("ず", "ぃ"): "zi",
    }
    pairs.update(extended)
    return pairs


def kana_tables():
    monographs = HIRAGANA + EXTRA_KATAKANA
    mono = "".join(r.ljust(3) for r in monographs)
    pairs = kana_digraphs()
    grid = []
    for index in range(len(monographs)):
        for small in SMALL:
            kana = chr(0x3041 + index) if index < len(HIRAGANA) else None
            grid.append(pairs.get((kana, small), "").ljust(3))
    return mono, "".join(grid), len(monographs), len(pairs)


# --- Greek (ELOT 743) ------------------------------------------------------------------------

GREEK = "αβγδεζηθικλμνξοπρστυφχψω"
# ELOT 743 single letters; the digraph rules (ου, αυ/ευ/ηυ, μπ, ντ, γγ, γκ, γξ, γχ) are code.
GREEK_ROMAN = "a v g d e z i th i k l m n x o p r s t y f ch ps o".split()
assert len(GREEK_ROMAN) == len(GREEK)


def greek_tables():
    ranges = [(0x0370, 0x03FF), (0x1F00, 0x1FFF)]
    out = []
    for low, high in ranges:
        for cp in range(low, high + 1):
            char = chr(cp)
            if unicodedata.category(char)[0] != "L":
                out.append("0")
                continue
            decomposed = unicodedata.normalize("NFKD", char)
            base = decomposed[0].lower().replace("ς", "σ")
            if base not in GREEK:
                out.append("0")
                continue
            value = GREEK.index(base) + 1 + (32 if "\u0308" in decomposed else 0)
            out.append(chr(0x30 + value))
    return "".join(out), "".join(r.ljust(4) for r in GREEK_ROMAN)


# --- Cyrillic --------------------------------------------------------------------------------

CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяєіїўґђјљњћџѓѕќ"
# Scalars that share a letter: the graves of Macedonian and Bulgarian.
CYRILLIC_ALIASES = {"ѐ": "е", "ѝ": "и"}

# The letters iuliia's Russian schemas lack, per schema: Ukrainian and Belarusian letters (as
# BGN/PCGN and the scholarly system write them) and the Serbian and Macedonian ones (as their
# Latin alphabets write them, without diacritics).
SHARED_EXTRA = {"ђ": "dj", "ј": "j", "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѓ": "gj",
                "ѕ": "dz", "ќ": "kj", "ґ": "g", "і": "i"}
RUSSIAN_EXTRA = {
    "bgn_pcgn": {"є": "ye", "ї": "yi", "ў": "w"},
    "wikipedia": {"є": "ye", "ї": "yi", "ў": "w"},
    "scientific": {"є": "je", "ї": "ji", "ў": "u"},
}
# Where this table departs from iuliia, and why:
# - Every spelling is ASCII, as the index folds its keys: ё ë (BGN/PCGN and scholarly) as e,
#   ž š č as z s c, the soft and hard signs and BGN/PCGN's separator dot as nothing.
# - wikipedia: a word-final -ий is written -i (Yuri, Dmitri, the common English spelling);
#   iuliia writes -y. -ый stays -y.
RUSSIAN_CHANGES = "ASCII only; wikipedia's final -ий as -i"
ASCII = str.maketrans({"ё": "e", "ž": "z", "š": "s", "č": "c", "è": "e", "”": "", "’": "",
                       "ʺ": "", "ʹ": "", "·": ""})

# Ukrainian, KMU 2010: є ї й ю я are ye yi y yu ya at a word's start and ie i i iu ia after it;
# зг is zgh (so that it does not read as zh); ь and the apostrophe are not written.
UKRAINIAN_BASE = {
    "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
    "и": "y", "і": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ь": "",
}
UKRAINIAN_KMU = dict(UKRAINIAN_BASE, **{"є": "ie", "ї": "i", "й": "i", "ю": "iu", "я": "ia"})
UKRAINIAN_KMU_START = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
# BGN/PCGN 1965 for Ukrainian: the iotated letters are ye yi y yu ya everywhere.
UKRAINIAN_BGN = dict(UKRAINIAN_BASE, **{"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"})
# The scholarly system for Ukrainian, in ASCII, with х as x as iuliia's scientific schema writes
# it for Russian: ц c, ж ž z, ч č c, ш š s, щ šč sc.
UKRAINIAN_SCHOLARLY = dict(
    UKRAINIAN_BASE,
    **{"є": "je", "ї": "ji", "й": "j", "ю": "ju", "я": "ja", "х": "x", "ц": "c", "ж": "z",
       "ч": "c", "ш": "s", "щ": "sc"})


class Schema:
    def __init__(self, name, mapping, prev=None, next_=None, ending=None):
        self.name = name
        self.mapping = mapping
        self.prev = prev or {}
        self.next = next_ or {}
        self.ending = ending or {}


def russian_schema(name, iuliia_name):
    path = os.path.join(os.path.dirname(iuliia.__file__), "schemas", iuliia_name + ".json")
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    def ascii(value):
        value = unicodedata.normalize("NFC", value).translate(ASCII)
        if not value.isascii():
            sys.exit(f"{iuliia_name}: {value!r} is not ASCII")
        return value

    mapping = {k: ascii(v) for k, v in data["mapping"].items()}
    mapping.update(SHARED_EXTRA)
    mapping.update(RUSSIAN_EXTRA[iuliia_name])
    prev = {k: ascii(v) for k, v in (data.get("prev_mapping") or {}).items()}
    next_ = {k: ascii(v) for k, v in (data.get("next_mapping") or {}).items()}
    ending = {k: ascii(v) for k, v in (data.get("ending_mapping") or {}).items()}
    if iuliia_name == "wikipedia":
        ending["ий"] = "i"
    return Schema(name, mapping, prev, next_, ending)


def ukrainian_schema(name, mapping, start=None, russian=None):
    full = dict(russian.mapping)
    full.update(mapping)
    prev = {k: v for k, v in (start or {}).items()}
    if name == "ukrainian_kmu":
        prev["зг"] = "gh"
    return Schema(name, full, prev)


def encode_schema(schema):
    n = len(CYRILLIC)

    def entry(value):
        if value is None:
            return "    "
        if value == "":
            return ".   "
        if len(value) > 4 or not value.isascii():
            sys.exit(f"{schema.name}: {value!r} is longer than 4")
        return value.ljust(4)

    out = [entry(schema.mapping.get(letter)) for letter in CYRILLIC]
    if any(schema.mapping.get(letter) is None for letter in CYRILLIC):
        sys.exit(f"{schema.name}: a letter has no spelling")

    def rows(rules, width, column_of):
        by_letter = {}
        for key, value in rules.items():
            if len(key) == 1:
                current, other = key, None
            else:
                current, other = column_of(key)
            by_letter.setdefault(current, {})[other] = value
        numbers, table = [], []
        for letter in CYRILLIC:
            if letter not in by_letter:
                numbers.append("0")
                continue
            table.append([entry(None)] * width)
            numbers.append(chr(0x30 + len(table)))
            for other, value in by_letter[letter].items():
                column = width - 1 if other is None else CYRILLIC.index(other)
                table[-1][column] = entry(value)
        return numbers, table

    prev_numbers, prev_rows = rows(schema.prev, n + 1, lambda key: (key[1], key[0]))
    next_numbers, next_rows = rows(schema.next, n + 1, lambda key: (key[0], key[1]))
    end_numbers, end_rows = rows(schema.ending, n, lambda key: (key[0], key[1]))
    parts = ["".join(out)]
    for numbers, table in ((prev_numbers, prev_rows), (next_numbers, next_rows),
                           (end_numbers, end_rows)):
        parts.append("".join(numbers))
        parts.append("".join("".join(row) for row in table))
    return "".join(parts), [len(p) for p in parts]


def cyrillic_tables():
    letters = []
    for cp in range(0x0400, 0x0460):
        char = chr(cp).lower()
        char = CYRILLIC_ALIASES.get(char, char)
        letters.append(chr(0x30 + CYRILLIC.index(char) + 1) if char in CYRILLIC else "0")
    russian = [russian_schema("bgn_pcgn", "bgn_pcgn"),
               russian_schema("wikipedia", "wikipedia"),
               russian_schema("scientific", "scientific")]
    ukrainian = [ukrainian_schema("ukrainian_kmu", UKRAINIAN_KMU, UKRAINIAN_KMU_START, russian[0]),
                 ukrainian_schema("ukrainian_bgn", UKRAINIAN_BGN, None, russian[0]),
                 ukrainian_schema("ukrainian_scholarly", UKRAINIAN_SCHOLARLY, None, russian[2])]
    return "".join(letters), [encode_schema(s) for s in russian + ukrainian]


SCHEMA_NAMES = ["Russian BGN/PCGN", "Russian Wikipedia", "Russian scholarly",
                "Ukrainian KMU 2010", "Ukrainian BGN/PCGN", "Ukrainian scholarly"]


# --- Output ----------------------------------------------------------------------------------


def literal(name, doc, text, indent="    ", width=92):
    """A `StaticString` raw literal, lines joined by continuations (no newline in the value)."""
    if '"#' in text or "\\#" in text or "\n" in text:
        sys.exit(f"{name}: cannot be written as a raw literal")
    if text.endswith(" "):
        # A sentinel past the table's end keeps the last line free of trailing spaces.
        text += "|"
    lines = [f"  /// {line}" if line else "  ///" for line in doc]
    lines.append(f"  static let {name}: StaticString = #\"\"\"")
    chunks = [text[i:i + width] for i in range(0, len(text), width)] or [""]
    for chunk in chunks:
        # A space before a continuation would be trimmed as trailing whitespace by editors.
        lines.append(f"{indent}{chunk}\\#")
    lines[-1] = lines[-1][: -len("\\#")]
    lines.append(f"{indent}\"\"\"#")
    return "\n".join(lines)


def main():
    readings, syllables, han_count, syllable_count = han_tables()
    mono, digraphs, kana_count, pair_count = kana_tables()
    greek, greek_roman = greek_tables()
    cyrillic, schemas = cyrillic_tables()
    print("// Generated by generate-transliteration-tables.py; do not edit by hand.")
    print("//")
    print("// Regenerate from the package root (needs pypinyin 0.55.0 and iuliia 0.13.0, ~2 s):")
    print("//")
    print("//   python3 -m venv /tmp/tv && /tmp/tv/bin/pip install pypinyin==0.55.0 iuliia==0.13.0")
    print("//   /tmp/tv/bin/python Sources/MentionKit/Text/generate-transliteration-tables.py \\")
    print("//     > Sources/MentionKit/Text/TransliterationTables.generated.swift")
    print("//")
    print(f"// Sources: Han readings from pypinyin {PYPINYIN_VERSION} (MIT; data from pinyin-data and")
    print("// Unihan), the first reading without tones; Russian Cyrillic from iuliia")
    print(f"// {IUILIIA_VERSION} (MIT), schemas bgn_pcgn, wikipedia and scientific")
    print(f"// ({RUSSIAN_CHANGES}); Ukrainian from KMU 2010, BGN/PCGN 1965 and the")
    print("// scholarly system; Greek from ELOT 743; kana from modified Hepburn and the 1991 Cabinet")
    print("// Notice on katakana. Layout and sources in the script's docstring.")
    print(f"// {han_count} Han readings in {syllable_count} syllables; {kana_count} kana and")
    print(f"// {pair_count} digraphs; {len(schemas)} Cyrillic schemas.")
    print()
    print("extension Transliteration {")
    print(f"  static let hanPlaneA: ClosedRange<UInt32> = 0x{HAN_PLANE_A[0]:04X}...0x{HAN_PLANE_A[1]:04X}")
    print(f"  static let hanPlaneB: ClosedRange<UInt32> = 0x{HAN_PLANE_B[0]:04X}...0x{HAN_PLANE_B[1]:04X}")
    print()
    print(literal("hanSyllables", ["The toneless pinyin syllables, six bytes each, padded."],
                  syllables))
    print()
    print(literal("hanReadings", ["Each Han scalar's syllable number, two characters each."],
                  readings))
    print()
    print(literal("kanaMonographs", ["Each kana's romanization, three bytes each, padded."], mono))
    print()
    print(literal("kanaDigraphs",
                  ["Each (kana, small kana) digraph's romanization, three bytes each."], digraphs))
    print()
    print(literal("greekLetters", ["Each Greek scalar's base letter and diaeresis."], greek))
    print()
    print(literal("greekRomanizations", ["Each Greek base letter's spelling, four bytes each."],
                  greek_roman))
    print()
    print(f"  /// The number of Cyrillic letters a schema spells.")
    print(f"  static let cyrillicLetterCount = {len(CYRILLIC)}")
    print()
    print(literal("cyrillicLetters", ["Each scalar of U+0400...U+045F's Cyrillic letter."],
                  cyrillic))
    for index, (text, sizes) in enumerate(schemas):
        print()
        print(literal(f"cyrillicSchema{index}", [f"Cyrillic schema {index} ({SCHEMA_NAMES[index]})."],
                      text))
    print()
    print("  /// The Cyrillic schemas: Russian BGN/PCGN, Wikipedia, scholarly; Ukrainian KMU 2010,")
    print("  /// BGN/PCGN, scholarly. Each with the offsets of its parts.")
    print("  static let cyrillicSchemas: [CyrillicSchema] = [")
    for index, (text, sizes) in enumerate(schemas):
        starts, offset = [], 0
        for size in sizes:
            starts.append(offset)
            offset += size
        print(f"    CyrillicSchema(cyrillicSchema{index}, parts: {starts[1:]}),")
    print("  ]")
    print("}")


if __name__ == "__main__":
    main()
