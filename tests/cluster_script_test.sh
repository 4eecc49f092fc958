#!/usr/bin/env bash
# tools/cluster.sh, as an operator would use it: PostgreSQL, Redis, three nodes and
# HAProxy start; browsers' WebSockets through HAProxy play tables whose people sit on
# different nodes; a node is killed and play goes on through the others; all stops.
#   tests/cluster_script_test.sh path/to/hearts
set -euo pipefail
# HEARTS_SERVER_BINARY (the sanitizer presets) names another build's server for the
# nodes; the load comes from the `hearts` given (a sanitizer build has no loadtest).
client=${1:?usage: $0 path/to/hearts}
bin=${HEARTS_SERVER_BINARY:-$client}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/hearts-cluster-XXXXXX)
# A free-looking port block from the process id, away from the usual ones.
port=$((20000 + ($$ % 2000) * 10))
cleanup() {
  HEARTS_BIN=$bin "$root/tools/cluster.sh" stop --dir "$dir" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  tail -n 20 "$dir"/log/*.log >&2 || true
  exit 1
}

HEARTS_BIN=$bin "$root/tools/cluster.sh" start --nodes 3 --port "$port" --dir "$dir" ||
  fail "tools/cluster.sh start"
# HAProxy needs a moment to see the nodes up.
for _ in $(seq 50); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  [[ $code == 200 || $code == 404 ]] && break
  sleep 0.2
done
[[ ${code:-} == 200 || ${code:-} == 404 ]] || fail "HAProxy did not answer (HTTP ${code:-none})"

play() {
  "$client" loadtest --url "ws://127.0.0.1:$port/ws" --tables 6 --people 4 --seconds "$1" \
    --json >"$dir/load.json" 2>"$dir/load.err" || fail "loadtest: $(cat "$dir/load.err")"
  python3 - "$dir/load.json" "$2" <<'PY' || fail "loadtest through HAProxy: $(head -c 2000 "$dir/load.json")"
import json, sys
r = json.load(open(sys.argv[1]))
errors = sum(r["errors"].values())
print(f"{sys.argv[2]}: {r['actions']} actions acknowledged, {errors} errors, "
      f"{r['tables_started']} tables started, p99 {r['latency_ms']['p99']} ms")
sys.exit(0 if errors == 0 and r["actions"] > 100 and r["tables_started"] >= 6 else 1)
PY
}

play 6 "three nodes"
# Each node saw the others, and got messages of people whose connection is on another
# node (the loadtest's connections are closed by now: what they left is the count).
remote=0
for k in 1 2 3; do
  stats=$(curl -s "http://127.0.0.1:$((port + k))/api/stats")
  grep -q '"nodes":3' <<<"$stats" || fail "node $k does not see three nodes: $stats"
  remote=$((remote + $(sed -n 's/.*"received":\([0-9]*\).*/\1/p' <<<"$stats")))
done
((remote > 0)) || fail "no node got a message from another node"
echo "three nodes: $remote messages between nodes"

HEARTS_BIN=$bin "$root/tools/cluster.sh" kill-node 2 --dir "$dir" >/dev/null
# HAProxy takes the dead node out (checks every second, two failures).
sleep 4
play 5 "two nodes left"
echo "ok: tools/cluster.sh"
