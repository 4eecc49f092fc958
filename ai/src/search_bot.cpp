#include "hearts/ai/search_bot.h"

#include <algorithm>
#include <chrono>

#include "hearts/ai/policy.h"
#include "hearts/ai/sampler.h"

namespace hearts::ai {
namespace {
constexpr int kDefaultCapMs = 90;
}  // namespace

int hand_score(const Hand& hand, Seat seat, const Rules& rules) {
    const CardSet moon_cards = kHearts | kQueenOfSpades;
    const int jack = rules.jack_of_diamonds && hand.taken(seat).contains(kJackOfDiamonds) ? -10 : 0;
    for (Seat s : kAllSeats) {
        if (!hand.taken(s).contains_all(moon_cards)) continue;
        if (rules.moon == MoonScoring::SubtractFromShooter) return jack + (s == seat ? -26 : 0);
        return jack + (s == seat ? 0 : 26);
    }
    return rules.points(hand.taken(seat));
}

CardSet SearchBot::choose_pass(const SeatView& view, std::uint64_t, Budget) {
    return rule_pass(view.hand(), view.pass_direction());
}

Card SearchBot::choose_play(const SeatView& view, std::uint64_t seed, Budget budget) {
    const CardSet legal = view.legal();
    if (legal.size() == 1) return legal.lowest();

    std::array<Card, kCardsPerHand> candidates{};
    int n = 0;
    for (Card c : legal) candidates[std::size_t(n++)] = c;
    std::array<std::int64_t, kCardsPerHand> total{};

    const Sampler sampler(view);
    Rng rng(seed);
    const Seat me = view.seat();
    const Rules& rules = view.rules();

    // Budget: iterations count playouts; movetime bounds wall time; else the default.
    const bool timed = budget.iterations <= 0 && budget.movetime_ms > 0;
    // The default spends a fixed amount of playout work (cards played in playouts), so
    // early decisions with long playouts and many candidates stay as quick as late ones.
    const int plies_left = kCards - view.plays_made();
    const int default_deals = std::clamp(default_work_ / (n * plies_left), 16, 4000);
    const int max_deals = budget.iterations > 0 ? std::max(1, budget.iterations / n)
                          : timed               ? 1 << 30
                                                : default_deals;
    // With no budget given, a safety cap keeps even a slow machine under 100 ms; the
    // default work normally finishes far sooner, so the choice stays reproducible.
    const bool capped = timed || budget.iterations <= 0;
    const int cap_ms = timed ? budget.movetime_ms : kDefaultCapMs;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(cap_ms);

    int deals = 0;
    Hands holdings{};
    for (; deals < max_deals; ++deals) {
        if (capped && deals > 0 && (deals & 7) == 0 && std::chrono::steady_clock::now() >= deadline)
            break;
        if (!sampler.sample(rng, holdings)) break;
        Hand root(sampler.starting_hands(holdings), rules.queen_breaks_hearts);
        for (int i = 0; i < view.plays_made(); ++i) root.play(view.play_at(i));
        for (int k = 0; k < n; ++k) {
            Hand h = root;
            h.play(candidates[std::size_t(k)]);
            while (!h.done()) h.play(rule_play(situation_of(h), Skill::Medium));
            total[std::size_t(k)] += hand_score(h, me, rules);
        }
    }
    if (deals == 0) return rule_play(situation_of(view), Skill::Medium);

    int best = 0;
    for (int k = 1; k < n; ++k)
        if (total[std::size_t(k)] < total[std::size_t(best)]) best = k;
    return candidates[std::size_t(best)];
}

}  // namespace hearts::ai
