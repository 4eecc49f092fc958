#!/usr/bin/env bash
# Prints P such that the ports P … P+N on 127.0.0.1 are free now, for a cluster's HAProxy
# and its N nodes (tools/cluster.sh --port P --nodes N). P is drawn at random from 10000 to
# 32000, below Linux's ephemeral range (32768-60999), where the system picks the local port
# of every outgoing connection, so none of those takes one meanwhile.
#   tools/free-ports.sh N
set -euo pipefail
[[ ${1:-} =~ ^[1-9][0-9]?$ ]] || { echo "usage: $0 N (1 to 99 nodes)" >&2; exit 2; }
exec python3 - "$1" <<'PY'
import random, socket, sys

count = int(sys.argv[1]) + 1
for _ in range(500):
    first = random.randrange(10000, 32000 - count)
    held = []
    try:
        for k in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            held.append(s)
            s.bind(("127.0.0.1", first + k))
    except OSError:
        continue
    else:
        print(first)
        sys.exit(0)
    finally:
        for s in held:
            s.close()
sys.exit(f"free-ports.sh: no {count} free ports in a row found from 10000 to 32000")
PY
