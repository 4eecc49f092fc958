#!/usr/bin/env bash
# tools/cluster.sh, as an operator would use it: PostgreSQL, Redis, three nodes and
# HAProxy start; no other local account reaches PostgreSQL or Redis; Redis restarts alone;
# the URL `status` prints backs the database up; browsers' WebSockets through HAProxy play
# tables whose people sit on different nodes; one address's half-open requests, request
# flood and connection flood cost only that address; `start` on a running cluster keeps
# the open WebSockets; a node is killed and play goes on through the others; all stops.
#   tests/cluster_script_test.sh path/to/hearts
# Needs python3, curl, psql and redis-cli (scripts/install-deps.sh --test); the checks
# as another account need root (the ctest runs as root).
set -euo pipefail
# HEARTS_SERVER_BINARY (the sanitizer presets) names another build's server for the
# nodes; the load comes from the `hearts` given (a sanitizer build has no loadtest).
client=${1:?usage: $0 path/to/hearts}
bin=${HEARTS_SERVER_BINARY:-$client}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/hearts-cluster-XXXXXX)
# Four free ports in a row, below the range the system takes connections' own ports from.
port=$("$root/tools/free-ports.sh" 3)
# The http-request timeout is 10 s by default; 3 s keeps the test short. HTTP requests
# per address are 500 in 10 s by default, more than a node's own budget of 100 at once:
# 80 lets HAProxy's be met first.
export HAPROXY_REQUEST_TIMEOUT=3 HAPROXY_REQUEST_RATE=80
# tools/cluster.sh's defaults, which the test checks.
per_source=64 conn_rate=200
request_rate=$HAPROXY_REQUEST_RATE
pgbin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -1)
ws_pid=""
cluster() { HEARTS_BIN=$bin "$root/tools/cluster.sh" "$@" --dir "$dir"; }
cleanup() {
  [[ -n $ws_pid ]] && kill "$ws_pid" 2>/dev/null
  cluster stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  tail -n 20 "$dir"/log/*.log >&2 || true
  exit 1
}

cluster start --nodes 3 --port "$port" || fail "tools/cluster.sh start"
# HAProxy needs a moment to see the nodes up.
for _ in $(seq 50); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)
  [[ $code == 200 || $code == 404 ]] && break
  sleep 0.2
done
[[ ${code:-} == 200 || ${code:-} == 404 ]] || fail "HAProxy did not answer (HTTP ${code:-none})"

# --- Who can reach the data: the cluster's account and this one, nobody else.
url=$(cluster status | sed -n 's/^postgres: running (pid [0-9]*): //p')
[[ $url == "postgresql://hearts@/hearts?host=$dir/pg" ]] ||
  fail "status does not list PostgreSQL with its URL: $(cluster status)"
sock=$dir/redis/redis.sock
[[ $("$pgbin/psql" -X -At "$url" -c "SELECT current_user") == hearts ]] ||
  fail "this account cannot use the URL the script prints: $url"
[[ $(redis-cli -s "$sock" ping) == PONG ]] || fail "this account cannot reach Redis at $sock"
# With trust, any role would do; with peer, this account is "hearts" and nothing else.
"$pgbin/psql" -X -At "postgresql://postgres@/hearts?host=$dir/pg" -c "SELECT 1" >"$dir/peer.out" 2>&1 &&
  fail "PostgreSQL let this account in as the role postgres"
grep -q "Peer authentication failed" "$dir/peer.out" ||
  fail "PostgreSQL did not check the account (peer): $(cat "$dir/peer.out")"
if [[ $(id -u) -eq 0 ]]; then
  # An unrelated account: Debian's `daemon`, or a throw-away one.
  other=daemon
  owner=$(stat -c %U "$dir/pg")
  [[ $owner != "$other" ]] || fail "the cluster's account is $other: the test needs another"
  for f in pg redis; do
    [[ $(stat -c %a "$dir/$f") == 700 && $(stat -c %U "$dir/$f") == "$owner" ]] ||
      fail "$dir/$f is $(stat -c '%a %U' "$dir/$f"), not 700 and the cluster's account's"
  done
  runuser -u "$other" -- "$pgbin/psql" -X -At "$url" -c "SELECT count(*) FROM players" \
    >"$dir/other.out" 2>&1 && fail "the account $other logged in to PostgreSQL: $(cat "$dir/other.out")"
  runuser -u "$other" -- redis-cli -s "$sock" --scan --pattern 'hearts:*' >"$dir/other.out" 2>&1 || true
  grep -q "Permission denied" "$dir/other.out" ||
    fail "the account $other reached Redis: $(head -c 500 "$dir/other.out")"
  echo "data: PostgreSQL and Redis refuse the account $other (their folders are 700, $owner's)"
else
  echo "data: not root, so the refusal of another account is not checked"
fi

# --- Redis restarts alone; `status` and the backup use the URL printed above.
before=$(cat "$dir/run/redis.pid")
cluster restart-redis >/dev/null || fail "tools/cluster.sh restart-redis"
[[ $(cat "$dir/run/redis.pid") != "$before" && $(redis-cli -s "$sock" ping) == PONG ]] ||
  fail "restart-redis did not start a new Redis"
"$root/tools/pg-backup.sh" backup "$url" "$dir/backup.dump" >/dev/null ||
  fail "tools/pg-backup.sh backup with the URL tools/cluster.sh status prints"
echo "restart-redis: a new Redis, every node back; backup: $(stat -c %s "$dir/backup.dump") bytes"

play() {
  # The people come from 127.0.1.x: the front-door checks below use 127.0.0.2 … 127.0.0.6.
  "$client" loadtest --url "ws://127.0.0.1:$port/ws" --tables 6 --people 4 --seconds "$1" \
    --first-address 127.0.1.1 \
    --json >"$dir/load.json" 2>"$dir/load.err" || fail "loadtest: $(cat "$dir/load.err") $(grep -A12 "\"errors\"" "$dir/load.json" | head -30)"
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

# --- The front door. 127.0.0.2 … 127.0.0.5 are other sources on the loopback.
# 2,000 requests from 127.0.0.2 that never finish their headers: HAProxy holds at most
# the per-address bound, another address is served at once, and the held ones are
# closed when the http-request timeout runs out.
python3 - "$port" "$per_source" "$HAPROXY_REQUEST_TIMEOUT" "$dir/run/haproxy.sock" <<'PY' ||
import select, socket, sys, time
port, per_source, timeout, stats = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
t0 = time.monotonic()
socks = []
for _ in range(2000):
    s = socket.socket()
    s.setblocking(False)
    s.bind(("127.0.0.2", 0))
    try:
        s.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    socks.append(s)
poller = select.poll()
by_fd = {s.fileno(): s for s in socks}
for s in socks:
    poller.register(s, select.POLLOUT)
waiting, deadline = len(socks), time.monotonic() + 5
while waiting and time.monotonic() < deadline:
    for fd, ev in poller.poll(200):
        poller.unregister(fd)
        waiting -= 1
        try:
            if not ev & (select.POLLERR | select.POLLHUP):
                by_fd[fd].send(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        except OSError:
            pass
        poller.register(fd, select.POLLIN)
held = set(by_fd)
def watch(ms):
    end = time.monotonic() + ms / 1000
    while held and time.monotonic() < end:
        for fd, _ in poller.poll(50):
            try:
                data = by_fd[fd].recv(4096)
            except OSError:
                data = b""
            if not data:
                poller.unregister(fd)
                held.discard(fd)
# HAProxy refuses the ones past the bound as it accepts them: wait for that (well
# within the timeout), then count.
for _ in range(20):
    watch(100)
    if len(held) <= per_source:
        break
watch(100)
opened = len(held)
# HAProxy's own count for the address (its stats socket).
c = socket.socket(socket.AF_UNIX)
c.connect(stats)
c.sendall(b"show table hearts\n")
table = b""
while chunk := c.recv(65536):
    table += chunk
row = [l for l in table.decode().splitlines() if "key=::ffff:127.0.0.2 " in l]
t = time.monotonic()
probe = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.3", 0))
probe.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
status = probe.recv(64).split(b"\r\n")[0].decode()
waited = time.monotonic() - t
watch((timeout + 3) * 1000)
closed_at = time.monotonic() - t0
cur = [w for w in row[0].split() if w.startswith("conn_cur=")] if row else []
print(f"half-open: 2000 from 127.0.0.2, {opened} held (HAProxy: {cur[0] if cur else 'no row'}); "
      f"127.0.0.3 answered {status!r} in {waited * 1000:.0f} ms; "
      f"{len(held)} still held at {closed_at:.1f} s (timeout {timeout:.0f} s)")
ok = (0 < opened <= per_source and row and f"conn_cur={opened}" in row[0]
      and status.startswith("HTTP/1.1 ") and waited < 2 and not held)
sys.exit(0 if ok else 1)
PY
  fail "HAProxy let one address's half-open requests pile up, or kept them past the timeout"

# More requests than HAProxy's budget from 127.0.0.4 on one keep-alive connection: 429
# past it, from HAProxy (each node has a budget of its own, 100 at once: the test's is
# lower, so that HAProxy's is met first).
python3 - "$port" "$request_rate" <<'PY' || fail "HAProxy did not answer 429 past $request_rate requests from one address in 10 s"
import http.client, sys
port, rate = int(sys.argv[1]), int(sys.argv[2])
codes, ours = {}, 0
c = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.4", 0))
for _ in range(rate + 10):
    c.request("GET", "/api/none")
    r = c.getresponse()
    body = r.read()
    codes[r.status] = codes.get(r.status, 0) + 1
    ours += r.status == 429 and b"<h1>429 Too Many Requests</h1>" in body
    if r.will_close:
        c.close()
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.4", 0))
print(f"requests: {rate + 10} from 127.0.0.4 at once: {codes}, {ours} refused by HAProxy")
sys.exit(0 if ours == 10 and codes.get(429) == 10 else 1)
PY

# More new connections than the budget from 127.0.0.5 (opened and closed without a
# request): the next one is refused, while 127.0.0.6 is served.
python3 - "$port" "$conn_rate" "$dir/run/haproxy.sock" <<'PY' || fail "HAProxy did not refuse connections past $conn_rate from one address in 10 s"
import socket, sys, time
port, rate, stats = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def get(src):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(src, 0))
        s.sendall(b"GET /api/none HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        return s.recv(64).split(b"\r\n")[0].decode() or "closed"
    except OSError as e:
        return f"closed ({e.strerror})"
first = get("127.0.0.5")
for _ in range(rate):
    # One refused already (HAProxy may count a connection closed before the first as
    # well) is the limit at work: the last one below must be refused too.
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.5", 0)).close()
    except OSError:
        pass
# HAProxy's threads accept and count them in batches: a moment for the last to be counted.
time.sleep(1)
last = get("127.0.0.5")
other = get("127.0.0.6")
c = socket.socket(socket.AF_UNIX)
c.connect(stats)
c.sendall(b"show table hearts\n")
table = b""
while chunk := c.recv(65536):
    table += chunk
row = [w for l in table.decode().splitlines() if "key=::ffff:127.0.0.5 " in l for w in l.split() if w.startswith("conn_rate")]
print(f"connections: {rate + 2} from 127.0.0.5 at once (HAProxy: {row[0] if row else 'no row'}): "
      f"the first answered {first!r}, the last {last!r}; 127.0.0.6 answered {other!r}")
sys.exit(0 if first.startswith("HTTP/1.1 ") and last.startswith("closed") and other.startswith("HTTP/1.1 ") else 1)
PY
curl -s -o /dev/null --max-time 5 "http://127.0.0.1:$port/" ||
  fail "127.0.0.1 was refused after the other addresses' floods"

# --- `start` on a running cluster leaves HAProxy alone, and reloads it gracefully when
# its configuration changed: a WebSocket opened before still answers a ping after both.
python3 - "$port" "$dir/ws" >"$dir/ws.out" 2>&1 <<'PY' &
import base64, os, socket, sys, time
port, flag = int(sys.argv[1]), sys.argv[2]
s = socket.create_connection(("127.0.0.1", port), timeout=10)
key = base64.b64encode(os.urandom(16)).decode()
s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
           f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
head = b""
while b"\r\n\r\n" not in head:
    chunk = s.recv(4096)
    if not chunk:
        sys.exit("closed during the handshake")
    head += chunk
if not head.startswith(b"HTTP/1.1 101"):
    sys.exit(f"no upgrade: {head[:200]!r}")
rest = head.split(b"\r\n\r\n", 1)[1]
open(flag + ".open", "w").close()
while not os.path.exists(flag + ".go"):
    time.sleep(0.05)
mask = os.urandom(4)
s.sendall(bytes([0x89, 0x84]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(b"ping")))
buf = rest
deadline = time.monotonic() + 5
while time.monotonic() < deadline:
    while len(buf) >= 2:
        n, at = buf[1] & 0x7F, 2
        if n == 126:
            n, at = int.from_bytes(buf[2:4], "big"), 4
        elif n == 127:
            n, at = int.from_bytes(buf[2:10], "big"), 10
        if len(buf) < at + n:
            break
        if buf[0] & 0x0F == 0xA:
            print("pong")
            sys.exit(0)
        if buf[0] & 0x0F == 0x8:
            sys.exit("the server closed the WebSocket")
        buf = buf[at + n:]
    try:
        chunk = s.recv(4096)
    except socket.timeout:
        continue
    if not chunk:
        sys.exit("the WebSocket was cut")
    buf += chunk
sys.exit("no pong within 5 s")
PY
ws_pid=$!
for _ in $(seq 100); do [[ -f $dir/ws.open ]] && break; sleep 0.05; done
[[ -f $dir/ws.open ]] || fail "no WebSocket through HAProxy: $(cat "$dir/ws.out")"
haproxy_pid=$(cat "$dir/run/haproxy.pid")
cluster start --nodes 3 --port "$port" >"$dir/again.out" || fail "start again: $(cat "$dir/again.out")"
grep -q "left alone" "$dir/again.out" || fail "start again did not leave HAProxy alone: $(cat "$dir/again.out")"
HAPROXY_REQUEST_RATE=400 cluster start --nodes 3 --port "$port" >"$dir/again.out" ||
  fail "start with new limits: $(cat "$dir/again.out")"
grep -q "reloaded" "$dir/again.out" || fail "start with new limits did not reload HAProxy: $(cat "$dir/again.out")"
grep -q "sc0_http_req_rate gt 400" "$dir/haproxy.cfg" || fail "the new limit is not in haproxy.cfg"
[[ $(cat "$dir/run/haproxy.pid") == "$haproxy_pid" ]] || fail "HAProxy's master changed pid"
touch "$dir/ws.go"
wait "$ws_pid" || fail "a WebSocket opened before tools/cluster.sh start was cut: $(cat "$dir/ws.out")"
ws_pid=""
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$port/" || true)
[[ $code == 200 || $code == 404 ]] || fail "HAProxy does not answer after the reload (HTTP ${code:-none})"
echo "start again: HAProxy left alone, then reloaded; the WebSocket opened before answers"

cluster kill-node 2 >/dev/null
# HAProxy takes the dead node out (checks every second, two failures): its stats socket
# says when.
node2_down() {
  python3 - "$dir/run/haproxy.sock" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(b"show stat\n")
out = b""
while chunk := s.recv(65536):
    out += chunk
# CSV: proxy, server, ..., the 18th column is the status.
rows = [line.split(",") for line in out.decode().splitlines() if not line.startswith("#")]
sys.exit(0 if any(len(r) > 17 and r[1] == "node2" and r[17].startswith("DOWN") for r in rows) else 1)
PY
}
for _ in $(seq 100); do node2_down && break; sleep 0.1; done
node2_down || fail "HAProxy still sends to node 2 10 s after it was killed"
play 5 "two nodes left"
echo "ok: tools/cluster.sh"
