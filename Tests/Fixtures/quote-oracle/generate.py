#!/usr/bin/env python3
"""Which mentions of a Markdown message lie inside a block quote, as markdown-it-py reads it.

Writes cases.json: for each message, the handles (`@u1`, `@u2`, ...; every handle once per
message) found in text inside a block quote (`quoted`) and outside one (`unquoted`). Handles
in code spans, fenced code and link destinations are in neither. The messages are the CommonMark
0.31.2 spec's block quote examples (228-252) and some list and laziness examples with their
words replaced by handles, then seeded random messages built from block-level pieces.

markdown-it-py 4.3.0 (CommonMark preset) with raw HTML and indented code off, as the chat
profile reads Markdown (indented code is prose in chat; a line indented four spaces is still
no block quote). Run offline:

    pip install --no-index --find-links /path/to/wheels markdown-it-py==4.3.0
    python3 generate.py > cases.json
"""
import json
import random
import re

from markdown_it import MarkdownIt

md = MarkdownIt("commonmark").disable(["code", "html_block", "html_inline"])
HANDLE = re.compile(r"(?<![\w@])@(u\d+)\b")

SPEC = [
    ("228", "> # @u1\n> @u2\n> @u3\n"),
    ("229", "># @u1\n>@u2\n> @u3\n"),
    ("230", "   > # @u1\n   > @u2\n > @u3\n"),
    ("231", "    > # @u1\n    > @u2\n    > @u3\n"),
    ("232", "> # @u1\n> @u2\n@u3\n"),
    ("233", "> @u1\n@u2\n> @u3\n"),
    ("234", "> @u1\n---\n"),
    ("235", "> - @u1\n- @u2\n"),
    ("236", ">     @u1\n    @u2\n"),
    ("237", "> ```\n@u1\n```\n"),
    ("238", "> @u1\n    - @u2\n"),
    ("242", "> @u1\n\n> @u2\n"),
    ("243", "> @u1\n> @u2\n"),
    ("244", "> @u1\n>\n> @u2\n"),
    ("245", "@u1\n> @u2\n"),
    ("246", "> @u1\n***\n> @u2\n"),
    ("247", "> @u1\n@u2\n"),
    ("248", "> @u1\n\n@u2\n"),
    ("249", "> @u1\n>\n@u2\n"),
    ("250", "> > > @u1\n@u2\n"),
    ("251", ">>> @u1\n> @u2\n>>@u3\n"),
    ("252", ">     @u1\n\n>    @u2\n"),
    # Laziness and list items (spec sections 5.2, 5.3).
    ("lazy-ordered-1", "> @u1\n1. @u2\n"),
    ("lazy-ordered-2", "> @u1\n2. @u2\n"),
    ("lazy-empty-item", "> @u1\n-\n@u2\n"),
    ("lazy-heading", "> @u1\n# @u2\n"),
    ("lazy-setext", "> @u1\n===\n"),
    ("list-quote", "- > @u1\n- @u2\n"),
    ("list-quote-lazy", "1. > @u1\n@u2\n"),
    ("fence-in-quote-ends", "> ```\n> @u1\n@u2\n"),
    ("top-fence", "```\n> @u1\n```\n@u2\n"),
    ("code-span", "> `@u1` @u2\n`@u3`\n"),
    ("tilde-fence-lazy", "> @u1\n~~~\n@u2\n~~~\n"),
]

PIECES = ["> ", ">", ">> ", "> > ", "   > ", "    ", "  ", "- ", "* ", "1. ", "2. ", "- > ",
          "# ", "", "", "", ""]
LINES = ["```", "~~~", "---", "***", "", "> ```", "===", "> "]


def generate(rng, count):
    cases = []
    for n in range(count):
        lines = []
        handle = 0
        for _ in range(rng.randint(1, 6)):
            if rng.random() < 0.15:
                lines.append(rng.choice(LINES))
                continue
            handle += 1
            words = [f"@u{handle}"]
            if rng.random() < 0.3:
                handle += 1
                words.append(rng.choice(["and", "`x`", "cc", f"`@u{handle}`"]) )
                if not words[-1].startswith("`"):
                    words.append(f"@u{handle}")
            lines.append(rng.choice(PIECES) + " ".join(words))
        cases.append((f"seeded-{n}", "\n".join(lines) + rng.choice(["", "\n"])))
    return cases


def classify(text):
    quoted, unquoted = [], []
    depth = 0
    for token in md.parse(text):
        if token.type == "blockquote_open":
            depth += 1
        elif token.type == "blockquote_close":
            depth -= 1
        elif token.type == "inline":
            for child in token.children or []:
                if child.type == "text":
                    for handle in HANDLE.findall(child.content):
                        (quoted if depth > 0 else unquoted).append(handle)
    return quoted, unquoted


def main():
    rng = random.Random(20261127)
    out = []
    for name, text in SPEC + generate(rng, 600):
        quoted, unquoted = classify(text)
        out.append({"name": name, "text": text, "quoted": quoted, "unquoted": unquoted})
    print(json.dumps(out, ensure_ascii=False, indent=0))


if __name__ == "__main__":
    main()
