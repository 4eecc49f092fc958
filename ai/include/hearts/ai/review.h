// A review of a finished game (docs/bots.md, "Reviews"): for each card a seat played, the
// points it cost on average against the search's best card in that position, from the
// same playouts as a hint (hint.h). The losses add up to what the seat gave away to
// mistakes, by kind of decision: leading, following suit, discarding, and moon defence.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/game.h"

namespace hearts::ai {

/// The kinds of play a review adds its losses up by.
enum class PlayKind { Lead, Follow, Discard, MoonDefence };
std::string_view to_string(PlayKind kind);

/// One card the seat played, as the search saw it.
struct ReviewedPlay {
    int hand = 0;   // from 1
    int trick = 0;  // from 1
    PlayKind kind = PlayKind::Lead;
    Card played;
    double played_points = 0;  // what the card played costs on average
    Card best;
    double best_points = 0;
    double loss() const { return played_points - best_points; }
};

struct Review {
    Seat seat = Seat::South;
    std::vector<ReviewedPlay> plays;  // in the order played
    /// Points lost to mistakes: the sum of the losses above `kNoise` (smaller ones are
    /// the sampling's noise, not a mistake).
    double lost = 0;
    std::array<double, 4> lost_by_kind{};  // by PlayKind
    int deals = 0;                         // deals tried per decision
};

/// A loss smaller than this is not counted as a mistake.
inline constexpr double kNoise = 0.25;

/// Reviews every card `seat` played in `game` (its actions replayed from the start), with
/// `deals` sampled deals per decision, each within `decision_ms` of wall time (0: none).
/// The same game, seat, seed and deals give the same review when no time runs out.
Review review_game(const Game& game, Seat seat, int deals, std::uint64_t seed = 1,
                   int decision_ms = 0);

/// The review in words, for a person: the total, by kind, and the largest mistakes
/// ("Hand 3, trick 5: the Q♥ cost about 4.2 points; the A♦ was safe."). `names` name the
/// seats.
std::string review_text(const Review& review, const std::array<std::string, kSeats>& names,
                        int largest = 5);

}  // namespace hearts::ai
