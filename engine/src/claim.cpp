// Auto-claim (claim.h).
#include "hearts/claim.h"

namespace hearts {

std::string_view to_string(ClaimKind kind) {
    return kind == ClaimKind::NoPoints ? "no_points" : "every_trick";
}

std::optional<Claim> claim(const Hand& hand, const Rules& rules) {
    if (hand.done() || hand.trick_size() != 0) return std::nullopt;
    const CardSet held = kAllCards - hand.played();
    CardSet scoring = kHearts | kQueenOfSpades;
    if (rules.jack_of_diamonds) scoring |= kJackOfDiamonds;
    const Seat leader = hand.to_move();
    if (!held.intersects(scoring)) return Claim{ClaimKind::NoPoints, leader, 0};

    // Every suit the leader holds: its lowest card there beats the others' highest.
    const CardSet mine = hand.hand(leader);
    const CardSet theirs = held - mine;
    for (Suit s : {Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts}) {
        const CardSet my_suit = mine & suit_mask(s);
        const CardSet their_suit = theirs & suit_mask(s);
        if (my_suit.empty() || their_suit.empty()) continue;
        if (my_suit.lowest() < their_suit.highest()) return std::nullopt;
    }
    return Claim{ClaimKind::EveryTrick, leader, rules.points(held)};
}

}  // namespace hearts
