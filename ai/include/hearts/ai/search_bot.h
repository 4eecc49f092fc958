// `hard` and `expert`: search over the hidden cards.
//
// Each iteration deals the unseen cards at random consistently with the seat's view
// (sampler.h), then plays every legal candidate card in that deal and finishes the hand
// with the medium rules for all four players (a playout). A candidate's value is its
// mean cost for this seat over all deals: the hand's points, moons included, less the
// worth of the seat's chance of winning the game from the totals they leave
// (SearchOptions::game_weight, win_chance); the lowest wins. Every candidate is scored
// on the same deals, so the comparison between them is sharp even with few deals
// (common random numbers).
//
// Why this design (perfect-information Monte Carlo with rule-based playouts) over
// alpha-beta or full information-set MCTS: docs/bots.md gives the arena figures.
#pragma once

#include "hearts/ai/bot.h"

namespace hearts::ai {

/// How a search level plays; `hard` and `expert` differ only in their work.
struct SearchOptions {
    /// Cards played in playouts per card played when the budget sets none.
    int work = 100'000;
    /// Cards played in playouts for the pass, made once a hand, when the budget sets none;
    /// 0: three plays' worth of `work`.
    int pass_work = 0;
    /// Choose the 3 cards to pass by search (pass_search below), else by the rules
    /// (`rule_pass`), as before; the arena compares the two.
    bool search_pass = true;
    /// False for the arena's measure of the moon (docs/bots.md, "The moon's worth"): a
    /// playout in which this seat takes every point counts as 26 points for it, so the
    /// search never aims for a moon.
    bool shoots = true;
    /// Playing for the game, not the hand: a playout costs its points for this seat minus
    /// `game_weight` times this seat's chance of winning the game from the totals the
    /// hand leaves (win_chance). 0 plays each hand for its points alone.
    double game_weight = 50;
};

class SearchBot final : public Bot {
  public:
    SearchBot(std::string name, SearchOptions options)
        : name_(std::move(name)), options_(options) {}
    std::string_view name() const override { return name_; }
    CardSet choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) override;
    Card choose_play(const SeatView& view, std::uint64_t seed, Budget budget) override;

  private:
    std::string name_;
    SearchOptions options_;
};

/// `seat`'s chance of winning the game from `totals` under `rules`. Once a total has
/// reached the end score the game is over: 1 for the lowest total (shared on a tie),
/// else 0. Before that, a model: each seat's points to come are normal, the difference
/// of two seats' points over a hand spreads about 9, and the hands left are the leader's
/// distance to the end score at 7 points a hand (at least 1); the chance is each seat's
/// chance of staying under all the others, made to sum to 1 over the seats.
double win_chance(const std::array<int, kSeats>& totals, Seat seat, const Rules& rules);

/// `seat`'s chance of winning the game from `totals` under `rules`: when a total has
/// reached the end score, 1 for the lowest (shared on a tie), else 0; before that, a
/// model where each seat's remaining points are normal and independent, about 7 points a
/// hand for the hands the leader's distance to the end score leaves.
double win_chance(const std::array<int, kSeats>& totals, Seat seat, const Rules& rules);

/// The pass by search: candidate passes of 3 from the 7 cards most worth passing (the
/// rules' 3 and the 4 highest others), each scored on the same sampled deals of the
/// unseen cards, where the other seats pass by the rules and every seat plays the hand
/// out by the medium rules. The best is then compared with the rules' pass on `deals`
/// new deals and kept only if it is better there by more than twice the standard error;
/// else the rules' pass. `deals` bounds each of the two rounds of samples; `deadline_ms`
/// the wall time (0: none).
CardSet pass_search(const SeatView& view, std::uint64_t seed, int deals, int deadline_ms);

/// Two passes of the seat's, `a` and `b`, weighed on the same `deals` sampled deals (the
/// others pass by the rules, and all play the hand out by the medium rules, as in
/// pass_search): the mean score of each, and the standard error of their difference.
/// Within `deadline_ms` of wall time (0: none). The view is in Phase::Pass, before the
/// seat has passed.
struct PassComparison {
    double a_points = 0, b_points = 0;
    double error = 0;  // of a_points - b_points
    int deals = 0;     // deals tried
};
PassComparison compare_passes(const SeatView& view, CardSet a, CardSet b, std::uint64_t seed,
                              int deals, int deadline_ms = 0);

/// The score `seat` takes for a finished hand under `rules` (moons included; under
/// MoonScoring::ShooterChooses the shooter is taken to give the others +26).
int hand_score(const Hand& hand, Seat seat, const Rules& rules);

}  // namespace hearts::ai
