// `hearts arena --ratings` (app/arena_ratings.cpp; docs/bots.md, "Ratings of the computer
// players"): each level's rating, from whole games of four levels rated as people are.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "hearts/rules.h"

namespace hearts::app {

struct ArenaRatingsOptions {
    std::vector<std::string> levels{"random", "easy", "medium", "hard", "expert"};
    int games = 200;
    int threads = 1;
    std::uint64_t seed = 1;
    Rules rules;
};

/// Plays the games, rates the levels and prints their ratings. 0 when done, 1 when a game
/// failed, 2 for bad options.
int arena_ratings_command(const ArenaRatingsOptions& o, std::ostream& out, std::ostream& err);

}  // namespace hearts::app
