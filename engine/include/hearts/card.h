// The vocabulary of the engine: cards, suits, ranks, seats and card sets.
//
// Bit layout. A card is a number 0..51, `suit * 13 + rank`, and a CardSet is a 64-bit
// mask with bit `card` set for each card it holds:
//
//   bits  0..12  clubs     2C 3C ... KC AC
//   bits 13..25  diamonds  2D ... AD
//   bits 26..38  spades    2S ... AS
//   bits 39..51  hearts    2H ... AH
//   bits 52..63  always zero
//
// Within a suit a higher bit is a higher rank, so "the highest card of the suit led"
// is the most significant bit of the trick's cards in that suit. The suit order
// (clubs, diamonds, spades, hearts) alternates colours when a hand is shown sorted.
//
// Notation is two characters, rank then suit: "2C" ... "TC" (ten) ... "AS". Parsing
// is case-insensitive and returns an error value with a reason, never throws.
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "hearts/expected.h"

namespace hearts {

enum class Suit : std::uint8_t { Clubs = 0, Diamonds = 1, Spades = 2, Hearts = 3 };
enum class Rank : std::uint8_t {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace
};

inline constexpr int kSuits = 4;
inline constexpr int kRanks = 13;
inline constexpr int kCards = 52;

/// A playing card, 0..51. `Card::none()` marks "no card".
class Card {
  public:
    constexpr Card() = default;
    constexpr Card(Suit s, Rank r) : index_(std::uint8_t(int(s) * kRanks + int(r))) {}
    static constexpr Card from_index(int i) { return Card(std::uint8_t(i)); }
    static constexpr Card none() { return Card(std::uint8_t(0xff)); }

    constexpr int index() const { return index_; }
    constexpr Suit suit() const { return Suit(index_ / kRanks); }
    constexpr Rank rank() const { return Rank(index_ % kRanks); }
    constexpr bool is_none() const { return index_ == 0xff; }
    constexpr auto operator<=>(const Card&) const = default;

  private:
    constexpr explicit Card(std::uint8_t i) : index_(i) {}
    std::uint8_t index_ = 0xff;
};

/// A set of cards as a 64-bit mask (see the layout above).
class CardSet {
  public:
    constexpr CardSet() = default;
    constexpr explicit CardSet(std::uint64_t bits)
        : bits_(bits & kAllBits) {}  // bits 52-63 dropped
    /// The set of one card. Precondition: `c` is a card, not Card::none().
    constexpr CardSet(Card c) : bits_(std::uint64_t{1} << (c.index() & 63)) {}  // NOLINT: implicit

    constexpr std::uint64_t bits() const { return bits_; }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr int size() const { return std::popcount(bits_); }
    constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1; }
    constexpr bool contains_all(CardSet o) const { return (bits_ & o.bits_) == o.bits_; }
    constexpr bool intersects(CardSet o) const { return (bits_ & o.bits_) != 0; }

    /// Lowest card (by index). Precondition: not empty.
    constexpr Card lowest() const { return Card::from_index(std::countr_zero(bits_)); }
    /// Highest card (by index). Precondition: not empty.
    constexpr Card highest() const { return Card::from_index(63 - std::countl_zero(bits_)); }
    /// Removes and returns the lowest card. Precondition: not empty.
    constexpr Card pop_lowest() {
        Card c = lowest();
        bits_ &= bits_ - 1;
        return c;
    }
    /// The n-th card in index order, 0-based. Precondition: n < size().
    Card nth(int n) const {
#if defined(__BMI2__)
        return Card::from_index(std::countr_zero(_pdep_u64(std::uint64_t{1} << n, bits_)));
#else
        std::uint64_t b = bits_;
        for (; n > 0; --n) b &= b - 1;
        return Card::from_index(std::countr_zero(b));
#endif
    }

    constexpr CardSet operator|(CardSet o) const {
        return CardSet(bits_ | o.bits_);
    }
    constexpr CardSet operator&(CardSet o) const {
        return CardSet(bits_ & o.bits_);
    }
    constexpr CardSet operator^(CardSet o) const {
        return CardSet(bits_ ^ o.bits_);
    }
    constexpr CardSet operator~() const {
        return CardSet(~bits_ & kAllBits);
    }
    constexpr CardSet operator-(CardSet o) const {
        return CardSet(bits_ & ~o.bits_);
    }
    constexpr CardSet& operator|=(CardSet o) {
        bits_ |= o.bits_;
        return *this;
    }
    constexpr CardSet& operator&=(CardSet o) {
        bits_ &= o.bits_;
        return *this;
    }
    constexpr CardSet& operator-=(CardSet o) {
        bits_ &= ~o.bits_;
        return *this;
    }
    constexpr bool operator==(const CardSet&) const = default;

    // Iteration in index order: `for (Card c : set)`.
    class iterator {
      public:
        constexpr explicit iterator(std::uint64_t b) : b_(b) {}
        constexpr Card operator*() const { return Card::from_index(std::countr_zero(b_)); }
        constexpr iterator& operator++() {
            b_ &= b_ - 1;
            return *this;
        }
        constexpr bool operator==(const iterator&) const = default;

      private:
        std::uint64_t b_;
    };
    constexpr iterator begin() const {
        return iterator(bits_);
    }
    constexpr iterator end() const {
        return iterator(0);
    }

    static constexpr std::uint64_t kAllBits = (std::uint64_t{1} << kCards) - 1;

  private:
    std::uint64_t bits_ = 0;
};

inline constexpr CardSet kAllCards{CardSet::kAllBits};
constexpr CardSet suit_mask(Suit s) {
    return CardSet(std::uint64_t{0x1fff} << (int(s) * kRanks));
}
inline constexpr CardSet kClubs = suit_mask(Suit::Clubs);
inline constexpr CardSet kDiamonds = suit_mask(Suit::Diamonds);
inline constexpr CardSet kSpades = suit_mask(Suit::Spades);
inline constexpr CardSet kHearts = suit_mask(Suit::Hearts);
inline constexpr Card kTwoOfClubs{Suit::Clubs, Rank::Two};
inline constexpr Card kQueenOfSpades{Suit::Spades, Rank::Queen};
inline constexpr Card kJackOfDiamonds{Suit::Diamonds, Rank::Jack};

/// Seats, clockwise: play passes from South to West to North to East.
enum class Seat : std::uint8_t { South = 0, West = 1, North = 2, East = 3 };
inline constexpr int kSeats = 4;
constexpr Seat seat_after(Seat s, int steps = 1) {
    return Seat((int(s) + steps) & 3);
}
inline constexpr Seat kAllSeats[kSeats] = {Seat::South, Seat::West, Seat::North, Seat::East};

/// "2C", "TD", "QS".
std::string to_string(Card c);
/// "2♣", "10♦", "Q♠": for people.
std::string to_display(Card c);
/// "two of clubs", "Queen of spades" style long name: "Queen of spades".
std::string to_long_name(Card c);
/// Cards in index order, separated by spaces: "2C 9C QS".
std::string to_string(CardSet s);
/// Display form in index order: "2♣ 9♣ Q♠".
std::string to_display(CardSet s);
char suit_letter(Suit s);
std::string_view suit_symbol(Suit s);
std::string_view suit_name(Suit s);  // "clubs"
std::string_view seat_name(Seat s);  // "South"
char seat_letter(Seat s);            // 'S'

/// Parses "QS", "qs", "10S" or "TS". Example: `parse_card("QS").value() == kQueenOfSpades`.
Expected<Card> parse_card(std::string_view text);
/// Parses cards separated by spaces and/or commas: "QS, AS KS". Duplicates are an error.
Expected<CardSet> parse_cards(std::string_view text);
/// Parses "S", "South", "w", "west" and so on.
Expected<Seat> parse_seat(std::string_view text);

}  // namespace hearts
