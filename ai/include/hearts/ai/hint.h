// Hints that explain (docs/bots.md, "Hints"): the card the search would play, with a
// reason a person understands, drawn from the search's own statistics (the points each
// candidate costs on average, the chance of taking the Q♠, the moon) and from what the
// seat knows (cards still out, the voids others have shown). For the pass, the 3 cards
// the search would pass, with what they do for the hand.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/game.h"
#include "hearts/view.h"

namespace hearts::ai {

/// What the playouts found for one card the seat may play.
struct CandidateStats {
    Card card;
    double points = 0;        // the seat's mean hand score (moons included)
    double queen = 0;         // share of deals in which the seat takes the Q♠
    double moon_against = 0;  // share in which another seat shoots the moon
    double moon_mine = 0;     // share in which this seat shoots it
};

/// Every legal card scored on the same sampled deals, best (fewest points) first.
struct PlayAnalysis {
    std::vector<CandidateStats> candidates;
    int deals = 0;
};

/// Scores each legal card of `view` (its turn to play) on up to `deals` sampled deals,
/// within `deadline_ms` of wall time (0: none), as `expert` does.
PlayAnalysis analyse_play(const SeatView& view, std::uint64_t seed, int deals, int deadline_ms);

/// A hint: what to do and why, in words. `names` are the seats' names (S W N E).
struct Hint {
    Action action;
    std::string reason;
    std::vector<CandidateStats> candidates;  // for a play; empty for a pass
};

/// The hint for `view`'s seat, which must be awaited in Phase::Pass or Phase::Play.
Hint hint_for(const SeatView& view, std::uint64_t seed,
              const std::array<std::string, kSeats>& names, int deals = 400, int deadline_ms = 150);

/// The reason for playing the best of `analysis`, in words (the facts it rests on are
/// the analysis and the view). Exposed for tests on scripted positions.
std::string play_reason(const SeatView& view, const PlayAnalysis& analysis,
                        const std::array<std::string, kSeats>& names);

/// The reason for passing `cards` from `view`'s hand, in words.
std::string pass_reason(const SeatView& view, CardSet cards,
                        const std::array<std::string, kSeats>& names);

/// A card as people write it: "9♠", "10♥", "Q♠".
std::string card_words(Card c);

}  // namespace hearts::ai
