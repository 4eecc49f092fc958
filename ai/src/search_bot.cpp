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

// Deals for weighing passes: the 39 cards this seat cannot see dealt 13 to each other
// seat, who pass by the rules whatever this seat passes; each pass is then scored by
// playing the hand out by the medium rules for all four.
class PassTrials {
  public:
    PassTrials(const SeatView& view, std::uint64_t seed)
        : hand_(view.hand()),
          dir_(view.pass_direction()),
          me_(view.seat()),
          rules_(view.rules()),
          rng_(seed) {}

    // A new deal of the unseen cards.
    void sample() {
        int n = 0;
        for (Card c : ~hand_) unseen_[std::size_t(n++)] = c;
        for (int i = n - 1; i > 0; --i)
            std::swap(unseen_[std::size_t(i)], unseen_[rng_.below(std::uint32_t(i + 1))]);
        dealt_ = Hands{};
        dealt_[std::size_t(me_)] = hand_;
        int next = 0;
        for (Seat s : kAllSeats) {
            if (s == me_) continue;
            for (int k = 0; k < kCardsPerHand; ++k)
                dealt_[std::size_t(s)] |= unseen_[std::size_t(next++)];
            passed_[std::size_t(s)] = rule_pass(dealt_[std::size_t(s)], dir_);
        }
    }

    // This seat's score when it passes `mine` in the current deal, the hand played out.
    int score_of(CardSet mine) {
        Hands after = dealt_;
        passed_[std::size_t(me_)] = mine;
        for (Seat s : kAllSeats) after[std::size_t(s)] -= passed_[std::size_t(s)];
        for (Seat s : kAllSeats)
            after[std::size_t(pass_target(s, dir_))] |= passed_[std::size_t(s)];
        Hand h(after, rules_.queen_breaks_hearts);
        while (!h.done()) h.play(rule_play(situation_of(h), Skill::Medium));
        return hand_score(h, me_, rules_);
    }

  private:
    CardSet hand_;
    PassDirection dir_;
    Seat me_;
    const Rules& rules_;
    Rng rng_;
    Hands dealt_{}, passed_{};
    std::array<Card, kCards> unseen_{};
};

// Whether `deadline_ms` (0: none) has run out, looked at every 4th deal.
struct Deadline {
    explicit Deadline(int ms)
        : ms(ms),
          at(std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(1, ms))) {}
    bool passed(int done) const {
        return ms > 0 && done > 0 && (done & 3) == 0 && std::chrono::steady_clock::now() >= at;
    }
    int ms;
    std::chrono::steady_clock::time_point at;
};

}  // namespace

double win_chance(const std::array<int, kSeats>& totals, Seat seat, const Rules& rules) {
    const int high = *std::max_element(totals.begin(), totals.end());
    const int low = *std::min_element(totals.begin(), totals.end());
    if (high >= rules.end_score) {
        if (totals[std::size_t(seat)] != low) return 0;
        return 1.0 / double(std::count(totals.begin(), totals.end(), low));
    }
    const double hands_left = std::max(1.0, double(rules.end_score - high) / 7.0);
    // The difference of two seats' points over one hand has a spread of about 9.
    const double spread = 9.0 * std::sqrt(hands_left);
    std::array<double, kSeats> weight{};
    double sum = 0;
    for (int s = 0; s < kSeats; ++s) {
        double w = 1;
        for (int o = 0; o < kSeats; ++o)
            if (o != s)
                w *= 0.5 * std::erfc(-double(totals[std::size_t(o)] - totals[std::size_t(s)]) /
                                     (spread * std::sqrt(2.0)));
        weight[std::size_t(s)] = w;
        sum += w;
    }
    return sum > 0 ? weight[std::size_t(seat)] / sum : 0.25;
}

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
    PassTrials trials(view, seed);
    const Deadline deadline(deadline_ms);

    // First, the best candidate: each one's score minus the rules' pass's, summed over
    // the same deals.
    std::vector<double> gain(candidates.size(), 0);
    int chosen_on = 0;
    for (; chosen_on < deals && !deadline.passed(chosen_on); ++chosen_on) {
        trials.sample();
        const int base = trials.score_of(candidates[0]);
        for (std::size_t k = 1; k < candidates.size(); ++k)
            gain[k] += trials.score_of(candidates[k]) - base;
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
    for (; checked < deals && !deadline.passed(chosen_on + checked); ++checked) {
        trials.sample();
        const double d = trials.score_of(candidates[best]) - trials.score_of(candidates[0]);
        sum += d;
        sum_sq += d * d;
    }
    if (checked < 2) return ruled;
    const double n = checked;
    const double mean = sum / n;
    const double var = std::max(0.0, (sum_sq - n * mean * mean) / (n - 1));
    return -mean > 2 * std::sqrt(var / n) ? candidates[best] : ruled;
}

PassComparison compare_passes(const SeatView& view, CardSet a, CardSet b, std::uint64_t seed,
                              int deals, int deadline_ms) {
    PassComparison out;
    if (view.pass_direction() == PassDirection::None) return out;
    PassTrials trials(view, seed);
    const Deadline deadline(deadline_ms);
    double sum_a = 0, sum_b = 0, sum_sq = 0;
    int done = 0;
    for (; done < deals && !deadline.passed(done); ++done) {
        trials.sample();
        const int score_a = trials.score_of(a);
        const int score_b = a == b ? score_a : trials.score_of(b);
        sum_a += score_a;
        sum_b += score_b;
        sum_sq += double(score_a - score_b) * double(score_a - score_b);
    }
    out.deals = done;
    if (done == 0) return out;
    const double n = done;
    out.a_points = sum_a / n;
    out.b_points = sum_b / n;
    if (done > 1) {
        const double mean = out.a_points - out.b_points;
        const double var = std::max(0.0, (sum_sq - n * mean * mean) / (n - 1));
        out.error = std::sqrt(var / n);
    }
    return out;
}

CardSet SearchBot::choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) {
    if (!options_.search_pass) return rule_pass(view.hand(), view.pass_direction());
    // A pass is made once a hand: by default it may spend 3 plays' worth of work (the
    // check on new deals adds about 6%), well within the cap, so that it does not depend
    // on the clock.
    constexpr int kCandidates = 35;
    const int pass_work = options_.pass_work > 0 ? options_.pass_work : 3 * options_.work;
    const int deals = budget.iterations > 0 ? std::max(1, budget.iterations / kCandidates)
                                            : std::max(16, pass_work / (kCandidates * kCards));
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
    std::array<double, kCardsPerHand> total{};

    const Sampler sampler(view);
    Rng rng(seed);
    const Seat me = view.seat();
    const Rules& rules = view.rules();

    // Budget: iterations count playouts; movetime bounds wall time; else the default.
    const bool timed = budget.iterations <= 0 && budget.movetime_ms > 0;
    // The default spends a fixed amount of playout work (cards played in playouts), so
    // early decisions with long playouts and many candidates stay as quick as late ones.
    const int plies_left = kCards - view.plays_made();
    const int default_deals = std::clamp(options_.work / (n * plies_left), 16, 4000);
    const int max_deals = budget.iterations > 0 ? std::max(1, budget.iterations / n)
                          : timed               ? 1 << 30
                                                : default_deals;
    // With no budget given, a safety cap keeps even a slow machine under 100 ms; the
    // default work normally finishes far sooner, so the choice stays reproducible.
    const bool capped = timed || budget.iterations <= 0;
    const int cap_ms = timed ? budget.movetime_ms : kDefaultCapMs;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(cap_ms);

    // What a finished playout costs this seat: its points, less the worth of its chance
    // of winning the game from the totals they leave.
    const std::array<int, kSeats> scores = view.scores();
    const auto cost = [&](const Hand& h) {
        if (!options_.shoots && h.taken(me).contains_all(kHearts | kQueenOfSpades)) return 26.0;
        const double points = hand_score(h, me, rules);
        if (options_.game_weight <= 0) return points;
        std::array<int, kSeats> totals = scores;
        for (Seat s : kAllSeats)
            totals[std::size_t(s)] += s == me ? int(points) : hand_score(h, s, rules);
        return points - options_.game_weight * win_chance(totals, me, rules);
    };
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
            total[std::size_t(k)] += cost(h);
        }
    }
    if (deals == 0) return rule_play(situation_of(view), Skill::Medium);

    int best = 0;
    for (int k = 1; k < n; ++k)
        if (total[std::size_t(k)] < total[std::size_t(best)]) best = k;
    return candidates[std::size_t(best)];
}

}  // namespace hearts::ai
