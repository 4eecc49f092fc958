// `hearts loadtest`: many scripted WebSocket clients playing many tables at once
// against a `hearts serve` on this machine (loopback only), at the fastest pace the
// server's per-connection rate limit allows. It reports actions per second, the latency
// from sending an action to its `ack`, games and hands completed, errors by code, and
// the server's RSS and CPU read from /proc. docs/reliability.md ("Load") has the
// commands and the figures measured with it.
//
//   hearts loadtest --spawn --tables 16 --seconds 20
//   hearts loadtest --url ws://127.0.0.1:8080/ws --server-pid 1234 --tables 8 --people 4
//   hearts loadtest --url ws://127.0.0.1:8080/ws --people 4 --reconnect   (tools/chaos.sh)
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace hearts::app {

struct LoadtestOptions {
    std::string url;                      // ws://127.0.0.1:PORT/ws of a running server
    bool spawn = false;                   // start `hearts serve --port 0` from this binary instead
    std::vector<std::string> serve_args;  // --spawn: extra arguments for `hearts serve`
    std::string server_bin;               // --spawn: the `hearts` to serve with ("" = this)
    int server_pid = 0;            // with --url: the server process to measure (0: not measured)
    int tables = 4;                // tables played at once
    int people = 1;                // scripted people per table: 1 = solo (`new_game`), 2..4
    std::string level = "random";  // solo tables: the computer players' level
    // Tables of 2-4 people: public (their games rated, docs/ratings.md) instead of private,
    // and their rules ("" = the defaults; e.g. "end=20" for short games).
    bool public_tables = false;
    std::string rules;
    double seconds = 10;     // stop after this long
    std::int64_t games = 0;  // ... or after this many finished games (0: no limit)
    std::int64_t hands = 0;  // ... or after this many finished hands (0: no limit)
    double rate = 19;        // messages per second per connection (the server allows 20)
    double pace_min = 0,
           pace_max = 0;  // a person acts a random MIN-MAX s after it may (0: at once)
    int per_address = 1;  // connections per loopback source address: one person per address
    std::string first_address = "127.0.0.1";  // the first loopback source address
    double stall_seconds = 10;                // a table with no message for this long is an error
    // A person whose connection is lost (a node killed or paused, as tools/chaos.sh does)
    // comes back as its player and asks for what it missed, as a page does; the run ends
    // with every table checked: its people at one version, no acknowledged action lost.
    bool reconnect = false;
    double answer_seconds = 10;  // --reconnect: a request unanswered this long: the link is dead
    std::uint64_t seed = 1;      // the scripted people's card choices
    // Every frame each person sends and receives, and each connection's start and end,
    // one line each with the time and the table and seat it plays (tools/chaos.sh keeps it
    // to tell why a table stalled). Empty: none.
    std::string trace;
    bool json = false;  // print the report as JSON
};

/// Adds the `loadtest` subcommand and its options to `app`; returns it.
CLI::App* add_loadtest_command(CLI::App& app, LoadtestOptions& options);

/// Runs the load test and prints the report to `out` (problems to `err`). Returns 0
/// when actions were acknowledged and nothing went wrong, 1 when there were errors or
/// the server could not be reached or refused, 2 for bad options.
int loadtest_command(const LoadtestOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hearts::app
