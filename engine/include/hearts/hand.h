// One hand of play (after the pass): 13 tricks from the 2♣ lead to the last card.
//
// This is the hot path. `Hand` is a plain value with no allocation: `legal()` returns
// the legal cards as a CardSet, `play()` applies a card without checking it and
// `undo()` takes the last card back exactly, so search can walk a tree in place. The
// validating path for input from outside is `Game::apply` (game.h), which uses
// `refusal()` here for its reasons.
//
// The legal-move cascade, as the rules read (../shared/PRODUCT.md):
//   leading the first trick:   the 2♣, which its holder must lead;
//   following:                 a card of the suit led if the hand has one;
//   first trick, void in suit: anything but hearts and Q♠, unless nothing else is held;
//   leading later:             not a heart until hearts are broken, unless only hearts
//                              are held;
//   otherwise:                 any card in the hand.
// Hearts are broken once a heart has been played (and by Q♠ under that variant).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "hearts/card.h"
#include "hearts/random.h"

namespace hearts {

inline constexpr int kTricks = 13;
inline constexpr int kCardsPerHand = 13;

using Hands = std::array<CardSet, kSeats>;

/// The 64-bit seed of hand `hand_index` of the game with seed `game_seed`.
constexpr std::uint64_t hand_seed(std::uint64_t game_seed, int hand_index);
/// Deals 13 cards to each seat from a seed: a Fisher-Yates shuffle of 2C..AS (index
/// order) with Rng(seed), then cards 0-12 to South, 13-25 to West, 26-38 to North,
/// 39-51 to East.
Hands deal(std::uint64_t seed);

/// The legal-move cascade above, for a player holding `hand` when `plays_made` cards of
/// the hand have been played, `led` is the first card of the current trick (none when
/// leading), and hearts are or are not broken. Hand::legal and every other place that
/// needs legality (seat views built from outside, for one) share this one function.
constexpr CardSet legal_cards(CardSet hand, int plays_made, Card led, bool hearts_broken) {
    if (led.is_none()) {
        if (plays_made == 0) return hand & kTwoOfClubs;  // the holder of 2♣ leads it
        if (!hearts_broken) {
            const CardSet non_hearts = hand - kHearts;
            if (!non_hearts.empty()) return non_hearts;
        }
        return hand;
    }
    const CardSet follow = hand & suit_mask(led.suit());
    if (!follow.empty()) return follow;
    if (plays_made < 4) {  // first trick: no points unless the hand holds nothing else
        const CardSet safe = hand - kHearts - kQueenOfSpades;
        if (!safe.empty()) return safe;
    }
    return hand;
}

class Hand {
  public:
    Hand() = default;
    /// Starts play with the hands after passing. The holder of 2♣ leads.
    /// Precondition: the hands are 4 disjoint sets of 13 covering the deck.
    Hand(const Hands& hands, bool queen_breaks_hearts);

    // ---- state ----
    Seat to_move() const { return to_move_; }
    bool done() const { return count_ == kCards; }
    int plays_made() const { return count_; }
    int trick_number() const { return count_ >> 2; }  // 0..13
    int trick_size() const { return count_ & 3; }     // cards on the current trick
    bool hearts_broken() const { return broken_at_ < count_; }
    bool queen_breaks_hearts() const { return queen_breaks_; }
    CardSet hand(Seat s) const { return hands_[int(s)]; }
    CardSet taken(Seat s) const { return taken_[int(s)]; }
    CardSet played() const { return played_; }
    /// The i-th card played this hand, 0-based, and who played it.
    Card play_at(int i) const { return plays_[std::size_t(i)]; }
    Seat player_at(int i) const { return seat_after(leaders_[std::size_t(i >> 2)], i & 3); }
    /// Who led trick t (t <= trick_number()).
    Seat leader(int t) const { return leaders_[std::size_t(t)]; }
    /// Who won completed trick t (t < number of completed tricks).
    Seat winner(int t) const { return leaders_[std::size_t(t + 1)]; }
    /// The first card of the current trick, or none when leading.
    Card led() const { return trick_size() ? plays_[std::size_t(count_ & ~3)] : Card::none(); }

    // ---- moves ----
    /// The cards the player to move may play. Never empty while the hand runs.
    CardSet legal() const;
    /// Why `c` may not be played by the player to move, or nullptr when it may.
    /// Precondition: `c` is a card (not Card::none()).
    const char* refusal(Card c) const;
    /// Plays `c` for the player to move. Precondition: legal().contains(c).
    void play(Card c);
    /// Takes back the last card played. Precondition: plays_made() > 0.
    void undo();

    bool operator==(const Hand&) const = default;

  private:
    Hands hands_{};
    Hands taken_{};
    CardSet played_;
    std::array<Card, kCards> plays_{};
    std::array<Seat, kTricks + 1> leaders_{};  // leaders_[t+1] is the winner of trick t
    std::uint8_t count_ = 0;
    std::uint8_t broken_at_ = 0xff;  // index of the play that broke hearts
    Seat to_move_ = Seat::South;
    bool queen_breaks_ = false;
};

// legal() and play() are the hot path: inline for search and the bench.
inline CardSet Hand::legal() const {
    return legal_cards(hands_[int(to_move_)], count_, led(), hearts_broken());
}

inline void Hand::play(Card c) {
    assert(legal().contains(c));
    const int seat = int(to_move_);
    hands_[std::size_t(seat)] -= c;
    played_ |= c;
    plays_[count_] = c;
    if (!hearts_broken() && (c.suit() == Suit::Hearts || (queen_breaks_ && c == kQueenOfSpades))) {
        broken_at_ = count_;
    }
    ++count_;
    if ((count_ & 3) != 0) {
        to_move_ = seat_after(to_move_);
        return;
    }
    // Trick complete: the highest card of the suit led wins it.
    const int first = count_ - 4;
    const Card lead = plays_[std::size_t(first)];
    int best = 0;
    CardSet cards = lead;
    for (int k = 1; k < 4; ++k) {
        const Card p = plays_[std::size_t(first + k)];
        cards |= p;
        if (p.suit() == lead.suit() && p > plays_[std::size_t(first + best)]) best = k;
    }
    const int t = first >> 2;
    const Seat winner = seat_after(leaders_[std::size_t(t)], best);
    taken_[int(winner)] |= cards;
    leaders_[std::size_t(t + 1)] = winner;
    to_move_ = winner;
}

constexpr std::uint64_t hand_seed(std::uint64_t game_seed, int hand_index) {
    // The SplitMix64 mixer over (seed, index): the hands of one game get unrelated deals.
    return mix64(game_seed + 0x9e3779b97f4a7c15ULL * std::uint64_t(hand_index + 1));
}

}  // namespace hearts
