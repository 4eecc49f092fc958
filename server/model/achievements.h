// Achievements: what a player's finished games earn them (a first win, a moon shot, a
// hundred games…), each with a cosmetic item to wear on their avatar. They are earned
// from the statistics rows the table writes when a game ends (model/stats.h), never from
// anything a client says: `achievements_earned` is pure, and each store runs it over a
// player's rows inside the transaction that adds a game, so an achievement is stored
// with the game that earned it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/stats.h"

namespace hearts::server {

/// One achievement, in the seed's words: "It looks like you might be a <title>. You can
/// now wear a <item_name> while playing."
struct AchievementDef {
    std::string_view id;         // stable, stored: "first_win"
    std::string_view name;       // "First win"
    std::string_view how;        // "Win a game."
    std::string_view title;      // "winner"
    std::string_view item;       // the cosmetic's id, drawn by the client: "party_hat"
    std::string_view item_name;  // "party hat"
};

/// Every achievement, in the order a list shows them (roughly from the first met).
std::span<const AchievementDef> achievements();
/// The achievement with this id, or none.
const AchievementDef* find_achievement(std::string_view id);
/// The achievement whose item this is, or none (each item belongs to one achievement).
const AchievementDef* achievement_of_item(std::string_view item);

/// One person's finished (or conceded) game, as its statistics row says.
struct PlayedGame {
    std::string table;
    std::int64_t finished_ms = 0;
    bool with_people = false;
    std::string level;  // the computer players' level; "" when there were none
    bool conceded = false;
    bool helped = false;  // a computer played for them at some point
    SeatSummary summary;
};

/// An achievement a player holds: earned by the game at `table`, which finished at `at_ms`.
struct Earned {
    std::string id;
    std::string table;
    std::int64_t at_ms = 0;
    bool operator==(const Earned&) const = default;
};

/// The game that is finishing now, when achievements are awarded at its end: one a
/// player reaches with it is credited to it, whichever earlier row the rules point to.
/// The two differ only when a player's games finish on two nodes at once: neither
/// transaction sees the other's row, so the next game awards what they reached together,
/// and that game's table is the one that announces it (TableActor::announce_achievements).
struct AwardAt {
    std::string table;
    std::int64_t at_ms = 0;
};

/// `earned`, with every achievement credited to `at` (see AwardAt).
std::vector<Earned> credited_to(std::vector<Earned> earned, const AwardAt& at);

/// Sorts `earned` in the catalogue's order (unknown ids last).
void order_earned(std::vector<Earned>& earned);

/// Every achievement `games` (one player's, in the order they finished) earn, each with
/// the first game that earned it; in the catalogue's order.
std::vector<Earned> achievements_earned(std::span<const PlayedGame> games);

/// What a player looks like to others: a face (-1: not chosen, the client draws one from
/// the player's id) and the item they wear ("" for none).
struct Look {
    int face = -1;
    std::string wearing;
    bool operator==(const Look&) const = default;
};
/// The faces a person may pick: 0 .. kFaces-1 (web/src/ui/avatars.ts draws them).
inline constexpr int kFaces = 12;

}  // namespace hearts::server
