#include "arena.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <thread>

#include "engine_client.h"
#include "hearts/game.h"
#include "hearts/random.h"

namespace hearts::app {
namespace {

using Clock = std::chrono::steady_clock;

Expected<std::unique_ptr<ai::Bot>> make_player(const std::string& spec) {
    constexpr std::string_view kEngine = "engine:";
    if (spec.rfind(kEngine, 0) == 0) return EngineBot::start(spec.substr(kEngine.size()));
    return ai::make_bot(spec);
}

// Seats of bot A for each seating of one deal.
std::vector<std::array<bool, kSeats>> seatings(const std::string& lineup) {
    if (lineup == "2v2") return {{true, false, true, false}, {false, true, false, true}};
    std::vector<std::array<bool, kSeats>> out;
    for (int a = 0; a < kSeats; ++a) {
        std::array<bool, kSeats> s{};
        s[std::size_t(a)] = true;
        out.push_back(s);
    }
    return out;
}

struct Worker {
    std::unique_ptr<ai::Bot> a, b;
    ArenaStats sa, sb;
    PairedDiff diff;
};

// Plays `game`'s current hand to its end with the given seating; adds to the stats.
Status finish_hand(const ArenaOptions& o, Game& game, std::uint64_t deal_seed,
                   const std::array<bool, kSeats>& is_a, Worker& w) {
    int step = 0;
    while (game.phase() == Phase::Pass || game.phase() == Phase::Play ||
           game.phase() == Phase::MoonChoice) {
        for (Seat s : kAllSeats) {
            if (!game.awaiting(s)) continue;
            const bool a = is_a[std::size_t(s)];
            ai::Bot& bot = a ? *w.a : *w.b;
            ArenaStats& st = a ? w.sa : w.sb;
            const SeatView view = game.view(s);
            const std::uint64_t seed =
                mix64(deal_seed ^ std::uint64_t(++step) * 0x2545f4914f6cdd1dULL);
            const auto t0 = Clock::now();
            Action act = ai::decide(bot, view, seed, a ? o.budget_a : o.budget_b);
            const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
            if (view.phase() == Phase::Play) {
                ++st.decisions;
                st.decision_seconds += dt;
                st.max_decision_seconds = std::max(st.max_decision_seconds, dt);
            } else if (view.phase() == Phase::Pass) {
                st.pass_seconds += dt;
                st.max_pass_seconds = std::max(st.max_pass_seconds, dt);
            }
            if (Status ok = game.apply(act); !ok) {
                // A refused action (only an external engine can make one): count it and
                // play the first legal card instead, so the match goes on.
                ++st.illegal;
                if (view.phase() == Phase::Pass) {
                    CardSet h = view.hand();
                    act = Action::pass(s, CardSet(h.nth(0)) | h.nth(1) | h.nth(2));
                } else if (view.phase() == Phase::Play) {
                    act = Action::play(s, game.legal_plays().lowest());
                } else {
                    act = Action::choose_moon(s, MoonChoice::AddToOthers);
                }
                if (Status again = game.apply(act); !again) return again;
            }
            // The pass made (after a refused one, the stand-in's).
            if (act.kind == ActionKind::Pass) {
                ++st.passes;
                if (act.cards.contains(kQueenOfSpades)) ++st.queens_passed;
            }
        }
    }
    const HandResult& r = game.results().back();
    double side[2] = {0, 0};
    int seats[2] = {0, 0};
    for (Seat s : kAllSeats) {
        const int k = is_a[std::size_t(s)] ? 0 : 1;
        side[k] += r.score[std::size_t(s)];
        ++seats[k];
    }
    if (seats[0] && seats[1]) w.diff.add(side[0] / seats[0] - side[1] / seats[1]);
    for (Seat s : kAllSeats) {
        ArenaStats& st = is_a[std::size_t(s)] ? w.sa : w.sb;
        const double p = r.score[std::size_t(s)];
        ++st.hands;
        st.points += p;
        st.points_sq += p * p;
        if (r.moon && r.shooter == s) ++st.moons_shot;
        if (r.moon && r.shooter != s) ++st.moons_suffered;
        if (game.hand().taken(s).contains(kQueenOfSpades)) ++st.queens_taken;
    }
    return {};
}

// Plays one hand of deal `deal` with the given seating; adds to the stats.
Status play_hand(const ArenaOptions& o, int deal, const std::array<bool, kSeats>& is_a, Worker& w) {
    Rules rules = o.rules;
    rules.pass_cycle_length = 1;
    rules.pass_cycle[0] = o.passing ? PassDirection(deal % 4) : PassDirection::None;
    const std::uint64_t deal_seed = mix64(o.seed + 0x9e3779b97f4a7c15ULL * std::uint64_t(deal));
    Game game(rules, deal_seed);
    return finish_hand(o, game, deal_seed, is_a, w);
}

// Plays game number `index` to its end with the given seating: every hand counts in the
// stats as in play_hand, and the winners share one win.
Status play_game(const ArenaOptions& o, int index, const std::array<bool, kSeats>& is_a,
                 Worker& w) {
    Rules rules = o.rules;
    if (!o.passing) {
        rules.pass_cycle_length = 1;
        rules.pass_cycle[0] = PassDirection::None;
    }
    const std::uint64_t game_seed =
        mix64(o.seed + 0x2545f4914f6cdd1dULL * std::uint64_t(index + 1));
    Game game(rules, game_seed);
    for (int hand = 0; game.phase() != Phase::GameOver; ++hand) {
        if (hand > 1000) return Error{"the game did not end after 1000 hands"};
        if (Status s = finish_hand(o, game, mix64(game_seed ^ std::uint64_t(hand)), is_a, w); !s)
            return s;
        if (game.phase() == Phase::HandOver) {
            if (Status s = game.apply(Action::next_hand()); !s) return s;
        }
    }
    const std::vector<Seat> winners = game.winners();
    for (Seat s : kAllSeats) {
        ArenaStats& st = is_a[std::size_t(s)] ? w.sa : w.sb;
        ++st.games;
        if (std::find(winners.begin(), winners.end(), s) != winners.end())
            st.wins += 1.0 / double(winners.size());
    }
    return {};
}

}  // namespace

double PairedDiff::ci95() const {
    if (hands < 2) return 0;
    const double m = mean();
    const double var = (sum_sq - double(hands) * m * m) / double(hands - 1);
    return 1.96 * std::sqrt(std::max(0.0, var) / double(hands));
}

double ArenaStats::win_ci95() const {
    if (games < 2) return 0;
    const double p = win_rate();
    return 1.96 * std::sqrt(p * (1 - p) / double(games));
}

double ArenaStats::ci95() const {
    if (hands < 2) return 0;
    const double m = mean();
    const double var = (points_sq - double(hands) * m * m) / double(hands - 1);
    return 1.96 * std::sqrt(std::max(0.0, var) / double(hands));
}

void ArenaStats::merge(const ArenaStats& o) {
    hands += o.hands;
    points += o.points;
    points_sq += o.points_sq;
    moons_shot += o.moons_shot;
    moons_suffered += o.moons_suffered;
    queens_taken += o.queens_taken;
    passes += o.passes;
    queens_passed += o.queens_passed;
    decisions += o.decisions;
    decision_seconds += o.decision_seconds;
    max_decision_seconds = std::max(max_decision_seconds, o.max_decision_seconds);
    pass_seconds += o.pass_seconds;
    max_pass_seconds = std::max(max_pass_seconds, o.max_pass_seconds);
    illegal += o.illegal;
    games += o.games;
    wins += o.wins;
}

Expected<ArenaResult> run_arena(const ArenaOptions& o) {
    if (o.lineup != "1v3" && o.lineup != "2v2")
        return Error{"lineup is 1v3 or 2v2, not '" + o.lineup + "'"};
    const int threads = std::max(1, o.threads);
    std::vector<Worker> workers(static_cast<std::size_t>(threads));
    for (Worker& w : workers) {
        auto a = make_player(o.bot_a);
        if (!a) return a.error();
        auto b = make_player(o.bot_b);
        if (!b) return b.error();
        w.a = std::move(a).value();
        w.b = std::move(b).value();
    }
    const auto seats = seatings(o.lineup);
    const auto start = Clock::now();
    std::mutex error_mutex;
    std::string error;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            Worker& w = workers[std::size_t(t)];
            const bool games = o.games > 0;
            const int count = games ? o.games : o.deals;
            for (int k = t; k < count; k += threads) {
                for (const auto& seating : seats) {
                    Status s = games ? play_game(o, k, seating, w) : play_hand(o, k, seating, w);
                    if (!s) {
                        std::lock_guard lock(error_mutex);
                        error = (games ? "game " : "deal ") + std::to_string(k) + ": " +
                                s.error().reason;
                        return;
                    }
                }
            }
        });
    }
    for (auto& th : pool) th.join();
    if (!error.empty()) return Error{error};
    ArenaResult r;
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.a.label = o.bot_a;
    r.b.label = o.bot_b;
    for (const Worker& w : workers) {
        r.a.merge(w.sa);
        r.b.merge(w.sb);
        r.diff.merge(w.diff);
    }
    return r;
}

int arena_command(const ArenaOptions& o, std::ostream& out, std::ostream& err) {
    auto result = run_arena(o);
    if (!result) {
        err << "hearts arena: " << result.error().reason << "\n";
        return 1;
    }
    const ArenaResult& r = *result;
    out << "arena: " << o.bot_a << (o.lineup == "1v3" ? " vs 3x " : " x2 vs 2x ") << o.bot_b << ", "
        << (o.games > 0 ? o.games : o.deals) << (o.games > 0 ? " games to " : " deals")
        << (o.games > 0 ? std::to_string(o.rules.end_score) : "") << " x "
        << seatings(o.lineup).size() << " seatings, " << (o.passing ? "passing" : "no passing")
        << ", seed " << o.seed << ", " << std::fixed << std::setprecision(1) << r.seconds << " s\n";
    out << std::left << std::setw(22) << "bot" << std::right << std::setw(8) << "hands"
        << std::setw(11) << "pts/hand" << std::setw(9) << "±95%" << std::setw(7) << "moons"
        << std::setw(10) << "suffered" << std::setw(8) << "queens" << std::setw(10) << "ms/dec"
        << std::setw(10) << "max ms"
        << "\n";
    for (const ArenaStats* s : {&r.a, &r.b}) {
        out << std::left << std::setw(22) << s->label.substr(0, 21) << std::right << std::setw(8)
            << s->hands << std::setw(11) << std::setprecision(3) << s->mean() << std::setw(9)
            << s->ci95() << std::setw(7) << s->moons_shot << std::setw(10) << s->moons_suffered
            << std::setw(8) << s->queens_taken << std::setw(10) << std::setprecision(3)
            << (s->decisions ? 1000 * s->decision_seconds / double(s->decisions) : 0)
            << std::setw(10) << 1000 * s->max_decision_seconds << "\n";
        if (s->illegal) out << "  " << s->label << " made " << s->illegal << " illegal moves\n";
    }
    for (const ArenaStats* s : {&r.a, &r.b})
        if (s->passes)
            out << s->label << " passed Q♠ in " << s->queens_passed << " of " << s->passes
                << " passes (" << std::setprecision(1)
                << 100.0 * double(s->queens_passed) / double(s->passes) << "%); a pass took "
                << std::setprecision(3) << 1000 * s->pass_seconds / double(s->passes)
                << " ms on average, " << 1000 * s->max_pass_seconds << " at most\n";
    out << std::setprecision(3) << o.bot_a << " - " << o.bot_b
        << ", paired by hand: " << std::showpos << r.diff.mean() << std::noshowpos << " ± "
        << r.diff.ci95() << " points/hand (" << r.diff.hands << " hands; below 0: " << o.bot_a
        << " takes fewer)\n";
    if (o.games > 0) {
        // Each seat's share of the wins; with no edge, a seat wins 1 game in 4.
        out << std::left << std::setw(22) << "bot" << std::right << std::setw(8) << "seats"
            << std::setw(11) << "wins" << std::setw(9) << "win %" << std::setw(9) << "±95%"
            << "\n";
        for (const ArenaStats* s : {&r.a, &r.b})
            out << std::left << std::setw(22) << s->label.substr(0, 21) << std::right
                << std::setw(8) << s->games << std::setw(11) << std::setprecision(1) << s->wins
                << std::setw(9) << 100 * s->win_rate() << std::setw(9) << 100 * s->win_ci95()
                << "\n";
        out << "(a seat with no edge wins 25% of its games)\n";
    }
    return 0;
}

}  // namespace hearts::app
