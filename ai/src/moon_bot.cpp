#include "hearts/ai/moon_bot.h"

#include <algorithm>
#include <vector>

namespace hearts::ai {
namespace {

constexpr CardSet kPointCards = kHearts | CardSet(kQueenOfSpades);

// The cards of `c`'s suit that beat it (above it in index order).
CardSet above(Card c) {
    return suit_mask(c.suit()) - CardSet((std::uint64_t{2} << c.index()) - 1);
}

// Whether nobody can beat `c` in its suit: every higher card of the suit is played or mine.
bool master(Card c, CardSet hand, CardSet played) {
    return (above(c) - hand - played).empty();
}

}  // namespace

CardSet moon_pass(CardSet hand) {
    std::vector<Card> cards;
    for (CardSet rest = hand; !rest.empty();) cards.push_back(rest.pop_lowest());
    std::stable_sort(cards.begin(), cards.end(), [](Card a, Card b) {
        if (a.rank() != b.rank()) return a.rank() < b.rank();
        return a.suit() != Suit::Hearts && b.suit() == Suit::Hearts;
    });
    CardSet out;
    for (std::size_t i = 0; i < 3 && i < cards.size(); ++i) out |= cards[i];
    return out;
}

Card moon_play(const Situation& s) {
    for (int seat = 0; seat < kSeats; ++seat)
        if (seat != int(s.me) && s.points[std::size_t(seat)] > 0)
            return rule_play(s, Skill::Medium);
    const CardSet legal = s.legal;
    if (s.position == 0) {
        // Lead a card nobody can beat, from the suit it holds most of; else the highest
        // card of its longest suit.
        Card best = Card::none();
        int best_length = -1;
        for (CardSet rest = legal; !rest.empty();) {
            const Card c = rest.pop_lowest();
            const int length = (s.hand & suit_mask(c.suit())).size();
            if (master(c, s.hand, s.played) && length > best_length) {
                best = c;
                best_length = length;
            }
        }
        if (best != Card::none()) return best;
        Suit longest = legal.lowest().suit();
        for (int i = 0; i < kSuits; ++i)
            if ((legal & suit_mask(Suit(i))).size() > (legal & suit_mask(longest)).size())
                longest = Suit(i);
        return (legal & suit_mask(longest)).highest();
    }
    const CardSet follow = legal & suit_mask(s.lead.suit());
    if (!follow.empty()) {
        // The winning card is of the suit led.
        const CardSet higher = follow & above(s.winning);
        if (higher.empty()) return follow.lowest();
        // Last to play: the lowest card that wins is enough; else the highest, to hold.
        return s.position == 3 ? higher.lowest() : higher.highest();
    }
    // Void in the suit led: throw a low card that gives nobody a point.
    const CardSet safe = legal - kPointCards;
    if (!safe.empty()) {
        Card low = safe.lowest();
        for (CardSet rest = safe; !rest.empty();) {
            const Card c = rest.pop_lowest();
            if (c.rank() < low.rank()) low = c;
        }
        return low;
    }
    return legal.lowest();
}

CardSet MoonBot::choose_pass(const SeatView& view, std::uint64_t, Budget) {
    return moon_pass(view.hand());
}

Card MoonBot::choose_play(const SeatView& view, std::uint64_t, Budget) {
    return moon_play(situation_of(view));
}

}  // namespace hearts::ai
