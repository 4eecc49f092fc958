// `hearts serve`: the game server. Settings come from the command line, then the
// environment (HEARTS_PORT, HEARTS_BIND, HEARTS_DATA_DIR, HEARTS_WEB_DIR,
// HEARTS_LOG_LEVEL), then defaults.
#pragma once

#include <string>

namespace hearts::server {

struct ServeOptions {
    std::string bind = "127.0.0.1";
    int port = 8080;
    std::string data_dir = "data";  // relative to the working directory
    std::string web_dir;            // default: web/dist next to the source tree, else ./web/dist
    std::string log_level = "info";
    int threads = 2;                     // network and table threads
    int bot_threads = 1;                 // computer players think here
    double grace_seconds = 60;           // a dropped player's seat is held this long
    double timer_scale = 1;              // multiplies turn-timer durations (for tests)
    int inactivity_seconds = 1800;       // nothing but pings this long: closed
    int idle_timeout_seconds = 300;      // no frame and no pong this long: closed
    double keep_finished_seconds = 900;  // a finished table stays live this long
    std::size_t max_queued_kib = 1024;   // unread messages a client may have waiting
};

/// Fills unset options from the environment. Returns an error text, or "" when fine.
std::string apply_environment(ServeOptions& options);

/// Runs until SIGINT or SIGTERM; returns the process exit code.
int serve_command(const ServeOptions& options);

}  // namespace hearts::server
