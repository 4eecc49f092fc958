#!/usr/bin/env bash
# A Redis server of the tests' own, from Debian's redis-server, in a folder of its own:
# it listens only on a Unix socket in that folder and keeps nothing on disk.
#   tests/redis.sh start DIR [PID]  creates DIR (replacing what was there) and starts it;
#                                   with PID, it also stops by itself once that process
#                                   has gone, however it ended (kill -9)
#   tests/redis.sh restart DIR      kills it (as a crash would: what it held is lost) and
#                                   starts it again
#   tests/redis.sh down DIR         kills it, as `restart` does, and leaves it down
#   tests/redis.sh up DIR           starts it again after `down`
#   tests/redis.sh stop DIR         stops it and removes DIR
#   tests/redis.sh url DIR          prints its URL
# As root, it runs as `nobody`.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
usage="usage: $0 start|restart|down|up|stop|url DIR [PID]"
[[ -n $cmd && -n $dir ]] || { echo "$usage" >&2; exit 2; }
command -v redis-server >/dev/null || {
  echo "redis.sh: redis-server is not installed: run scripts/install-deps.sh --test" >&2
  exit 2
}
as=()
[[ $(id -u) -eq 0 ]] && as=(runuser -u nobody --)

halt() {
  if [[ -f $dir/redis.pid ]]; then
    kill -9 "$(cat "$dir/redis.pid")" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null || break; sleep 0.1; done
    rm -f "$dir/redis.pid" "$dir/redis.sock"
  fi
}

launch() {
  "${as[@]}" redis-server --port 0 --unixsocket "$dir/redis.sock" --unixsocketperm 777 \
    --dir "$dir" --save '' --appendonly no --daemonize yes --pidfile "$dir/redis.pid" \
    --logfile "$dir/server.log" --loglevel warning
  for _ in $(seq 100); do
    [[ -S $dir/redis.sock ]] && return 0
    sleep 0.05
  done
  echo "redis.sh: Redis did not start in $dir:" >&2
  cat "$dir/server.log" >&2 || true
  exit 1
}

case $cmd in
  start)
    halt
    rm -rf "$dir"
    mkdir -p "$dir"
    [[ ${#as[@]} -gt 0 ]] && chown nobody "$dir"
    launch
    if [[ -n ${3:-} ]]; then
      setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; exec "$2" stop "$3"' \
        watchdog "$3" "$0" "$dir" </dev/null >/dev/null 2>&1 &
    fi
    echo "redis.sh: Redis running in $dir"
    ;;
  restart)
    halt
    launch
    ;;
  down) halt ;;
  up) launch ;;
  stop)
    halt
    rm -rf "$dir"
    ;;
  url) echo "unix://$dir/redis.sock" ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
