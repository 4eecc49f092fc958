// The daily deal (docs/protocol.md, "The daily deal"): the days it is named by, and its
// game. Everyone's game of a day is dealt from that day's seed (Store::daily_seed), so the
// cards are the same for everyone; the rules are fixed: 4 hands, one of each pass.
// Beast-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/game.h"

namespace hearts::server {

/// The daily deal's rules: the first seed page's, for 4 hands, ties shared.
inline constexpr std::string_view kDailyRules = "hands=4,tie=share";
/// How many days back a board may be asked for.
inline constexpr int kDailyDaysKept = 366;

/// The UTC day of `ms` (ms since 1970) as "YYYY-MM-DD".
std::string day_of(std::int64_t ms);
/// Midnight UTC at the start of `day`, in ms since 1970; none when it is not a day.
std::optional<std::int64_t> day_start_ms(std::string_view day);
/// Whether `day` is a day as the daily deal names it: "YYYY-MM-DD", a real date.
bool is_day(std::string_view day);

/// `seat`'s points in each hand scored so far, "0,13,0,0" (after any moon).
std::string hand_points(const Game& game, Seat seat);

/// A player's game of a day's daily deal.
struct DailyGame {
    std::string table;
    bool finished = false;
    bool conceded = false;  // finished by giving up: not on the board
    int score = 0;          // once finished
    std::string points;     // once finished: the points of each hand, "0,13,0,0"
    std::string share;      // once finished: its share link's id
    int rank = 0;           // once finished and not conceded: 1 + the better scores
};
/// A finished game on a day's board.
struct DailyRow {
    std::string name;
    int score = 0;
    std::string points;  // as DailyGame::points
    std::string share;
    std::int64_t finished_ms = 0;
};
/// A day's board: the best games, how many finished, and the asking player's game.
struct DailyBoard {
    std::vector<DailyRow> rows;  // lowest score first, then the earlier finish
    int players = 0;             // finished games on the board (not conceded)
    std::optional<DailyGame> mine;
};

}  // namespace hearts::server
