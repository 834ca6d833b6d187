#!/usr/bin/env python3
"""Generates the chat profile's differential fixture: chat lines and multi-line messages, each
with the mentions and hashtags that CommonMark, a linkifier and the documented handle grammar
give, computed without MentionKit.

Run from the package root (needs markdown-it-py 4.3.0, linkify-it-py 2.2.0 and PyYAML):
  python3 Tests/Fixtures/chat-oracle/generate.py \
    ../shared/conformance/twitter-text/tld_lib.yml > Tests/Fixtures/chat-oracle/cases.jsonl

The output is deterministic (seeded). Each line is a JSON object: `text`, and `entities`, a
list of `[kind, value, start, end]` with offsets in Unicode scalars. The first line holds the
versions and the seed instead.

The oracle, per message:
- Code and autolinks: markdown-it-py's CommonMark parser, with raw HTML off and indented code
  blocks off (chat clients render neither; Docs/ChatBackends.md). Each sign that could start an
  entity gets a private-use marker after it; a sign whose marker lands in a code span, a fenced
  block or an autolink (or nowhere in the text: a link destination, a fence's info string) is
  in code.
- URLs and e-mail addresses: linkify-it-py with twitter-text's top-level domains, on the text
  with `<` and `>` read as spaces (they end a link, and precede one as a space does), then the
  rules the guide states where the chat profile decides otherwise: a link ends at `"` and at
  a backtick (and the text after it is read on as linkify-it reads on after a link); any
  `scheme://` is a URL up to whitespace, a control, `<`, `>`, `"` or a backtick; no URL
  without a scheme follows `＠ # ＃ $ ＄` (the sign comes first); `//host` is not a URL.
- Messages with a line indented four spaces or more (after its quote markers) are left out:
  CommonMark reads indented code there, which chat clients and the chat profile do not, and
  markdown-it-py with indented code off then also closes a fence on such a line.
- Handles: the guide's grammar for `@`/`＠` (letters, marks, digits of any script and
  `_ . -`) and `#`/`＃` (the same without `.`), after a boundary (not a letter, mark, digit
  or one of `_ / \\ & @ ＠ # ＃ $ ＄`), trailing `.` and `-` trimmed, at most 64 scalars before
  trimming, `@user@host` joined, stopping where a URL or an address starts.
"""
import json
import random
import re
import sys
import unicodedata

import linkify_it
import markdown_it
import yaml
from linkify_it import LinkifyIt
from markdown_it import MarkdownIt

SEED = 20261127
# A line indented four spaces or more, after its quote markers.
INDENTED = re.compile(r"(?m)^(?: {0,3}> ?)* {4}")
SIGNS = {"@": "mention", "＠": "mention", "#": "hashtag", "＃": "hashtag"}
MAX_LENGTH = 64


def category(ch):
    return unicodedata.category(ch)


def is_lmn(ch):
    return category(ch)[0] in "LMN"


def boundary_ok(text, i):
    if i == 0:
        return True
    c = text[i - 1]
    if c in "\ufe0e\ufe0f\u20e3":
        return True
    if c in "\t\n\x0b\x0c\r\x85\u2028\u2029":
        return True
    if is_lmn(c) or c in "_/\\&@＠#＃$＄":
        return False
    return True


def is_query(ch, kind):
    if ch in "_-" or (kind == "mention" and ch == "."):
        return True
    if ch in "\t\n\x0b\x0c\r\x85\u2028\u2029":
        return False
    return is_lmn(ch)


# MARK: Code, from markdown-it-py


def markdown():
    md = MarkdownIt("commonmark", {"html": False})
    md.disable("code")  # indented code blocks
    return md


MD = markdown()
MARKER_BASE = 0xF0000


def code_signs(text, candidates):
    """The candidate sign offsets that CommonMark puts in code or an autolink."""
    if not candidates:
        return set()
    pieces = []
    last = 0
    for k, i in enumerate(candidates):
        pieces.append(text[last : i + 1])
        pieces.append(chr(MARKER_BASE + k))
        last = i + 1
    pieces.append(text[last:])
    marked = "".join(pieces)
    free = set()

    def markers(s):
        return [ord(c) - MARKER_BASE for c in s if MARKER_BASE <= ord(c) < MARKER_BASE + 0xFFFD]

    for token in MD.parse(marked):
        if token.type != "inline" or not token.children:
            continue
        in_autolink = 0
        for child in token.children:
            if child.type == "link_open" and child.markup == "autolink":
                in_autolink += 1
            elif child.type == "link_close" and in_autolink:
                in_autolink -= 1
            elif child.type == "text" and not in_autolink:
                free.update(markers(child.content))
            elif child.type == "image":
                for grandchild in child.children or []:
                    if grandchild.type == "text":
                        free.update(markers(grandchild.content))
    return {i for k, i in enumerate(candidates) if k not in free}


# MARK: URLs and e-mail addresses, from linkify-it-py


def linkifier(tld_path):
    data = yaml.safe_load(open(tld_path, encoding="utf-8"))
    tlds = sorted(set(data["country"]) | set(data["generic"]))
    lk = LinkifyIt()
    lk.tlds(tlds, False)
    lk.add("//", None)  # `//host` is not a URL
    return lk


NON_ASCII_SPACES = {0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000} | set(range(0x2000, 0x200B))


def ends_url(ch):
    o = ord(ch)
    return (
        o <= 0x20 or o == 0x7F or 0x80 <= o <= 0xA0 or o in NON_ASCII_SPACES or ch in '<>"`'
    )


SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")


FUZZY_LINK_PRECEDING = set("$+<=>^`|\uff5c")


def accepts_preceding(kind, before):
    """Whether linkify-it starts a link (`kind` "link") or an address ("email") after `before`."""
    cat = category(before)
    if kind == "email":
        return before in '<>\uff5c"(' or cat[0] == "Z" or cat == "Cc"
    if before in ".:/-_@":
        return False
    return before in FUZZY_LINK_PRECEDING or cat[0] in "ZP" or cat == "Cc"


def url_spans(text, lk):
    spans = []
    # `<` and `>` end every link; linkify-it reads them as it reads a space before a link or
    # an address, but would take `https://a.io>@b` for a user at host `b`.
    separated = text.replace("<", " ").replace(">", " ")
    # linkify-it reads on from where a link ends; where the guide ends a link earlier (at `"`
    # or a backtick) it reads on from there, as it would have with the link ending there.
    pos = 0
    while pos < len(text):
        found = lk.match(separated[pos:]) or []
        restart = None
        for m in found:
            s, e, schema = m.index + pos, m.last_index + pos, m.schema
            is_email = schema == "mailto:"
            if s == pos and pos > 0:
                kind = "email" if is_email and not text[s:].lower().startswith("mailto:") else "link"
                if not accepts_preceding(kind, text[s - 1]):
                    restart = s + 1
                    break
            if is_email:
                spans.append((s, e))
                continue
            if schema == "":
                before = text[s - 1] if s > 0 else ""
                if before and before in "@＠#＃$＄":
                    # Not a URL: read on as linkify-it would have without it.
                    restart = s + 1
                    break
            end = s
            while end < e and text[end] not in '"`':
                end += 1
            if end > s:
                spans.append((s, end))
            if end < e:
                restart = end
                break
        if restart is None:
            break
        pos = restart
    for m in SCHEME.finditer(text):
        end = m.end()
        while end < len(text) and not ends_url(text[end]):
            end += 1
        spans.append((m.start(), end))
    spans.sort()
    merged = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


# MARK: Handles


def host_end(text, at, limit):
    j = at + 1
    end = j
    has_letter = False
    previous_was_dot = True
    while j < limit:
        c = text[j]
        if c == ".":
            if previous_was_dot:
                break
            previous_was_dot = True
            j += 1
            continue
        alnum = (c.isascii() and c.isalnum()) or (not c.isascii() and is_lmn(c))
        if not (c == "-" or alnum):
            break
        if not c.isascii() or c.isalpha():
            has_letter = True
        previous_was_dot = False
        j += 1
        if c != "-":
            end = j
    return end if has_letter else None


def entities(text, lk):
    n = len(text)
    # Only a sign followed by a handle character can start an entity; the others are left
    # unmarked (a marker after `#` would turn a heading into a paragraph).
    candidates = [
        i
        for i, c in enumerate(text)
        if c in SIGNS
        and boundary_ok(text, i)
        and i + 1 < n
        and is_query(text[i + 1], SIGNS[c])
        and not (ord(text[i + 1]) >= 0x300 and category(text[i + 1])[0] == "M")
    ]
    in_code = code_signs(text, candidates)
    spans = url_spans(text, lk)
    result = []
    i = 0
    span_index = 0
    while i < n:
        c = text[i]
        if c not in SIGNS:
            i += 1
            continue
        while span_index < len(spans) and spans[span_index][1] <= i:
            span_index += 1
        if span_index < len(spans) and spans[span_index][0] <= i:
            i = spans[span_index][1]
            continue
        if i in in_code or not boundary_ok(text, i):
            i += 1
            continue
        limit = spans[span_index][0] if span_index < len(spans) else n
        kind = SIGNS[c]
        j = i + 1
        count = 0
        trimmed_end, trimmed_count = j, 0
        while j < limit and is_query(text[j], kind):
            ch = text[j]
            if count == 0 and ord(ch) >= 0x300 and category(ch)[0] == "M":
                break
            j += 1
            count += 1
            if ch not in ".-":
                trimmed_end, trimmed_count = j, count
        run_end = j
        if count > MAX_LENGTH:
            i = run_end
            continue
        if trimmed_count < 1:
            i = max(run_end, i + 1)
            continue
        end = trimmed_end
        if kind == "mention" and trimmed_end == run_end and run_end < limit and text[run_end] == "@":
            host = host_end(text, run_end, limit)
            if host is not None:
                end = host
        result.append([kind, text[i + 1 : end], i, end])
        i = max(end, run_end)
    return result


# MARK: Messages


WORDS = ["hi", "see", "cc", "thanks", "ok", "Zoë", "Łukasz", "日本", "пример", "😀", "naïve", "x"]
HANDLES = [
    "@ana", "@bob", "#general", "#v2", "＠jo", "＃dev", "@jöse", "@ana.maria", "@jean-luc-",
    "@ana.", "@Мария", "@李明", "#日本", "@" + "a" * 64 + ".", "@" + "b" * 65, "@" + "c" * 63 + "-.",
    "@ana@host-", "@ana@mastodon.social", "@ana@bücher.org", "@jo.io", "＠jo.io", "#gitlab.dev",
    "＃gitlab.dev", "@пример.co.uk", "@example.co.uk", "@", "#", "@@ana", "#@x",
]
DOMAINS = [
    "example.com", "bücher.org", "пример.рф", "пример.co.uk", "jo.io", "gitlab.dev",
    "mastodon.social", "example.zzz", "www.example.net", "t.co", "a.b", "x.y.z", "münchen.de",
    "xn--p1ai.com", "docs.io",
]
SCHEMES = ["https://", "http://", "ftp://", "//", "git+ssh://", "mailto:", "irc://", "HTTPS://"]
PATHS = [
    "/", "/a", "/@ana", "/#frag", "?q=1", "?q=@ana", "/(x)", "/it's", "/a,@bob", "/x!", "/#@cy",
    "/a-@dee", ":8080/x", "/a'@eve", "/~u", "/a&b=#x",
]
EMAILS = [
    "ana@example.com", "a.b+c@mail.example.co.jp", '"quoted"@docs.io', "x%y@a.com",
    "jöse@mastodon.social", "ana@bücher.org", "a.@ana.com", "x.@ana.zzz", "ana@example.zzz",
    "cc:@jo.io", "a-@bob.io", "mail@пример.рф",
]
MARKUP = [
    "`", "`", "``", "\\`", "\\``", "\\\\`", "<", ">", "<https://example.com>", "<https://x.io/@ana>",
    "<ana@example.com>", "*", "_", "\\", "**", "~",
]
SPACES = [" ", " ", " ", "  ", "\u00a0", "\u2009", "\u3000"]
PUNCT = [".", ",", "!", "?", ":", "(", ")", "'", '"', "-", "_", "/", "$", "&", "=", "+"]
LINE_STARTS = [
    "", "", "", "", "> ", ">", "> > ", "- ", "* ", "1. ", "2) ", "# ", "## ", "```", "~~~",
    "````", "```swift", "> ```", "- ```", "  ```", "***", "---", "===", "  ", "   ",
]


def fragment(rng):
    pool = rng.choice(
        [WORDS, HANDLES, HANDLES, DOMAINS, EMAILS, MARKUP, MARKUP, SPACES, SPACES, PUNCT, "url"]
    )
    if pool == "url":
        url = rng.choice(SCHEMES + ["", ""]) + rng.choice(DOMAINS)
        for _ in range(rng.randint(0, 2)):
            url += rng.choice(PATHS)
        return url
    return rng.choice(pool)


def line(rng, count):
    return "".join(fragment(rng) for _ in range(count))


def message(rng):
    if rng.random() < 0.6:
        return line(rng, rng.randint(1, 12))
    lines = []
    for _ in range(rng.randint(2, 6)):
        if rng.random() < 0.15:
            lines.append(rng.choice(["", " ", ">", "> "]))
            continue
        lines.append(rng.choice(LINE_STARTS) + line(rng, rng.randint(0, 6)))
    return "\n".join(lines)


# Inputs after the CommonMark spec's examples (spec 0.31.2) in the sections on backslash
# escapes (§2.4), fenced code blocks (§4.5), block quotes (§5.1), list items (§5.2), code
# spans (§6.1) and autolinks (§6.5), with handles and tags put where the examples have words.
SPEC_STYLE = [
    "\\`@foo\\` #bar",
    "`` @foo ` #bar ``",
    "`  ``  ` @foo",
    "` @a `",
    "`@foo   #bar \n@baz`",
    "`@foo\\`@bar`",
    "``@foo`@bar``",
    "` @foo `` @bar `",
    "*@foo`*`",
    "[not a `link](/@foo`)",
    "`<a href=\"`\">` @x",
    "<https://@foo.bar.`baz>`",
    "```@foo``",
    "`@foo",
    "`@foo``@bar``",
    "\\\\`@foo`",
    "```\n<\n >\n```\n@x",
    "~~~\n<\n >\n~~~\n@x",
    "``\n@foo\n``",
    "```\naaa\n~~~\n```\n@x",
    "~~~\naaa\n```\n~~~\n@x",
    "````\naaa\n```\n``````\n@x",
    "```\n@aaa",
    "`````\n\n```\n@aaa",
    "> ```\n> @aaa\n\n@bbb",
    "```\n\n  \n```\n@x",
    " ```\n @aaa\n@aaa\n```\n@x",
    "  ```\n@aaa\n  @aaa\n@aaa\n  ```\n@x",
    "   ```\n   @aaa\n    @aaa\n  @aaa\n   ```\n@x",
    "```\n@aaa\n  ```\n@x",
    "   ```\n@aaa\n  ```\n@x",
    "```\n@aaa\n    ```\n@x",
    "``` ```\n@aaa",
    "~~~~~~\n@aaa\n~~~ ~~\n@x",
    "@foo\n```\n@bar\n```\n@baz",
    "## @foo\n~~~\n@bar\n~~~\n# @baz",
    "```ruby\n@def\n```\n@x",
    "``` aa ```\n@foo",
    "~~~ aa ``` ~~~\n@foo\n~~~\n@x",
    "> # @Foo\n> @bar\n> @baz",
    "> ```\n@foo\n```",
    "- ```\n  @foo\n\n\n  @bar\n  ```\n@x",
    "1.  A paragraph\n    with two lines.\n\n        indented code\n\n    > A block quote @x",
    "- `one\n- two` @x",
    "`@a\n\n@b`",
    "# `@a\n@b`",
    "<http://foo.bar.baz/@x>",
    "<https://foo.bar.baz/test?q=hello&id=22&boolean>@x",
    "<made-up-scheme://foo,bar>#x",
    "<foo@bar.example.com>@x",
    "<foo+special@Bar.baz-bar0.com>#x",
    "< http://foo.bar >@x",
    "<m:abc>@x",
    "http://example.com @x",
    "\\!\\\"\\#\\$\\%\\&\\'\\(\\)\\*\\+\\,\\-\\.\\/\\:\\;\\<\\=\\>\\?\\@\\[\\\\\\]\\^\\_\\`\\{\\|\\}\\~ @x",
    "\\*@not emphasized*\n\\<br/> @not a tag\n\\[@not a link](/foo)\n\\`@not code`\n1\\. @not a list",
    "`` \\[\\` `` @x",
    "    \\[\\]\n@x",
    "~~~\n\\[\\]\n~~~\n@x",
]


def main():
    lk = linkifier(sys.argv[1])
    rng = random.Random(SEED)
    texts = [t for t in list(SPEC_STYLE) + [message(rng) for _ in range(6000)] if not INDENTED.search(t)]
    meta = {
        "generator": "Tests/Fixtures/chat-oracle/generate.py",
        "seed": SEED,
        "markdown-it-py": markdown_it.__version__,
        "linkify-it-py": linkify_it.__version__,
        "unicodedata": unicodedata.unidata_version,
        "python": sys.version.split()[0],
        "cases": len(texts),
    }
    out = sys.stdout
    out.write(json.dumps(meta, ensure_ascii=False) + "\n")
    for text in texts:
        out.write(json.dumps({"text": text, "entities": entities(text, lk)}, ensure_ascii=False))
        out.write("\n")


if __name__ == "__main__":
    main()
