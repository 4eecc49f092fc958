// Game records: a finished or unfinished game as JSON (docs/game-record.md).
//
// A record holds the rules, the seed, every action in order, and the results. Loading a
// record replays its actions on a new Game, so the loaded state is exactly the state
// that wrote it. A corrupt or illegal record is rejected with the field or action at
// fault and the reason, e.g. "actions[17]: W play QS: you must follow suit".
#pragma once

#include <string>
#include <string_view>

#include "hearts/expected.h"
#include "hearts/game.h"

namespace hearts {

/// The record of `game` as JSON text. `indent` < 0 gives one line; otherwise arrays and
/// objects that fit in 100 columns stay on one line (one action per line), indented by
/// `indent` spaces per level (at most 16).
/// Example: `std::string json = to_record_json(game);`
std::string to_record_json(const Game& game, int indent = 2);

/// Rebuilds a game from a record. When the record carries deals and results, they must
/// match the seed and the replay. Never throws; any bad input gives an Error whose reason
/// starts with the field at fault, e.g. "rules.moon: expected ...".
/// Example: `auto g = load_record(text); if (!g) puts(g.error().reason.c_str());`
Expected<Game> load_record(std::string_view json);

}  // namespace hearts
