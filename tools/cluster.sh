#!/usr/bin/env bash
# The reference cluster on one machine (docs/scaling.md, "Several nodes"): PostgreSQL,
# Redis, N `hearts serve` nodes and HAProxy in front of them, all from Debian's packages,
# each a plain process with its data and logs in one folder. No containers.
#
#   tools/cluster.sh start [--nodes N] [--port P] [--dir DIR]
#       starts everything; browsers connect to http://localhost:P/ (default 8080), the
#       nodes listen on P+1 … P+N (default 3 nodes), the folder is DIR (default ./cluster)
#   tools/cluster.sh stop [--dir DIR]          stops everything (the data stays)
#   tools/cluster.sh status [--dir DIR]        what runs, and each node's /api/stats
#   tools/cluster.sh kill-node K [--dir DIR]   kills node K with SIGKILL (to watch another
#                                              node take its tables)
#   tools/cluster.sh start-node K [--dir DIR]  starts node K again
#
# Needs scripts/install-deps.sh --test (PostgreSQL, Redis, HAProxy) and a built hearts
# (make build, or HEARTS_BIN=path/to/hearts). PostgreSQL and Redis listen only on Unix
# sockets in the folder; the nodes and HAProxy on 127.0.0.1 (HAPROXY_BIND to change it).
# PostgreSQL keeps its defaults here (fsync on), unlike the tests' servers.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${HEARTS_BIN:-$root/build/release/hearts}
cmd=${1:-}
[[ $# -gt 0 ]] && shift
nodes=3
port=8080
dir=$PWD/cluster
arg=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --nodes) nodes=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    *) arg=$1; shift ;;
  esac
done
usage="usage: $0 start [--nodes N] [--port P] [--dir DIR] | stop | status | kill-node K | start-node K"
[[ $nodes =~ ^[1-9][0-9]?$ ]] || { echo "cluster.sh: --nodes takes 1 to 99, not '$nodes'" >&2; exit 2; }
[[ $port =~ ^[0-9]+$ ]] && ((port > 0 && port + nodes < 65536)) ||
  { echo "cluster.sh: --port takes a port such that P+N is one too, not '$port'" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
run=$dir/run
log=$dir/log
as=()
if [[ $(id -u) -eq 0 ]]; then
  # PostgreSQL refuses root: it runs as nobody, who must reach its folder inside DIR.
  as=(runuser -u nobody --)
  chmod o+x "$dir"
fi

pgbin=""
for b in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
  [[ -x $b/initdb && -x $b/postgres ]] && pgbin=$b
done

need() {
  local missing=()
  [[ -n $pgbin ]] || missing+=(postgresql)
  command -v redis-server >/dev/null || missing+=(redis-server)
  command -v haproxy >/dev/null || missing+=(haproxy)
  if ((${#missing[@]})); then
    echo "cluster.sh: not installed: ${missing[*]}: run scripts/install-deps.sh --test" >&2
    exit 2
  fi
  [[ -x $bin ]] || { echo "cluster.sh: no hearts binary at $bin: run make build" >&2; exit 2; }
}

alive() { [[ -f $run/$1.pid ]] && kill -0 "$(cat "$run/$1.pid")" 2>/dev/null; }

database_url() { echo "postgresql://hearts@/hearts?host=$dir/pg"; }
redis_url() { echo "unix://$dir/redis/redis.sock"; }

start_postgres() {
  mkdir -p "$dir/pg"
  [[ ${#as[@]} -gt 0 ]] && chown nobody "$dir/pg"
  if [[ ! -f $dir/pg/data/PG_VERSION ]]; then
    "${as[@]}" "$pgbin/initdb" -D "$dir/pg/data" -U hearts -A trust -E UTF8 --locale=C.UTF-8 \
      >"$log/initdb.log" 2>&1 || { cat "$log/initdb.log" >&2; exit 1; }
    fresh=1
  fi
  if ! "${as[@]}" "$pgbin/pg_ctl" -D "$dir/pg/data" status >/dev/null 2>&1; then
    "${as[@]}" "$pgbin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w -t 60 \
      -o "-k '$dir/pg' -c listen_addresses= -c max_connections=200" start >/dev/null ||
      { cat "$dir/pg/server.log" >&2; exit 1; }
  fi
  if [[ ${fresh:-0} == 1 ]]; then
    "${as[@]}" "$pgbin/createdb" -h "$dir/pg" -U hearts hearts
  fi
  echo "PostgreSQL: $(database_url)"
}

start_redis() {
  mkdir -p "$dir/redis"
  [[ ${#as[@]} -gt 0 ]] && chown nobody "$dir/redis"
  if ! alive redis; then
    "${as[@]}" redis-server --port 0 --unixsocket "$dir/redis/redis.sock" --unixsocketperm 777 \
      --dir "$dir/redis" --save '' --appendonly no --daemonize yes \
      --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/server.log"
    for _ in $(seq 100); do [[ -f $dir/redis/redis.pid ]] && break; sleep 0.05; done
    cp "$dir/redis/redis.pid" "$run/redis.pid"
  fi
  echo "Redis: $(redis_url)"
}

start_node() {
  local k=$1
  alive "node$k" && { echo "node $k: already running"; return; }
  HEARTS_WEB_DIR=${HEARTS_WEB_DIR:-$root/web/dist} \
    nohup "$bin" serve --port $((port + k)) --data-dir "$dir/node$k" \
    --database "$(database_url)" --redis "$(redis_url)" --node "node$k" \
    --trust-proxy 127.0.0.1 --allow-origin "http://localhost:$port" \
    --allow-origin "http://127.0.0.1:$port" \
    >"$log/node$k.out" 2>>"$log/node$k.log" </dev/null &
  echo $! >"$run/node$k.pid"
  for _ in $(seq 100); do
    grep -q "listening on" "$log/node$k.out" 2>/dev/null && break
    alive "node$k" || { echo "cluster.sh: node $k did not start:" >&2; tail -5 "$log/node$k.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "node $k: http://127.0.0.1:$((port + k))/ (pid $(cat "$run/node$k.pid"))"
}

start_haproxy() {
  {
    # Each connection is two descriptors (the browser's and the node's).
    local fds
    fds=$(ulimit -n)
    [[ $fds == unlimited ]] && fds=40000
    echo "global"
    echo "  maxconn $(((fds - 100) / 2 < 20000 ? (fds - 100) / 2 : 20000))"
    echo "defaults"
    echo "  mode http"
    echo "  option forwardfor"
    echo "  timeout connect 5s"
    echo "  timeout client 60s"
    echo "  timeout server 60s"
    # A WebSocket is a tunnel once upgraded: the page pings every few seconds.
    echo "  timeout tunnel 1h"
    echo "frontend hearts"
    echo "  bind ${HAPROXY_BIND:-127.0.0.1}:$port"
    echo "  default_backend nodes"
    echo "backend nodes"
    echo "  balance leastconn"
    for k in $(seq "$nodes"); do
      echo "  server node$k 127.0.0.1:$((port + k)) check inter 1s fall 2 rise 1"
    done
  } >"$dir/haproxy.cfg"
  echo "$nodes" >"$dir/nodes"
  echo "$port" >"$dir/port"
  alive haproxy && kill "$(cat "$run/haproxy.pid")"
  haproxy -f "$dir/haproxy.cfg" -D -p "$run/haproxy.pid" 2>>"$log/haproxy.log"
  echo "HAProxy: http://localhost:$port/ (open this one)"
}

stop_all() {
  for f in "$run"/node*.pid; do
    [[ -f $f ]] || continue
    kill "$(cat "$f")" 2>/dev/null || true
  done
  alive haproxy && kill "$(cat "$run/haproxy.pid")"
  sleep 0.5
  alive redis && kill "$(cat "$run/redis.pid")"
  if [[ -n $pgbin && -f $dir/pg/data/postmaster.pid ]]; then
    "${as[@]}" "$pgbin/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null || true
  fi
  rm -f "$run"/*.pid
  echo "stopped; the data stays in $dir"
}

[[ -f $dir/port && $cmd != start ]] && port=$(cat "$dir/port")
[[ -f $dir/nodes && $cmd != start ]] && nodes=$(cat "$dir/nodes")
case $cmd in
  start)
    need
    mkdir -p "$run" "$log"
    start_postgres
    start_redis
    for k in $(seq "$nodes"); do start_node "$k"; done
    start_haproxy
    ;;
  stop) stop_all ;;
  status)
    for name in redis haproxy $(for k in $(seq "$nodes"); do echo "node$k"; done); do
      if alive "$name"; then echo "$name: running (pid $(cat "$run/$name.pid"))"; else echo "$name: stopped"; fi
    done
    for k in $(seq "$nodes"); do
      alive "node$k" && echo "node$k: $(curl -s "http://127.0.0.1:$((port + k))/api/stats" || true)"
    done
    ;;
  kill-node)
    [[ $arg =~ ^[0-9]+$ ]] || { echo "$usage" >&2; exit 2; }
    alive "node$arg" || { echo "cluster.sh: node $arg is not running" >&2; exit 1; }
    kill -9 "$(cat "$run/node$arg.pid")"
    rm -f "$run/node$arg.pid"
    echo "node $arg killed"
    ;;
  start-node)
    [[ $arg =~ ^[0-9]+$ ]] || { echo "$usage" >&2; exit 2; }
    need
    start_node "$arg"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
