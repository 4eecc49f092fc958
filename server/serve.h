// `hearts serve`: the game server. Settings (server/options.h) come from the command
// line, then the environment (HEARTS_PORT, HEARTS_BIND, HEARTS_DATA_DIR, HEARTS_WEB_DIR,
// HEARTS_LOG_LEVEL), then defaults.
#pragma once

#include <string>

#include "options.h"

namespace hearts::server {

/// Fills options from the environment. Returns an error text, or "" when fine.
std::string apply_environment(ServeOptions& options);

/// Runs until SIGINT or SIGTERM; returns the process exit code.
int serve_command(const ServeOptions& options);

}  // namespace hearts::server
