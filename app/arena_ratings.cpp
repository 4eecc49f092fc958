// `hearts arena --ratings` (docs/bots.md, "Ratings of the computer players"): the fixed
// rating of each level, found the way people's are. Whole games are played by four
// different levels at a time, seated at random, and each game's final standings update
// the levels' ratings with the rating model of the server (server/model/rating.h), in game
// order, as if each level were a player. The result is anchored so that `medium` has a new
// player's mean: a newcomer is taken to play about as well as the medium computer player.
#include "arena_ratings.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <mutex>
#include <numeric>
#include <ostream>
#include <thread>

#include "hearts/ai/bot.h"
#include "hearts/game.h"
#include "hearts/random.h"
#include "model/quick.h"
#include "model/rating.h"

namespace hearts::app {
namespace {

using server::Rating;
using server::RatingModel;

// One game's players (indexes into the levels, by seat) and their final places.
struct Played {
    std::array<int, kSeats> level{};
    std::array<int, kSeats> place{};
    bool done = false;
};

// The four levels of game `index`: each four of the levels in turn, seated by the seed.
std::array<int, kSeats> lineup(int index, int levels, std::uint64_t seed) {
    std::vector<int> all(static_cast<std::size_t>(levels));
    std::iota(all.begin(), all.end(), 0);
    // Leave out one level in turn (with four levels, none).
    if (levels > kSeats) all.erase(all.begin() + index % levels);
    all.resize(kSeats);
    std::uint64_t s = mix64(seed ^ std::uint64_t(index + 1) * 0x9e3779b97f4a7c15ULL);
    for (std::size_t i = all.size() - 1; i > 0; --i) {
        s = mix64(s);
        std::swap(all[i], all[std::size_t(s % (i + 1))]);
    }
    return {all[0], all[1], all[2], all[3]};
}

Status play(const std::vector<std::unique_ptr<ai::Bot>>& bots, const Rules& rules,
            std::uint64_t seed, Played& out) {
    Game game(rules, seed);
    int step = 0;
    while (game.phase() != Phase::GameOver) {
        if (++step > 100000) return Error{"the game did not end"};
        if (game.phase() == Phase::HandOver) {
            if (Status s = game.apply(Action::next_hand()); !s) return s;
            continue;
        }
        for (Seat s : kAllSeats) {
            if (!game.awaiting(s)) continue;
            ai::Bot& bot = *bots[std::size_t(out.level[std::size_t(s)])];
            const Action act =
                ai::decide(bot, game.view(s), mix64(seed + std::uint64_t(step) * 31));
            if (Status ok = game.apply(act); !ok) return ok;
        }
    }
    // Places by final totals, lowest first; equal totals share a place.
    const auto totals = game.scores();
    for (std::size_t s = 0; s < kSeats; ++s) {
        int better = 0;
        for (std::size_t o = 0; o < kSeats; ++o) better += totals[o] < totals[s] ? 1 : 0;
        out.place[s] = better;
    }
    out.done = true;
    return {};
}

}  // namespace

int arena_ratings_command(const ArenaRatingsOptions& o, std::ostream& out, std::ostream& err) {
    const int levels = int(o.levels.size());
    if (levels < kSeats) {
        err << "hearts arena --ratings: needs at least 4 levels (--levels)\n";
        return 2;
    }
    auto medium = std::find(o.levels.begin(), o.levels.end(), "medium");
    if (medium == o.levels.end()) {
        err << "hearts arena --ratings: the levels must include medium, the anchor\n";
        return 2;
    }
    std::vector<Played> games(std::size_t(o.games));
    std::mutex mutex;
    std::string error;
    int next = 0;
    std::vector<std::thread> pool;
    for (int t = 0; t < o.threads; ++t) {
        pool.emplace_back([&] {
            std::vector<std::unique_ptr<ai::Bot>> bots;
            for (const std::string& level : o.levels) bots.push_back(ai::make_bot(level).value());
            for (;;) {
                int k = 0;
                {
                    std::lock_guard lock(mutex);
                    if (next >= o.games || !error.empty()) return;
                    k = next++;
                }
                Played& g = games[std::size_t(k)];
                g.level = lineup(k, levels, o.seed);
                const std::uint64_t seed = mix64(o.seed + 0x2545f4914f6cdd1dULL * std::uint64_t(k));
                if (Status s = play(bots, o.rules, seed, g); !s) {
                    std::lock_guard lock(mutex);
                    error = "game " + std::to_string(k) + ": " + s.error().reason;
                }
            }
        });
    }
    for (auto& t : pool) t.join();
    if (!error.empty()) {
        err << "hearts arena --ratings: " << error << "\n";
        return 1;
    }

    // In game order, as the server rates people: each level's rating moves with each game.
    const RatingModel model;
    std::vector<Rating> rating(std::size_t(levels), model.fresh());
    std::vector<int> played(std::size_t(levels), 0), wins(std::size_t(levels), 0);
    for (const Played& g : games) {
        std::vector<Rating> before;
        std::vector<int> places;
        for (std::size_t s = 0; s < kSeats; ++s) {
            before.push_back(rating[std::size_t(g.level[s])]);
            places.push_back(g.place[s]);
        }
        auto after = server::rate_game(before, places, model);
        if (!after) {
            err << "hearts arena --ratings: " << after.error().reason << "\n";
            return 1;
        }
        for (std::size_t s = 0; s < kSeats; ++s) {
            rating[std::size_t(g.level[s])] = (*after)[s];
            ++played[std::size_t(g.level[s])];
            wins[std::size_t(g.level[s])] += g.place[s] == 0 ? 1 : 0;
        }
    }
    // Anchored: medium at a new player's mean.
    const double shift = model.mu - rating[std::size_t(medium - o.levels.begin())].mu;
    out << "Ratings of the computer players: " << o.games << " games to " << o.rules.end_score
        << ", four levels a game, seed " << o.seed
        << "; medium anchored at a new player's mean (mu " << model.mu << ")\n\n";
    out << std::left << std::setw(10) << "level" << std::right << std::setw(8) << "games"
        << std::setw(8) << "wins" << std::setw(9) << "mu" << std::setw(8) << "sigma" << std::setw(8)
        << "skill" << std::setw(9) << "rating"
        << "\n";
    for (int l = 0; l < levels; ++l) {
        const Rating r{rating[std::size_t(l)].mu + shift, rating[std::size_t(l)].sigma};
        out << std::left << std::setw(10) << o.levels[std::size_t(l)] << std::right << std::setw(8)
            << played[std::size_t(l)] << std::setw(8) << wins[std::size_t(l)] << std::setw(9)
            << std::fixed << std::setprecision(2) << r.mu << std::setw(8) << r.sigma << std::setw(8)
            << server::skill_points(r, model) << std::setw(9) << model.shown(r) << "\n";
    }
    out << "\n(skill: 1000 + 40 (mu - 25), what quick match compares; rating: the number "
           "shown, 1000 + 40 (mu - 3 sigma))\n";
    return 0;
}

}  // namespace hearts::app
