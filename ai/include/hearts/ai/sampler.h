// Deals of the hidden cards that agree with everything a seat has seen.
//
// From a SeatView the sampler works out, for every other seat, how many cards it holds
// now and which cards it may hold:
//   - the cards this seat passed are with the receiver until played;
//   - a seat that failed to follow suit has none of that suit left;
//   - a seat that played a heart or Q♠ to the first trick while void in clubs held
//     nothing but hearts and Q♠ then; one that led a heart before hearts were broken
//     held nothing but hearts.
// Each sample assigns the remaining unseen cards at random under those constraints.
#pragma once

#include <array>

#include "hearts/card.h"
#include "hearts/hand.h"
#include "hearts/random.h"
#include "hearts/view.h"

namespace hearts::ai {

class Sampler {
  public:
    /// Precondition: the view is in Phase::Play.
    explicit Sampler(const SeatView& view);

    /// The cards each seat holds now, in one deal consistent with the view. Never
    /// backtracks; returns false only if no consistent deal exists (a contradictory view).
    bool sample(Rng& rng, Hands& holdings) const;

    /// The hands each seat held when play began (holdings plus cards played since),
    /// from which a Hand can be rebuilt and the view's plays replayed.
    Hands starting_hands(const Hands& holdings) const;

    CardSet allowed(Seat s) const { return allowed_[int(s)]; }
    int needed(Seat s) const { return need_[int(s)]; }

  private:
    Seat me_;
    CardSet unknown_;                    // unseen cards whose holder is not known
    Hands fixed_{};                      // cards known to be in each seat's hand now
    std::array<int, kSeats> need_{};     // unknown cards each seat still holds
    Hands allowed_{};                    // which unknown cards each seat may hold
    Hands played_by_{};                  // cards each seat has played this hand
    Hands forced_{};                     // fixed_ plus cards only one seat may hold
    std::array<int, kSeats> room_{};     // need_ less the forced cards
    std::array<CardSet, 16> classes_{};  // unforced cards by the mask of seats that may hold them
};

}  // namespace hearts::ai
