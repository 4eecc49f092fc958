// A review of a finished game (docs/bots.md, "Reviews"): for each card a seat played, the
// points it cost on average against the search's best card in that position, from the
// same playouts as a hint (hint.h), but for the cards played out after a claim
// (hearts/claim.h), which were nobody's choice; and for each pass, what the hand cost after it
// against the search's pass (search_bot.h), on the same sampled deals. The losses add up
// to what the seat gave away to mistakes, by kind of decision: passing, leading,
// following suit, discarding, and moon defence.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/game.h"

namespace hearts::ai {

/// The kinds of decision a review adds its losses up by.
enum class PlayKind { Lead, Follow, Discard, MoonDefence, Pass };
inline constexpr std::size_t kPlayKinds = 5;
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

/// One pass the seat made, as the search saw it: the hand's mean score after it and after
/// the search's pass, on the same deals.
struct ReviewedPass {
    int hand = 0;  // from 1
    Seat to = Seat::West;
    CardSet passed;
    double passed_points = 0;
    CardSet best;
    double best_points = 0;
    /// Twice the standard error of the difference: a smaller loss may be the samples'.
    double margin = 0;
    double loss() const { return passed_points - best_points; }
    /// Counted as a mistake: more than the noise and than the margin.
    bool mistake() const;
};

/// A claimed hand's rest (hearts/claim.h): the seat's cards played out, nobody's choice.
struct ClaimedHand {
    int hand = 0;   // from 1
    int cards = 0;  // the seat's cards played out after the claim, not weighed
};

struct Review {
    Seat seat = Seat::South;
    std::vector<ReviewedPass> passes;  // one per hand with a pass
    std::vector<ReviewedPlay> plays;   // in the order played
    std::vector<ClaimedHand> claimed;  // in hand order, the hands whose rest was claimed
    /// Points lost to mistakes: the sum of the losses above `kNoise` (smaller ones are
    /// the sampling's noise, not a mistake).
    double lost = 0;
    std::array<double, kPlayKinds> lost_by_kind{};  // by PlayKind
    int deals = 0;                                  // deals tried per card played
    int pass_deals = 0;                             // deals tried per pass (each round)
    /// The seat's cards played out after a claim, in all hands.
    int claimed_cards() const;
};

/// A loss smaller than this is not counted as a mistake.
inline constexpr double kNoise = 0.25;

inline bool ReviewedPass::mistake() const {
    return loss() >= kNoise && loss() > margin;
}

/// Reviews every card `seat` played in `game` (its actions replayed from the start), with
/// `deals` sampled deals per card, each within `decision_ms` of wall time (0: none), and
/// every pass, with `deals` deals to choose the search's pass and 4 times as many to
/// weigh the two, within 4 times `decision_ms`. The same game, seat, seed and deals give
/// the same review when no time runs out.
Review review_game(const Game& game, Seat seat, int deals, std::uint64_t seed = 1,
                   int decision_ms = 0);

/// The review in words, for a person: the total, by kind, and the largest mistakes
/// ("Hand 3, trick 5: the Q♥ cost about 4.2 points; the A♦ was safe.", "Hand 2, the
/// pass: the Q♠, A♥ and 2♣ cost about 7.1 points; the Q♠, A♥ and K♥ about 6.3.").
/// `names` name the seats.
std::string review_text(const Review& review, const std::array<std::string, kSeats>& names,
                        int largest = 5);

}  // namespace hearts::ai
