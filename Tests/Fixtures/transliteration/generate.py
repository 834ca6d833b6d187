#!/usr/bin/env python3
"""Writes golden.tsv: the spellings Transliteration must give, from reference implementations.

Run from the package root, offline once the packages are installed (about two seconds):

    python3 -m venv /tmp/tv
    /tmp/tv/bin/pip install pypinyin==0.55.0 iuliia==0.13.0 pykakasi==2.3.0 cyrtranslit==1.2.0
    /tmp/tv/bin/python Tests/Fixtures/transliteration/generate.py \
        > Tests/Fixtures/transliteration/golden.tsv

Columns: `check`, `input`, `expected`, `source`. `check` says what TransliterationTests
compares: `all` (every spelling, in order, joined by " | "), `first`, `last`, or `contains`.

References (none of them is the code under test):

- Han: pypinyin 0.55.0 (MIT), `lazy_pinyin(character, style=Style.NORMAL)` per character,
  assembled by the rules in Docs/Ranking.md (spaced surname and given name, run together,
  initials, and `u` for `v`). Names: every 120th zh_CN name of ../shared/data/users.tsv.
- Kana: pykakasi 2.3.0 (GPL-3.0; run here only, nothing of it ships) `hepburn`, compared with
  the last spelling (kana by kana). One difference by design, applied to pykakasi's output and
  named in the row's source: no apostrophe after `ん` (`shin'ichi` → `shinichi`, as passports
  and input methods write it). The names are common Japanese names and katakana words written
  in this script; the extended katakana, where pykakasi departs from the 1991 Cabinet Notice
  (`ティー` as `teii`), are checked by hand in TransliterationTests.
- Russian: iuliia 0.13.0 (MIT) schemas `bgn_pcgn`, `wikipedia`, `scientific`, in ASCII (the
  index folds `ž š č ё è` and drops `ʹ ʺ ’ ”`), with the Wikipedia style's final `-ий` as `-i`
  (`Yuri`; iuliia writes `Yury`). Names: every 250th ru_RU name.
- Ukrainian: cyrtranslit 1.2.0 (MIT) `to_latin(text, "ua")` for the scholarly spelling (the
  last), folded to ASCII with apostrophes dropped. Names: every 150th uk_UA name with a letter
  only Ukrainian has.
- Greek: ELOT 743 as implemented in `elot743` below, written from the standard independently
  of the library's code (no ELOT 743 package on PyPI runs on current Python). Names: every
  120th el_GR name.
- German and Nordic: DIN 5007-2 (`ä ö ü` → `ae oe ue`, `ß` → `ss`) and the Nordic
  `ø å æ` → `oe aa ae`, by `str.replace`. Names: every such de_DE, sv_SE, da_DK, no_NO and
  fi_FI name at a step of 400.
- Hand-worked rows (`source` = a standard) come last: KMU 2010's own examples, ELOT 743's
  digraphs, modified Hepburn, and the edge cases.
"""

import os
import sys
import unicodedata
from importlib.metadata import version

import cyrtranslit
import iuliia
import pykakasi
import pypinyin
from pypinyin import Style, lazy_pinyin

VERSIONS = {"pypinyin": "0.55.0", "iuliia": "0.13.0", "pykakasi": "2.3.0", "cyrtranslit": "1.2.0"}
for package, expected_version in VERSIONS.items():
    if version(package) != expected_version:
        sys.exit(f"expected {package} {expected_version}, found {version(package)}")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
USERS = os.path.join(os.path.dirname(ROOT), "shared", "data", "users.tsv")

rows = []


def add(check, text, expected, source):
    if isinstance(expected, list):
        seen = []
        for spelling in expected:
            if spelling and spelling not in seen:
                seen.append(spelling)
        expected = " | ".join(seen)
    for field in (text, expected, source):
        if "\t" in field or "\n" in field:
            sys.exit(f"tab or newline in {field!r}")
    rows.append((check, text, expected, source))


def users(locale):
    with open(USERS, encoding="utf-8") as handle:
        next(handle)
        for line in handle:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 4 and parts[3] == locale:
                yield parts[2]


# --- Han --------------------------------------------------------------------------------------

COMPOUND = {"欧阳", "歐陽", "司马", "司馬", "上官", "诸葛", "諸葛", "东方", "東方", "皇甫", "尉迟", "尉遲",
            "公孙", "公孫", "慕容", "长孙", "長孫", "宇文", "司徒", "夏侯", "令狐", "端木", "轩辕", "軒轅",
            "南宫", "南宮", "西门", "西門", "独孤", "獨孤", "澹台", "澹臺", "呼延", "万俟", "萬俟"}


def is_han(char):
    return 0x3400 <= ord(char) <= 0x4DBF or 0x4E00 <= ord(char) <= 0x9FFF


def han_spellings(name):
    """The documented Han rules for a name of Han characters and spaces."""
    words = name.split(" ")
    syllables = [[lazy_pinyin(c, style=Style.NORMAL)[0] for c in word] for word in words]
    if len(words) == 1 and len(name) > 1:
        cut = 2 if len(name) > 2 and name[:2] in COMPOUND else 1
        spaced = "".join(syllables[0][:cut]) + " " + "".join(syllables[0][cut:])
    else:
        spaced = " ".join("".join(s) for s in syllables)
    together = "".join("".join(s) for s in syllables)
    result = [spaced, together]
    flat = [s for word in syllables for s in word]
    if len(flat) > 1:
        result.append("".join(s[0] for s in flat))
    if "v" in together:
        result.append(together.replace("v", "u"))
    return result


def han_rows():
    source = "pypinyin 0.55.0"
    for index, name in enumerate(users("zh_CN")):
        if index % 120 == 0 and all(is_han(c) for c in name):
            add("all", name, han_spellings(name), source)
    for name in ["李云龙", "王芳", "山下 幹", "欧阳娜娜", "吕小明", "女", "绿", "司马", "诸葛亮",
                 "李 云龙", "张伟", "刘洋", "陈静", "黄磊", "周杰伦", "吴亦凡", "徐", "孙悟空"]:
        add("all", name, han_spellings(name), source)


# --- Kana -------------------------------------------------------------------------------------

KANA_NAMES = """
さとう すずき たかはし たなか わたなべ いとう やまもと なかむら こばやし かとう よしだ やまだ
ささき やまぐち まつもと いのうえ きむら はやし しみず やまざき もり あべ いけだ はしもと
やました いしかわ なかじま まえだ ふじた おがわ ごとう おかだ はせがわ むらかみ こんどう
いしい さかもと えんどう あおき ふじい にしむら ふくだ おおた みうら ふじわら おかもと まつだ
なかがわ なかの はらだ おの たむら たけうち かねこ わだ なかやま いしだ うえだ もりた はら
しばた さかい くどう よこやま みやざき みやもと うちだ たかぎ あんどう たにぐち おおの まるやま
いまい たかだ ふじもと たけだ むらた うえの すぎやま ますだ すがわら ひらの おおつか こじま
ちば くぼ まつい いわさき さくらい きのした のぐち まつお きくち のむら あらい わたべ
はると ゆうと そうた ゆいと はるき ゆうま りく ひなた そうすけ あおい ゆな ひまり めい
さくら ゆい りこ みお あかり ゆうな こはる はな ひより えま あすか さゆり くみ けんいち
しんいち じゅんいち しゅんすけ りょうた きょうこ ちひろ しょうた じゅん りゅうのすけ ゆうこ
ようこ こうじ しょうへい ちえ まっちゃ きって さっぽろ ほっかいどう とっとり はっとり
タナカ ヤマダ スズキ サトウ イトウ ケンタ ユウキ ショウ リョウ キョウコ ジュン チカ ミッチ
コーヒー ラーメン スーパー ケーキ ノート メール ボール サッカー テニス ピアノ カメラ ホテル
"""


def kana_rows():
    kakasi = pykakasi.kakasi()
    source = "pykakasi 2.3.0 hepburn"
    for name in KANA_NAMES.split():
        hepburn = "".join(item["hepburn"] for item in kakasi.convert(name))
        expected = hepburn.replace("'", "")
        note = source + (", without the apostrophe" if "'" in hepburn else "")
        add("last", name, expected, note)


# --- Cyrillic ---------------------------------------------------------------------------------

ASCII = str.maketrans({"ё": "e", "Ё": "E", "ʹ": "", "ʺ": "", "’": "", "”": "", "·": "",
                       "'": "", "ʼ": ""})


def to_ascii(text):
    text = text.translate(ASCII)
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def wikipedia_yuri(text):
    """iuliia's wikipedia schema, with a word-final -ий as -i (the documented change)."""
    words = text.split(" ")
    out = []
    for word in words:
        core = word.rstrip(".,")
        if len(core) > 2 and core.lower().endswith("ий"):
            out.append(iuliia.WIKIPEDIA.translate(core[:-2]) + "i" + word[len(core):])
        else:
            out.append(iuliia.WIKIPEDIA.translate(word))
    return " ".join(out)


def russian_spellings(name):
    return [to_ascii(iuliia.BGN_PCGN.translate(name)), to_ascii(wikipedia_yuri(name)),
            to_ascii(iuliia.SCIENTIFIC.translate(name))]


def cyrillic_rows():
    source = "iuliia 0.13.0 bgn_pcgn, wikipedia (final -ий as -i), scientific; ASCII"
    for index, name in enumerate(users("ru_RU")):
        if index % 250 == 0 and all(0x400 <= ord(c) <= 0x45F or c == " " for c in name):
            add("all", name, russian_spellings(name), source)
    for name in ["Шостакович", "Жуков", "Щукин", "Юрий", "Дмитрий", "Фёдор Достоевский",
                 "Пётр Ильич Чайковский", "Алёна", "Семён", "Объект", "Майя", "Толстый",
                 "Евгений", "Наталья", "Всеволод", "Хрущёв", "Ксения", "Эдуард"]:
        add("all", name, russian_spellings(name), source)
    ukrainian = set("іїєґІЇЄҐ")
    russian_only = set("ыэёъЫЭЁЪ")
    source = "cyrtranslit 1.2.0 ua, ASCII"
    for index, name in enumerate(users("uk_UA")):
        letters = set(name)
        if index % 150 == 0 and letters & ukrainian and not letters & russian_only:
            add("last", name, to_ascii(cyrtranslit.to_latin(name, "ua")), source)


# KMU 2010 (Cabinet of Ministers of Ukraine resolution no. 55, 27 January 2010): the examples
# of its table, each the first spelling of a Ukrainian field. Fields without a letter only
# Ukrainian has are spelled by the Russian schemas, so only those with one are listed.
KMU_EXAMPLES = [
    ("Андрій", "andrii"), ("Борщагівка", "borshchahivka"), ("Вінниця", "vinnytsia"),
    ("Ґалаґан", "galagan"), ("Ґорґани", "gorgany"), ("Рівне", "rivne"),
    ("Єнакієве", "yenakiieve"), ("Гаєвич", "haievych"), ("Короп'є", "koropie"),
    ("Жежелів", "zhezheliv"), ("Іванків", "ivankiv"), ("Іващенко", "ivashchenko"),
    ("Їжакевич", "yizhakevych"), ("Кадиївка", "kadyivka"), ("Мар'їне", "marine"),
    ("Йосипівка", "yosypivka"), ("Олексій", "oleksii"), ("Київ", "kyiv"), ("Леонід", "leonid"),
    ("Миколаїв", "mykolaiv"), ("Никопіль", "nykopil"), ("Наталія", "nataliia"),
    ("Решетилівка", "reshetylivka"), ("Соломія", "solomiia"), ("Тернопіль", "ternopil"),
    ("Фастів", "fastiv"), ("Філіпчук", "filipchuk"), ("Харків", "kharkiv"),
    ("Біла Церква", "bila tserkva"), ("Чернівці", "chernivtsi"), ("Юрій", "yurii"),
    ("Корюківка", "koriukivka"), ("Феодосія", "feodosiia"),
]


def kmu_rows():
    for word, latin in KMU_EXAMPLES:
        add("first", word, latin, "KMU 2010, the resolution's example")
    # The same rules on names: зг as zgh, the iotated letters after a word's start.
    for word, latin in [("Іван Згурський", "ivan zghurskyi"), ("Ліза Власюк", "liza vlasiuk"),
                        ("Євгенія Ярошенко", "yevheniia yaroshenko")]:
        add("first", word, latin, "KMU 2010, by hand")


# --- Greek ------------------------------------------------------------------------------------

GREEK_SINGLE = dict(zip("αβγδεζηθικλμνξοπρστυφχψω",
                        "a v g d e z i th i k l m n x o p r s t y f ch ps o".split()))
VOICED = set("αεηιουωβγδζλμνρ")


def elot743(text):
    """ELOT 743 (type 2), written from the standard: lower case, accents dropped."""
    out = []
    for word in text.split(" "):
        letters = []
        for char in unicodedata.normalize("NFD", word.lower()):
            if char == "\u0308":
                letters[-1] = letters[-1] + "\u0308"
            elif unicodedata.combining(char):
                continue
            else:
                letters.append("σ" if char == "ς" else char)
        result = ""
        i = 0
        while i < len(letters):
            a = letters[i]
            b = letters[i + 1] if i + 1 < len(letters) else ""
            c = letters[i + 2][0] if i + 2 < len(letters) else ""
            if a in "αεη" and b == "υ":
                result += GREEK_SINGLE[a][0] + ("v" if c in VOICED and c else "f")
                i += 2
            elif a == "ο" and b == "υ":
                result += "ou"
                i += 2
            elif a == "μ" and b == "π":
                result += "b" if i == 0 else "mb"
                i += 2
            elif a == "ν" and b == "τ":
                result += "d" if i == 0 else "nt"
                i += 2
            elif a == "γ" and b == "γ":
                result += "ng"
                i += 2
            elif a == "γ" and b == "κ":
                result += "g" if i == 0 else "gk"
                i += 2
            elif a == "γ" and b in ("ξ", "χ"):
                result += "n"
                i += 1
            else:
                base = a[0]
                result += GREEK_SINGLE.get(base, base)
                i += 1
        out.append(result)
    return " ".join(out)


def greek_rows():
    for index, name in enumerate(users("el_GR")):
        if index % 120 == 0:
            add("all", name, [elot743(name)], "ELOT 743, generate.py's elot743")
    # ELOT 743's rules, worked by hand.
    for word, latin in [("Σοφία", "sofia"), ("Παπαδοπούλου", "papadopoulou"),
                        ("Ευάγγελος", "evangelos"), ("Αύγουστος", "avgoustos"),
                        ("Ευθύμιος", "efthymios"), ("Ευστάθιος", "efstathios"),
                        ("Παύλος", "pavlos"), ("Μπάμπης", "bambis"), ("Ντίνος", "dinos"),
                        ("Σαραντινός", "sarantinos"), ("Γκίκας", "gikas"), ("Άγγελος", "angelos"),
                        ("Ψυχάρης", "psycharis"), ("Θεόδωρος", "theodoros"),
                        ("Χρήστος", "christos"), ("Ταΰγετος", "taygetos"),
                        ("Λαΐνη", "laini"), ("Σφίγξ", "sfinx"), ("Αγχίαλος", "anchialos"),
                        ("Ευρυδίκη", "evrydiki"), ("Λυκούργος", "lykourgos")]:
        add("all", word, [latin], "ELOT 743, by hand")


# --- German and Nordic ------------------------------------------------------------------------

LATIN = [("ü", "ue"), ("ö", "oe"), ("ä", "ae"), ("ø", "oe"), ("å", "aa"), ("Ü", "Ue"),
         ("Ö", "Oe"), ("Ä", "Ae"), ("Ø", "Oe"), ("Å", "Aa")]
# ß and æ fold to ss and ae already, so alone they give no spelling; beside the others they are
# written so.
ALSO = [("ß", "ss"), ("æ", "ae"), ("Æ", "Ae")]


def latin_rows():
    for locale in ["de_DE", "sv_SE", "da_DK", "no_NO", "fi_FI"]:
        count = 0
        for name in users(locale):
            if not any(k in name for k, _ in LATIN):
                continue
            count += 1
            if count % 400 != 1:
                continue
            spelled = name
            for key, value in LATIN + ALSO:
                spelled = spelled.replace(key, value)
            add("all", name, [spelled.lower()], "DIN 5007-2 and the Nordic spellings")


def main():
    han_rows()
    kana_rows()
    cyrillic_rows()
    kmu_rows()
    greek_rows()
    latin_rows()
    print("check\tinput\texpected\tsource")
    for row in rows:
        print("\t".join(row))


if __name__ == "__main__":
    main()
