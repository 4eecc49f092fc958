#include "bench.h"

#include <chrono>
#include <iomanip>
#include <ostream>

#include "hearts/game.h"
#include "hearts/random.h"

namespace hearts::app {
namespace {

// FNV-1a style step over a 64-bit word: cheap, order-sensitive.
constexpr std::uint64_t fold(std::uint64_t h, std::uint64_t x) {
    return (h ^ x) * 0x100000001b3ULL;
}

CardSet random_subset(CardSet from, int n, Rng& rng) {
    CardSet out;
    for (int i = 0; i < n; ++i) {
        const Card c = from.nth(int(rng.below(std::uint32_t(from.size()))));
        out |= c;
        from -= c;
    }
    return out;
}

}  // namespace

BenchResult run_bench(const BenchOptions& options) {
    BenchResult r;
    std::uint64_t h = 0xcbf29ce484222325ULL;
    const auto start = std::chrono::steady_clock::now();
    const Rules rules;  // default rules: a pass cycle with passing on 3 of 4 hands
    for (std::uint64_t game_no = 0; r.hands < options.hands; ++game_no) {
        const std::uint64_t game_seed = mix64(options.seed ^ (game_no * 0x9e3779b97f4a7c15ULL));
        Game game(rules, game_seed);
        Rng rng(game_seed);
        while (game.phase() != Phase::GameOver && r.hands < options.hands) {
            switch (game.phase()) {
                case Phase::Pass:
                    for (Seat s : kAllSeats) {
                        const CardSet pass = random_subset(game.holding(s), 3, rng);
                        h = fold(h, pass.bits());
                        (void)game.apply(Action::pass(s, pass));
                    }
                    break;
                case Phase::Play: {
                    const CardSet legal = game.legal_plays();
                    const Card c = legal.nth(int(rng.below(std::uint32_t(legal.size()))));
                    h = fold(h, std::uint64_t(c.index()) | (std::uint64_t(game.to_move()) << 8));
                    (void)game.apply(Action::play(game.to_move(), c));
                    ++r.plays;
                    break;
                }
                case Phase::MoonChoice:
                    (void)game.apply(Action::choose_moon(game.to_move(), MoonChoice::AddToOthers));
                    break;
                case Phase::HandOver:
                case Phase::GameOver:
                    break;
            }
            if (game.phase() == Phase::HandOver || game.phase() == Phase::GameOver) {
                ++r.hands;
                for (int s : game.results().back().score) r.points += s;
                if (game.phase() == Phase::HandOver) (void)game.apply(Action::next_hand());
            }
        }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.signature = fold(h, std::uint64_t(r.points));
    return r;
}

int bench_command(const BenchOptions& options, std::ostream& out) {
    const BenchResult r = run_bench(options);
    out << "hands:      " << r.hands << "\n"
        << "plays:      " << r.plays << "\n"
        << "points:     " << r.points << "\n"
        << "seconds:    " << std::fixed << std::setprecision(3) << r.seconds << "\n"
        << "hands/s:    " << std::setprecision(0) << (r.seconds > 0 ? r.hands / r.seconds : 0)
        << "\n"
        << "signature:  " << std::hex << std::setw(16) << std::setfill('0') << r.signature
        << std::dec << "\n";
    return 0;
}

}  // namespace hearts::app
