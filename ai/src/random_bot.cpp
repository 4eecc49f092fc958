#include "hearts/ai/random_bot.h"

#include "hearts/random.h"

namespace hearts::ai {

CardSet RandomBot::choose_pass(const SeatView& view, std::uint64_t seed, Budget) {
    Rng rng(seed);
    CardSet from = view.hand();
    CardSet out;
    for (int i = 0; i < 3; ++i) {
        const Card c = from.nth(int(rng.below(std::uint32_t(from.size()))));
        out |= c;
        from -= c;
    }
    return out;
}

Card RandomBot::choose_play(const SeatView& view, std::uint64_t seed, Budget) {
    Rng rng(seed);
    const CardSet legal = view.legal();
    return legal.nth(int(rng.below(std::uint32_t(legal.size()))));
}

}  // namespace hearts::ai
