// Microbenchmarks of the engine's hot paths (Google Benchmark):
//   legal-move generation over mid-hand positions, play+undo, a whole random hand on
//   `Hand` (deal included), and a whole hand through the validating `Game::apply`.
// Inputs are fixed-seed, so runs compare across commits. Smoke run:
//   engine_benchmarks --benchmark_min_time=0.001
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "hearts/card.h"
#include "hearts/game.h"
#include "hearts/hand.h"
#include "hearts/random.h"
#include "hearts/rules.h"

namespace hearts {
namespace {

Card random_legal(const Hand& h, Rng& rng) {
    const CardSet legal = h.legal();
    return legal.nth(int(rng.below(std::uint32_t(legal.size()))));
}

// Positions from the whole range of a hand: random play from fixed seeds to a random
// depth, never a finished hand.
const std::vector<Hand>& positions() {
    static const std::vector<Hand> out = [] {
        std::vector<Hand> v;
        Rng rng(20240601);
        for (std::uint64_t seed = 0; seed < 4096; ++seed) {
            Hand h(deal(seed), false);
            const std::uint32_t depth = rng.below(kCards);
            for (std::uint32_t i = 0; i < depth; ++i) h.play(random_legal(h, rng));
            v.push_back(h);
        }
        return v;
    }();
    return out;
}

void BM_Legal(benchmark::State& state) {
    const auto& ps = positions();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(ps[i].legal());
        i = (i + 1) & (ps.size() - 1);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Legal);

void BM_PlayUndo(benchmark::State& state) {
    std::vector<Hand> ps = positions();
    std::vector<Card> moves;
    Rng rng(7);
    for (const Hand& h : ps) moves.push_back(random_legal(h, rng));
    std::size_t i = 0;
    for (auto _ : state) {
        Hand& h = ps[i];
        h.play(moves[i]);
        benchmark::ClobberMemory();
        h.undo();
        benchmark::DoNotOptimize(h);
        i = (i + 1) & (ps.size() - 1);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PlayUndo);

// Deal from a seed, then 52 random legal cards.
void BM_RandomHand(benchmark::State& state) {
    std::uint64_t seed = 0;
    Rng rng(11);
    for (auto _ : state) {
        Hand h(deal(seed++), false);
        while (!h.done()) h.play(random_legal(h, rng));
        benchmark::DoNotOptimize(h);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel("hands");
}
BENCHMARK(BM_RandomHand);

// A new Game (no pass, so it starts in play) and 52 validated plays through apply.
void BM_GameApplyHand(benchmark::State& state) {
    const Rules rules = *parse_rules("pass=N");
    constexpr int kDeals = 256;
    std::vector<std::vector<Action>> hands;
    Rng rng(13);
    for (std::uint64_t seed = 0; seed < kDeals; ++seed) {
        Game g(rules, seed);
        std::vector<Action> plays;
        while (g.phase() == Phase::Play) {
            const Action a = Action::play(g.to_move(), random_legal(g.hand(), rng));
            if (!g.apply(a)) state.SkipWithError("a precomputed play was refused");
            plays.push_back(a);
        }
        hands.push_back(plays);
    }
    std::size_t i = 0;
    for (auto _ : state) {
        Game g(rules, i);
        for (const Action& a : hands[i]) benchmark::DoNotOptimize(g.apply(a));
        benchmark::DoNotOptimize(g);
        i = (i + 1) % kDeals;
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel("hands");
}
BENCHMARK(BM_GameApplyHand);

}  // namespace
}  // namespace hearts

BENCHMARK_MAIN();
