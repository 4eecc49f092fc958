#!/usr/bin/env bash
# Runs one stage of `make test` and says how long it took, so CI's log shows where the
# time goes (docs/testing.md). The lines are also kept in build/stages.txt, which
# `scripts/stage.sh --report` prints as a table at the end of the run.
#   scripts/stage.sh NAME COMMAND...   runs COMMAND; prints "stage NAME: N s (ok|failed)"
#   scripts/stage.sh --report          the stages of this run, slowest first, their sum, and
#                                      the run's wall time (stages of two lanes overlap)
#   scripts/stage.sh --reset           forgets the stages recorded so far; the run starts
set -uo pipefail
cd "$(dirname "$0")/.."
log=build/stages.txt
mkdir -p build
case "${1:-}" in
    --reset)
        rm -f "$log"
        date +%s >"$log.start"
        exit 0
        ;;
    --report)
        [ -f "$log" ] || exit 0
        echo "== stages (seconds) =="
        sort -t$'\t' -k2,2nr "$log" | awk -F'\t' '{ printf "  %-16s %6d  %s\n", $1, $2, $3; t += $2 }
            END { printf "  %-16s %6d\n", "sum", t }'
        [ -f "$log.start" ] && printf '  %-16s %6d\n' "wall" $(($(date +%s) - $(cat "$log.start")))
        exit 0
        ;;
esac
name=$1
shift
start=$(date +%s)
echo "== stage $name: $*"
"$@"
status=$?
took=$(($(date +%s) - start))
result=ok
((status == 0)) || result="failed (exit $status)"
printf '%s\t%d\t%s\n' "$name" "$took" "$result" >>"$log"
echo "== stage $name: $took s ($result)"
exit $status
