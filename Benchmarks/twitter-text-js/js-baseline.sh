#!/usr/bin/env bash
# JS baseline: official twitter-text 3.1.0 extraction throughput (in-process and
# whole-process) on a chat corpus, for comparison with `chat-repl --format json`.
#
# The library is NOT part of this project (Apache-2.0, Twitter, Inc.); supply it:
#   - npm package twitter-text@3.1.0 (its dist/ build), or
#   - the repository file js/pkg/twitter-text-3.1.0.min.js of github.com/twitter/twitter-text
#     (126,512 characters, a UMD bundle loadable with require()).
#
# Usage: js-baseline.sh BUNDLE.js CORPUS.txt [RUNS]
#   e.g. Benchmarks/twitter-text-js/js-baseline.sh /tmp/twitter-text-3.1.0.min.js ../shared/bench/chat-corpus-10k.txt
# Needs node (>= 18); hyperfine optional (else a loop with the median of RUNS, default 11).
set -euo pipefail
BUNDLE=${1:?bundle path}; CORPUS=${2:?corpus path}; RUNS=${3:-11}
HERE=$(cd "$(dirname "$0")" && pwd); H="$HERE/js-extract-bench.js"
echo "# node $(node --version); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# in-process: warm-up + fastest of 7 passes of extractEntitiesWithIndices(line)"
node "$H" "$BUNDLE" "$CORPUS" --passes 7
echo "# whole process: node start-up + require + one pass"
if command -v hyperfine >/dev/null; then
  hyperfine -N -w 1 -r "$RUNS" "node $H $BUNDLE $CORPUS --once"
else
  ts=(); for _ in $(seq "$RUNS"); do
    s=$(date +%s%N); node "$H" "$BUNDLE" "$CORPUS" --once; e=$(date +%s%N); ts+=($(( (e-s)/1000 )))
  done
  printf '%s\n' "${ts[@]}" | sort -n | awk -v b="$(stat -c %s "$CORPUS")" '{a[NR]=$1} END{m=a[int((NR+1)/2)]; printf "median of %d: %.3f ms, %.2f MB/s\n", NR, m/1000, b/m}'
fi
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
