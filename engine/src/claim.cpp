// Auto-claim (claim.h).
#include "hearts/claim.h"

namespace hearts {

std::string_view to_string(ClaimKind kind) {
    return kind == ClaimKind::NoPoints ? "no_points" : "every_trick";
}

Card claim_card(const Hand& hand) {
    const CardSet legal = hand.legal();
    if (hand.trick_size() == 0) return legal.lowest();
    const Card led = hand.led();
    Card best = led;
    const int first = hand.plays_made() - hand.trick_size();
    for (int k = 1; k < hand.trick_size(); ++k) {
        const Card c = hand.play_at(first + k);
        if (c.suit() == led.suit() && c > best) best = c;
    }
    const CardSet under =
        legal & suit_mask(led.suit()) & CardSet((std::uint64_t{1} << best.index()) - 1);
    return under.empty() ? legal.lowest() : under.highest();
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
