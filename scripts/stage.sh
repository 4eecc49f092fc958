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
# Busy and total jiffies of the whole machine (every core), from /proc/stat.
machine() { awk '/^cpu / { t = 0; for (i = 2; i <= 9; i++) t += $i; print t - $5 - $6, t; exit }' /proc/stat; }
# CPU seconds of this shell's finished children: bash's `times`, run in this shell (in a
# pipe or $(...) it would be a fresh subshell's, with no children), second line.
children() {
    local file
    file=$(mktemp)
    times >"$file"
    sed -n 2p "$file" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.0f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'
    rm -f "$file"
}
name=$1
shift
start=$(date +%s)
read -r busy0 total0 < <(machine)
echo "== stage $name: $*"
"$@"
status=$?
took=$(($(date +%s) - start))
read -r busy1 total1 < <(machine)
children >"$log.cpu"
cpu=$(cat "$log.cpu")
busy=$(((busy1 - busy0) * 100 / (total1 - total0 > 0 ? total1 - total0 : 1)))
result=ok
((status == 0)) || result="failed (exit $status)"
# Its own CPU seconds, and how busy the whole machine was meanwhile (the other lane's
# stage included): what is left idle is room for more at once.
result="$result; ${cpu} CPU-s, machine ${busy}% busy"
printf '%s\t%d\t%s\n' "$name" "$took" "$result" >>"$log"
echo "== stage $name: $took s ($result)"
exit $status
