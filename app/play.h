// `hearts play`: a game in the terminal, you (South) against three computer opponents.
//
// It reads commands line by line from `in` and writes to `out`, so it works the same on
// a terminal and with piped input (tests feed it stdin). Each prompt ends with "> ".
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "hearts/rules.h"

namespace hearts::app {

struct PlayOptions {
    std::uint64_t seed = 0;
    Rules rules;
    std::string bot_level = "expert";
    std::array<std::string, 3> names{"Mike", "Bill", "Lisa"};  // West, North, East
    std::string record_path;  // where to write the game record at the end (optional)
    bool color = false;       // ANSI colours for red suits (terminals only)
    bool echo_input = false;  // repeat each input line after its prompt (piped input)
};

/// Plays one game; returns the process exit code (0 when the game reached its end).
int play_command(const PlayOptions& options, std::istream& in, std::ostream& out);

}  // namespace hearts::app
