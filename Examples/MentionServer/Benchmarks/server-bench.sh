#!/usr/bin/env bash
# The mention-server benchmark: one run, every figure of Docs/Backend.md's table.
#
#   Examples/MentionServer/Benchmarks/server-bench.sh            # 1,000,000 users, 10 s per load
#   USERS=100000 SECONDS_PER_RUN=5 Examples/MentionServer/Benchmarks/server-bench.sh
#
# Needs ../shared/data/users.tsv and ../shared/bench/chat-corpus-10k.txt beside the clone.
# Installs wrk (Debian) when missing, builds the release binary, starts a throwaway PostgreSQL
# with ../with-postgres, imports the users, and then, against one running server on loopback:
#   1. time from start to ready (GET /ready answers 200) with the users loaded;
#   2. wrk on POST /bench/noop (reads the body, answers a constant: the stack's ceiling),
#      POST /v1/suggestions (from the in-memory replica) and
#      POST /v1/suggestions?source=database (one PostgreSQL query per keystroke), same bodies;
#   3. wrk on POST /v1/messages (extract, resolve, store in one transaction, render), run
#      before the database suggestions.
# wrk, the server and PostgreSQL share the machine's cores; the ratios are of one run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
package=$(dirname "$here")
root=$(cd "$package/../.." && pwd)
shared=${SHARED:-$root/../shared}
users_file=${USERS_FILE:-$shared/data/users.tsv}
corpus=${CORPUS:-$shared/bench/chat-corpus-10k.txt}
users=${USERS:-1000000}
seconds=${SECONDS_PER_RUN:-10}
connections=${CONNECTIONS:-32}

if [ -z "${PGHOST:-}" ]; then
  exec "$package/with-postgres" "$0" "$@"
fi
for file in "$users_file" "$corpus"; do
  [ -r "$file" ] || { echo "server-bench: cannot read $file" >&2; exit 1; }
done
if ! command -v wrk >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

echo "==> building mention-server (release)" >&2
swift build -c release --package-path "$package" --product mention-server >&2
bin=$(swift build -c release --package-path "$package" --show-bin-path)/mention-server
work=$(mktemp -d)
# Stop the server (and wait for it) before with-postgres stops PostgreSQL.
trap 'if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; fi; rm -rf "$work"' EXIT

python3 "$here/make-bodies.py" suggestions "$users_file" 5000 "$work/suggestions.jsonl"
python3 "$here/make-bodies.py" messages "$corpus" 5000 "$work/messages.jsonl"

echo "==> importing $users users" >&2
import_start=$(date +%s.%N)
"$bin" import --users "$users_file" --limit "$users" --log-level warning >&2
import_end=$(date +%s.%N)

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start=$(date +%s.%N)
"$bin" serve --port "$port" --log-level warning --connections 16 &
server=$!
until curl -sf "http://127.0.0.1:$port/ready" >/dev/null; do
  kill -0 "$server" || { echo "server-bench: the server exited" >&2; exit 1; }
  sleep 0.05
done
ready=$(date +%s.%N)

load() { # name path bodies
  BODIES="$2" wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$here/bodies.lua" \
    "http://127.0.0.1:$port$1" >"$work/$3.txt"
  local rps p50 p99
  rps=$(awk '/^Requests\/sec/ {print $2}' "$work/$3.txt")
  p50=$(awk '$1 == "50%" {print $2}' "$work/$3.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/$3.txt")
  local errors
  errors=$(awk '/Non-2xx|Socket errors/ {print}' "$work/$3.txt" | tr '\n' ' ')
  echo "$3 $rps $p50 $p99 ${errors:-}"
}
echo "==> wrk: ${seconds}s each, 2 threads, $connections connections" >&2
noop=$(load /bench/noop "$work/suggestions.jsonl" noop)
replica=$(load /v1/suggestions "$work/suggestions.jsonl" replica)
# Posts before the database run: a per-keystroke query for a one-letter prefix keeps PostgreSQL
# busy for a while after wrk has stopped waiting for it.
posts=$(load /v1/messages "$work/messages.jsonl" posts)
database=$(load "/v1/suggestions?source=database" "$work/suggestions.jsonl" database)
stored=$(psql -Atc 'SELECT count(*) FROM messages')

python3 - "$users" "$import_start" "$import_end" "$start" "$ready" "$stored" \
  "$noop" "$replica" "$database" "$posts" <<'PY'
import sys
users, i0, i1, s0, s1, stored = sys.argv[1:7]
rows = [r.split(" ", 4) for r in sys.argv[7:]]
def ms(text):
    units = {"us": 1e-3, "ms": 1.0, "s": 1000.0}
    for unit in ("us", "ms", "s"):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * units[unit]
    return float(text)
noop, replica, database, posts = rows
print(f"users: {int(users):,}; import {float(i1) - float(i0):.1f} s; "
      f"start to ready {float(s1) - float(s0):.2f} s; messages stored: {stored}")
print()
print("| requests | req/s | p50 | p99 | vs. noop | notes |")
print("| --- | ---: | ---: | ---: | ---: | --- |")
for name, r in [("POST /bench/noop", noop), ("POST /v1/suggestions (replica)", replica),
                ("POST /v1/suggestions?source=database", database),
                ("POST /v1/messages", posts)]:
    print(f"| {name} | {float(r[1]):,.0f} | {r[2]} | {r[3]} | {float(r[1]) / float(noop[1]):.2f}× | {r[4].strip() if len(r) > 4 else ''} |")
print()
print(f"replica vs. database: {float(replica[1]) / float(database[1]):.1f}× the requests/s, "
      f"p99 {ms(replica[3]):.2f} ms vs. {ms(database[3]):.2f} ms "
      f"({ms(database[3]) / ms(replica[3]):.1f}× lower)")
PY
