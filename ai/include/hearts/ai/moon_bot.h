// `moonshot`: a test opponent for the arena, not a level offered to players. It tries to
// shoot the moon in every hand: it passes its lowest cards, leads the cards nobody can
// beat, wins every trick it can, and throws its low cards away when void; once another
// seat has taken a point, it plays as `medium` for the rest of the hand. It measures
// moon defence: how often a level lets a player who always tries get away with it
// (docs/bots.md, "Moon defence").
#pragma once

#include "hearts/ai/bot.h"
#include "hearts/ai/policy.h"

namespace hearts::ai {

class MoonBot final : public Bot {
  public:
    std::string_view name() const override { return "moonshot"; }
    CardSet choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) override;
    Card choose_play(const SeatView& view, std::uint64_t seed, Budget budget) override;
    bool quick() const override { return true; }
};

/// The three lowest cards of `hand` by rank, hearts kept before other suits: what a
/// player going for the moon passes.
CardSet moon_pass(CardSet hand);
/// A card from `s.legal` for a player going for the moon, while no other seat has taken
/// a point this hand; `medium`'s card after that.
Card moon_play(const Situation& s);

}  // namespace hearts::ai
