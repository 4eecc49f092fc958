// The command line of `hearts serve`: every setting of server/options.h as an option,
// grouped as `hearts serve --help` shows them.
#pragma once

#include "options.h"

namespace CLI {
class App;
}

namespace hearts::app {

/// Adds the `serve` subcommand, bound to `options` (already filled from the environment).
CLI::App* add_serve_command(CLI::App& app, hearts::server::ServeOptions& options);

}  // namespace hearts::app
