// `hard` and `expert`: search over the hidden cards.
//
// Each iteration deals the unseen cards at random consistently with the seat's view
// (sampler.h), then plays every legal candidate card in that deal and finishes the hand
// with the medium rules for all four players (a playout). A candidate's value is its
// mean hand score for this seat over all deals, moons included; the lowest wins. Every
// candidate is scored on the same deals, so the comparison between them is sharp even
// with few deals (common random numbers).
//
// Why this design (perfect-information Monte Carlo with rule-based playouts) over
// alpha-beta or full information-set MCTS: docs/bots.md gives the arena figures.
#pragma once

#include "hearts/ai/bot.h"

namespace hearts::ai {

class SearchBot final : public Bot {
  public:
    /// `default_work`: cards played in playouts per decision when the budget sets none.
    SearchBot(std::string name, int default_work)
        : name_(std::move(name)), default_work_(default_work) {}
    std::string_view name() const override { return name_; }
    CardSet choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) override;
    Card choose_play(const SeatView& view, std::uint64_t seed, Budget budget) override;

  private:
    std::string name_;
    int default_work_;
};

/// The score `seat` takes for a finished hand under `rules` (moons included; under
/// MoonScoring::ShooterChooses the shooter is taken to give the others +26).
int hand_score(const Hand& hand, Seat seat, const Rules& rules);

}  // namespace hearts::ai
