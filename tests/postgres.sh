#!/usr/bin/env bash
# A PostgreSQL server of the tests' own, from Debian's packages, in a folder of its own:
# it listens only on a Unix socket in that folder, so it never meets another server.
#   tests/postgres.sh start DIR [PID]  creates DIR (replacing what was there) and starts
#                                      it; with PID, it also stops by itself once that
#                                      process has gone, however it ended (kill -9)
#   tests/postgres.sh restart DIR      stops it (as a crash would) and starts it again
#   tests/postgres.sh halt DIR         stops it (as a crash would), keeping its data
#   tests/postgres.sh resume DIR       starts it again after halt
#   tests/postgres.sh stop DIR         stops it and removes DIR
#   tests/postgres.sh url DIR          prints the URL of its `postgres` database
# PostgreSQL refuses to run as root: as root, it runs as `nobody`.
#
# fsync is off: the tests kill `hearts serve`, never this server or the machine, and
# what a commit promises towards a live PostgreSQL holds without it. A deployment keeps
# PostgreSQL's defaults (docs/scaling.md).
set -euo pipefail
cmd=${1:-}
dir=${2:-}
usage="usage: $0 start|restart|halt|resume|stop|url DIR [PID]"
[[ -n $cmd && -n $dir ]] || { echo "$usage" >&2; exit 2; }

# The newest PostgreSQL whose server is installed (a newer client alone has no initdb).
bin=""
for b in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
  [[ -x $b/initdb && -x $b/postgres ]] && bin=$b
done
[[ -n $bin ]] || {
  echo "postgres.sh: PostgreSQL's server is not installed: run scripts/install-deps.sh --test" >&2
  exit 2
}
as=()
[[ $(id -u) -eq 0 ]] && as=(runuser -u nobody --)

stop() {
  if [[ -f $dir/data/postmaster.pid ]]; then
    if ! "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 &&
      "${as[@]}" "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      echo "postgres.sh: could not stop the server in $dir; its folder is left as it is" >&2
      return 1
    fi
  fi
  rm -rf "$dir"
}

launch() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-k '$dir' -c listen_addresses= -c fsync=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case $cmd in
  start)
    stop
    mkdir -p "$dir"
    [[ ${#as[@]} -gt 0 ]] && chown nobody "$dir"
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U hearts -A trust -E UTF8 --locale=C.UTF-8 -N \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    launch
    if [[ -n ${3:-} ]]; then
      # The watchdog: in a session of its own, so the caller's `system` returns at once.
      setsid bash -c 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; exec "$2" stop "$3"' \
        watchdog "$3" "$0" "$dir" </dev/null >/dev/null 2>&1 &
    fi
    echo "postgres.sh: PostgreSQL running in $dir"
    ;;
  restart)
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    launch
    ;;
  halt) "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null ;;
  resume) launch ;;
  stop) stop ;;
  url) echo "postgresql://hearts@/postgres?host=$dir" ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
