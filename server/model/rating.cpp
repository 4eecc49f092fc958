// The Weng-Lin Plackett-Luce update (model/rating.h), for players who are each a team of
// one. In the notation of Weng and Lin (2011), with players sorted by place:
//   c        = sqrt(sum over players of (sigma^2 + beta^2))
//   sum_q    = sum of exp(mu_i / c) over the players i placed at q's place or after it
//   a_q      = how many players share q's place
//   omega_i  = sigma_i^2 / c * sum over q placed at or before i of
//              ([i = q] - exp(mu_i / c) / sum_q) / a_q
//   delta_i  = gamma_i * sigma_i^2 / c^2 * sum over the same q of p (1 - p) / a_q,
//              p = exp(mu_i / c) / sum_q, and gamma_i = sigma_i / c
//   mu_i'    = mu_i + omega_i;  sigma_i' = sigma_i * sqrt(max(1 - delta_i, kappa))
// where sigma_i already carries tau (sqrt(sigma^2 + tau^2)).
#include "model/rating.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>

namespace hearts::server {

int RatingModel::shown(const Rating& r) const {
    return int(std::lround(1000.0 + 40.0 * ordinal(r)));
}

Expected<std::vector<RatedOutcome>> rate_with_limits(std::span<const RatingEntry> people,
                                                     const std::vector<std::vector<int>>& together,
                                                     const RatingModel& model) {
    const std::size_t n = people.size();
    if (n < 2 || together.size() != n)
        return Error{"a rated game needs at least two players, and their games together"};
    const auto established = [&](std::size_t i) {
        return people[i].games_before >= kEstablishedGames;
    };
    // Who each person is rated against: everyone for a new person; the established
    // people for an established one. One result of the model per such group.
    std::vector<RatedOutcome> out(n);
    for (const bool of_established : {false, true}) {
        std::vector<std::size_t> group;
        for (std::size_t i = 0; i < n; ++i)
            if (!of_established || established(i)) group.push_back(i);
        std::vector<Rating> before;
        std::vector<int> places;
        for (std::size_t i : group) {
            before.push_back(people[i].before);
            places.push_back(people[i].place);
        }
        std::vector<Rating> full = before;
        if (group.size() >= 2) {
            auto rated = rate_game(before, places, model);
            if (!rated) return rated.error();
            full = std::move(rated).value();
        }
        for (std::size_t k = 0; k < group.size(); ++k) {
            const std::size_t i = group[k];
            if (established(i) != of_established) continue;
            RatedOutcome& o = out[i];
            const Rating& was = people[i].before;
            std::vector<std::string> why;
            if (group.size() < n) {
                why.push_back("players with fewer than " + std::to_string(kEstablishedGames) +
                              " rated games do not move your rating yet");
            }
            double share = 0;
            int most = 0;
            for (std::size_t j : group) {
                if (j == i) continue;
                const int games = together[i][j];
                most = std::max(most, games);
                share +=
                    games < kPairGamesInFull ? 1.0 : std::pow(0.5, games - kPairGamesInFull + 1);
            }
            o.counted = group.size() < 2 ? 0.0 : share / double(group.size() - 1);
            if (group.size() >= 2 && o.counted < 1) {
                why.push_back("you have played " + std::to_string(most + 1) +
                              " rated games with the same players today, so this one counts for " +
                              std::to_string(int(std::lround(o.counted * 100))) + "%");
            }
            o.after = o.counted == 1 ? full[k]
                                     : Rating{was.mu + o.counted * (full[k].mu - was.mu),
                                              was.sigma + o.counted * (full[k].sigma - was.sigma)};
            for (std::size_t w = 0; w < why.size(); ++w) o.reason += (w == 0 ? "" : "; ") + why[w];
            if (!o.reason.empty()) o.reason[0] = char(std::toupper(o.reason[0]));
        }
    }
    return out;
}

bool rated_table(const TableSetup& setup) {
    if (!setup.daily.empty()) return false;
    if (is_public(setup.kind)) {
        // Before the start, one person waiting may yet be joined; after it, a person
        // alone with computer players plays unrated.
        if (!setup.started) return true;
        return std::count_if(setup.seats.begin(), setup.seats.end(),
                             [](const SeatHolder& h) { return !h.player.empty(); }) >= 2;
    }
    if (setup.kind != TableKind::Private) return false;
    int people = 0;
    for (const SeatHolder& h : setup.seats) {
        if (h.player.empty()) continue;
        if (!h.rated_vote) return false;
        ++people;
    }
    return people >= 2;
}

std::string board_of(const Rules& rules) {
    return rules == Rules{} ? std::string(kStandardBoard) : to_string(rules);
}

std::optional<Rating> bot_rating(std::string_view level) {
    // `hearts arena --ratings --games 1000 --threads 2 --seed 7` (2026-12-07, docs/bots.md):
    // 800 games each, medium anchored at a new player's mean; sigma is the calibration's own
    // uncertainty (1.75 to 1.82; random's 3.77, as it finished last in all but one game).
    constexpr double kBotRandomMu = -24.19, kBotEasyMu = 18.75, kBotHardMu = 30.46,
                     kBotExpertMu = 37.69, kBotSigma = 1.8;
    struct Fixed {
        std::string_view level;
        Rating rating;
    };
    static constexpr Fixed kFixed[] = {
        {"random", {kBotRandomMu, kBotSigma}}, {"easy", {kBotEasyMu, kBotSigma}},
        {"medium", {25.0, kBotSigma}},         {"hard", {kBotHardMu, kBotSigma}},
        {"expert", {kBotExpertMu, kBotSigma}},
    };
    for (const Fixed& f : kFixed)
        if (f.level == level) return f.rating;
    return std::nullopt;
}

std::optional<RatedGame> rated_game(const TableSetup& setup, const Game& game) {
    if (!rated_table(setup)) return std::nullopt;
    if (game.phase() != Phase::GameOver) return std::nullopt;
    RatedGame out;
    out.board = board_of(setup.rules);
    const auto totals = game.scores();
    // Everyone in the standings: (total, person's index or -1 for a computer player).
    struct Seated {
        int total;
        std::string player;  // "": a computer player
    };
    std::vector<Seated> playing;  // conceders apart: they are last
    std::vector<std::string> conceded;
    const std::optional<Rating> bot = bot_rating(setup.bot_level);
    for (Seat s : kAllSeats) {
        const SeatHolder& h = setup.seats[std::size_t(s)];
        if (h.player.empty()) {
            if (bot) playing.push_back(Seated{totals[std::size_t(s)], ""});
            continue;
        }
        if (h.conceded)
            conceded.push_back(h.player);
        else
            playing.push_back(Seated{totals[std::size_t(s)], h.player});
    }
    const std::size_t people =
        conceded.size() +
        std::size_t(std::count_if(playing.begin(), playing.end(),
                                  [](const Seated& x) { return !x.player.empty(); }));
    if (people < 2) return std::nullopt;
    std::stable_sort(playing.begin(), playing.end(),
                     [](const Seated& x, const Seated& y) { return x.total < y.total; });
    int standing = 0, place = 0, people_before = 0;
    for (std::size_t k = 0; k < playing.size(); ++k) {
        const bool tied = k > 0 && playing[k - 1].total == playing[k].total;
        if (!tied) {
            standing = int(k);
            place = people_before;
        }
        if (playing[k].player.empty()) {
            out.bots.push_back(RatedBot{*bot, standing});
        } else {
            out.people.push_back(RatedPlace{playing[k].player, place, standing});
            ++people_before;
        }
    }
    for (const std::string& player : conceded)
        out.people.push_back(RatedPlace{player, people_before, int(playing.size())});
    return out;
}

Expected<std::vector<Rating>> rate_game(std::span<const Rating> before, std::span<const int> places,
                                        const RatingModel& model) {
    const std::size_t n = before.size();
    if (n < 2 || places.size() != n)
        return Error{"a rated game needs at least two players, each with a place"};
    // The players in order of place; a tie keeps the players' order.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return places[x] < places[y]; });
    // rank[k]: the first sorted position of k's place, so tied players share it.
    std::vector<std::size_t> rank(n);
    for (std::size_t k = 0; k < n; ++k) {
        const bool tied = k > 0 && places[order[k - 1]] == places[order[k]];
        rank[k] = tied ? rank[k - 1] : k;
    }
    std::vector<double> mu(n), var(n);
    for (std::size_t k = 0; k < n; ++k) {
        const Rating& r = before[order[k]];
        mu[k] = r.mu;
        var[k] = r.sigma * r.sigma + model.tau * model.tau;
    }
    double c2 = 0;
    for (std::size_t k = 0; k < n; ++k) c2 += var[k] + model.beta * model.beta;
    const double c = std::sqrt(c2);
    std::vector<double> strength(n), sum_q(n, 0.0), a(n, 0.0);
    for (std::size_t k = 0; k < n; ++k) strength[k] = std::exp(mu[k] / c);
    for (std::size_t q = 0; q < n; ++q) {
        for (std::size_t i = 0; i < n; ++i) {
            if (rank[i] >= rank[q]) sum_q[q] += strength[i];
            if (rank[i] == rank[q]) a[q] += 1;
        }
    }
    std::vector<Rating> after(n);
    for (std::size_t i = 0; i < n; ++i) {
        double omega = 0, delta = 0;
        for (std::size_t q = 0; q < n; ++q) {
            if (rank[q] > rank[i]) continue;
            const double p = strength[i] / sum_q[q];
            omega += ((i == q ? 1.0 : 0.0) - p) / a[q];
            delta += p * (1 - p) / a[q];
        }
        const double gamma = std::sqrt(var[i]) / c;
        const double omega_i = omega * var[i] / c;
        const double delta_i = delta * var[i] / (c * c) * gamma;
        double sigma = std::sqrt(var[i]) * std::sqrt(std::max(1 - delta_i, model.kappa));
        const Rating& was = before[order[i]];
        if (model.limit_sigma && model.tau != 0) sigma = std::min(sigma, was.sigma);
        after[order[i]] = Rating{mu[i] + omega_i, sigma};
    }
    return after;
}

}  // namespace hearts::server
