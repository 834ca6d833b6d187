#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora from ../shared.

Usage: make_corpus.py OUTPUT_DIR TARGET...

Every text from the twitter-text conformance files (extract, validate, autolink,
hit_highlighting) and a deterministic sample of the chat corpus becomes a seed for every
target, in that target's layout (SEEDS below; see Tests/Fuzz/Targets/*Fuzz.swift for each
layout). Fails loudly when ../shared is missing.
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared"))
CONFORMANCE = os.path.join(SHARED, "conformance", "twitter-text", "json")
CHAT = os.path.join(SHARED, "bench", "chat-corpus-10k.txt")
CHAT_SAMPLE = 400
MAX_TEXT_BYTES = 2048

# Hand-written seeds for what the shared files lack: cursor and grapheme edge cases.
EXTRA = [
    "hi @jo",
    "@Jon Sn",
    "mail@example.com @ana",
    "#tag #️⃣ #1 ＃ｆｕｌｌ",
    "[[Page Name|alias]] :smi /help $AAPL",
    "a\u0301\u0301\u0301@b\u0301c",
    "👩\u200d👩\u200d👧 @fam 🇺🇸🇬🇧 @flag",
    "\r\n@crlf\r\n#tag",
    "@\u0301ab #\u200dx",
    "```\n@code\n``` `@inline` @real",
    "> @quoted\n**@bold** _#em_",
    "https://host/@user?x=#frag @after",
    # Length limits: twitter handles stop at 20, chat handles and tags at 64.
    "@" + "a" * 21 + " @" + "b" * 20 + "/" + "c" * 26,
    "@" + "x" * 64 + " @" + "y" * 65 + " #" + "z" * 64 + " #" + "w" * 65 + "-",
    "@ana@host-name @bob@ @carol@x-- @dave@1",
    # Malformed and hostile wire strings (the `wire` target parses every seed in each format).
    "<@U1> <@U1|Ana> <#C1|general> <#C1> <!here> <!channel> <@&1> <@!2> <@U1 <#> <@> <@|x>",
    "&amp; &lt; &gt; &amp &lt;@U1&gt; &#60;@U1&#62; &#x3C; &#0; &#1114112; &#xD800; &quot; &apos;",
    "\\<@U1> \\\\<@U2> \\@everyone @here \\[x](user:U1) \\",
    "[@Ana](user:U1) [#general](channel:C1) [@a\\]b](user:U2) [x](user:) [y](user:a b) [z](user:U1",
    "[@[nested](user:U1)](user:U2) [@x](javascript:alert(1)) ![i](user:U1) [a]\n(user:U1)",
    '<a class="mention" data-id="U1">@Ana</a> <a class="channel" data-id="C1">#general</a>',
    '<a class="mention" data-id="U&quot;1">@x</a> <a class="mention" data-id="U1">@<b>x</b></a>',
    '<a class="mention" data-id="U1" onclick="x">@x</a> <a class="mention" data-id="U1">@x',
    '<script>alert(1)</script> "><img src=x onerror=alert(1)> javascript:alert(1) {{x}}',
    "<@U1>\u0301 \u0600<@U1> <#C1|\u0301x> \u200d<@U1>\u200d\U0001F44D \U0001F1FA<@U1>\U0001F1F8",
    # Discord code spans and token look-alikes; Markdown block syntax at line starts.
    "`@everyone <@1>` ``<t:1> @here`` `` ` `` ```\n<:e:1> @jon\n``` \\<\\@1> <t:1> </c:1> <<@1> <`x` @zoë",
    "`" * 17 + "@everyone <#1>" + "`" * 17 + " `@\u200beveryone <\u200b@1> <\u200bt:1>` @jon `a",
    "    @jon indented\n\t#general\n  # @ana\n1. @zoë\n10) x\n1234567890. y\n- @kim\n+ @fam\n=== @jon",
    "!@jon ![#general] !@zoë\r\n    \r\n   -\r    +@jon\n \t@ana",
]


def texts():
    if not os.path.isdir(CONFORMANCE) or not os.path.isfile(CHAT):
        sys.exit(f"make_corpus.py: {SHARED} is missing (expected ../shared beside the package)")
    found = []
    for name in sorted(os.listdir(CONFORMANCE)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(CONFORMANCE, name), encoding="utf-8") as handle:
            tests = json.load(handle).get("tests", {})
        for cases in tests.values():
            for case in cases if isinstance(cases, list) else []:
                text = case.get("text") if isinstance(case, dict) else None
                if isinstance(text, str):
                    found.append(text)
    with open(CHAT, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    found += random.Random(7).sample(lines, min(CHAT_SAMPLE, len(lines)))
    found += EXTRA
    unique = []
    seen = set()
    for text in found:
        data = text.encode("utf-8")[:MAX_TEXT_BYTES]
        if data not in seen:
            seen.add(data)
            unique.append(data)
    return unique


def detect_seed(rng, index, text):
    """Trigger mask, UTF-16 cursor (2 bytes), text."""
    cursor = len(text.decode("utf-8", "replace").encode("utf-16-le")) // 2
    if index % 3:
        cursor = rng.randrange(cursor + 1)
    return bytes([rng.randrange(256), cursor & 0xFF, cursor >> 8]) + text


def extract_seed(rng, index, text):
    """The text alone."""
    return text


def utf16_offset(text, byte_offset):
    return len(text[:byte_offset].decode("utf-8", "replace").encode("utf-16-le")) // 2


def composer_seed(rng, index, text):
    """Options, text length (2 bytes), text, entities, then a script (ComposerFuzz.swift)."""
    text = text[:400]
    seed = bytes([rng.randrange(16), len(text) & 0xFF, len(text) >> 8]) + text
    # One entity over the first `@word`, when there is one, else none.
    at = text.find(b"@")
    end = at + 1
    while 0 <= at and end < len(text) and chr(text[end]).isalnum():
        end += 1
    if at >= 0 and end - at > 1:
        start = utf16_offset(text, at)
        length = utf16_offset(text, end) - start
        seed += bytes([1, start & 0xFF, start >> 8, length])
    else:
        seed += bytes([0])
    utf16_count = utf16_offset(text, len(text))
    for _ in range(rng.randrange(4, 16)):
        op = rng.randrange(14)
        seed += bytes([op])
        if op in (0, 11):
            seed += bytes([rng.randrange(200)])
        elif op == 1:
            seed += bytes([3]) + b"@jo"
        elif op in (4, 5, 6, 7):
            for _ in range(2 if op in (5, 7) else 1):
                offset = rng.randrange(utf16_count + 3)
                seed += bytes([offset & 0xFF, offset >> 8])
            if op == 6:
                seed += bytes([rng.randrange(8)])
            if op in (6, 7):
                seed += bytes([rng.randrange(200)])
        elif op in (8, 9, 13):
            seed += bytes([rng.randrange(256)])
    return seed


# Display names for the `wire` target's user `jon`.
WIRE_NAMES = [
    "",
    "Jon Snow",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "](javascript:alert(1))",
    "<!channel> <@U999>",
    "Eve\u202egnp.exe",
    "a\u200db\u200bc\u0000d",
    "`{{x}}` &amp; & ' \\",
    "@@jon #general",
]
WIRE_IDS = ["", "U2", "!x", "x@here", "U\"2", "U2)", "a b", "W:1/2", "<@U1>", "&amp;",
            "@everyone\u0301", "!\u0301x", "1", "80351110224678912", "123456789012345",
            "\u0661\u0662\u0663", "12a"]
WIRE_HANDLES = [" @jon", " @ana", " @KIM", " @zoë", " #general", " #日本", " @fam", " @nobody"]


def wire_seed(rng, index, text):
    """Id length + id, name length + name, text (WireFuzz.swift); the text gets directory
    handles spliced in, or is written as wire tokens of one format."""
    user_id = WIRE_IDS[index % len(WIRE_IDS)].encode("utf-8")[:15] if index % 5 == 0 else b""
    name = rng.choice(WIRE_NAMES).encode("utf-8")[:63]
    words = text.decode("utf-8", "replace").split(" ")
    style = index % 4
    out = []
    for word in words:
        if rng.randrange(4) == 0:
            out.append(rng.choice(WIRE_HANDLES).strip())
        if style == 1 and word[:1] in "@#" and len(word) > 1:
            word = f"<{word[0]}U{word[1:]}>" if word[0] == "@" else f"<#C1|{word[1:]}>"
        elif style == 2 and word[:1] in "@#" and len(word) > 1:
            kind = "user" if word[0] == "@" else "channel"
            word = f"[{word}]({kind}:X{len(word)})"
        elif style == 3 and word[:1] in "@#" and len(word) > 1:
            kind = "mention" if word[0] == "@" else "channel"
            word = f'<a class="{kind}" data-id="X{len(word)}">{word}</a>'
        out.append(word)
    body = " ".join(out).encode("utf-8")[:MAX_TEXT_BYTES]
    return bytes([len(user_id)]) + user_id + bytes([len(name)]) + name + body


# Each target's seed layout; a target missing here gets the bare texts.
SEEDS = {
    "detect": detect_seed,
    "extract-twitter": extract_seed,
    "extract-chat": extract_seed,
    "composer": composer_seed,
    "wire": wire_seed,
}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    output, targets = sys.argv[1], sys.argv[2:]
    corpus = texts()
    for target in targets:
        directory = os.path.join(output, target)
        os.makedirs(directory, exist_ok=True)
        for index, text in enumerate(corpus):
            path = os.path.join(directory, f"seed-{index:05d}")
            rng = random.Random(index * 7919 + len(text))
            with open(path, "wb") as handle:
                handle.write(SEEDS.get(target, extract_seed)(rng, index, text))
    print(f"make_corpus.py: {len(corpus)} seeds for each of {', '.join(targets)}")


if __name__ == "__main__":
    main()
