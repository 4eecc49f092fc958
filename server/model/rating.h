// Ratings for games between people (docs/ratings.md): the Weng-Lin model with the
// Plackett-Luce likelihood, as OpenSkill defines it. A player's skill is a normal belief
// (mean `mu`, uncertainty `sigma`); a game's final standings, ties sharing a place, move
// every player's belief at once. Written here, since no well-kept C++ library for it is
// packaged; checked against the reference (npm `openskill`, tools/ratings/) to 1e-9.
// Pure: no I/O, no clock.
#pragma once

#include <span>
#include <vector>

#include "hearts/expected.h"

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
    /// The conservative estimate players see: mu - z * sigma.
    double ordinal(const Rating& r) const { return r.mu - z * r.sigma; }
};

/// The ratings after one game of `before.size()` players (at least 2), each alone on
/// their side, finishing at `places` (0 is first; equal places are a tie). In the
/// players' order; an error for fewer than 2 players or a place missing.
Expected<std::vector<Rating>> rate_game(std::span<const Rating> before, std::span<const int> places,
                                        const RatingModel& model = {});

}  // namespace hearts::server
