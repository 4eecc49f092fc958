#!/usr/bin/env bash
# Installs what building and testing Hearts needs on Debian 12, and nothing that is
# already there. Safe to run again and again: it only asks apt when something is missing.
#   scripts/install-deps.sh          what `make run` needs
#   scripts/install-deps.sh --test   also what the tests need (Chromium for Playwright;
#                                    clang 14 and its libFuzzer for the ASan build and
#                                    its fuzzers;
#                                    PostgreSQL, Redis and HAProxy for the cluster and
#                                    tools/cluster.sh)
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config clang-format
  libboost-dev nlohmann-json3-dev libsqlite3-dev libssl-dev libspdlog-dev libfmt-dev libcli11-dev
  libicu-dev libsimdjson-dev libjemalloc-dev libpq-dev libhiredis-dev
  libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
  # The engine, the bots and the offline server in WebAssembly for the page's games with
  # no network (wasm/, `make build-wasm`; docs/offline.md).
  emscripten
)

if [ "${1:-}" = "--test" ]; then
  packages+=(chromium)
  packages+=(clang-14 libclang-rt-14-dev)
  # PostgreSQL's server and tools: the tests start servers of their own (tests/postgres.sh)
  # and back one up (tools/pg-backup.sh).
  packages+=(postgresql-15 postgresql-client-15)
  # Redis and HAProxy: the cluster tests start a Redis of their own (tests/redis.sh), and
  # tools/cluster.sh a whole cluster behind HAProxy (docs/scaling.md).
  packages+=(redis-server haproxy curl)
  # tests/cluster_script_test.sh: redis-cli (also a dependency of redis-server) and python3
  # (its half-open connections, WebSocket and stick-table checks).
  packages+=(redis-tools python3)
  # e2e/leaderboard.spec.ts writes a board of players with the sqlite3 program.
  packages+=(sqlite3)
fi
# Node.js and npm build the web client; this machine kind ships them, a bare Debian
# does not.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "Installing missing packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  # PostgreSQL's package would create and start a cluster of the machine's own; the tests
  # need none, and a deployment makes its own (docs/scaling.md).
  if [[ " ${missing[*]} " == *" postgresql-15 "* && ! -e /etc/postgresql-common/createcluster.d/hearts.conf ]]; then
    $sudo mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.d/hearts.conf >/dev/null
  fi
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
