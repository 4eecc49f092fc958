#!/usr/bin/env bash
# Runs a command at the lowest CPU priority, so that it takes only what the rest of the
# machine leaves: `make test`'s build lane (docs/testing.md, "Two lanes").
#   scripts/background.sh COMMAND...
#
# `nice` alone is not enough on Linux with autogroups (kernel.sched_autogroup_enabled=1,
# the default): the scheduler first shares the CPU between sessions, fairly, and applies
# nice only inside one. Chromium, Redis and PostgreSQL each start a session of their own,
# so a build at nice 15 in make's session still took half the cores from a browser test.
# The command gets its own session here, and that session's autogroup the lowest weight
# (nice 19, /proc/self/autogroup). Where autogroups are off or cannot be set, it is nice
# 19 and nothing else. An interrupt or a stop of this script stops the whole session.
set -uo pipefail
[ $# -gt 0 ] || { echo "usage: $0 COMMAND..." >&2; exit 2; }

# In a non-interactive shell a background job is not a process group leader, so setsid
# makes the session itself (no fork): the job's pid is the session's and its group's.
setsid sh -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"' sh "$@" &
job=$!
trap 'kill -TERM -- -"$job" 2>/dev/null; wait "$job"; exit 130' INT TERM HUP
wait "$job"
