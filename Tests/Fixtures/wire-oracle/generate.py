#!/usr/bin/env python3
"""Generates messages.json: messages with Markdown and HTML syntax in user text, display names
and ids, each with the Markdown and the HTML WireFormat.write must write for it, checked by a
CommonMark parser and an HTML parser.

The expected Markdown is written here from the rules Docs/ChatBackends.md documents for
`.markdown` (not by running the Swift renderer), then parsed with markdown-it-py's CommonMark
preset, raw HTML off and on. A case is written only if the parse has exactly one link per
written mention, with the documented target and label, no other link, image, raw HTML, code or
emphasis, only paragraphs, and the message's own text around the links. If the documented rules
produced anything else, this script stops with the case. The HTML is written from the
documented `.html` rules and parsed with html5lib as a fragment: it must hold only the mention
anchors, each with exactly `class` and `data-id`, the id and label as given, and the message's
own text around them.

    pip install markdown-it-py html5lib
    python3 Tests/Fixtures/wire-oracle/generate.py

Deterministic: a fixed seed, and the output is sorted the same way on every run.
"""

import json
import os
import random
import re
import sys
import unicodedata

import html5lib
from markdown_it import MarkdownIt

SEED = 20261127
COUNT = 1500
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# The documented `.markdown` format (Docs/ChatBackends.md, "Rendering").

BIDI = {0x061C, 0x200E, 0x200F} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def is_control(c):
    v = ord(c)
    return v < 0x20 or 0x7F <= v <= 0x9F or v in (0x2028, 0x2029)


# Unicode White_Space (PropList.txt), the set the documented id rule names.
WHITE_SPACE = set(range(0x09, 0x0E)) | {0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F,
                                        0x205F, 0x3000} | set(range(0x2000, 0x200B))


def writable_id(item_id):
    """Non-empty; no whitespace, controls, bidi controls, backtick or any of < > | & " ' \\ ( ) [ ]."""
    return item_id != "" and not any(
        c in "<>|&\"'\\`()[]" or ord(c) in WHITE_SPACE or is_control(c) or ord(c) in BIDI
        for c in item_id)


def label(name):
    """Bidi controls dropped, other controls (line breaks included) made spaces."""
    return "".join(" " if is_control(c) else c for c in name if ord(c) not in BIDI)


ESCAPED = set("\\`*_~[]<>&")


def escape_inline(text):
    return "".join("\\" + c if c in ESCAPED else c for c in text)


def escape_line_start(line, followed_by_token):
    """The block syntax at the start of a line, made text (the documented line-start rule)."""
    column = 0
    k = 0
    while k < len(line) and column < 4 and line[k] in " \t":
        column = (column // 4 + 1) * 4 if line[k] == "\t" else column + 1
        k += 1
    if column >= 4:
        if line.strip(" \t") == "" and not followed_by_token:
            return line  # a blank line stays blank
        return ("&#9;" if line[0] == "\t" else "&#32;") + escape_inline(line[1:])
    rest = line[k:]
    if rest[:1] in ("#", "-", "+", "="):
        return escape_inline(line[:k]) + "\\" + escape_inline(rest)
    m = re.match(r"[0-9]{1,9}[.)]", rest)
    if m:
        n = m.end() - 1
        return line[:k] + rest[:n] + "\\" + escape_inline(rest[n:])
    return escape_inline(line)


LINE_BREAK = re.compile(r"\r\n|\r|\n")


def escape_text(text, at_line_start, followed_by_token):
    """A stretch of user text: every line start after a break, and the first when at_line_start."""
    parts = LINE_BREAK.split(text)
    breaks = LINE_BREAK.findall(text)
    out = []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        starts_line = index > 0 or at_line_start
        if starts_line:
            out.append(escape_line_start(part, followed_by_token and last))
        else:
            out.append(escape_inline(part))
        if not last:
            out.append(breaks[index])
    return "".join(out)


def render(segments):
    """The documented rendering of a message given as text and mention segments."""
    out = []
    stretch = ""  # user text since the last token, entities written as typed included
    at_start = True
    for segment in segments:
        if segment["type"] == "text" or not writable_id(segment["id"]):
            stretch += segment["text"]
            continue
        escaped = escape_text(stretch, at_start, True)
        if stretch.endswith("!"):
            escaped = escaped[:-1] + "\\!"  # `!` before a link would make an image
        out.append(escaped)
        sign, scheme = ("#", "channel:") if segment["channel"] else ("@", "user:")
        out.append("[" + sign + escape_inline(label(segment["name"])) + "](" + scheme
                   + segment["id"] + ")")
        stretch = ""
        at_start = False
    out.append(escape_text(stretch, at_start, False))
    return "".join(out)


def naive_render(segments):
    """The rules before line starts and `!` were escaped: used to show the check can fail."""
    out = []
    for segment in segments:
        if segment["type"] == "text" or not writable_id(segment["id"]):
            out.append(escape_inline(segment["text"]))
            continue
        sign, scheme = ("#", "channel:") if segment["channel"] else ("@", "user:")
        out.append("[" + sign + escape_inline(label(segment["name"])) + "](" + scheme
                   + segment["id"] + ")")
    return "".join(out)


HTML_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}


def escape_html(text):
    return "".join(HTML_ESCAPES.get(c, c) for c in text)


def render_html(segments):
    """The documented `.html` rendering: anchors without href, every piece of text escaped."""
    out = []
    for segment in segments:
        if segment["type"] == "text" or not writable_id(segment["id"]):
            out.append(escape_html(segment["text"]))
            continue
        kind, sign = ("channel", "#") if segment["channel"] else ("mention", "@")
        out.append(f'<a class="{kind}" data-id="{escape_html(segment["id"])}">{sign}'
                   f'{escape_html(label(segment["name"]))}</a>')
    return "".join(out)


def judge_html(html, segments):
    """Why html5lib's parse of `html` is not the message's text plus its anchors, or None."""
    fragment = html5lib.parseFragment(html, namespaceHTMLElements=False)
    anchors = []
    text = [fragment.text or ""]
    for child in fragment:
        if child.tag != "a" or len(child) != 0:
            return f"element {child.tag}"
        if set(child.attrib) != {"class", "data-id"}:
            return f"attributes {child.attrib!r}"
        anchors.append((child.attrib["class"], child.attrib["data-id"], child.text or ""))
        text.append("\u0000")
        text.append(child.tail or "")
    want = []
    want_text = []
    for segment in segments:
        if segment["type"] == "mention" and writable_id(segment["id"]):
            kind, sign = ("channel", "#") if segment["channel"] else ("mention", "@")
            want.append((kind, segment["id"], sign + label(segment["name"])))
            want_text.append("\u0000")
        else:
            want_text.append(segment["text"])
    # The HTML parser turns CR and CR LF into LF and NUL into U+FFFD (HTML's preprocessing).
    def preprocess(t):
        return t.replace("\r\n", "\n").replace("\r", "\n")
    if anchors != [(k, preprocess(i), preprocess(t)) for k, i, t in want]:
        return f"anchors {anchors!r}, expected {want!r}"
    if "".join(text) != preprocess("".join(want_text)):
        return f"text {''.join(text)!r}, expected {''.join(want_text)!r}"
    return None


# ---------------------------------------------------------------------------------------------
# The judge: markdown-it-py, CommonMark preset.

PARSERS = [("html off", MarkdownIt("commonmark", {"html": False})),
           ("html on", MarkdownIt("commonmark", {"html": True}))]
BLOCK_OK = {"paragraph_open", "paragraph_close", "inline"}


def squash(text):
    """Whitespace as a browser shows it: runs made one space, ends trimmed."""
    return " ".join(text.split())


def judge(markdown, segments):
    """Why the parse of `markdown` is not the message's own text plus its links, or None."""
    expected_links = []
    expected_text = []
    for segment in segments:
        if segment["type"] == "mention" and writable_id(segment["id"]):
            sign, scheme = ("#", "channel:") if segment["channel"] else ("@", "user:")
            expected_links.append((scheme + segment["id"], sign + label(segment["name"])))
            expected_text.append("\u0000")
        else:
            expected_text.append(segment["text"])
    for name, md in PARSERS:
        links = []
        text = []
        link = None
        for block in md.parse(markdown):
            if block.type not in BLOCK_OK:
                return f"{name}: block {block.type}"
            if block.type == "paragraph_open" and text:
                text.append("\n")
            if block.type != "inline":
                continue
            for token in block.children:
                if token.type == "link_open":
                    if link is not None:
                        return f"{name}: nested link"
                    link = [token.attrs.get("href"), ""]
                elif token.type == "link_close":
                    links.append(tuple(link))
                    text.append("\u0000")
                    link = None
                elif token.type == "text":
                    if link is not None:
                        link[1] += token.content
                    else:
                        text.append(token.content)
                elif token.type in ("softbreak", "hardbreak"):
                    if link is not None:
                        return f"{name}: break in a link"
                    text.append("\n")
                else:
                    return f"{name}: inline {token.type}"
        want = [(md.normalizeLink(href), text_) for href, text_ in expected_links]
        if links != want:
            return f"{name}: links {links!r}, expected {want!r}"
        if squash("".join(text)) != squash("".join(expected_text)):
            return f"{name}: text {''.join(text)!r}, expected {''.join(expected_text)!r}"
    return None


# ---------------------------------------------------------------------------------------------
# The messages.

TEXT = [
    "hi", "ok", " ", "  ", "\n", "\n\n", "\r\n", "\r", "\t", "    ", "   ", "!", "! ", "!!",
    "# ", "#", "## x", "- ", "-", "+ ", "* ", "> ", ">", "1. ", "2) ", "10.", "123456789. ",
    "1234567890. ", "===", "---", "***", "___", "```", "~~~", "`", "``x``", "<b>", "</a>",
    "<!-- x -->", "<div>", "&amp;", "&#32;", "&lt;", "&", "[x](y)", "![i](s)", "[x]: /u",
    "[x]", "]", "[", "(", ")", "<http://x.test>", "http://x.test/", "www.x.test", "a@b.test",
    "*em*", "_u_", "**b**", "~~s~~", "\\", "\\*", "\\\n", "|a|b|", "<@123>", "@everyone",
    "é", "日本", "👍🏽", "\u202e", "x", "  \n", ":", "?", "a.b",
]

NAMES = [
    "Ana", "Ana Lima", "*Ana*", "_a_", "[x](javascript:alert(1))", "<img src=x onerror=y>",
    "`c`", "Ana\\", "# h", "!", "a\nb", "\u202eEve", "&amp;", "]](", "![i](s)", "<b>", "~~",
    "1. x", "    code", "\tt", "José", "👨‍👩‍👧", "",
]

IDS = [
    "U1", "123", "C9", "javascript:alert(1)", "javascript:x", "a%20b", "é1", "x)", "(x", "",
    "here", "@here", "@everyone", "U 1", "a\u200bb", "user:U1", "//x.test", "1#2", "x<y",
    "a]b", "a\\b", "a`b", "a&b", "a\"b", "\u202e1", "a\tb", "a+b=c", "W:1/2",
]


def segments_for(rng):
    segments = []
    for _ in range(rng.randint(1, 7)):
        if rng.random() < 0.35:
            channel = rng.random() < 0.3
            handle = rng.choice(["ana", "bob", "general", "x_y"])
            segments.append({
                "type": "mention", "channel": channel,
                "text": ("#" if channel else "@") + handle,
                "id": rng.choice(IDS), "name": rng.choice(NAMES),
            })
        else:
            segments.append({"type": "text", "text": "".join(
                rng.choice(TEXT) for _ in range(rng.randint(1, 3)))})
    return segments


def text_segment(text):
    return {"type": "text", "text": text}


def mention(text, item_id, name, channel=False):
    return {"type": "mention", "channel": channel, "text": text, "id": item_id, "name": name}


# The classes the outside check found, each as typed.
HAND = [
    [text_segment("!"), mention("@ana", "U1", "Ana")],
    [text_segment("!"), mention("#general", "C1", "general", True)],
    [text_segment("    see "), mention("@ana", "U1", "Ana")],
    [text_segment("\tsee "), mention("@ana", "U1", "Ana")],
    [text_segment("# "), mention("@ana", "U1", "Ana")],
    [text_segment("- "), mention("@ana", "U1", "Ana")],
    [text_segment("* "), mention("@ana", "U1", "Ana")],
    [text_segment("> "), mention("@ana", "U1", "Ana")],
    [text_segment("1. "), mention("@ana", "U1", "Ana")],
    [text_segment("hi\n    "), mention("@ana", "U1", "Ana")],
    [text_segment("hi\n\n    "), mention("@ana", "U1", "Ana")],
    [mention("@ana", "U1", "Ana"), text_segment("\n===")],
    [mention("@ana", "U1", "Ana"), text_segment("\n---")],
    [text_segment("    "), mention("@ana", "U1", "Ana")],
    [text_segment("hi\n\n    \nok")],
]


def case(segments):
    text = "".join(s["text"] for s in segments)
    entities = []
    offset = 0
    for s in segments:
        length = len(s["text"].encode("utf-8"))
        if s["type"] == "mention":
            entities.append({"start": offset, "end": offset + length,
                             "kind": "hashtag" if s["channel"] else "mention",
                             "id": s["id"], "name": s["name"]})
        offset += length
    markdown = render(segments)
    problem = judge(markdown, segments)
    if problem:
        sys.exit(f"the documented rules fail CommonMark for {text!r} -> {markdown!r}: {problem}")
    html = render_html(segments)
    problem = judge_html(html, segments)
    if problem:
        sys.exit(f"the documented rules fail html5lib for {text!r} -> {html!r}: {problem}")
    return {"text": text, "entities": entities, "markdown": markdown, "html": html,
            "links": sum(1 for s in segments if s["type"] == "mention" and writable_id(s["id"]))}


def main():
    rng = random.Random(SEED)
    all_segments = HAND + [segments_for(rng) for _ in range(COUNT)]
    cases = [case(s) for s in all_segments]
    naive_failures = sum(1 for s in all_segments if judge(naive_render(s), s))
    hand_naive = sum(1 for s in HAND if judge(naive_render(s), s))
    with open(os.path.join(HERE, "messages.json"), "w", encoding="utf-8") as f:
        json.dump({"generator": "generate.py", "seed": SEED, "cases": cases}, f,
                  ensure_ascii=False, indent=0)
        f.write("\n")
    print(f"{len(cases)} cases, {sum(c['links'] for c in cases)} links; the rules without the "
          f"line-start and `!` escapes fail CommonMark in {naive_failures} "
          f"({hand_naive} of {len(HAND)} hand-written)")


if __name__ == "__main__":
    main()
