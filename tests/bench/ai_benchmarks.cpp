// Microbenchmarks of the computer players (Google Benchmark), the baseline for the bots'
// work (docs/bots.md):
//   BM_RulePlayout    one playout as the search bots run it: a hand dealt from a seed,
//                     played to its end by the medium rules for all four seats
//                     (items/s = playouts/s)
//   BM_Decision/<level>  one choice of card from a position in the first half of a hand,
//                     at the level's default budget (time per decision)
// Inputs are fixed-seed, so runs compare across commits; compare a change with the
// figure of the same run, never with a number from another machine. Smoke run:
//   ai_benchmarks --benchmark_min_time=0.001
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/ai/policy.h"
#include "hearts/card.h"
#include "hearts/game.h"
#include "hearts/hand.h"
#include "hearts/random.h"
#include "hearts/rules.h"

namespace hearts {
namespace {

void BM_RulePlayout(benchmark::State& state) {
    std::uint64_t seed = 0;
    for (auto _ : state) {
        Hand h(deal(seed++), false);
        while (!h.done()) h.play(ai::rule_play(ai::situation_of(h), ai::Skill::Medium));
        benchmark::DoNotOptimize(h);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel("playouts");
}
BENCHMARK(BM_RulePlayout);

// Views of the seat to move after 4 to 24 random legal cards (no pass: play starts at once).
const std::vector<SeatView>& decision_views() {
    static const std::vector<SeatView> out = [] {
        const Rules rules = *parse_rules("pass=N");
        std::vector<SeatView> v;
        Rng rng(20261203);
        for (std::uint64_t seed = 0; seed < 64; ++seed) {
            Game g(rules, seed);
            const std::uint32_t depth = 4 + rng.below(21);
            for (std::uint32_t i = 0; i < depth; ++i) {
                const CardSet legal = g.hand().legal();
                const Card c = legal.nth(int(rng.below(std::uint32_t(legal.size()))));
                if (!g.apply(Action::play(g.to_move(), c))) return v;
            }
            v.push_back(g.view(g.to_move()));
        }
        return v;
    }();
    return out;
}

void BM_Decision(benchmark::State& state, const std::string& level) {
    auto bot = ai::make_bot(level);
    if (!bot) return state.SkipWithError(bot.error().reason.c_str());
    const auto& views = decision_views();
    if (views.size() != 64) return state.SkipWithError("a position could not be made");
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize((*bot)->choose_play(views[i], 1000 + i, {}));
        i = (i + 1) % views.size();
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel("decisions");
}
BENCHMARK_CAPTURE(BM_Decision, easy, std::string("easy"));
BENCHMARK_CAPTURE(BM_Decision, medium, std::string("medium"));
BENCHMARK_CAPTURE(BM_Decision, hard, std::string("hard"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Decision, expert, std::string("expert"))->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace hearts

BENCHMARK_MAIN();
