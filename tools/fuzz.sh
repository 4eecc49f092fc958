#!/usr/bin/env bash
# Builds the fuzzers (in the ASan build, `cmake --preset asan`: clang, libFuzzer, ASan, UBSan)
# and runs them (a smoke run, JOBS at a time). docs/reliability.md ("Fuzzing") says what each one checks.
#
#   tools/fuzz.sh smoke             every fuzzer for a fixed number of runs from a fixed
#                                   random seed (FUZZ_SEED, default 1), from its seed corpus
#                                   in a fresh folder: what `make fuzz-smoke` runs. The same
#                                   code gives the same result on any machine; new inputs
#                                   are the long runs' job
#   tools/fuzz.sh TARGET SECONDS    one fuzzer for a long run; the inputs it finds are kept
#                                   in build/fuzz/corpus/TARGET for the next run
#   tools/fuzz.sh build             builds the fuzzers only (`smoke` builds them too)
#   tools/fuzz.sh list              the targets
#
# Targets: protocol, record, notation, engine_protocol (the parsers), http and service (the
# whole server: a real listener, a real game service). Any crash, leak, undefined
# behaviour, failed check or input slower than 10 s stops the run with a non-zero exit;
# the input that did it is saved as build/fuzz/artifacts/TARGET-crash-… (or leak-,
# timeout-, oom-). Replay it with build/asan/tests/fuzz/fuzz_TARGET FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(protocol record notation engine_protocol http service)
# Runs per target in a smoke run: 10–20 s each on a 2-core Debian 12 machine.
declare -A smoke_runs=([protocol]=100000 [record]=60000 [notation]=300000 [engine_protocol]=60000
    [http]=2000 [service]=100)
# A target's dictionary, and the others' it shares (the service's scripts carry messages).
declare -A more_dicts=([service]=protocol)
jobs=${JOBS:-2}

usage() {
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

# The fuzzers only; the ASan build's tests are `cmake --build --preset asan`'s.
build() {
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "$jobs" --target "${targets[@]/#/fuzz_}"
}

# run TARGET WORK_DIR LIMIT...: fuzzes from the seed corpus, writing new inputs to WORK_DIR,
# until the libFuzzer LIMIT flags (-max_total_time=S, or -runs=N with -seed=K) are met.
run() {
    local target=$1 work=$2
    shift 2
    local seeds=tests/fuzz/corpus/$target artifacts=build/fuzz/artifacts
    local log=build/fuzz/$target.log dict=build/fuzz/$target.dict
    mkdir -p "$work" "$artifacts"
    cat "tests/fuzz/$target.dict" ${more_dicts[$target]:+"tests/fuzz/${more_dicts[$target]}.dict"} >"$dict"
    echo "fuzz $target: $* from $(find "$seeds" -type f | wc -l) seeds (log: $log)"
    local status=0
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "build/asan/tests/fuzz/fuzz_$target" \
        "$@" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict="$dict" -artifact_prefix="$artifacts/$target-" \
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
        seed=${FUZZ_SEED:-1}
        [[ "$seed" =~ ^[0-9]+$ ]] || {
            echo "FUZZ_SEED must be a whole number, not '$seed'" >&2
            exit 2
        }
        build
        # JOBS fuzzers at a time (each is one process on one core); each prints when done.
        failed=0
        running=0
        for t in "${targets[@]}"; do
            rm -rf "build/fuzz/smoke/$t"
            run "$t" "build/fuzz/smoke/$t" -seed="$seed" -runs="${smoke_runs[$t]}" &
            running=$((running + 1))
            if ((running >= jobs)); then
                wait -n || failed=1
                running=$((running - 1))
            fi
        done
        while ((running > 0)); do
            wait -n || failed=1
            running=$((running - 1))
        done
        if ((failed)); then
            echo "fuzz-smoke: FAILED"
            exit 1
        fi
        echo "fuzz-smoke: ${#targets[@]} passed, 0 failed"
        ;;
    build)
        build
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
        run "$target" "build/fuzz/corpus/$target" -max_total_time="$seconds"
        ;;
esac
