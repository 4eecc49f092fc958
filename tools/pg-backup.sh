#!/usr/bin/env bash
# Backs up and restores the PostgreSQL store of `hearts serve --database` (docs/scaling.md,
# "Backups"). pg_dump takes a consistent snapshot while the server runs and plays on;
# a restore goes into an empty database, in one transaction, before a server starts on it.
#   tools/pg-backup.sh backup  URL FILE   writes FILE (pg_dump's custom format)
#   tools/pg-backup.sh restore FILE URL   fills the empty database at URL from FILE
set -euo pipefail
cmd=${1:-}
[[ $# -eq 3 ]] || { echo "usage: $0 backup URL FILE | restore FILE URL" >&2; exit 2; }
# Debian's versioned programs: /usr/bin's wrappers would ask for a cluster of this machine.
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -n $bin && -x $bin/pg_dump ]] || { echo "pg-backup: install postgresql-client" >&2; exit 2; }
case $cmd in
  backup)
    "$bin/pg_dump" --format=custom --no-owner --file="$3" "$2"
    echo "pg-backup: $(stat -c %s "$3") bytes in $3"
    ;;
  restore)
    tables=$("$bin/psql" -X -At -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'" "$3")
    if [[ $tables != 0 ]]; then
      echo "pg-backup: the database at the URL is not empty ($tables tables): restore into a new one" >&2
      exit 1
    fi
    "$bin/pg_restore" --no-owner --exit-on-error --single-transaction --dbname="$3" "$2"
    echo "pg-backup: restored $2"
    ;;
  *) echo "usage: $0 backup URL FILE | restore FILE URL" >&2; exit 2 ;;
esac
