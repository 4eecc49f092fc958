// The rules of a game: one immutable value with named variants. The defaults are the
// first seed page's rules (../shared/PRODUCT.md); every other choice is a variant.
//
// Text form, used by `--rules` and shown in records as JSON with the same keys:
//   pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue
// Keys may be given in any order and any subset; the rest keep their defaults.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "hearts/card.h"
#include "hearts/expected.h"

namespace hearts {

/// Where a seat's 3 passed cards go. Left is the next seat clockwise (South -> West).
enum class PassDirection : std::uint8_t { Left = 0, Right = 1, Across = 2, None = 3 };

/// How a moon is scored: the shooter takes 0 and the others +26; the shooter takes -26;
/// or the shooter chooses between the two after the hand (a decision point in the API).
enum class MoonScoring : std::uint8_t {
    AddToOthers = 0,
    SubtractFromShooter = 1,
    ShooterChooses = 2
};

/// The shooter's decision when MoonScoring::ShooterChooses.
enum class MoonChoice : std::uint8_t { AddToOthers = 0, SubtractFromShooter = 1 };

struct Rules {
    static constexpr int kMaxCycle = 8;

    /// Pass directions by hand number, repeating. Default: left, right, across, none.
    std::array<PassDirection, kMaxCycle> pass_cycle{PassDirection::Left, PassDirection::Right,
                                                    PassDirection::Across, PassDirection::None};
    std::uint8_t pass_cycle_length = 4;
    /// Whether playing Q♠ breaks hearts. Default: no.
    bool queen_breaks_hearts = false;
    MoonScoring moon = MoonScoring::AddToOthers;
    /// "Omnibus": whoever takes J♦ scores -10. Default: off.
    bool jack_of_diamonds = false;
    /// The game ends after the hand in which someone reaches this score.
    int end_score = 100;
    /// When two or more share the lowest total at the end, play on until one is alone.
    /// When false, they share the win.
    bool tie_continues = true;
    /// When not 0, the game also ends after this many hands, whatever the scores; the
    /// lowest totals win then, shared when tied (the daily deal plays 4). Default: 0.
    int max_hands = 0;

    PassDirection pass_direction(int hand_index) const {
        return pass_cycle[std::size_t(hand_index % pass_cycle_length)];
    }
    /// Points for a set of taken cards, before any moon adjustment.
    int points(CardSet taken) const {
        int p = (taken & kHearts).size() + (taken.contains(kQueenOfSpades) ? 13 : 0);
        if (jack_of_diamonds && taken.contains(kJackOfDiamonds)) p -= 10;
        return p;
    }

    /// Equal when they are the same rules. The slots of `pass_cycle` past
    /// `pass_cycle_length` are unused and do not count, so "pass=AAAA,pass=L" equals
    /// "pass=L" (found by fuzzing: the text form round-tripped to unequal rules).
    bool operator==(const Rules& o) const {
        if (pass_cycle_length != o.pass_cycle_length) return false;
        for (std::size_t i = 0; i < pass_cycle_length; ++i)
            if (pass_cycle[i] != o.pass_cycle[i]) return false;
        return queen_breaks_hearts == o.queen_breaks_hearts && moon == o.moon &&
               jack_of_diamonds == o.jack_of_diamonds && end_score == o.end_score &&
               tie_continues == o.tie_continues && max_hands == o.max_hands;
    }

    /// The second seed page's cycle: left, across, right, none.
    static Rules second_page();
};

/// Parses the text form above. Unknown keys and bad values are errors with a reason.
Expected<Rules> parse_rules(std::string_view text);
/// The text form, listing every key, e.g. "pass=LRAN,queen_breaks=no,...".
std::string to_string(const Rules& rules);
/// "LRAN" style cycle text.
std::string pass_cycle_string(const Rules& rules);
Expected<Rules> with_pass_cycle(Rules rules, std::string_view letters);
std::string_view to_string(PassDirection d);  // "left", "right", "across", "none"
std::string_view to_string(MoonScoring m);    // "others", "shooter", "choice"
std::string_view to_string(MoonChoice m);     // "others", "shooter"
Expected<MoonScoring> parse_moon_scoring(std::string_view text);
Expected<MoonChoice> parse_moon_choice(std::string_view text);

/// The seat that receives `from`'s passed cards. Precondition: d != None.
constexpr Seat pass_target(Seat from, PassDirection d) {
    constexpr int kSteps[] = {1, 3, 2, 0};
    return seat_after(from, kSteps[int(d)]);
}

}  // namespace hearts
