#include "hearts/ai/search_bot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

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

CardSet pass_search(const SeatView& view, std::uint64_t seed, int deals, int deadline_ms) {
    const CardSet hand = view.hand();
    const PassDirection dir = view.pass_direction();
    const CardSet ruled = rule_pass(hand, dir);
    if (dir == PassDirection::None || hand.size() != kCardsPerHand) return ruled;

    // The pool: the rules' 3, then the highest other cards, a shorter suit first on a tie.
    std::vector<Card> rest;
    for (Card c : hand - ruled) rest.push_back(c);
    std::stable_sort(rest.begin(), rest.end(), [&](Card a, Card b) {
        if (a.rank() != b.rank()) return a.rank() > b.rank();
        return (hand & suit_mask(a.suit())).size() < (hand & suit_mask(b.suit())).size();
    });
    std::vector<Card> pool;
    for (Card c : ruled) pool.push_back(c);
    for (std::size_t i = 0; i < 4 && i < rest.size(); ++i) pool.push_back(rest[i]);
    std::vector<CardSet> candidates;
    for (std::size_t a = 0; a < pool.size(); ++a)
        for (std::size_t b = a + 1; b < pool.size(); ++b)
            for (std::size_t c = b + 1; c < pool.size(); ++c)
                candidates.push_back(CardSet(pool[a]) | pool[b] | pool[c]);
    const Seat me = view.seat();
    const Rules& rules = view.rules();
    Rng rng(seed);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(1, deadline_ms));
    const auto late = [&](int done) {
        return deadline_ms > 0 && done > 0 && (done & 3) == 0 &&
               std::chrono::steady_clock::now() >= deadline;
    };

    // One sample: the 39 other cards dealt 13 to each other seat, and the passes of the
    // others, by the rules whatever this seat passes.
    Hands dealt{}, passed{};
    std::array<Card, kCards> unseen{};
    const auto sample = [&] {
        int n = 0;
        for (Card c : ~hand) unseen[std::size_t(n++)] = c;
        for (int i = n - 1; i > 0; --i)
            std::swap(unseen[std::size_t(i)], unseen[rng.below(std::uint32_t(i + 1))]);
        dealt = Hands{};
        dealt[std::size_t(me)] = hand;
        int next = 0;
        for (Seat s : kAllSeats) {
            if (s == me) continue;
            for (int k = 0; k < kCardsPerHand; ++k)
                dealt[std::size_t(s)] |= unseen[std::size_t(next++)];
            passed[std::size_t(s)] = rule_pass(dealt[std::size_t(s)], dir);
        }
    };
    // This seat's score when it passes `mine` in the sample, the hand played out.
    const auto score_of = [&](CardSet mine) {
        Hands after = dealt;
        passed[std::size_t(me)] = mine;
        for (Seat s : kAllSeats) after[std::size_t(s)] -= passed[std::size_t(s)];
        for (Seat s : kAllSeats) after[std::size_t(pass_target(s, dir))] |= passed[std::size_t(s)];
        Hand h(after, rules.queen_breaks_hearts);
        while (!h.done()) h.play(rule_play(situation_of(h), Skill::Medium));
        return hand_score(h, me, rules);
    };

    // First, the best candidate: each one's score minus the rules' pass's, summed over
    // the same deals.
    std::vector<double> gain(candidates.size(), 0);
    int chosen_on = 0;
    for (; chosen_on < deals && !late(chosen_on); ++chosen_on) {
        sample();
        const int base = score_of(candidates[0]);
        for (std::size_t k = 1; k < candidates.size(); ++k)
            gain[k] += score_of(candidates[k]) - base;
    }
    std::size_t best = 0;
    for (std::size_t k = 1; k < candidates.size(); ++k)
        if (gain[k] < gain[best]) best = k;
    if (best == 0) return ruled;

    // Then the check: the best of 34 on the deals that chose it is flattered by them, so
    // it is compared with the rules' pass again on new deals, and kept only if it is
    // better there by more than twice the standard error of the difference. Between
    // passes worth about the same, the noise of the samples does not choose.
    double sum = 0, sum_sq = 0;
    int checked = 0;
    for (; checked < deals && !late(chosen_on + checked); ++checked) {
        sample();
        const double d = score_of(candidates[best]) - score_of(candidates[0]);
        sum += d;
        sum_sq += d * d;
    }
    if (checked < 2) return ruled;
    const double n = checked;
    const double mean = sum / n;
    const double var = std::max(0.0, (sum_sq - n * mean * mean) / (n - 1));
    return -mean > 2 * std::sqrt(var / n) ? candidates[best] : ruled;
}

CardSet SearchBot::choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) {
    if (!search_pass_) return rule_pass(view.hand(), view.pass_direction());
    // A pass is made once a hand: it may spend 3 plays' worth of work (the check on new
    // deals adds about 6%), well within the cap, so that it does not depend on the clock.
    constexpr int kCandidates = 35;
    const int deals = budget.iterations > 0
                          ? std::max(1, budget.iterations / kCandidates)
                          : std::max(16, 3 * default_work_ / (kCandidates * kCards));
    const int cap_ms = budget.iterations > 0    ? 0
                       : budget.movetime_ms > 0 ? budget.movetime_ms
                                                : kDefaultCapMs;
    return pass_search(view, seed, deals, cap_ms);
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
