// `random`: a uniformly random legal card and a uniformly random pass. The baseline
// every other level is measured against.
#pragma once

#include "hearts/ai/bot.h"

namespace hearts::ai {

class RandomBot final : public Bot {
  public:
    std::string_view name() const override { return "random"; }
    CardSet choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) override;
    Card choose_play(const SeatView& view, std::uint64_t seed, Budget budget) override;
    bool quick() const override { return true; }
};

}  // namespace hearts::ai
