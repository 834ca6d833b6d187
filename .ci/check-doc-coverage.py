#!/usr/bin/env python3
"""Fails when a public symbol declared in Sources/MentionKit has no documentation comment.

Reads the symbol graphs that `swift build -Xswiftc -emit-symbol-graph` wrote. Symbols the
compiler synthesises (conformances inherited from the standard library, implicit members) carry
no source location in the package and are skipped; everything declared in the package's own
files must have a `///` comment of its own.

Usage: check-doc-coverage.py SYMBOL_GRAPH_DIR
"""
import json
import pathlib
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    graph_dir = pathlib.Path(sys.argv[1])
    graphs = sorted(graph_dir.glob("MentionKit*.symbols.json"))
    if not graphs:
        print(f"no MentionKit symbol graph in {graph_dir}", file=sys.stderr)
        return 2
    checked, missing = 0, []
    for graph in graphs:
        for symbol in json.loads(graph.read_text())["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            uri = symbol.get("location", {}).get("uri", "")
            if "/Sources/MentionKit/" not in uri:
                continue
            checked += 1
            if not symbol.get("docComment", {}).get("lines"):
                line = symbol["location"]["position"]["line"] + 1
                path = uri.split("/Sources/MentionKit/", 1)[1]
                title = ".".join(symbol["pathComponents"])
                missing.append(f"Sources/MentionKit/{path}:{line}: {title} has no documentation")
    for entry in sorted(missing):
        print(entry, file=sys.stderr)
    print(f"{checked} public symbols, {len(missing)} undocumented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
