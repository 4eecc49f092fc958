#!/usr/bin/env bash
# Builds the parser fuzzers (`cmake --preset fuzz`: clang, libFuzzer, ASan, UBSan) and
# runs them, one at a time. docs/reliability.md ("Fuzzing") says what each one checks.
#
#   tools/fuzz.sh smoke [SECONDS]   every fuzzer for SECONDS (default 20) from its seed
#                                   corpus in a fresh folder: what `make fuzz-smoke` runs
#   tools/fuzz.sh TARGET SECONDS    one fuzzer for a long run; the inputs it finds are kept
#                                   in build/fuzz/corpus/TARGET for the next run
#   tools/fuzz.sh list              the targets
#
# Targets: protocol, record, notation, engine_protocol. Any crash, leak, undefined
# behaviour, failed check or input slower than 10 s stops the run with a non-zero exit;
# the input that did it is saved as build/fuzz/artifacts/TARGET-crash-… (or leak-,
# timeout-, oom-). Replay it with build/fuzz/tests/fuzz/fuzz_TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(protocol record notation engine_protocol)
jobs=${JOBS:-2}

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

build() {
    cmake --preset fuzz >/dev/null
    cmake --build --preset fuzz -j "$jobs"
}

# run TARGET SECONDS WORK_DIR: fuzzes from the seed corpus, writing new inputs to WORK_DIR.
run() {
    local target=$1 seconds=$2 work=$3
    local seeds=tests/fuzz/corpus/$target artifacts=build/fuzz/artifacts
    local log=build/fuzz/$target.log
    mkdir -p "$work" "$artifacts"
    echo "fuzz $target: ${seconds}s from $(find "$seeds" -type f | wc -l) seeds (log: $log)"
    local status=0
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "build/fuzz/tests/fuzz/fuzz_$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict="tests/fuzz/$target.dict" -artifact_prefix="$artifacts/$target-" \
        "$work" "$seeds" >"$log" 2>&1 || status=$?
    if ((status != 0)); then
        tail -n 60 "$log"
        echo "fuzz $target: FAILED (exit $status); the input is in $artifacts/"
        return 1
    fi
    # The closing status line: coverage (cov), features (ft), corpus and speed.
    grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 | sed "s/^/fuzz $target: /"
}

case "${1:-}" in
    smoke)
        seconds=${2:-20}
        build
        failed=0
        for t in "${targets[@]}"; do
            rm -rf "build/fuzz/smoke/$t"
            run "$t" "$seconds" "build/fuzz/smoke/$t" || failed=1
        done
        if ((failed)); then
            echo "fuzz-smoke: FAILED"
            exit 1
        fi
        echo "fuzz-smoke: ${#targets[@]} passed, 0 failed"
        ;;
    list)
        printf '%s\n' "${targets[@]}"
        ;;
    "" | -h | --help)
        usage
        ;;
    *)
        target=$1
        seconds=${2:-}
        [[ " ${targets[*]} " == *" $target "* ]] || {
            echo "unknown target '$target'; targets: ${targets[*]}" >&2
            exit 2
        }
        [[ "$seconds" =~ ^[0-9]+$ ]] || usage
        build
        run "$target" "$seconds" "build/fuzz/corpus/$target"
        ;;
esac
