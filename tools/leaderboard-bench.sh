#!/usr/bin/env bash
# The leaderboard's two queries (store/core_players.cpp: `leaders`, `rank_of`) on a board
# of N ranked players (default 1,000,000), in SQLite and in PostgreSQL, each database made
# by `hearts serve` itself (its real schema and index) and filled by the database's own
# SQL. Prints each query's best of 5 runs in milliseconds, and its plan.
#   tools/leaderboard-bench.sh [HEARTS_BIN] [N]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/release/hearts}
n=${2:-1000000}
[[ -x $bin ]] || { echo "leaderboard-bench.sh: no hearts binary at $bin (make build)" >&2; exit 2; }
work=$(mktemp -d /tmp/hearts-lb-XXXXXX)
chmod 755 "$work"
pg="$work/pg"
cleanup() {
  "$root/tests/postgres.sh" stop "$pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Lets `hearts serve` make the schema, then stops it.
schema() {
  "$bin" serve --port 0 "$@" >"$work/serve.log" 2>&1 &
  local pid=$!
  for _ in $(seq 100); do grep -q "listening" "$work/serve.log" && break; sleep 0.1; done
  kill "$pid"
  wait "$pid" || true
  grep -q "listening" "$work/serve.log" || { cat "$work/serve.log" >&2; exit 1; }
}

# Each player's rating: mu 15..35 and sigma 0.5..3 spread by the player's number, 10..209
# games; one in four last played long ago (the boards list the last 30 days' players).
# The middle player (by rank, among the listed) is asked for its rank, and the second page
# of leaders is read.
now=$(( $(date +%s) * 1000 ))
since=$(( now - 30 * 24 * 3600 * 1000 ))
echo "== SQLite, $n ranked players"
mkdir -p "$work/sqlite"
schema --data-dir "$work/sqlite"
db="$work/sqlite/hearts.db"
sqlite3 "$db" <<SQL
PRAGMA foreign_keys=ON;
BEGIN;
WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $n)
INSERT INTO players(id, token_hash, created, name) SELECT printf('p%08d', i), x'00', 0, 'P' || i FROM k;
INSERT INTO ratings(player, board, mu, sigma, games, at_ms)
  SELECT id, 'standard', 15 + (rowid * 7919 % 20000) / 1000.0, 0.5 + (rowid * 104729 % 2500) / 1000.0,
         10 + rowid % 200, CASE WHEN rowid % 4 = 0 THEN 0 ELSE $now END FROM players;
UPDATE ratings SET ordinal = mu - 3 * sigma;
COMMIT;
ANALYZE;
SQL
middle=$(sqlite3 "$db" "SELECT player FROM ratings WHERE board = 'standard' AND at_ms >= $since ORDER BY mu - 3 * sigma DESC, player LIMIT 1 OFFSET $((n * 3 / 8))")
leaders="SELECT r.player, COALESCE(p.name, ''), r.mu, r.sigma, r.games FROM ratings r JOIN players p ON p.id = r.player WHERE r.board = 'standard' AND r.games >= 10 AND r.at_ms >= $since ORDER BY r.ordinal DESC, r.player LIMIT 51 OFFSET 50"
# rank_of reads the player's value, then counts the index's range above it (bound as read).
mine=$(sqlite3 "$db" "SELECT printf('%!.17g', ordinal) FROM ratings WHERE board = 'standard' AND player = '$middle'")
rank="SELECT (SELECT count(*) FROM ratings WHERE board = 'standard' AND games >= 10 AND ordinal > $mine AND at_ms >= $since) + (SELECT count(*) FROM ratings WHERE board = 'standard' AND games >= 10 AND ordinal = $mine AND player < '$middle' AND at_ms >= $since) + 1"
for q in leaders rank; do
  sql=${!q}
  echo "-- $q: plan"
  sqlite3 "$db" "EXPLAIN QUERY PLAN $sql"
  best=""
  for _ in 1 2 3 4 5; do
    t=$( { /usr/bin/time -f %e sqlite3 "$db" "$sql" >/dev/null; } 2>&1 )
    ms=$(awk -v t="$t" 'BEGIN { printf "%d", t * 1000 }')
    [[ -z $best || $ms -lt $best ]] && best=$ms
  done
  echo "-- $q: best of 5 (the process included): $best ms"
done
echo "-- rank of the middle player: $(sqlite3 "$db" "$rank")"

echo "== PostgreSQL, $n ranked players"
"$root/tests/postgres.sh" start "$pg" >/dev/null
url=$("$root/tests/postgres.sh" url "$pg")
psql -q "$url" -c "CREATE DATABASE lb" >/dev/null
lburl=${url/\/postgres\?/\/lb?}
schema --database "$lburl"
psql -q "$lburl" <<SQL >/dev/null
INSERT INTO players(id, token_hash, created, name)
  SELECT 'p' || lpad(i::text, 8, '0'), '\x00', 0, 'P' || i FROM generate_series(1, $n) i;
INSERT INTO ratings(player, board, mu, sigma, games, at_ms)
  SELECT 'p' || lpad(i::text, 8, '0'), 'standard', 15 + (i::bigint * 7919 % 20000) / 1000.0,
         0.5 + (i::bigint * 104729 % 2500) / 1000.0, 10 + i % 200,
         CASE WHEN i % 4 = 0 THEN 0 ELSE $now END FROM generate_series(1, $n) i;
UPDATE ratings SET ordinal = mu - 3 * sigma;
VACUUM ANALYZE ratings;
ANALYZE;
SQL
mine=$(psql -qAt "$lburl" -c "SELECT ordinal FROM ratings WHERE board = 'standard' AND player = '$middle'")
rank="SELECT (SELECT count(*) FROM ratings WHERE board = 'standard' AND games >= 10 AND ordinal > $mine AND at_ms >= $since) + (SELECT count(*) FROM ratings WHERE board = 'standard' AND games >= 10 AND ordinal = $mine AND player < '$middle' AND at_ms >= $since) + 1"
echo "-- rank of the middle player: $(psql -qAt "$lburl" -c "$rank")"
for q in leaders rank; do
  sql=${!q}
  echo "-- $q: plan and best of 5 (server time)"
  psql -q "$lburl" -c "EXPLAIN $sql" | sed -n '3,12p'
  best=""
  for _ in 1 2 3 4 5; do
    ms=$(psql -q "$lburl" -c "EXPLAIN (ANALYZE, FORMAT JSON) $sql" -t | grep -o '"Execution Time": [0-9.]*' | awk '{printf "%.1f", $3}')
    [[ -z $best ]] || awk -v a="$ms" -v b="$best" 'BEGIN { exit !(a < b) }' && best=$ms
  done
  echo "-- $q: $best ms"
done
