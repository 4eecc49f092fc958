// What one seat may know, and nothing else. Built only by `Game::view(seat)`.
//
// A SeatView holds the seat's own dealt cards and current hand, the cards it passed and
// received, every card played this hand with who played it, the tricks and points taken,
// the scores and score sheet, the voids that others revealed by not following suit, and
// the legal moves when it is this seat's turn. It has no field that could hold another
// seat's unplayed cards: bots and clients receive this type, so they cannot read hidden
// information by construction.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/expected.h"
#include "hearts/game.h"
#include "hearts/rules.h"

namespace hearts {

/// One trick as seen by everyone: who led, the cards in play order, who won it.
struct TrickView {
    Seat leader = Seat::South;
    std::array<Card, kSeats> cards{};  // in play order; size() of them are set
    int size = 0;
    Seat winner = Seat::South;  // valid when complete()
    bool complete() const { return size == kSeats; }
    /// The seat that played the k-th card.
    Seat player(int k) const { return seat_after(leader, k); }
    CardSet card_set() const;
};

/// The trick marker shown next to a name (seed pages): '·' no points, '♥' hearts,
/// '♠' the trick with Q♠ (and, under the J♦ variant, '♦' for the trick with J♦ only).
std::string_view trick_marker(const TrickView& trick, const Rules& rules);

class SeatView;

/// What one seat knows at a moment of play, described from outside (the `hearts engine`
/// protocol builds this from text): the rules, the seat, its 13 dealt cards, the pass
/// and what it passed and received, the scores, and every card played this hand.
struct Position {
    Rules rules;
    Seat seat = Seat::South;
    int hand_index = 0;
    PassDirection pass = PassDirection::None;
    CardSet dealt;     // the seat's 13 cards before the pass
    CardSet passed;    // empty while the pass is still to be chosen
    CardSet received;  // empty until the exchange
    std::array<int, kSeats> scores{};
    /// Who led the first trick. Needed only when the seat cannot know who held 2♣
    /// (it neither holds it nor passed it); when given, it must agree.
    std::optional<Seat> leader;
    std::vector<Card> plays;  // this hand, in order
};

/// The view of `p.seat` at that position, checked for consistency: 13 dealt cards, a
/// pass of 3 from the hand, plays that are distinct, never of cards the seat can place
/// in another hand, never against a void a seat has shown, and legal for the seat
/// itself. Errors name the field at fault, e.g. "plays[5]: W showed no clubs before".
Expected<SeatView> view_from_position(const Position& p);

class SeatView {
  public:
    Seat seat() const { return seat_; }
    const Rules& rules() const { return rules_; }
    Phase phase() const { return phase_; }
    int hand_index() const { return hand_index_; }
    PassDirection pass_direction() const { return pass_direction_; }

    /// This seat's 13 cards as dealt, and its cards now.
    CardSet dealt() const { return dealt_; }
    CardSet hand() const { return hand_; }
    /// The 3 cards this seat passed (empty until chosen) and received (empty until the
    /// exchange), and the seat each went to / came from.
    CardSet passed() const { return passed_; }
    CardSet received() const { return received_; }
    /// Whether each seat has chosen its pass (not which cards).
    bool has_passed(Seat s) const { return has_passed_[int(s)]; }

    /// Whose turn it is during play (or the moon choice); see also `my_turn()`.
    Seat to_move() const { return to_move_; }
    bool my_turn() const { return my_turn_; }
    /// This seat's legal plays when it is its turn to play; empty otherwise.
    CardSet legal() const { return legal_; }

    /// Every card played this hand, in order, and who played it.
    int plays_made() const { return plays_made_; }
    Card play_at(int i) const { return plays_[std::size_t(i)]; }
    Seat player_at(int i) const { return seat_after(leaders_[std::size_t(i >> 2)], i & 3); }
    /// All cards played this hand.
    CardSet played() const { return played_; }
    /// Trick t of this hand, 0-based, t <= plays_made() / 4.
    TrickView trick(int t) const;
    /// Tricks completed this hand.
    int tricks_done() const { return plays_made_ / kSeats; }
    /// The trick being played (possibly empty).
    TrickView current_trick() const { return trick(tricks_done()); }
    bool hearts_broken() const { return hearts_broken_; }

    /// Cards each seat has taken in tricks this hand (public: every trick is seen).
    CardSet taken(Seat s) const { return taken_[int(s)]; }
    /// Points each seat has taken this hand (before any moon adjustment).
    int hand_points(Seat s) const { return rules_.points(taken_[int(s)]); }
    /// Suits in which a seat has shown it has no card: bit (1 << suit).
    std::uint8_t voids(Seat s) const { return voids_[int(s)]; }
    bool is_void(Seat s, Suit suit) const { return (voids_[int(s)] >> int(suit)) & 1; }

    /// Total scores, the score sheet, and the winners once the game is over.
    std::array<int, kSeats> scores() const { return scores_; }
    const std::vector<HandResult>& results() const { return results_; }
    const std::vector<Seat>& winners() const { return winners_; }
    /// The shooter, when the moon choice is pending (Phase::MoonChoice).
    Seat moon_shooter() const { return moon_shooter_; }

  private:
    friend class Game;
    friend Expected<SeatView> view_from_position(const Position& p);
    Seat seat_ = Seat::South;
    Rules rules_;
    Phase phase_ = Phase::Pass;
    int hand_index_ = 0;
    PassDirection pass_direction_ = PassDirection::None;
    CardSet dealt_, hand_, passed_, received_;
    std::array<bool, kSeats> has_passed_{};
    Seat to_move_ = Seat::South;
    bool my_turn_ = false;
    CardSet legal_;
    std::array<Card, kCards> plays_{};
    std::array<Seat, kTricks + 1> leaders_{};
    int plays_made_ = 0;
    CardSet played_;
    bool hearts_broken_ = false;
    std::array<CardSet, kSeats> taken_{};
    std::array<std::uint8_t, kSeats> voids_{};
    std::array<int, kSeats> scores_{};
    std::vector<HandResult> results_;
    std::vector<Seat> winners_;
    Seat moon_shooter_ = Seat::South;
};

}  // namespace hearts
