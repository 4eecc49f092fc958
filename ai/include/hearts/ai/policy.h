// Rule-based card play and passing: the judgement of a decent club player, written as
// a few plain rules over card masks.
//
// The same rules serve two masters: the `easy` and `medium` bots (from a SeatView) and
// the playouts inside the search bots (from a full Hand, many thousands of times per
// decision), so they work on a small `Situation` that either can fill cheaply.
#pragma once

#include <array>
#include <cstdint>

#include "hearts/card.h"
#include "hearts/hand.h"
#include "hearts/random.h"
#include "hearts/rules.h"
#include "hearts/view.h"

namespace hearts::ai {

/// What a player at the table can see when it is their turn to play.
struct Situation {
    Seat me = Seat::South;
    CardSet hand;
    CardSet legal;
    CardSet played;    // every card played this hand, the current trick included
    CardSet trick;     // the cards on the current trick
    int position = 0;  // 0 when leading, 3 when last to play
    Card lead;         // first card of the trick (none when leading)
    Card winning;      // the card winning the trick so far (none when leading)
    Seat winner = Seat::South;
    bool hearts_broken = false;
    std::array<int, kSeats> points{};  // points taken this hand (hearts and Q♠ only)
    /// A seat that has taken every point so far with enough of them to threaten a moon;
    /// -1 when there is none.
    int moon_threat = -1;
};

Situation situation_of(const Hand& hand);
Situation situation_of(const SeatView& view);

/// How much of the card-tracking the rules use: `easy` treats every card it cannot see
/// as still out; `medium` knows exactly which cards have been played.
enum class Skill : std::uint8_t { Easy, Medium };

/// A card from `s.legal` by the rules. Deterministic.
Card rule_play(const Situation& s, Skill skill);
/// Three cards to pass from a 13-card hand, by the rules.
CardSet rule_pass(CardSet hand, PassDirection direction);

// `easy`: the mistakes people make, not random noise (docs/bots.md, "easy"):
/// The pass of a casual player: its 3 highest cards, but never Q♠, which it keeps to
/// drop on someone later, however few spades guard it.
CardSet easy_pass(CardSet hand);
/// The card of a casual player: it leads its A♠ or K♠ to be rid of them while Q♠ may
/// still be out (and so often takes the queen), and otherwise plays by the rules
/// without tracking which cards were played or who is void (Skill::Easy).
Card easy_play(const Situation& s);

}  // namespace hearts::ai
