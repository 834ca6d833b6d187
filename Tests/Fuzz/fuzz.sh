#!/usr/bin/env bash
# Runs every MentionKit fuzz target for about SECONDS seconds each, with AddressSanitizer.
#
#   Tests/Fuzz/fuzz.sh 60            # all targets, 60 s each (what CI runs)
#   Tests/Fuzz/fuzz.sh 300 detect    # one target, longer
#   Tests/Fuzz/fuzz.sh list          # the targets' names
#
# The library's sources and Tests/Fuzz/Targets are compiled into one module with
# `-sanitize=fuzzer,address` (see ../shared/TOOLCHAIN.md, "libFuzzer"), so targets reach
# internal API. Seeds come from ../shared (make_corpus.py); the corpus grows in
# .build-fuzz/corpus/<target>. A crash, a broken invariant (a trap), a leak, an input slower than
# 10 s or over 2 GB fails the run; the input is saved as fuzz-artifacts/<target>-crash-*.
# Replay one with: MENTIONKIT_FUZZ_TARGET=<target> .build-fuzz/mention-fuzz <file>
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:?usage: Tests/Fuzz/fuzz.sh SECONDS|list [TARGET...]}
shift
targets=("$@")

build=.build-fuzz
binary=$build/mention-fuzz
mkdir -p "$build" fuzz-artifacts

echo "==> Building $binary (-O -sanitize=fuzzer,address)"
# The gold linker's "Cannot export local symbol '__asan_…'" warnings are noise.
swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 \
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
  -module-name MentionFuzz \
  $(find Sources/MentionKit -name '*.swift' | sort) Tests/Fuzz/Targets/*.swift \
  -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)

# The registry in Targets/FuzzEntry.swift is the one list of targets.
all_targets=$(MENTIONKIT_FUZZ_LIST=1 "$binary")
if [ "$seconds" = list ]; then
  echo "$all_targets"
  exit 0
fi
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets <<<"$all_targets"
fi
for target in "${targets[@]}"; do
  if ! grep -qx -- "$target" <<<"$all_targets"; then
    echo "fuzz.sh: unknown target '$target'; targets: $(echo $all_targets)" >&2
    exit 2
  fi
done

echo "==> Seeding corpora from ../shared"
python3 Tests/Fuzz/make_corpus.py "$build/seeds" "${targets[@]}"

status=0
for target in "${targets[@]}"; do
  echo "==> Fuzzing '$target' for ${seconds}s"
  mkdir -p "$build/corpus/$target"
  log=$build/$target.log
  if MENTIONKIT_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -dict=Tests/Fuzz/mention.dict -print_final_stats=1 \
    -artifact_prefix="fuzz-artifacts/$target-" \
    "$build/corpus/$target" "$build/seeds/$target" >"$log" 2>&1; then
    runs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
    rate=$(grep -m1 'stat::average_exec_per_sec' "$log" | awk '{print $2}')
    echo "    ok: $runs inputs, $rate/s, no findings"
  else
    status=1
    echo "    FINDING in '$target' (log: $log):" >&2
    grep -E "invariant broken|Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY|Test unit written" "$log" | head -20 >&2
  fi
done
exit $status
