// Statistics. What a finished game says about each seat (`summarize`: computed once, when
// the game ends, by replaying its actions; pure, so it is tested on scripted games), and
// what a player's finished games add up to (`PlayerStats`, from Store::player_stats; sent
// as the `stats` message).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/game.h"

namespace hearts::server {

struct SeatSummary {
    int hands = 0;           // hands scored
    int score = 0;           // the final total
    bool won = false;        // among the winners (a shared win counts)
    int place = 1;           // 1 + the seats with a lower total
    int moons_shot = 0;      // hands this seat took every heart and Q♠
    int moons_suffered = 0;  // hands another seat did
    int queens = 0;          // hands this seat took Q♠ in
    int trickless = 0;       // hands this seat took no trick in
    int moon_stops = 0;      // hands another seat took every point card but this one heart
    int worst_total = 0;     // the highest total this seat had after any hand (0: none)
    bool operator==(const SeatSummary&) const = default;
};

/// Each seat's summary of `game`, by seat index (S W N E). Meant for a finished game; for
/// one in progress it covers the hands scored so far.
std::array<SeatSummary, kSeats> summarize(const Game& game);

/// A player's statistics over their finished games (Store::player_stats).
struct StatsTotals {
    int games = 0, won = 0, hands = 0;
    std::int64_t points = 0;  // the final totals, added up
    int moons_shot = 0, moons_suffered = 0, queens = 0, trickless = 0, moon_stops = 0;
    int conceded = 0;
    bool operator==(const StatsTotals&) const = default;
    void add(const StatsTotals& t);
};
struct StatsGroup {  // the games against one level, alone or with people
    bool with_people = false;
    std::string level;
    StatsTotals totals;
};
struct RecentGame {  // one point of the chart
    std::string table;
    std::int64_t finished_ms = 0;
    int score = 0, place = 1;
    bool won = false;
};
struct PlayerStats {
    StatsTotals all;
    std::vector<StatsGroup> groups;  // solo first, then with people; by level
    int streak = 0;                  // wins in a row, up to the last game
    int best_streak = 0;
    std::vector<RecentGame> recent;  // the last kRecentGames, oldest first
    static constexpr int kRecentGames = 50;
};

/// Puts the groups in the order PlayerStats keeps: alone first, then with people; the
/// levels from the weakest up.
void order_groups(std::vector<StatsGroup>& groups);

}  // namespace hearts::server
