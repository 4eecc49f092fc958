// Ratings for games between people (docs/ratings.md): the Weng-Lin model with the
// Plackett-Luce likelihood, as OpenSkill defines it. A player's skill is a normal belief
// (mean `mu`, uncertainty `sigma`); a game's final standings, ties sharing a place, move
// every player's belief at once. Written here, since no well-kept C++ library for it is
// packaged; checked against the reference (npm `openskill`, tools/ratings/) to 1e-9.
// Pure: no I/O, no clock.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hearts/expected.h"
#include "model/table.h"

namespace hearts::server {

/// A player's rating: the mean and the uncertainty of the belief in their skill.
struct Rating {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
};

/// The model's constants, OpenSkill's defaults.
struct RatingModel {
    double mu = 25.0;           // a new player's mean
    double sigma = 25.0 / 3.0;  // a new player's uncertainty
    double beta = 25.0 / 6.0;   // the spread of one game's performance around the skill
    double kappa = 1e-4;        // the least fraction of sigma a game may leave
    double tau = 25.0 / 300.0;  // uncertainty added before each game, so skill may drift
    bool limit_sigma = false;   // never let a game raise sigma (tau's growth undone)
    double z = 3.0;             // the ordinal's number of sigmas below the mean

    Rating fresh() const { return Rating{mu, sigma}; }
    /// The conservative estimate: mu - z * sigma.
    double ordinal(const Rating& r) const { return r.mu - z * r.sigma; }
    /// The number players see: 1000 + 40 x the ordinal, rounded (a new player's is 1000).
    int shown(const Rating& r) const;
};

/// A player's rating is provisional until this many rated games.
inline constexpr int kProvisionalGames = 10;
/// The board of the default rules; each other rule set is a board of its own, named by
/// its rules' text (hearts/rules.h).
inline constexpr const char* kStandardBoard = "standard";
/// Whether a game at this table is rated as it stands (docs/ratings.md, "What is rated"): a
/// public table's when two or more people sat down when it started (before: always); a private
/// table's when every person who sat there agreed
/// (`rated_vote`, given before the first card: someone who sat down after it did not), and
/// at least two did; never a game against the computer or the daily deal.
bool rated_table(const TableSetup& setup);
/// The board a game of `rules` is rated on: kStandardBoard for the default rules, else the
/// rules in full.
std::string board_of(const Rules& rules);

/// A finished game as it is rated: its board, each person's place among the people (0 is
/// first; equal places are a tie: what they are shown), and the standings the ratings
/// move by: every person and every computer player that held a seat of its own, each with
/// a place among them all.
struct RatedPlace {
    std::string player;
    int place = 0;     // among the people
    int standing = 0;  // among the people and the computer players rated against
};
struct RatedBot {
    Rating rating;  // the level's fixed rating (bot_rating)
    int standing = 0;
};
struct RatedGame {
    std::string board;
    std::vector<RatedPlace> people;
    std::vector<RatedBot> bots;
};

/// The fixed rating of a computer player of `level` (docs/bots.md, "Ratings of the
/// computer players"), calibrated with `hearts arena --ratings`; none for a level that has
/// no calibration. A computer player's rating never changes: people are rated against it.
std::optional<Rating> bot_rating(std::string_view level);

/// Whether a game that ended is rated, and how (docs/ratings.md, "What is rated"): a game
/// of a `rated_table`, played to its end by at least two people.
/// The people are ranked by their final totals (equal totals tie); a person who conceded
/// takes the last place, tied with any other who did. A computer player that held an empty
/// seat from the start counts in the standings with its level's fixed rating (the one that
/// took a conceded seat does not: the seat's person is last); it is never rated itself.
std::optional<RatedGame> rated_game(const TableSetup& setup, const Game& game);

/// Against farming (docs/ratings.md, "Against collusion and farming"):
/// - a person with fewer than kEstablishedGames rated games on a board moves no other
///   person's rating there: an established person is rated among the established
///   people alone (and not at all when none other is), a new one among everyone;
/// - a pair's first kPairGamesInFull rated games together on a board a day (UTC) count in
///   full, and each one after counts half as much as the one before. A person's share of
///   a game is the mean over the others they are rated against; `after` moves from
///   `before` by that share of the model's change.
inline constexpr int kEstablishedGames = 10;
inline constexpr int kPairGamesInFull = 3;

/// One person's part in a rated game, as the store knows it before the game.
struct RatingEntry {
    Rating before;
    int games_before = 0;  // their rated games on the board before this one
    int place = 0;
};
/// What the game does to one person's rating: the new rating, the share of the model's
/// change it counted for (0 to 1), and, when that share is less than 1 or some people did
/// not count, why, in words for the person.
struct RatedOutcome {
    Rating after;
    double counted = 1;
    std::string reason;
};
/// The game's outcome for each of `people` (at least 2); `together[i][j]` is how many
/// rated games people i and j played together on the board today, before this one.
Expected<std::vector<RatedOutcome>> rate_with_limits(std::span<const RatingEntry> people,
                                                     const std::vector<std::vector<int>>& together,
                                                     const RatingModel& model = {});

/// What a rated game did to one person's rating (docs/ratings.md).
struct RatingChange {
    std::string player, board, table;
    int place = 0;
    Rating before, after;
    int games = 0;  // their rated games on the board, this one included
    std::int64_t at_ms = 0;
    double counted = 1;  // see RatedOutcome
    std::string reason;
};
/// A player's rating on one board.
struct BoardRating {
    std::string board;
    Rating rating;
    int games = 0;
    std::int64_t at_ms = 0;  // their last rated game
};
/// One row of a board's leaderboard (docs/ratings.md, "Leaderboards"): the players whose
/// rating there is no longer provisional.
struct LeaderRow {
    int rank = 0;  // from 1; equal ratings are ranked by player id
    std::string player, name;
    Rating rating;
    int games = 0;
};

/// A player's rating on a board after one of their rated games there.
struct RatingPoint {
    std::int64_t at_ms = 0;  // when the game ended
    Rating rating;           // after it
    int games = 0;           // their rated games there, it included
};

/// The ratings after one game of `before.size()` players (at least 2), each alone on
/// their side, finishing at `places` (0 is first; equal places are a tie). In the
/// players' order; an error for fewer than 2 players or a place missing.
Expected<std::vector<Rating>> rate_game(std::span<const Rating> before, std::span<const int> places,
                                        const RatingModel& model = {});

}  // namespace hearts::server
