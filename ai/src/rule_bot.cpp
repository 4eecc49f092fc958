#include "hearts/ai/rule_bot.h"

#include "hearts/random.h"

namespace hearts::ai {

CardSet RuleBot::choose_pass(const SeatView& view, std::uint64_t, Budget) {
    if (skill_ == Skill::Easy) return easy_pass(view.hand());
    return rule_pass(view.hand(), view.pass_direction());
}

Card RuleBot::choose_play(const SeatView& view, std::uint64_t, Budget) {
    if (skill_ == Skill::Easy) return easy_play(situation_of(view));
    return rule_play(situation_of(view), skill_);
}

}  // namespace hearts::ai
