// A whole game of Hearts: hands dealt from a seed, passing, play, scoring, the moon,
// and the end of the game with tie continuation.
//
// A game is its rules, its 64-bit seed and the list of actions applied to it; replaying
// the actions on a new Game with the same rules and seed rebuilds the exact state.
// `apply` validates every action fully: on an error it returns the reason and leaves the
// state untouched. This is the API the server, the terminal game and `hearts bench` use.
//
// Phases, in order, for each hand:
//   Pass        each seat chooses 3 cards (in any order); the exchange happens when the
//               fourth seat has chosen. Skipped on a no-pass hand.
//   Play        13 tricks; see hand.h for the legal-move rules.
//   MoonChoice  only under MoonScoring::ShooterChooses, when someone shot the moon: the
//               shooter picks +26 to the others or -26 to themselves.
//   HandOver    the hand is scored; Action::next_hand() deals the next one.
//   GameOver    someone reached the end score and one player (or, when ties are
//               shared, several) has the lowest total.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/expected.h"
#include "hearts/hand.h"
#include "hearts/rules.h"

namespace hearts {

enum class Phase : std::uint8_t { Pass, Play, MoonChoice, HandOver, GameOver };
std::string_view to_string(Phase p);

enum class ActionKind : std::uint8_t { Pass, Play, Moon, NextHand };

/// One step of a game. Build with the named constructors.
struct Action {
    CardSet cards;  // Pass: the three cards
    ActionKind kind = ActionKind::NextHand;
    Seat seat = Seat::South;                    // who acts; ignored for NextHand
    Card card;                                  // Play: the card
    MoonChoice moon = MoonChoice::AddToOthers;  // Moon: the shooter's choice

    static Action pass(Seat s, CardSet cards) { return {cards, ActionKind::Pass, s, {}, {}}; }
    static Action play(Seat s, Card c) { return {{}, ActionKind::Play, s, c, {}}; }
    static Action choose_moon(Seat s, MoonChoice m) { return {{}, ActionKind::Moon, s, {}, m}; }
    static Action next_hand() { return {}; }
    bool operator==(const Action&) const = default;
};

/// "S pass 2C 3C 4C", "W play QS", "N moon shooter", "next".
std::string to_string(const Action& a);
/// Parses the form above (seat as a letter or a name). Checks form only, not legality.
Expected<Action> parse_action(std::string_view text);

/// How one hand scored.
struct HandResult {
    int hand_index = 0;
    PassDirection pass = PassDirection::None;
    std::array<int, kSeats> points{};  // points taken in tricks (before any moon)
    std::array<int, kSeats> score{};   // what was added to each total
    std::array<int, kSeats> totals{};  // the totals after this hand
    bool moon = false;
    Seat shooter = Seat::South;                        // valid when moon
    MoonChoice moon_choice = MoonChoice::AddToOthers;  // how the moon was scored
    /// The seats with the lowest score this hand: the score sheet's "Winner(s)".
    std::vector<Seat> winners() const;
    bool operator==(const HandResult&) const = default;
};

class SeatView;

class Game {
  public:
    /// A new game; the first hand is dealt from `hand_seed(seed, 0)`.
    explicit Game(const Rules& rules = {}, std::uint64_t seed = 0);

    const Rules& rules() const { return rules_; }
    std::uint64_t seed() const { return seed_; }
    Phase phase() const { return phase_; }
    int hand_index() const { return hand_index_; }  // 0-based
    PassDirection pass_direction() const { return rules_.pass_direction(hand_index_); }

    /// The 13 cards each seat was dealt this hand.
    CardSet dealt(Seat s) const { return dealt_[int(s)]; }
    /// The cards a seat has now: its dealt cards during the pass, then its play hand.
    CardSet holding(Seat s) const;
    bool has_passed(Seat s) const { return !passed_[int(s)].empty(); }
    CardSet passed(Seat s) const { return passed_[int(s)]; }
    /// The cards `s` received; empty until the exchange.
    CardSet received(Seat s) const;
    /// Play state. Meaningful from the Play phase to the end of the hand.
    const Hand& hand() const { return hand_; }

    /// Whose turn it is in Play (or MoonChoice: the shooter). In Pass, any seat that
    /// has not passed may act; see `awaiting`.
    Seat to_move() const { return phase_ == Phase::MoonChoice ? shooter_ : hand_.to_move(); }
    /// Whether seat `s` may act now.
    bool awaiting(Seat s) const;
    /// The legal plays of the seat to move. Empty outside the Play phase.
    CardSet legal_plays() const { return phase_ == Phase::Play ? hand_.legal() : CardSet(); }

    /// Validates and applies. On an error the state is unchanged.
    Status apply(const Action& a);
    /// Whether `apply(a)` would succeed, and if not why; changes nothing. The server
    /// validates, writes the action to disk, and only then applies it.
    Status validate(const Action& a) const;

    std::array<int, kSeats> scores() const { return scores_; }
    const std::vector<HandResult>& results() const { return results_; }
    /// The winner(s) once the game is over; empty before.
    std::vector<Seat> winners() const;
    /// Under MoonScoring::ShooterChooses, the shooter awaiting a choice.
    Seat moon_shooter() const { return shooter_; }
    /// Every action applied so far, in order.
    const std::vector<Action>& history() const { return history_; }

    /// Exactly what seat `s` may know now (view.h).
    SeatView view(Seat s) const;

    bool operator==(const Game&) const = default;

  private:
    void start_hand();
    void finish_pass();
    void finish_play();
    std::array<int, kSeats> moon_score(MoonChoice choice) const;
    void score_hand(const std::array<int, kSeats>& score, bool moon, MoonChoice choice);

    Rules rules_;
    std::uint64_t seed_ = 0;
    Phase phase_ = Phase::Pass;
    int hand_index_ = 0;
    Hands dealt_{};
    Hands passed_{};
    Hand hand_;
    Seat shooter_ = Seat::South;
    std::array<int, kSeats> points_{};  // points taken this hand, set at the end of play
    std::array<int, kSeats> scores_{};
    std::vector<HandResult> results_;
    std::vector<Action> history_;
};

}  // namespace hearts
