#!/usr/bin/env bash
# The reference cluster on one machine (docs/scaling.md, "Several nodes"): PostgreSQL,
# Redis, N `hearts serve` nodes and HAProxy in front of them, all from Debian's packages,
# each a plain process with its data and logs in one folder. No containers.
#
#   tools/cluster.sh start [--nodes N] [--port P] [--dir DIR]
#       starts what is not running; browsers connect to http://localhost:P/ (default
#       8080), the nodes listen on P+1 … P+N (default 3 nodes), the folder is DIR
#       (default ./cluster). On a running cluster it starts only what is missing, and
#       reloads HAProxy gracefully if its configuration changed (open WebSockets stay).
#   tools/cluster.sh stop [--dir DIR]          stops everything (the data stays)
#   tools/cluster.sh status [--dir DIR]        what runs, and each node's /api/stats
#   tools/cluster.sh kill-node K [--dir DIR]   kills node K with SIGKILL (to watch another
#                                              node take its tables)
#   tools/cluster.sh start-node K [--dir DIR]  starts node K again
#   tools/cluster.sh restart-redis [--dir DIR] stops Redis and starts it again, empty (the
#                                              nodes reconnect and write their part again)
#
# Needs scripts/install-deps.sh --test (PostgreSQL, Redis, HAProxy) and a built hearts
# (make build, or HEARTS_BIN=path/to/hearts). The nodes log at HEARTS_NODE_LOG_LEVEL
# (default info; debug says more of how tables move between nodes).
#
# Who can reach what (docs/scaling.md, "Who can reach the cluster's data"): PostgreSQL
# and Redis listen only on Unix sockets in DIR/pg and DIR/redis, folders only their
# account can enter (0700). That account is the one running this script or, as root,
# CLUSTER_USER (default: the system account `hearts`, created if missing), since
# PostgreSQL refuses root. PostgreSQL checks each connection's account with `peer`: only
# that account and the nodes' (this script's) may log in, as the role `hearts`. The
# nodes and HAProxy listen on 127.0.0.1 (HAPROXY_BIND to change HAProxy's).
#
# HAProxy's limits (docs/scaling.md, "The front door"), each an environment variable:
#   HAPROXY_REQUEST_TIMEOUT=10      seconds a request's headers may take to arrive
#   HAPROXY_CONNS_PER_SOURCE=64     connections one address may hold open at once
#   HAPROXY_CONN_RATE=200           new connections per address in 10 s
#   HAPROXY_REQUEST_RATE=500        HTTP requests per address in 10 s (then 429);
#                                   a WebSocket's messages are not requests
#   HAPROXY_MAXCONN                 connections in all (default: half the descriptors
#                                   this account may open, `ulimit -Hn`, up to 20,000)
# PostgreSQL keeps its defaults here (fsync on), unlike the tests' servers.
set -euo pipefail
umask 077

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
usage="usage: $0 start [--nodes N] [--port P] [--dir DIR] | stop | status | kill-node K | start-node K | restart-redis"
die() { echo "cluster.sh: $*" >&2; exit 1; }
[[ $nodes =~ ^[1-9][0-9]?$ ]] || { echo "cluster.sh: --nodes takes 1 to 99, not '$nodes'" >&2; exit 2; }
if ! [[ $port =~ ^[0-9]+$ ]] || ((port == 0 || port + nodes >= 65536)); then
  echo "cluster.sh: --port takes a port such that P+N is one too, not '$port'" >&2
  exit 2
fi

request_timeout=${HAPROXY_REQUEST_TIMEOUT:-10}
per_source=${HAPROXY_CONNS_PER_SOURCE:-64}
conn_rate=${HAPROXY_CONN_RATE:-200}
request_rate=${HAPROXY_REQUEST_RATE:-500}
for v in HAPROXY_REQUEST_TIMEOUT:$request_timeout HAPROXY_CONNS_PER_SOURCE:$per_source \
  HAPROXY_CONN_RATE:$conn_rate HAPROXY_REQUEST_RATE:$request_rate \
  HAPROXY_MAXCONN:${HAPROXY_MAXCONN:-1}; do
  [[ ${v#*:} =~ ^[1-9][0-9]{0,6}$ ]] ||
    { echo "cluster.sh: ${v%%:*} takes a whole number from 1 to 9999999, not '${v#*:}'" >&2; exit 2; }
done

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
run=$dir/run
log=$dir/log

# PostgreSQL and Redis run as `account`; as root, through runuser.
me=$(id -un)
as=()
account=$me
if [[ $(id -u) -eq 0 ]]; then
  account=${CLUSTER_USER:-hearts}
  [[ $account != root ]] ||
    { echo "cluster.sh: CLUSTER_USER must not be root: PostgreSQL refuses to run as root" >&2; exit 2; }
  as=(runuser -u "$account" --)
elif [[ -n ${CLUSTER_USER:-} && $CLUSTER_USER != "$me" ]]; then
  echo "cluster.sh: CLUSTER_USER=$CLUSTER_USER needs root; as $me, PostgreSQL and Redis run as $me" >&2
  exit 2
fi

pgbin=""
while read -r b; do
  [[ -x $b/initdb && -x $b/postgres ]] && pgbin=$b
done < <(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V)

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

# A process that has exited but not yet been reaped (a zombie: Redis daemonizes, and its
# new parent, the machine's init, may reap late) is not running.
running() { kill -0 "$1" 2>/dev/null && [[ $(ps -o stat= -p "$1" 2>/dev/null) != Z* ]]; }
alive() { [[ -f $run/$1.pid ]] && running "$(cat "$run/$1.pid")"; }

database_url() { echo "postgresql://hearts@/hearts?host=$dir/pg"; }
redis_url() { echo "unix://$dir/redis/redis.sock"; }

# Runs a PostgreSQL program as the account that owns the data (an older cluster.sh ran
# PostgreSQL as nobody).
pg() {
  if ((${#as[@]})); then
    local owner=$account
    [[ -d $dir/pg/data ]] && owner=$(stat -c %U "$dir/pg/data")
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}
pg_running() { [[ -n $pgbin && -d $dir/pg/data ]] && pg "$pgbin/pg_ctl" -D "$dir/pg/data" status >/dev/null 2>&1; }

# The account of PostgreSQL and Redis: as root, `hearts` unless CLUSTER_USER names one.
ensure_account() {
  ((${#as[@]})) || return 0
  id -u "$account" >/dev/null 2>&1 && return 0
  [[ -z ${CLUSTER_USER:-} ]] ||
    die "the account '$account' (CLUSTER_USER) does not exist: create it, or leave CLUSTER_USER unset to use a system account named hearts"
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin hearts || die "could not create the system account hearts (useradd above)"
  echo "cluster.sh: created the system account hearts: PostgreSQL and Redis run as it"
}

# DIR/pg and DIR/redis: only the account enters them. DIR/log, DIR/run and the nodes'
# folders: only this script's account. DIR itself: the account may cross it, nobody
# else may list it.
secure_folders() {
  if ((${#as[@]})); then
    # PostgreSQL and Redis as an older cluster.sh started them (as nobody) keep running
    # until `stop`; their folders are changed only once they are stopped.
    local owner=""
    [[ -d $dir/pg/data ]] && owner=$(stat -c %U "$dir/pg/data")
    if [[ -n $owner && $owner != "$account" ]] && pg_running; then
      die "PostgreSQL in $dir/pg runs as $owner (an older tools/cluster.sh), not $account: run tools/cluster.sh stop --dir $dir, then start (the data stays)"
    fi
    # Read once: a Redis on its way down may be gone between two reads of /proc.
    local redis_owner=""
    alive redis && redis_owner=$(stat -c %U "/proc/$(cat "$run/redis.pid")" 2>/dev/null || true)
    if [[ -n $redis_owner && $redis_owner != "$account" ]]; then
      die "Redis in $dir/redis runs as $redis_owner (an older tools/cluster.sh), not $account: run tools/cluster.sh stop --dir $dir, then start"
    fi
  fi
  mkdir -p "$run" "$log" "$dir/pg" "$dir/redis"
  chmod 700 "$run" "$log" "$dir/pg" "$dir/redis"
  for f in "$dir"/node* "$dir"/port "$dir"/haproxy.cfg; do [[ -e $f ]] && chmod -R go-rwx "$f"; done
  if ((${#as[@]})); then
    chmod 711 "$dir"
    [[ $(stat -c %U "$dir/pg") == "$account" ]] || chown -R "$account:" "$dir/pg"
    [[ $(stat -c %U "$dir/redis") == "$account" ]] || chown -R "$account:" "$dir/redis"
    "${as[@]}" test -w "$dir/pg" -a -x "$dir/pg" ||
      die "the account $account cannot reach $dir/pg: a folder above $dir is closed to other accounts; use a --dir under /srv or /var/lib, or let others cross the folders above it (chmod o+x)"
  else
    chmod 700 "$dir"
  fi
}

# pg_hba.conf and pg_ident.conf, written at each start (edits there are replaced).
write_pg_access() {
  {
    echo "# Written by tools/cluster.sh at each start: edits here are replaced."
    echo "# A Unix socket only (listen_addresses is empty), in a folder only $account enters."
    echo "# The kernel names each connection's account (peer); the map \"cluster\" in"
    echo "# pg_ident.conf lists the accounts that may log in, each only as \"hearts\"."
    echo "local all all peer map=cluster"
  } | "${as[@]}" tee "$dir/pg/data/pg_hba.conf" >/dev/null
  {
    echo "# Written by tools/cluster.sh at each start: edits here are replaced."
    echo "# MAPNAME  SYSTEM-USER  DATABASE-USER"
    echo "cluster $account hearts"
    if [[ $me != "$account" ]]; then echo "cluster $me hearts"; fi
  } | "${as[@]}" tee "$dir/pg/data/pg_ident.conf" >/dev/null
}

start_postgres() {
  if [[ ! -f $dir/pg/data/PG_VERSION ]]; then
    "${as[@]}" "$pgbin/initdb" -D "$dir/pg/data" -U hearts --auth-local=peer --auth-host=reject \
      -E UTF8 --locale=C.UTF-8 >"$log/initdb.log" 2>&1 || { cat "$log/initdb.log" >&2; exit 1; }
  fi
  write_pg_access
  if pg_running; then
    "${as[@]}" "$pgbin/pg_ctl" -D "$dir/pg/data" reload >/dev/null
  else
    "${as[@]}" "$pgbin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/server.log" -w -t 60 \
      -o "-k '$dir/pg' -c listen_addresses= -c unix_socket_permissions=0700 -c max_connections=200" \
      start >/dev/null || { cat "$dir/pg/server.log" >&2; exit 1; }
  fi
  if [[ $("${as[@]}" "$pgbin/psql" -X -At -h "$dir/pg" -U hearts -d postgres \
    -c "SELECT 1 FROM pg_database WHERE datname = 'hearts'") != 1 ]]; then
    "${as[@]}" "$pgbin/createdb" -h "$dir/pg" -U hearts hearts
  fi
  echo "PostgreSQL: $(database_url)"
}

start_redis() {
  if ! alive redis; then
    rm -f "$dir/redis/redis.pid"
    # No password: the nodes' unix:// URL cannot carry one; the folder keeps others out.
    "${as[@]}" redis-server --port 0 --unixsocket "$dir/redis/redis.sock" --unixsocketperm 700 \
      --dir "$dir/redis" --save '' --appendonly no --daemonize yes \
      --pidfile "$dir/redis/redis.pid" --logfile "$dir/redis/server.log"
    for _ in $(seq 100); do [[ -f $dir/redis/redis.pid && -S $dir/redis/redis.sock ]] && break; sleep 0.05; done
    [[ -f $dir/redis/redis.pid ]] || { tail -5 "$dir/redis/server.log" >&2; die "Redis did not start"; }
    cp "$dir/redis/redis.pid" "$run/redis.pid"
  fi
  echo "Redis: $(redis_url)"
}

restart_redis() {
  # Each running node logs "Redis reached" when it finds Redis again.
  local -A seen=()
  local k pid
  for k in $(seq "$nodes"); do
    alive "node$k" && seen[$k]=$(grep -c "Redis reached" "$log/node$k.log" || true)
  done
  if alive redis; then
    pid=$(cat "$run/redis.pid")
    kill "$pid"
    for _ in $(seq 100); do running "$pid" || break; sleep 0.05; done
    running "$pid" && die "Redis (pid $pid) did not stop within 5 s"
  fi
  rm -f "$run/redis.pid"
  start_redis
  # 30 s: a sanitizer build's node on a busy machine can take many seconds to notice.
  for _ in $(seq 300); do
    for k in "${!seen[@]}"; do
      (($(grep -c "Redis reached" "$log/node$k.log" || true) > seen[$k])) && unset "seen[$k]"
    done
    ((${#seen[@]})) || break
    sleep 0.1
  done
  if ((${#seen[@]})); then
    echo "cluster.sh: Redis is back, but node(s) ${!seen[*]} did not reach it within 30 s: see $log/node<K>.log" >&2
    exit 1
  fi
  # That is a node's sending thread; its listening one takes up to a second more, and until
  # then the node refuses what it would forward ("try again in a moment"). /api/stats says
  # "redis":true once both have Redis.
  local listening
  for k in $(seq "$nodes"); do
    alive "node$k" || continue
    listening=false
    for _ in $(seq 300); do
      curl -s "http://127.0.0.1:$((port + k))/api/stats" | grep -q '"redis":true' && { listening=true; break; }
      sleep 0.1
    done
    $listening || { echo "cluster.sh: node $k does not listen to Redis again within 30 s: see $log/node$k.log" >&2; exit 1; }
  done
  echo "Redis started again, empty; every running node reached it again, wrote its part anew and listens"
}

start_node() {
  local k=$1
  alive "node$k" && { echo "node $k: already running"; return; }
  mkdir -p "$dir/node$k"
  HEARTS_WEB_DIR=${HEARTS_WEB_DIR:-$root/web/dist} \
    nohup "$bin" serve --port $((port + k)) --data-dir "$dir/node$k" \
    --database "$(database_url)" --redis "$(redis_url)" --node "node$k" \
    --trust-proxy 127.0.0.1 --allow-origin "http://localhost:$port" \
    --allow-origin "http://127.0.0.1:$port" --log-level "${HEARTS_NODE_LOG_LEVEL:-info}" \
    >"$log/node$k.out" 2>>"$log/node$k.log" </dev/null &
  echo $! >"$run/node$k.pid"
  for _ in $(seq 100); do
    grep -q "listening on" "$log/node$k.out" 2>/dev/null && break
    alive "node$k" || { echo "cluster.sh: node $k did not start:" >&2; tail -5 "$log/node$k.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "node $k: http://127.0.0.1:$((port + k))/ (pid $(cat "$run/node$k.pid"))"
}

haproxy_config() {
  # Each connection is two descriptors (the browser's and the node's).
  local fds global front
  fds=$(ulimit -n)
  [[ $fds == unlimited ]] && fds=40000
  global=${HAPROXY_MAXCONN:-$(((fds - 100) / 2 < 20000 ? (fds - 100) / 2 : 20000))}
  # The frontend stops accepting a little before the process's bound, so the stats
  # socket and the health checks always have room.
  front=$((global > 200 ? global - 100 : global))
  echo "global"
  echo "  maxconn $global"
  echo "  stats socket $run/haproxy.sock mode 600 level admin"
  if [[ $(id -u) -eq 0 ]]; then
    # Binds as root, then serves as an account that owns nothing of the cluster's.
    if id -u haproxy >/dev/null 2>&1; then
      echo "  user haproxy"
      echo "  group $(id -gn haproxy)"
    else
      echo "  user nobody"
      echo "  group $(id -gn nobody)"
    fi
  fi
  echo "defaults"
  echo "  mode http"
  echo "  option forwardfor"
  echo "  timeout connect 5s"
  # A request's headers must all arrive within this, however slowly they trickle.
  echo "  timeout http-request ${request_timeout}s"
  # An idle keep-alive connection waits this long for its next request.
  echo "  timeout http-keep-alive 10s"
  echo "  timeout client 30s"
  echo "  timeout client-fin 10s"
  echo "  timeout server 60s"
  # A WebSocket is a tunnel once upgraded: the page pings every few seconds.
  echo "  timeout tunnel 1h"
  echo "frontend hearts"
  echo "  bind ${HAPROXY_BIND:-127.0.0.1}:$port"
  echo "  maxconn $front"
  # Per address (IPv4, or IPv6 as such): connections open now, new ones in 10 s, HTTP
  # requests in 10 s. 200,000 addresses at most; one is forgotten a minute after its last.
  echo "  stick-table type ipv6 size 200k expire 60s store conn_cur,conn_rate(10s),http_req_rate(10s)"
  echo "  tcp-request connection track-sc0 src"
  echo "  tcp-request connection reject if { sc0_conn_cur gt $per_source }"
  echo "  tcp-request connection reject if { sc0_conn_rate gt $conn_rate }"
  echo "  http-request deny deny_status 429 if { sc0_http_req_rate gt $request_rate }"
  echo "  default_backend nodes"
  echo "backend nodes"
  echo "  balance leastconn"
  for k in $(seq "$nodes"); do
    echo "  server node$k 127.0.0.1:$((port + k)) check inter 1s fall 2 rise 1"
  done
}

# Starts HAProxy, or leaves a running one alone if its configuration is the same, or
# reloads it gracefully: a new worker takes new connections, the old one keeps serving
# its own (WebSockets included) until they close.
start_haproxy() {
  local cfg=$dir/haproxy.cfg new=$dir/haproxy.cfg.new pid
  # As many descriptors as this account may have (the bound in all follows from them).
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  haproxy_config >"$new"
  if ! haproxy -c -q -f "$new" >"$log/haproxy-check.log" 2>&1; then
    cat "$log/haproxy-check.log" >&2
    die "HAProxy refuses the configuration in $new (above); a running HAProxy was left as it was"
  fi
  echo "$nodes" >"$dir/nodes"
  echo "$port" >"$dir/port"
  if alive haproxy; then
    pid=$(cat "$run/haproxy.pid")
    if cmp -s "$new" "$cfg"; then
      rm -f "$new"
      echo "HAProxy: already running, same configuration (pid $pid): left alone"
      return
    fi
    mv "$new" "$cfg"
    if tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- ' -W '; then
      kill -USR2 "$pid"
      echo "HAProxy: reloaded (pid $pid): open connections stay with the old worker until they close"
    else
      # Started by an older cluster.sh, without a master: a new one takes over (-sf),
      # the old process serves its connections until they close, then exits.
      haproxy -W -D -f "$cfg" -p "$run/haproxy.pid" -sf "$pid" 2>>"$log/haproxy.log"
      echo "HAProxy: replaced (the old process $pid ends when its connections close)"
    fi
  else
    mv "$new" "$cfg"
    haproxy -W -D -f "$cfg" -p "$run/haproxy.pid" 2>>"$log/haproxy.log"
  fi
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
  if pg_running; then
    pg "$pgbin/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null || true
  fi
  rm -f "$run"/*.pid
  echo "stopped; the data stays in $dir"
}

status() {
  if pg_running; then
    echo "postgres: running (pid $(head -1 "$dir/pg/data/postmaster.pid")): $(database_url)"
  else
    echo "postgres: stopped"
  fi
  for name in redis haproxy $(for k in $(seq "$nodes"); do echo "node$k"; done); do
    if alive "$name"; then
      case $name in
        redis) echo "redis: running (pid $(cat "$run/redis.pid")): $(redis_url)" ;;
        haproxy) echo "haproxy: running (pid $(cat "$run/haproxy.pid")): http://localhost:$port/" ;;
        *) echo "$name: running (pid $(cat "$run/$name.pid"))" ;;
      esac
    else
      echo "$name: stopped"
    fi
  done
  for k in $(seq "$nodes"); do
    alive "node$k" && echo "node$k: $(curl -s "http://127.0.0.1:$((port + k))/api/stats" || true)"
  done
  return 0
}

if [[ -f $dir/port && $cmd == start ]] && [[ $(cat "$dir/port") != "$port" ]] && alive haproxy; then
  die "the cluster in $dir runs on port $(cat "$dir/port"): stop it first to change --port"
fi
[[ -f $dir/port && $cmd != start ]] && port=$(cat "$dir/port")
[[ -f $dir/nodes && $cmd != start ]] && nodes=$(cat "$dir/nodes")
case $cmd in
  start)
    need
    ensure_account
    secure_folders
    start_postgres
    start_redis
    for k in $(seq "$nodes"); do start_node "$k"; done
    start_haproxy
    ;;
  stop) stop_all ;;
  status) status ;;
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
  restart-redis)
    need
    ensure_account
    secure_folders
    restart_redis
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
