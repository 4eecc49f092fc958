#!/usr/bin/env bash
# The long crash-recovery run (docs/reliability.md): repeats the kill -9 test with fresh
# games until N kills have been made, and stops at the first failure.
#   tools/crash-loop.sh [KILLS]     (default 200; needs build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
want=${1:-200}
bin=build/release/tests/integration_tests
[[ -x $bin ]] || { echo "crash-loop: build first: make build" >&2; exit 2; }
kills=0
runs=0
while (( kills < want )); do
  out=$(HEARTS_CRASH_ROUNDS=40 "$bin" --gtest_filter='CrashRecovery.*' 2>&1) || {
    echo "$out" >&2
    echo "crash-loop: FAILED after $kills kills in $runs runs" >&2
    exit 1
  }
  n=$(grep -o 'crash recovery: [0-9]* kills' <<<"$out" | grep -o '[0-9]*' || echo 0)
  kills=$((kills + n))
  runs=$((runs + 1))
  echo "run $runs: $n kills (total $kills)"
done
echo "crash-loop: $kills kills in $runs runs, nothing acknowledged lost, every record matched"
