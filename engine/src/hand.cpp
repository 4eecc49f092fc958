#include "hearts/hand.h"

#include <cassert>

#include "hearts/random.h"

namespace hearts {

Hands deal(std::uint64_t seed) {
    std::array<std::uint8_t, kCards> deck{};
    for (int i = 0; i < kCards; ++i) deck[std::size_t(i)] = std::uint8_t(i);
    Rng rng(seed);
    for (std::uint32_t i = kCards - 1; i > 0; --i) {
        std::uint32_t j = rng.below(i + 1);
        std::swap(deck[i], deck[j]);
    }
    Hands hands{};
    for (std::size_t s = 0, i = 0; s < kSeats; ++s) {
        std::uint64_t bits = 0;
        for (int k = 0; k < kCardsPerHand; ++k, ++i) bits |= std::uint64_t{1} << deck[i];
        hands[s] = CardSet(bits);
    }
    return hands;
}

Hand::Hand(const Hands& hands, bool queen_breaks_hearts)
    : hands_(hands), queen_breaks_(queen_breaks_hearts) {
    for (Seat s : kAllSeats) {
        assert(hands[int(s)].size() == kCardsPerHand);
        if (hands[int(s)].contains(kTwoOfClubs)) to_move_ = s;
    }
    leaders_[0] = to_move_;
}

const char* Hand::refusal(Card c) const {
    if (done()) return "the hand is over";
    const CardSet hand = hands_[int(to_move_)];
    if (!hand.contains(c)) return "you don't have that card";
    if (legal().contains(c)) return nullptr;
    if (count_ == 0) return "the two of clubs must lead the first trick";
    if (trick_size() == 0) return "hearts are not broken yet";
    if (hand.intersects(suit_mask(led().suit()))) return "you must follow suit";
    return "no hearts or queen of spades on the first trick";
}

void Hand::undo() {
    assert(count_ > 0);
    if ((count_ & 3) == 0) {  // taking back the last card of a trick: return the trick
        const int first = count_ - 4;
        CardSet cards;
        for (int k = 0; k < 4; ++k) cards |= plays_[std::size_t(first + k)];
        Seat& winner = leaders_[std::size_t((first >> 2) + 1)];
        taken_[int(winner)] -= cards;
        winner = Seat::South;  // back to the constructed value, so undo restores ==
    }
    --count_;
    const Card c = plays_[count_];
    const Seat seat = player_at(count_);
    hands_[int(seat)] |= c;
    played_ -= c;
    plays_[count_] = Card::none();
    if (broken_at_ == count_) broken_at_ = 0xff;
    to_move_ = seat;
}

}  // namespace hearts
