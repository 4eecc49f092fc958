// Auto-claim: when the rest of a hand can no longer change its score, the hand ends at
// once instead of being played out (docs/protocol.md, "Claims"). Two cases, looked at
// whenever a trick is about to be led:
//   no points left:  no card that scores (a heart, Q♠, and J♦ under the omnibus variant)
//                    is still held, so whoever takes the remaining tricks takes nothing;
//   every trick:     each card the leader holds is higher than every card of its suit
//                    that anyone else holds, so whatever is led wins, and its winner
//                    leads again with the same cards over the same others: the leader
//                    takes every remaining trick and every point in them.
// In both, every way of playing the rest gives each seat the same points, so the score
// (and a moon) is what playing it out would give. The remaining cards are then played
// with `claim_card`, so the game's history stays an ordinary list of plays.
#pragma once

#include <cstdint>
#include <optional>

#include "hearts/hand.h"
#include "hearts/rules.h"

namespace hearts {

enum class ClaimKind : std::uint8_t { NoPoints = 0, EveryTrick = 1 };
std::string_view to_string(ClaimKind kind);  // "no_points", "every_trick"

struct Claim {
    ClaimKind kind = ClaimKind::NoPoints;
    /// EveryTrick: the leader, who takes the rest. NoPoints: the seat to lead.
    Seat seat = Seat::South;
    /// The points in the cards still held, which EveryTrick's seat takes (0 for NoPoints;
    /// negative when only J♦ is left under the omnibus variant).
    int points = 0;
    bool operator==(const Claim&) const = default;
};

/// The claim the hand allows now, if any: only before a card of a trick is played, while
/// the hand runs. When no points are left that is the claim, whoever leads.
std::optional<Claim> claim(const Hand& hand, const Rules& rules);

/// The card played for the seat to move while a claim plays out the hand. Any would score
/// the same; this one ducks where it can (the highest card of the suit led that loses to
/// the trick's best so far, else the lowest legal card), so that a seat that could keep
/// from taking another trick does (statistics count the hands without one).
Card claim_card(const Hand& hand);

}  // namespace hearts
