#!/usr/bin/env bash
# Times the whole `chat-repl` process in pipe mode (start-up, embedded directory, reading,
# extraction, resolution, writing), release build:
#   1. the 10k-message corpus in each output format, read from a file and through a pipe:
#      median wall time of RUNS runs, MB/s of input, and each format's time over plain's;
#   2. one line of 5, 10 and 20 MB without a line break (reading must stay linear).
# Usage: Benchmarks/pipe-bench.sh [--no-build]
#   RUNS=15 runs a configuration, CORPUS=file, BIN=binary, SIZES="5 10 20" (MB, "" for none)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" != "--no-build" ]]; then
  swift build -c release --product chat-repl >&2
fi
bin=${BIN:-.build/release/chat-repl}
corpus=${CORPUS:-Tests/Fixtures/corpus/chat-corpus-10k.txt}
runs=${RUNS:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Median wall time in seconds of RUNS runs of the command given, output to /dev/null.
median() {
  local times=()
  for ((i = 0; i < runs; i++)); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($((end - start)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.4f", a[int((NR + 1) / 2)] / 1e9 }'
}

bytes=$(wc -c <"$corpus")
echo "corpus: $corpus ($bytes bytes), $runs runs each, median; load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-9s %-6s %9s %8s %9s\n' format input seconds MB/s "× plain"
for input in file pipe; do
  plain=""
  for format in plain slack json; do
    if [[ $input == file ]]; then
      seconds=$(median sh -c "$bin --pipe --format $format < '$corpus'")
    else
      seconds=$(median sh -c "cat '$corpus' | $bin --pipe --format $format")
    fi
    [[ -z $plain ]] && plain=$seconds
    awk -v f="$format" -v i="$input" -v s="$seconds" -v b="$bytes" -v p="$plain" \
      'BEGIN { printf "%-9s %-6s %9.4f %8.2f %8.2f×\n", f, i, s, b / s / 1e6, s / p }'
  done
done

echo
echo "one line without a line break, plain and json, median of 3"
printf '%-6s %9s %9s\n' size plain json
saved_runs=$runs
runs=3
first="" last=""
for megabytes in ${SIZES-5 10 20}; do
  line="$work/line-$megabytes.txt"
  # "hi @jose_lerma_verd see #general ok " is 36 bytes.
  awk -v n=$((megabytes * 1000000 / 36)) \
    'BEGIN { for (i = 0; i < n; i++) printf "hi @jose_lerma_verd see #general ok " }' >"$line"
  plain=$(median sh -c "$bin --pipe --format plain < '$line'")
  json=$(median sh -c "$bin --pipe --format json < '$line'")
  printf '%-6s %9s %9s\n' "${megabytes} MB" "$plain" "$json"
  [[ -z $first ]] && first="$megabytes $plain $json"
  last="$megabytes $plain $json"
done
runs=$saved_runs
# Seconds per MB of the longest line over the shortest: 1 when reading is linear, about 4 from
# 5 to 20 MB when it is quadratic. Over 2 fails the run.
if [[ -n $first && $first != "$last" ]]; then
  read -r mb1 plain1 json1 <<<"$first"
  read -r mb2 plain2 json2 <<<"$last"
  awk -v a="$mb1" -v b="$mb2" -v p1="$plain1" -v p2="$plain2" -v j1="$json1" -v j2="$json2" '
    BEGIN {
      p = (p2 / b) / (p1 / a); j = (j2 / b) / (j1 / a)
      printf "seconds per MB, %s MB line ÷ %s MB line: plain %.2f, json %.2f (1 when linear)\n", b, a, p, j
      if (p > 2 || j > 2) { print "NOT LINEAR: over 2"; exit 1 }
    }'
fi
