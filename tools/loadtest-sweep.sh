#!/usr/bin/env bash
# Finds the most tables `hearts serve` holds on this machine with the p99 latency from
# an action to its ack under a bound (50 ms by default), and the server's RSS per table.
#
# Every step is its own short run of `hearts loadtest --spawn` (a fresh server in a
# temporary folder, stopped at the end): first 1 table, the baseline the other steps
# are compared with (the machine may be shared: compare within one sweep, not across
# sweeps), then doubling until p99 passes the bound or a run has errors, then a few
# runs bisecting between the last step that held and the first that did not.
#
#   tools/loadtest-sweep.sh                      # solo tables, random computer players
#   SECONDS_PER_RUN=20 P99_MS=50 tools/loadtest-sweep.sh
#   PEOPLE=4 tools/loadtest-sweep.sh             # four scripted people per table
#   PACE=1-3 STEPS="100 1000 4000" tools/loadtest-sweep.sh   # people who think 1-3 s
#   OUT=sweep-results tools/loadtest-sweep.sh    # keep every run's JSON report
#
# Settings (environment): HEARTS (the binary, default build/release/hearts),
# SECONDS_PER_RUN (15), P99_MS (50), STEPS ("1 2 4 8 16 32 64 128 256 512"),
# PEOPLE (1), LEVEL (random; solo tables only), PACE (MIN-MAX seconds a person waits
# before acting; none by default), SERVER_BIN (the hearts that serves, e.g. an older
# build; the client is always $HEARTS), BISECT (4 runs at most), OUT (a folder),
# TMPDIR (where the spawned servers keep their SQLite data; it decides what fsync costs).
set -euo pipefail

HEARTS=${HEARTS:-build/release/hearts}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-15}
P99_MS=${P99_MS:-50}
STEPS=${STEPS:-"1 2 4 8 16 32 64 128 256 512"}
PEOPLE=${PEOPLE:-1}
LEVEL=${LEVEL:-random}
PACE=${PACE:-}
SERVER_BIN=${SERVER_BIN:-}
BISECT=${BISECT:-4}

command -v jq >/dev/null || { echo "loadtest-sweep: needs jq (apt-get install -y jq)" >&2; exit 2; }
[ -x "$HEARTS" ] || { echo "loadtest-sweep: no $HEARTS: build it (make build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "${OUT:-}" ] && mkdir -p "$OUT"

echo "hearts loadtest sweep: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "each run: ${SECONDS_PER_RUN} s, ${PEOPLE} scripted person(s) per table$([ "$PEOPLE" = 1 ] && echo ", computer players $LEVEL")$([ -n "$PACE" ] && echo ", each acting $PACE s after it may"), bound p99 < ${P99_MS} ms"
printf '%7s %10s %8s %8s %8s %8s %8s %7s %8s %8s %8s %9s %9s %8s %8s\n' \
    tables actions/s 'vs 1' p50_ms p90_ms p99_ms max_ms errors srv_cpu cli_cpu machine rss_idle rss_end kB/table us/act

baseline=""  # actions/s of 1 table
declare -A held  # tables -> 1 if p99 < bound and no errors, 0 otherwise

run() {
    local m=$1 file="$work/$1.json"
    local args=(loadtest --spawn --tables "$m" --people "$PEOPLE" --seconds "$SECONDS_PER_RUN" --json)
    [ "$PEOPLE" = 1 ] && args+=(--level "$LEVEL")
    [ -n "$PACE" ] && args+=(--pace "$PACE")
    [ -n "$SERVER_BIN" ] && args+=(--server-bin "$SERVER_BIN")
    # Exit code 1 means the run had errors; the report says which.
    "$HEARTS" "${args[@]}" >"$file" 2>"$work/$m.err" || true
    if ! jq -e . "$file" >/dev/null 2>&1; then
        echo "loadtest-sweep: the run with $m tables printed no report:" >&2
        cat "$work/$m.err" >&2
        exit 1
    fi
    [ -n "${OUT:-}" ] && cp "$file" "$OUT/tables-$m.json"
    local aps
    aps=$(jq '.actions_per_second' "$file")
    [ -z "$baseline" ] && baseline=$aps
    jq -r --argjson base "$baseline" --argjson m "$m" '
        [ .tables, .actions_per_second,
          (if $base > 0 then (.actions_per_second / $base / $m * 100 | round | tostring) + "%" else "-" end),
          .latency_ms.p50, .latency_ms.p90, .latency_ms.p99, .latency_ms.max,
          ([.errors[]] | add // 0),
          ((.server.cpu_percent | tostring) + "%"), ((.client.cpu_percent | tostring) + "%"),
          ((.machine.busy_percent | tostring) + "%"),
          .server.rss_idle_kb, .server.rss_end_kb,
          (((.server.rss_end_kb - .server.rss_idle_kb) / .tables) | round),
          (if .actions_per_second > 0 then (.server.cpu_percent * 10000 / .actions_per_second | round) else "-" end) ]
        | @tsv' "$file" |
        awk -F'\t' '{ printf "%7s %10s %8s %8s %8s %8s %8s %7s %8s %8s %8s %9s %9s %8s %8s\n", $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15 }'
    if jq -e --argjson bound "$P99_MS" '.latency_ms.p99 < $bound and (.errors | length) == 0 and .actions > 0' "$file" >/dev/null; then
        held[$m]=1
    else
        held[$m]=0
        jq -r '.error_examples[]? | "        error: " + .' "$file" | head -3
    fi
}

best=0
worst=""
for m in $STEPS; do
    run "$m"
    if [ "${held[$m]}" = 1 ]; then best=$m; else worst=$m; break; fi
done
# Bisect between the last step that held and the first that did not.
if [ -n "$worst" ] && [ "$best" -gt 0 ]; then
    for _ in $(seq "$BISECT"); do
        gap=$((worst - best))
        [ "$gap" -le $((best / 8 > 1 ? best / 8 : 1)) ] && break
        mid=$(((best + worst) / 2))
        run "$mid"
        if [ "${held[$mid]}" = 1 ]; then best=$mid; else worst=$mid; fi
    done
fi

echo
echo "'vs 1' is actions/s per table against the 1-table run of this sweep (100% = as fast)."
echo "srv_cpu and cli_cpu are of one core; machine is every core's busy time (server,"
echo "client and any other work on the machine); kB/table is (rss_end - rss_idle) / tables;"
echo "us/act is the server's CPU time per acknowledged action, its computer replies included."
if [ "$best" -eq 0 ]; then
    echo "most tables with p99 < ${P99_MS} ms: none (1 table did not hold)"
else
    per_table=$(jq '((.server.rss_end_kb - .server.rss_idle_kb) / .tables) | round' "$work/$best.json")
    echo "most tables with p99 < ${P99_MS} ms: $best$([ -n "$worst" ] && echo " ($worst did not hold)")"
    echo "server RSS per table at $best tables: ${per_table} kB ((rss_end - rss_idle) / tables)"
    if [ "$best" -gt 1 ]; then
        # The first table also pays one-time costs (caches, buffers): the slope from the
        # 1-table run leaves them out.
        marginal=$(jq -n --slurpfile a "$work/1.json" --slurpfile b "$work/$best.json" \
            '(($b[0].server.rss_end_kb - $a[0].server.rss_end_kb) / ($b[0].tables - 1)) | round')
        echo "server RSS per added table: ${marginal} kB ((rss_end($best) - rss_end(1)) / $((best - 1)))"
    fi
fi
