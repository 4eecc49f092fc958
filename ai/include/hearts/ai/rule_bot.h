// `easy` and `medium`: rule-based players (policy.h).
//   medium: a decent club player. It passes the dangerous spades and high hearts and
//           makes voids, ducks under the winner, dumps Q♠ on someone else's trick, and
//           tracks which cards are still out.
//   easy:   a casual player: the same habits without tracking played cards, and now
//           and then a careless card (a seeded random legal card, 1 time in 4).
#pragma once

#include "hearts/ai/bot.h"
#include "hearts/ai/policy.h"

namespace hearts::ai {

class RuleBot final : public Bot {
  public:
    explicit RuleBot(Skill skill) : skill_(skill) {}
    std::string_view name() const override { return skill_ == Skill::Easy ? "easy" : "medium"; }
    CardSet choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) override;
    Card choose_play(const SeatView& view, std::uint64_t seed, Budget budget) override;
    bool quick() const override { return true; }

  private:
    Skill skill_;
};

}  // namespace hearts::ai
