#!/usr/bin/env bash
# How long `hearts serve` takes to start on a database holding many unfinished games
# (docs/reliability.md, "Load"). It plays one real solo game into its second hand, copies
# it GAMES times (every copy the same seed and actions, so each is a game the server can
# load), adds WAITING public tables waiting for players, then times `hearts serve` from
# exec to its "listening" line, RUNS times, and prints the RSS it holds then.
#
#   tools/restore-bench.sh                         # 100,000 games, 200 waiting tables
#   GAMES=10000 RUNS=5 tools/restore-bench.sh
#   BIN=/tmp/old/build/release/hearts tools/restore-bench.sh   # another build
#
# Needs the sqlite3 command-line program (Debian's sqlite3). The data folder is under
# $TMPDIR and removed at the end.
set -euo pipefail

GAMES=${GAMES:-100000}
WAITING=${WAITING:-200}
RUNS=${RUNS:-3}
BIN=${BIN:-build/release/hearts}

command -v sqlite3 >/dev/null || {
    echo "restore-bench: needs the sqlite3 program (apt-get install sqlite3)" >&2
    exit 2
}
[[ -x $BIN ]] || { echo "restore-bench: no hearts binary at $BIN (build it, or set BIN)" >&2; exit 2; }
[[ $GAMES =~ ^[0-9]+$ && $WAITING =~ ^[0-9]+$ && $RUNS =~ ^[1-9][0-9]*$ ]] ||
    { echo "restore-bench: GAMES and WAITING are counts, RUNS at least 1" >&2; exit 2; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/hearts-restore-XXXXXX")
pid=
cleanup() {
    [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT

# Starts `hearts serve` on the data folder; sets pid, port, and elapsed (the seconds
# from exec to "listening").
start() {
    local t0 line
    t0=$(date +%s.%N)
    coproc SERVE { exec "$BIN" serve --port 0 --data-dir "$dir/data" --log-level warn 2>>"$dir/serve.log"; }
    pid=$SERVE_PID
    while read -r line <&"${SERVE[0]}"; do
        if [[ $line == *"listening on http://127.0.0.1:"* ]]; then
            port=${line##*127.0.0.1:}
            port=${port%%/*}
            elapsed=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
            return 0
        fi
    done
    echo "restore-bench: hearts serve did not start; its log:" >&2
    cat "$dir/serve.log" >&2
    exit 1
}
stop() {
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=
}

# 1. One real game in progress: a solo table played through its first hand.
start
"$BIN" loadtest --url "ws://127.0.0.1:$port/ws" --tables 1 --hands 1 --seconds 60 >/dev/null
stop

# 2. The copies, in one transaction: tables, seats and actions.
db="$dir/data/hearts.db"
template=$(sqlite3 "$db" "SELECT id FROM tables WHERE finished = 0 AND started = 1 LIMIT 1")
[[ -n $template ]] || { echo "restore-bench: the first game was not stored" >&2; exit 1; }
sqlite3 "$db" <<SQL
PRAGMA foreign_keys = ON;
BEGIN;
CREATE TEMP TABLE n(i INTEGER PRIMARY KEY);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $GAMES + $WAITING)
INSERT INTO n SELECT i FROM c;
INSERT INTO tables(id, owner, rules, seed, names, bot_level, finished, record, created,
                   kind, started, timer, host, ended, next)
SELECT printf('copy%07d', n.i), owner, rules, seed, names, bot_level, 0, NULL,
       created + n.i, CASE WHEN n.i > $GAMES THEN 'public' ELSE kind END,
       CASE WHEN n.i > $GAMES THEN 0 ELSE started END, timer, host, '', ''
FROM tables, n WHERE tables.id = '$template';
INSERT INTO seats(table_id, seat, player, away, conceded, votes)
SELECT printf('copy%07d', n.i), seat, player, away, conceded, votes
FROM seats, n WHERE seats.table_id = '$template';
INSERT INTO actions(table_id, seq, action)
SELECT printf('copy%07d', n.i), seq, action
FROM actions, n WHERE actions.table_id = '$template' AND n.i <= $GAMES;
COMMIT;
SQL
# Each row holds a run of the game's actions, one a line (docs/reliability.md, "The
# action journal").
actions=$(sqlite3 "$db" "SELECT COALESCE(SUM(LENGTH(action) - LENGTH(REPLACE(action, char(10), '')) + 1), 0) FROM actions WHERE table_id = '$template'")
size=$(du -sm "$dir/data" | cut -f1)
echo "restore-bench: $GAMES unfinished games of $actions actions each, $WAITING public tables waiting; database $size MB"

# 3. Start-up, RUNS times.
for ((k = 1; k <= RUNS; ++k)); do
    start
    rss=$(awk '/^VmRSS/ { print $2 / 1024 }' "/proc/$pid/status")
    printf 'start %d: %.3f s to listening, RSS %.1f MB\n' "$k" "$elapsed" "$rss"
    stop
done
