// `hearts arena`: bots against each other on seeded deals, with seat rotation so that
// the luck of the deal cancels out.
//
// Lineups:
//   1v3  bot A against three copies of bot B; each deal is played 4 times, with A in
//        each seat in turn.
//   2v2  A in South and North against B in West and East, then swapped; each deal is
//        played twice.
// A bot is a level name ("expert") or an external engine ("engine:COMMAND ARGS") that
// speaks the `hearts engine` protocol (docs/engine-protocol.md).
//
// With `games`, whole games are played instead of single hands: each game (its seed,
// so all its deals) is played once per seating, to the rules' end score, and each bot's
// share of the wins is reported with its 95% interval: what playing for the game, not
// the hand, has to move.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "hearts/ai/bot.h"
#include "hearts/rules.h"

namespace hearts::app {

struct ArenaOptions {
    std::string bot_a = "expert";
    std::string bot_b = "random";
    std::string lineup = "1v3";  // or "2v2"
    int deals = 500;
    int games = 0;  // > 0: whole games instead of `deals` single hands
    std::uint64_t seed = 1;
    int threads = 1;
    bool passing = true;  // pass directions cycle left, right, across, none by deal
    Rules rules;          // the pass cycle is set per deal by the arena
    ai::Budget budget_a;  // 0 = the level's default
    ai::Budget budget_b;
};

/// Per-bot totals over all the hands it played (a bot in 3 seats counts 3 per hand).
struct ArenaStats {
    std::string label;
    std::int64_t hands = 0;
    double points = 0;
    double points_sq = 0;
    std::int64_t moons_shot = 0;
    std::int64_t moons_suffered = 0;
    std::int64_t queens_taken = 0;
    std::int64_t passes = 0;         // passes made (hands with a pass, per seat)
    std::int64_t queens_passed = 0;  // of them, passes with Q♠ in them
    std::int64_t decisions = 0;      // cards played; the passes are timed apart
    double decision_seconds = 0;
    double max_decision_seconds = 0;
    double pass_seconds = 0;  // over `passes`
    double max_pass_seconds = 0;
    std::int64_t illegal = 0;  // refused actions (an external engine's mistakes)
    // Whole games (ArenaOptions::games): one per seat played, and the wins, a tie
    // sharing one win between the seats it joins.
    std::int64_t games = 0;
    double wins = 0;

    double mean() const { return hands ? points / double(hands) : 0; }
    /// Half-width of the 95% confidence interval of the mean.
    double ci95() const;
    /// The share of its seats' games it won, and the half-width of its 95% interval.
    double win_rate() const { return games ? wins / double(games) : 0; }
    double win_ci95() const;
    void merge(const ArenaStats& o);
};

/// A's points per hand minus B's, hand by hand (each side's mean over its seats): the
/// same deal on both sides of each difference, so most of the luck of the deal cancels.
/// The seatings of one deal count as separate hands; their differences are negatively
/// related, so the interval is wider than it need be, never narrower.
struct PairedDiff {
    std::int64_t hands = 0;
    double sum = 0, sum_sq = 0;
    void add(double d) {
        ++hands;
        sum += d;
        sum_sq += d * d;
    }
    void merge(const PairedDiff& o) {
        hands += o.hands;
        sum += o.sum;
        sum_sq += o.sum_sq;
    }
    double mean() const { return hands ? sum / double(hands) : 0; }
    /// Half-width of the 95% confidence interval of the mean.
    double ci95() const;
};

struct ArenaResult {
    ArenaStats a, b;
    PairedDiff diff;
    double seconds = 0;
};

/// Runs the arena. Errors (an unknown bot, an engine that fails to start) are returned.
Expected<ArenaResult> run_arena(const ArenaOptions& options);
int arena_command(const ArenaOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hearts::app
