// `hearts flood`: one hostile script against a `hearts serve` it starts, and what that
// costs everyone else (docs/reliability.md, "Floods"). A victim, one person playing a
// solo game (`hearts loadtest --tables 1`, as a child process), plays alone first, then
// while the flood runs; the report gives the victim's latencies both times and their
// ratio, and the server's memory, CPU and database growth during the flood.
//
//   hearts flood --kind bots --seconds 60
//   hearts flood --kind all --server-bin /path/to/an/older/hearts --json
//
// The floods are the findings of a hostile look at the server, each from one address and
// within the documented per-connection limits: bad-frames (connections that each send one
// bad frame, from the victim's own address), lobby (throw-away players opening public
// tables, watchers that do not read, one connection opening tables as fast as allowed),
// new-game (8 connections starting games), bots (16 connections playing solo games
// against `expert`), connections (38 addresses holding as many connections as they can,
// under a limit of 1024 open files), reconnect (a player reconnecting and resuming in a
// loop, and wrong private codes).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace hearts::app {

struct FloodOptions {
    std::string kind = "all";
    double seconds = 60;           // the flood, with the victim playing through it
    double quiet_seconds = 20;     // the victim alone first, on the same server
    std::string server_bin;        // the `hearts` that serves ("" = this one), e.g. an older build
    std::string level = "expert";  // the victim's computer players
    bool json = false;
};

/// The names of the floods `--kind` takes (and "all").
const std::vector<std::string>& flood_kinds();

CLI::App* add_flood_command(CLI::App& app, FloodOptions& options);
int flood_command(const FloodOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hearts::app
