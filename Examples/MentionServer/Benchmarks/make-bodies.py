#!/usr/bin/env python3
"""Writes the request bodies the server benchmark sends, one JSON object per line.

make-bodies.py suggestions USERS.tsv COUNT OUT   # keystrokes: "@" + 1 to 4 letters of a handle or name
make-bodies.py messages CORPUS.txt COUNT OUT     # corpus lines as posted messages

Deterministic (seeded), so two runs send the same requests.
"""
import json
import random
import sys

kind, source, count, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rng = random.Random(20261127)
bodies = []
if kind == "suggestions":
    with open(source, encoding="utf-8") as f:
        next(f)
        rows = [line.rstrip("\n").split("\t") for _, line in zip(range(200_000), f)]
    while len(bodies) < count:
        row = rng.choice(rows)
        field = row[1] if rng.random() < 0.5 else row[2]
        if not field:
            continue
        query = field[: rng.randint(1, 4)]
        text = "hey @" + query
        bodies.append({"text": text, "cursor": len(text.encode("utf-16-le")) // 2})
elif kind == "messages":
    with open(source, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    for _ in range(count):
        bodies.append({"text": rng.choice(lines), "format": "slack"})
else:
    sys.exit("kind must be suggestions or messages")
with open(out, "w", encoding="utf-8") as f:
    for body in bodies:
        f.write(json.dumps(body, ensure_ascii=False) + "\n")
