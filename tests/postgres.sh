#!/usr/bin/env bash
# A PostgreSQL server of the tests' own, from Debian's packages, in a folder of its own:
# it listens only on a Unix socket in that folder, so it never meets another server.
#   tests/postgres.sh start DIR   creates DIR (replacing what was there) and starts it
#   tests/postgres.sh restart DIR stops it (as a crash would) and starts it again
#   tests/postgres.sh stop DIR    stops it and removes DIR
#   tests/postgres.sh url DIR     prints the URL of its `postgres` database
# PostgreSQL refuses to run as root: as root, it runs as `nobody`.
#
# fsync is off: the tests kill `hearts serve`, never this server or the machine, and
# what a commit promises towards a live PostgreSQL holds without it. A deployment keeps
# PostgreSQL's defaults (docs/scaling.md).
set -euo pipefail
cmd=${1:-}
dir=${2:-}
[[ -n $cmd && -n $dir ]] || { echo "usage: $0 start|restart|stop|url DIR" >&2; exit 2; }

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -n $bin && -x $bin/initdb ]] || {
  echo "postgres.sh: PostgreSQL is not installed: run scripts/install-deps.sh --test" >&2
  exit 2
}
as=()
[[ $(id -u) -eq 0 ]] && as=(runuser -u nobody --)

stop() {
  if [[ -f $dir/data/postmaster.pid ]]; then
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

launch() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-k $dir -c listen_addresses= -c fsync=off -c full_page_writes=off -c max_connections=300" \
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
    echo "postgres.sh: PostgreSQL running in $dir"
    ;;
  restart)
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    launch
    ;;
  stop) stop ;;
  url) echo "postgresql://hearts@/postgres?host=$dir" ;;
  *) echo "usage: $0 start|restart|stop|url DIR" >&2; exit 2 ;;
esac
