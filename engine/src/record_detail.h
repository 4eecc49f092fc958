// What the two halves of the game-record code share (record_write.cpp writes a record,
// record_read.cpp reads and checks one): the JSON types, the format's name and version,
// and the pieces of a record the reader compares with what it replays, so that writer
// and checker cannot drift. Internal to the engine: not installed, not for other parts.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "hearts/game.h"

namespace hearts::record_detail {

using Ordered = nlohmann::ordered_json;  // what we write: keys in the documented order
using Parsed = nlohmann::json;           // what we read: map-backed, so lookups stay cheap

constexpr std::string_view kFormat = "hearts-game-record";
constexpr int kVersion = 1;

inline std::string seat_key(Seat s) {
    return std::string(1, seat_letter(s));
}

Ordered cards_json(CardSet cards);
Ordered rules_json(const Rules& rules);
/// The record's "result": also what a loaded record's must equal.
Ordered result_json(const Game& game);

}  // namespace hearts::record_detail
