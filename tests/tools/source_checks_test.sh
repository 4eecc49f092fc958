#!/usr/bin/env bash
# The checks `make format-check` runs over the sources fail when they should: each is
# given a small tree with one fault and must name it, and a clean tree must pass.
#   tests/tools/source_checks_test.sh   (run by ctest as Tools.SourceChecksCatchWhatTheyGuard)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failed=0
expect() {  # expect STATUS PATTERN -- COMMAND...
  local want=$1 pattern=$2 out status=0
  shift 3
  out=$("$@" 2>&1) || status=$?
  if [[ $status != "$want" ]] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL: $* exited $status (wanted $want) and printed:"
    echo "$out" | sed 's/^/  /'
    echo "  (wanted a line matching: $pattern)"
    failed=1
  fi
}
includes=$root/tools/check-includes.pl
mkdir -p server/model server/table server/social server/net engine/src
printf '#include "model/vocab.h"\n#include <vector>\n#include "hearts/game.h"\n' >server/model/ok.h
printf '#include "social/social.h"\n#include "options.h"\n' >server/table/ok.cpp
printf '#include "protocol/messages.h"\n' >server/model/table.cpp  # a listed debt
CHECK_INCLUDES_DEBTS='server/model/table.cpp protocol/messages.h' \
  expect 0 '^$' -- "$includes" server/model/ok.h server/table/ok.cpp server/model/table.cpp
# A floor that looks up, a part that reaches the edge, a bare name, an engine using Boost.
printf '#include "protocol/messages.h"\n' >server/model/up.h
expect 1 'server/model/up.h:1: includes protocol/messages.h: model/ may include only' -- \
  "$includes" server/model/up.h
printf '#include <string>\n#include "net/net.h"\n' >server/table/edge.cpp
expect 1 'server/table/edge.cpp:2: includes net/net.h: table/ may include only' -- \
  "$includes" server/table/edge.cpp
printf '#include "vocab.h"\n' >server/net/bare.cpp
expect 1 'bare.cpp:1: includes vocab.h: a server header is named from server/' -- \
  "$includes" server/net/bare.cpp
printf '#include <boost/asio.hpp>\n' >engine/src/io.cpp
expect 1 'engine/src/io.cpp:1: includes boost/asio.hpp: the engine is the rules alone' -- \
  "$includes" engine/src/io.cpp
# A debt that was paid must leave the list.
printf '#include "model/vocab.h"\n' >server/model/table.cpp
CHECK_INCLUDES_DEBTS='server/model/table.cpp protocol/messages.h' \
  expect 1 'is paid: remove it from the list' -- "$includes" server/model/table.cpp
mkdir -p server/newpart
printf '#include "model/vocab.h"\n' >server/newpart/x.cpp
expect 1 'server/newpart/ is a folder with no include rule' -- "$includes" server/newpart/x.cpp

fs=$root/tools/check-fs-calls.pl
printf 'bool f(const std::filesystem::path& p) {\n  return std::filesystem::is_regular_file(p);\n}\n' >server/net/fs.cpp
expect 1 'server/net/fs.cpp:2: std::filesystem::is_regular_file without an error_code' -- "$fs" server/net/fs.cpp
printf 'bool f(const std::filesystem::path& p, std::error_code& ec) {\n  return std::filesystem::is_regular_file(p, ec);\n}\n' >server/net/fs.cpp
expect 0 '^$' -- "$fs" server/net/fs.cpp

lengths=$root/tools/check-file-lengths.pl
seq 600 >server/net/full.cpp
expect 0 '^$' -- "$lengths" server/net/full.cpp
seq 601 >server/net/long.cpp
expect 1 'server/net/long.cpp: 601 lines \(at most 600' -- "$lengths" server/net/full.cpp server/net/long.cpp
((failed == 0)) && echo "source checks: every fault named, and the clean tree passed"
exit $failed
