#include "hearts/ai/rule_bot.h"

#include "hearts/random.h"

namespace hearts::ai {

CardSet RuleBot::choose_pass(const SeatView& view, std::uint64_t, Budget) {
    return rule_pass(view.hand(), view.pass_direction());
}

Card RuleBot::choose_play(const SeatView& view, std::uint64_t seed, Budget) {
    if (skill_ == Skill::Easy) {
        Rng rng(seed);
        if (rng.below(4) == 0)
            return view.legal().nth(int(rng.below(std::uint32_t(view.legal().size()))));
    }
    return rule_play(situation_of(view), skill_);
}

}  // namespace hearts::ai
