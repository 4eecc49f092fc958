// One scenario per rule of the seed pages and per rule variant, in card notation.
//
// Rules about single tricks are set up exactly: four hands written out card by card and
// a `Hand` built from them. Rules that need a whole game (passing, scoring, the moon,
// the end of the game) go through `Game`, which deals from a seed; those tests search
// the seeds for a deal with the property they need and drive every seat with a fixed
// simple policy, so each one replays identically.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "hearts/game.h"
#include "hearts/hand.h"
#include "hearts/rules.h"
#include "hearts/view.h"
#include "notation.h"

namespace hearts {
namespace {

using namespace test_notation;

// ---- notation helpers ----

// Four hands in seat order South, West, North, East; they must be a whole deck.
Hands deal_of(std::string_view south, std::string_view west, std::string_view north,
              std::string_view east) {
    const Hands hands = {cards(south), cards(west), cards(north), cards(east)};
    CardSet all;
    for (CardSet h : hands) {
        if (h.size() != kCardsPerHand || all.intersects(h)) {
            throw std::invalid_argument("not a deal: " + to_string(h));
        }
        all |= h;
    }
    return hands;
}

// Plays "W:2C N:KC E:AD S:5C" (or just "2C KC AD 5C"): each card must be legal, and a
// seat letter before the colon must be the seat to move.
::testing::AssertionResult play(Hand& hand, std::string_view moves) {
    std::size_t i = 0;
    while (i < moves.size()) {
        while (i < moves.size() && moves[i] == ' ') ++i;
        std::size_t j = moves.find(' ', i);
        if (j == std::string_view::npos) j = moves.size();
        std::string_view move = moves.substr(i, j - i);
        i = j;
        if (move.empty()) continue;
        if (move.size() > 2 && move[1] == ':') {
            auto seat = parse_seat(move.substr(0, 1));
            if (!seat) throw std::invalid_argument(std::string(move) + ": " + seat.error().reason);
            if (hand.to_move() != *seat) {
                return ::testing::AssertionFailure()
                       << move << ": it is " << seat_name(hand.to_move()) << "'s turn";
            }
            move.remove_prefix(2);
        }
        const Card c = card(move);
        if (const char* why = hand.refusal(c)) {
            return ::testing::AssertionFailure()
                   << seat_name(hand.to_move()) << " may not play " << move << ": " << why;
        }
        hand.play(c);
    }
    return ::testing::AssertionSuccess();
}

std::string why_not(const Hand& hand, std::string_view c) {
    const char* why = hand.refusal(card(c));
    return why ? why : "(allowed)";
}

// ---- game helpers: a fixed, simple way to play ----

::testing::AssertionResult apply_ok(Game& game, const Action& a) {
    Status s = game.apply(a);
    if (!s) return ::testing::AssertionFailure() << to_string(a) << ": " << s.error().reason;
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult pass_three_highest(Game& game) {
    for (Seat s : kAllSeats) {
        auto ok = apply_ok(game, Action::pass(s, three_highest(game.holding(s))));
        if (!ok) return ok;
    }
    return ::testing::AssertionSuccess();
}

using PlayPolicy = std::function<Card(const Game&)>;

Card lowest_legal(const Game& game) {
    return game.legal_plays().lowest();
}

// Passes (when the hand passes) and plays until the hand is over or awaits a moon choice.
::testing::AssertionResult play_hand(Game& game, const PlayPolicy& policy = lowest_legal) {
    if (game.phase() == Phase::Pass) {
        auto ok = pass_three_highest(game);
        if (!ok) return ok;
    }
    while (game.phase() == Phase::Play) {
        auto ok = apply_ok(game, Action::play(game.to_move(), policy(game)));
        if (!ok) return ok;
    }
    return ::testing::AssertionSuccess();
}

// Plays hands until the game is over; a moon choice, if any, goes to the others.
::testing::AssertionResult play_game(Game& game) {
    while (game.phase() != Phase::GameOver) {
        ::testing::AssertionResult ok = ::testing::AssertionSuccess();
        switch (game.phase()) {
            case Phase::Pass:
            case Phase::Play:
                ok = play_hand(game);
                break;
            case Phase::MoonChoice:
                ok = apply_ok(game, Action::choose_moon(game.to_move(), MoonChoice::AddToOthers));
                break;
            case Phase::HandOver:
                ok = apply_ok(game, Action::next_hand());
                break;
            case Phase::GameOver:
                break;
        }
        if (!ok) return ok;
    }
    return ::testing::AssertionSuccess();
}

Rules rules(std::string_view text) {
    auto r = parse_rules(text);
    if (!r) throw std::invalid_argument(std::string(text) + ": " + r.error().reason);
    return *r;
}

std::optional<std::uint64_t> first_seed(const std::function<bool(std::uint64_t)>& wanted,
                                        std::uint64_t limit = 2000) {
    for (std::uint64_t seed = 0; seed < limit; ++seed)
        if (wanted(seed)) return seed;
    return std::nullopt;
}

int lowest_total(const std::array<int, kSeats>& totals) {
    return *std::min_element(totals.begin(), totals.end());
}
int highest_total(const std::array<int, kSeats>& totals) {
    return *std::max_element(totals.begin(), totals.end());
}
int count_at_lowest(const std::array<int, kSeats>& totals) {
    return int(std::count(totals.begin(), totals.end(), lowest_total(totals)));
}

// ==== Tricks, written out card by card ====

// West leads 2C; North follows with clubs; East, void in clubs, holds Q♠ and hearts;
// South has most of the clubs and no diamonds.
Hands trick_deal() {
    return deal_of("5C 6C 8C 9C TC JC QC AC JS KS AS KH AH",   // South
                   "2C 7C 2D 3D 4D 5D 6D 2S 3S 4S 2H 3H 4H",   // West
                   "3C 4C KC 7D 8D 9D 5S 6S 7S 5H 6H 7H 8H",   // North
                   "TD JD QD KD AD 8S 9S TS QS 9H TH JH QH");  // East
}

TEST(FirstLead, TheHolderOfTwoOfClubsLeadsItAndNothingElse) {
    Hand h(trick_deal(), false);
    EXPECT_EQ(h.to_move(), Seat::West);
    EXPECT_EQ(h.legal(), cards("2C"));
    EXPECT_EQ(why_not(h, "7C"), "the two of clubs must lead the first trick");
    EXPECT_EQ(why_not(h, "2D"), "the two of clubs must lead the first trick");
    EXPECT_TRUE(play(h, "W:2C"));
    EXPECT_EQ(h.led(), card("2C"));
}

TEST(FirstLead, SouthLeadsWhenSouthHoldsTheTwo) {
    const Hands d =
        deal_of("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S", "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                "7C 8C 9C TC 7D 8D 9D TD 5S 6S 7S 8S 9S", "JC QC KC JD QD KD AD TS JS QS KS AS AH");
    Hand h(d, false);
    EXPECT_EQ(h.to_move(), Seat::South);
    EXPECT_EQ(h.leader(0), Seat::South);
    EXPECT_EQ(h.legal(), cards("2C"));
}

TEST(Following, YouMustFollowSuitWhenYouCan) {
    Hand h(trick_deal(), false);
    ASSERT_TRUE(play(h, "W:2C"));
    EXPECT_EQ(h.to_move(), Seat::North);
    EXPECT_EQ(h.legal(), cards("3C 4C KC"));
    EXPECT_EQ(why_not(h, "7D"), "you must follow suit");
    EXPECT_EQ(why_not(h, "5S"), "you must follow suit");
    EXPECT_EQ(why_not(h, "AH"), "you don't have that card");
    ASSERT_TRUE(play(h, "N:KC"));
    ASSERT_TRUE(play(h, "E:AD"));
    EXPECT_EQ(h.to_move(), Seat::South);
    EXPECT_EQ(h.legal(), cards("5C 6C 8C 9C TC JC QC AC"));
    EXPECT_EQ(why_not(h, "AS"), "you must follow suit");
}

TEST(FirstTrick, VoidInClubsYouMayNotPlayHeartsOrTheQueen) {
    Hand h(trick_deal(), false);
    ASSERT_TRUE(play(h, "W:2C N:KC"));
    EXPECT_EQ(h.to_move(), Seat::East);
    EXPECT_EQ(h.legal(), cards("TD JD QD KD AD 8S 9S TS"));
    EXPECT_EQ(why_not(h, "QS"), "no hearts or queen of spades on the first trick");
    EXPECT_EQ(why_not(h, "9H"), "no hearts or queen of spades on the first trick");
    EXPECT_EQ(why_not(h, "QH"), "no hearts or queen of spades on the first trick");
}

TEST(FirstTrick, WithOnlyHeartsAndTheQueenAnyCardIsAllowed) {
    const Hands d =
        deal_of("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S", "7C 8C 9C TC 7D 8D 9D TD 5S 6S 7S 8S 9S",
                "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "JC QC KC AC JD QD KD AD TS JS KS AS AH");
    Hand h(d, false);
    ASSERT_TRUE(play(h, "S:2C W:7C"));
    EXPECT_EQ(h.legal(), cards("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"));
    ASSERT_TRUE(play(h, "N:QS E:AC"));
    EXPECT_EQ(h.winner(0), Seat::East);
    EXPECT_EQ(h.taken(Seat::East), cards("2C 7C AC QS"));
    EXPECT_FALSE(h.hearts_broken()) << "the queen does not break hearts by default";
}

TEST(FirstTrick, WithOnlyHeartsAHeartIsAllowedAndBreaksHearts) {
    const Hands d =
        deal_of("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S", "7C 8C 9C TC 7D 8D 9D TD 5S 6S 7S 8S 9S",
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "JC QC KC AC JD QD KD AD TS JS QS KS AS");
    Hand h(d, false);
    ASSERT_TRUE(play(h, "S:2C W:7C"));
    EXPECT_EQ(h.legal(), kHearts);
    ASSERT_TRUE(play(h, "N:AH"));
    EXPECT_TRUE(h.hearts_broken());
    // East still holds clubs, so East must follow, hearts broken or not.
    EXPECT_EQ(h.legal(), cards("JC QC KC AC"));
}

TEST(Winning, HighestCardOfTheSuitLedWinsAndTheWinnerLeads) {
    Hand h(trick_deal(), false);
    // East's ace of diamonds is higher than any club, but diamonds were not led.
    ASSERT_TRUE(play(h, "W:2C N:KC E:AD S:5C"));
    EXPECT_EQ(h.trick_number(), 1);
    EXPECT_EQ(h.winner(0), Seat::North);
    EXPECT_EQ(h.leader(1), Seat::North);
    EXPECT_EQ(h.to_move(), Seat::North);
    EXPECT_EQ(h.taken(Seat::North), cards("2C KC AD 5C"));
    EXPECT_TRUE(h.taken(Seat::East).empty());
    EXPECT_EQ(h.led(), Card::none());

    ASSERT_TRUE(play(h, "N:7D E:TD S:JS W:6D"));
    EXPECT_EQ(h.winner(1), Seat::East);
    EXPECT_EQ(h.to_move(), Seat::East);
    EXPECT_EQ(h.taken(Seat::East), cards("7D TD JS 6D"));
}

TEST(Leading, HeartsCannotBeLedBeforeTheyAreBroken) {
    Hand h(trick_deal(), false);
    ASSERT_TRUE(play(h, "W:2C N:KC E:AD S:5C"));
    ASSERT_EQ(h.to_move(), Seat::North);
    EXPECT_FALSE(h.hearts_broken());
    EXPECT_EQ(h.legal(), cards("3C 4C 7D 8D 9D 5S 6S 7S"));
    EXPECT_EQ(why_not(h, "5H"), "hearts are not broken yet");
    EXPECT_EQ(why_not(h, "8H"), "hearts are not broken yet");
}

TEST(Leading, AHandOfOnlyHeartsMayLeadAHeartBeforeTheyAreBroken) {
    const Hands d =
        deal_of("2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2S 3S 4S", "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                "7C 8C 9C TC 7D 8D 9D TD 5S 6S 7S 8S 9S", "JC QC KC JD QD KD AD TS JS QS KS AS AH");
    Hand h(d, false);
    ASSERT_TRUE(play(h, "S:2C W:AC N:7C E:JC"));
    ASSERT_EQ(h.to_move(), Seat::West);
    EXPECT_FALSE(h.hearts_broken());
    EXPECT_EQ(h.legal(), cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"));
    ASSERT_TRUE(play(h, "W:2H"));
    EXPECT_TRUE(h.hearts_broken());
}

TEST(Following, WhenVoidAfterTheFirstTrickAnyCardMayBePlayed) {
    Hand h(trick_deal(), false);
    ASSERT_TRUE(play(h, "W:2C N:KC E:AD S:5C N:7D E:TD"));
    ASSERT_EQ(h.to_move(), Seat::South);
    // South has no diamonds: every card is allowed, the hearts and the spades included.
    EXPECT_EQ(h.legal(), h.hand(Seat::South));
    EXPECT_EQ(h.legal(), cards("6C 8C 9C TC JC QC AC JS KS AS KH AH"));
}

TEST(BreakingHearts, DiscardingAHeartBreaksHearts) {
    Hand h(trick_deal(), false);
    ASSERT_TRUE(play(h, "W:2C N:KC E:AD S:5C N:7D E:TD"));
    EXPECT_FALSE(h.hearts_broken());
    ASSERT_TRUE(play(h, "S:KH"));
    EXPECT_TRUE(h.hearts_broken());
    ASSERT_TRUE(play(h, "W:6D"));
    EXPECT_EQ(h.winner(1), Seat::East);
    // East, holding diamonds, spades and hearts, may now lead a heart.
    EXPECT_EQ(h.legal(), h.hand(Seat::East));
    EXPECT_TRUE(h.legal().contains(card("9H")));
    EXPECT_TRUE(play(h, "E:9H"));
}

// North leads a spade, East drops Q♠ on it, South wins with A♠ and leads next.
void queen_on_second_trick(Hand& h) {
    ASSERT_TRUE(play(h, "W:2C N:KC E:AD S:5C N:5S E:QS S:AS W:2S"));
    ASSERT_EQ(h.to_move(), Seat::South);
    ASSERT_EQ(h.taken(Seat::South), cards("5S QS AS 2S"));
}

TEST(BreakingHearts, TheQueenDoesNotBreakHeartsByDefault) {
    Hand h(trick_deal(), /*queen_breaks_hearts=*/false);
    queen_on_second_trick(h);
    EXPECT_FALSE(h.hearts_broken());
    EXPECT_EQ(h.legal(), cards("6C 8C 9C TC JC QC AC JS KS"));
    EXPECT_EQ(why_not(h, "AH"), "hearts are not broken yet");
}

TEST(BreakingHearts, TheQueenBreaksHeartsUnderTheQueenBreaksVariant) {
    Hand h(trick_deal(), rules("queen_breaks=yes").queen_breaks_hearts);
    EXPECT_TRUE(h.queen_breaks_hearts());
    queen_on_second_trick(h);
    EXPECT_TRUE(h.hearts_broken());
    EXPECT_EQ(h.legal(), cards("6C 8C 9C TC JC QC AC JS KS KH AH"));
    EXPECT_TRUE(play(h, "S:AH"));
}

TEST(Hand, TheHandIsOverAfterFiftyTwoCards) {
    Hand h(trick_deal(), false);
    while (!h.done()) h.play(h.legal().lowest());
    EXPECT_EQ(h.plays_made(), 52);
    EXPECT_EQ(h.trick_number(), 13);
    EXPECT_EQ(h.played(), kAllCards);
    EXPECT_EQ(why_not(h, "2C"), "the hand is over");
    CardSet taken;
    for (Seat s : kAllSeats) {
        EXPECT_TRUE(h.hand(s).empty());
        taken |= h.taken(s);
    }
    EXPECT_EQ(taken, kAllCards);
}

// ==== Points ====

TEST(Points, HeartIsOneQueenIsThirteenOthersNothing) {
    const Rules r;
    EXPECT_EQ(r.points(cards("2H")), 1);
    EXPECT_EQ(r.points(cards("AH KH")), 2);
    EXPECT_EQ(r.points(cards("QS")), 13);
    EXPECT_EQ(r.points(cards("QS 2H 3H")), 15);
    EXPECT_EQ(r.points(cards("AS KS JD AC 2C AD")), 0);
    EXPECT_EQ(r.points(kHearts | kQueenOfSpades), 26);
    EXPECT_EQ(r.points(kAllCards), 26);
    EXPECT_EQ(r.points(CardSet()), 0);
}

TEST(Points, JackOfDiamondsIsMinusTenOnlyUnderTheOmnibusVariant) {
    const Rules plain;
    const Rules omnibus = rules("jack=yes");
    EXPECT_TRUE(omnibus.jack_of_diamonds);
    EXPECT_EQ(plain.points(cards("JD")), 0);
    EXPECT_EQ(omnibus.points(cards("JD")), -10);
    EXPECT_EQ(omnibus.points(cards("JD QS 2H")), 4);
    EXPECT_EQ(omnibus.points(cards("QD 2H")), 1);
    EXPECT_EQ(omnibus.points(kAllCards), 16);
}

TEST(Points, JackOfDiamondsInAPlayedHand) {
    for (const bool jack : {false, true}) {
        Game g(jack ? rules("jack=yes") : Rules{}, 5);
        ASSERT_TRUE(play_hand(g));
        ASSERT_EQ(g.results().size(), 1u);
        const HandResult& r = g.results()[0];
        int sum = 0;
        for (Seat s : kAllSeats) {
            const CardSet taken = g.hand().taken(s);
            int expected = (taken & kHearts).size();
            if (taken.contains(kQueenOfSpades)) expected += 13;
            if (jack && taken.contains(kJackOfDiamonds)) expected -= 10;
            EXPECT_EQ(r.points[int(s)], expected) << seat_name(s) << " took " << to_string(taken);
            if (!r.moon) {
                EXPECT_EQ(r.score[int(s)], expected);
            }
            sum += r.points[int(s)];
        }
        EXPECT_EQ(sum, jack ? 16 : 26);
    }
}

TEST(TrickMarkers, DotHeartSpadeAndTheJackUnderOmnibus) {
    auto trick = [](std::string_view text) {
        TrickView t;
        for (Card c : cards(text)) t.cards[std::size_t(t.size++)] = c;
        return t;
    };
    const Rules plain;
    const Rules omnibus = rules("jack=yes");
    EXPECT_EQ(trick_marker(trick("2C 3C 4C 5C"), plain), "·");
    EXPECT_EQ(trick_marker(trick("2C 3C 4C 2H"), plain), "♥");
    EXPECT_EQ(trick_marker(trick("2S QS 2H AS"), plain), "♠");
    EXPECT_EQ(trick_marker(trick("2D JD 4D 5D"), plain), "·");
    EXPECT_EQ(trick_marker(trick("2D JD 4D 5D"), omnibus), "♦");
}

TEST(ScoreSheet, HandWinnersAreTheLowestScoresOfTheHand) {
    HandResult r;
    r.score = {3, 0, 0, 23};
    EXPECT_EQ(r.winners(), (std::vector<Seat>{Seat::West, Seat::North}));
    r.score = {26, 26, 0, 26};
    EXPECT_EQ(r.winners(), (std::vector<Seat>{Seat::North}));
}

// ==== Shooting the moon ====

// Makes a moon likely: the seat dealt the most hearts plays its highest legal card, the
// others their lowest legal card without points, and a point card only when they must.
Seat likely_shooter(const Game& g) {
    Seat best = Seat::South;
    for (Seat s : kAllSeats)
        if ((g.dealt(s) & kHearts).size() > (g.dealt(best) & kHearts).size()) best = s;
    return best;
}

PlayPolicy moon_policy(Seat shooter) {
    return [shooter](const Game& g) {
        const CardSet legal = g.legal_plays();
        if (g.to_move() == shooter) return legal.highest();
        const CardSet safe = legal - kHearts - kQueenOfSpades;
        return safe.empty() ? legal.lowest() : safe.lowest();
    };
}

// The moon variants share one deal: hand 0 is not passed, so play does not depend on
// the scoring variant, and the same seat shoots under every variant.
struct MoonDeal {
    std::uint64_t seed = 0;
    Seat played_for = Seat::South;  // the seat the policy played for
    Seat shooter = Seat::South;     // the seat that shot (not always the same one)
};

std::optional<MoonDeal> find_moon() {
    std::optional<MoonDeal> found;
    first_seed([&](std::uint64_t seed) {
        Game g(rules("pass=N"), seed);
        const Seat aim = likely_shooter(g);
        if (!play_hand(g, moon_policy(aim)) || !g.results().at(0).moon) return false;
        found = MoonDeal{seed, aim, g.results()[0].shooter};
        return true;
    });
    return found;
}

Game moon_game(const MoonDeal& deal, std::string_view moon_rule) {
    Game g(rules("pass=N," + std::string(moon_rule)), deal.seed);
    EXPECT_TRUE(play_hand(g, moon_policy(deal.played_for)));
    return g;
}

TEST(Moon, AllHeartsAndTheQueenGiveTheOthersTwentySixByDefault) {
    const auto deal = find_moon();
    ASSERT_TRUE(deal) << "no seed below 2000 gave a moon";
    Game g = moon_game(*deal, "moon=others");
    const Seat shooter = deal->shooter;
    EXPECT_EQ(g.hand().taken(shooter) & (kHearts | kQueenOfSpades), kHearts | kQueenOfSpades);
    ASSERT_EQ(g.phase(), Phase::HandOver);
    const HandResult& r = g.results().at(0);
    EXPECT_TRUE(r.moon);
    EXPECT_EQ(r.shooter, shooter);
    for (Seat s : kAllSeats) {
        EXPECT_EQ(r.points[int(s)], s == shooter ? 26 : 0);
        EXPECT_EQ(r.score[int(s)], s == shooter ? 0 : 26) << seat_name(s);
        EXPECT_EQ(g.scores()[int(s)], s == shooter ? 0 : 26);
    }
    EXPECT_EQ(r.winners(), std::vector<Seat>{shooter});
}

TEST(Moon, ShooterMinusTwentySixVariant) {
    const auto deal = find_moon();
    ASSERT_TRUE(deal);
    Game g = moon_game(*deal, "moon=shooter");
    ASSERT_EQ(g.phase(), Phase::HandOver);
    const HandResult& r = g.results().at(0);
    EXPECT_TRUE(r.moon);
    EXPECT_EQ(r.moon_choice, MoonChoice::SubtractFromShooter);
    for (Seat s : kAllSeats) {
        EXPECT_EQ(r.score[int(s)], s == deal->shooter ? -26 : 0) << seat_name(s);
        EXPECT_EQ(g.scores()[int(s)], s == deal->shooter ? -26 : 0);
    }
}

TEST(Moon, ShooterChoosesVariantWaitsForTheShooterAlone) {
    const auto deal = find_moon();
    ASSERT_TRUE(deal);
    Game g = moon_game(*deal, "moon=choice");
    const Seat shooter = deal->shooter;
    ASSERT_EQ(g.phase(), Phase::MoonChoice);
    EXPECT_TRUE(g.results().empty()) << "nothing is scored before the choice";
    EXPECT_EQ(g.to_move(), shooter);
    EXPECT_EQ(g.moon_shooter(), shooter);
    for (Seat s : kAllSeats) {
        EXPECT_EQ(g.awaiting(s), s == shooter);
        const SeatView v = g.view(s);
        EXPECT_EQ(v.phase(), Phase::MoonChoice);
        EXPECT_EQ(v.moon_shooter(), shooter);
        EXPECT_EQ(v.my_turn(), s == shooter);
        EXPECT_TRUE(v.legal().empty());
    }

    const Game before = g;
    const Seat other = seat_after(shooter);
    Status s = g.apply(Action::choose_moon(other, MoonChoice::SubtractFromShooter));
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().reason, "only the shooter, " + std::string(seat_name(shooter)) +
                                    ", chooses how the moon scores");
    EXPECT_EQ(g, before);
    s = g.apply(Action::next_hand());
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().reason, "the hand is not over yet");
    s = g.apply(Action::play(shooter, kTwoOfClubs));
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().reason, "it is not time to play a card");
    EXPECT_EQ(g, before);

    Game others = g;
    ASSERT_TRUE(apply_ok(others, Action::choose_moon(shooter, MoonChoice::AddToOthers)));
    EXPECT_EQ(others.phase(), Phase::HandOver);
    EXPECT_EQ(others.results().at(0).moon_choice, MoonChoice::AddToOthers);
    Game minus = g;
    ASSERT_TRUE(apply_ok(minus, Action::choose_moon(shooter, MoonChoice::SubtractFromShooter)));
    EXPECT_EQ(minus.phase(), Phase::HandOver);
    EXPECT_EQ(minus.results().at(0).moon_choice, MoonChoice::SubtractFromShooter);
    for (Seat p : kAllSeats) {
        EXPECT_EQ(others.scores()[int(p)], p == shooter ? 0 : 26) << seat_name(p);
        EXPECT_EQ(minus.scores()[int(p)], p == shooter ? -26 : 0) << seat_name(p);
    }
    s = others.apply(Action::choose_moon(shooter, MoonChoice::AddToOthers));
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().reason, "there is no moon to score");
}

// The moon policy, except that the aiming seat wants every heart but not Q♠: it plays
// low on a trick holding Q♠, drops Q♠ when it can, and otherwise keeps it back.
PlayPolicy duck_the_queen_policy(Seat aim) {
    return [aim](const Game& g) {
        const Hand& h = g.hand();
        if (g.to_move() != aim) return moon_policy(aim)(g);
        CardSet on_table;
        for (int i = h.plays_made() - h.trick_size(); i < h.plays_made(); ++i)
            on_table |= h.play_at(i);
        const CardSet legal = g.legal_plays();
        if (on_table.contains(kQueenOfSpades)) return legal.lowest();
        const bool discarding = h.trick_size() > 0 && h.led().suit() != Suit::Spades;
        if (discarding && legal.contains(kQueenOfSpades)) return kQueenOfSpades;
        const CardSet rest = legal - kQueenOfSpades;
        return rest.empty() ? legal.highest() : rest.highest();
    };
}

TEST(Moon, AllHeartsWithoutTheQueenIsNoMoon) {
    std::optional<Game> near_moon;
    first_seed([&](std::uint64_t seed) {
        Game g(rules("pass=N"), seed);
        if (!play_hand(g, duck_the_queen_policy(likely_shooter(g)))) return false;
        for (Seat s : kAllSeats) {
            const CardSet taken = g.hand().taken(s);
            if (taken.contains_all(kHearts) && !taken.contains(kQueenOfSpades)) {
                near_moon = g;
                return true;
            }
        }
        return false;
    });
    ASSERT_TRUE(near_moon) << "no seed below 2000 gave all hearts without the queen";
    const HandResult& r = near_moon->results().at(0);
    EXPECT_FALSE(r.moon);
    EXPECT_EQ(r.score, r.points);
    EXPECT_EQ(highest_total(r.score), 13) << "thirteen hearts are 13 points";
}

// ==== Passing ====

// Who receives each seat's cards, written out: "WNES" = South's go to West, West's to
// North, North's to East, East's to South.
Seat receiver(PassDirection d, Seat from) {
    constexpr std::string_view kLeft = "WNES", kRight = "ESWN", kAcross = "NESW";
    const std::string_view table = d == PassDirection::Left    ? kLeft
                                   : d == PassDirection::Right ? kRight
                                                               : kAcross;
    return *parse_seat(table.substr(std::size_t(from), 1));
}

void check_pass_cycle(const Rules& r, const std::vector<PassDirection>& expected) {
    Game g(r, 7);
    for (int hand = 0; hand < 8; ++hand) {
        SCOPED_TRACE("hand " + std::to_string(hand));
        const PassDirection d = expected[std::size_t(hand % 4)];
        ASSERT_EQ(g.hand_index(), hand);
        ASSERT_EQ(g.pass_direction(), d);
        ASSERT_EQ(g.view(Seat::North).pass_direction(), d);
        if (d == PassDirection::None) {
            // No pass: the hand goes straight to play with the cards as dealt.
            EXPECT_EQ(g.phase(), Phase::Play);
            for (Seat s : kAllSeats) {
                EXPECT_EQ(g.holding(s), g.dealt(s));
                EXPECT_TRUE(g.received(s).empty());
                EXPECT_FALSE(g.awaiting(s) && s != g.to_move());
            }
            EXPECT_TRUE(g.holding(g.to_move()).contains(kTwoOfClubs));
            const Game before = g;
            Status st = g.apply(Action::pass(Seat::South, three_highest(g.holding(Seat::South))));
            ASSERT_FALSE(st);
            EXPECT_EQ(st.error().reason, "it is not time to pass cards");
            EXPECT_EQ(g, before);
        } else {
            EXPECT_EQ(g.phase(), Phase::Pass);
            Hands passed{};
            for (Seat s : kAllSeats) {
                EXPECT_TRUE(g.awaiting(s));
                passed[int(s)] = three_highest(g.dealt(s));
                ASSERT_TRUE(apply_ok(g, Action::pass(s, passed[int(s)])));
                EXPECT_FALSE(g.awaiting(s) && g.phase() == Phase::Pass);
                if (s != Seat::East) {
                    // Until the fourth seat passes, nothing is exchanged.
                    EXPECT_EQ(g.phase(), Phase::Pass);
                    EXPECT_EQ(g.holding(s), g.dealt(s) - passed[int(s)]);
                    EXPECT_TRUE(g.view(s).received().empty());
                    EXPECT_TRUE(g.view(s).has_passed(s));
                }
            }
            EXPECT_EQ(g.phase(), Phase::Play);
            for (Seat from : kAllSeats) {
                const Seat to = receiver(d, from);
                EXPECT_EQ(pass_target(from, d), to);
                EXPECT_EQ(g.received(to), passed[int(from)])
                    << seat_name(to) << " should receive " << seat_name(from) << "'s cards";
                EXPECT_EQ(g.view(to).received(), passed[int(from)]);
                EXPECT_EQ(g.view(from).passed(), passed[int(from)]);
                EXPECT_EQ(g.holding(to), (g.dealt(to) - passed[int(to)]) | passed[int(from)]);
            }
        }
        ASSERT_TRUE(play_hand(g));
        ASSERT_EQ(g.phase(), Phase::HandOver);
        ASSERT_TRUE(apply_ok(g, Action::next_hand()));
    }
}

TEST(Passing, DefaultCycleIsLeftRightAcrossNone) {
    const Rules r = rules("end=10000");
    EXPECT_EQ(pass_cycle_string(r), "LRAN");
    check_pass_cycle(
        r, {PassDirection::Left, PassDirection::Right, PassDirection::Across, PassDirection::None});
}

TEST(Passing, SecondPageCycleIsLeftAcrossRightNone) {
    const Rules r = rules("pass=LARN,end=10000");
    Rules second = Rules::second_page();
    second.end_score = 10000;
    EXPECT_EQ(r, second);
    check_pass_cycle(
        r, {PassDirection::Left, PassDirection::Across, PassDirection::Right, PassDirection::None});
}

// Found by the notation fuzzer (tests/fuzz/corpus/notation/rules_two_cycles.txt): a
// second, shorter `pass` left the first one's letters in the unused slots, and those
// counted in ==, so the rules' own text parsed back to rules that compared unequal.
TEST(Passing, RulesThatPassTheSameWayAreEqual) {
    const Rules twice = rules("pass=AAAAAAAA,pass=L");
    EXPECT_EQ(pass_cycle_string(twice), "L");
    EXPECT_EQ(twice, rules("pass=L"));
    EXPECT_EQ(rules(to_string(twice)), twice);
    EXPECT_EQ(rules("pass=AN,moon=others,pass=A,pass=AN,,pass=a"), rules("pass=A"));
    EXPECT_NE(rules("pass=L"), rules("pass=LL"));
    EXPECT_NE(rules("pass=LR"), rules("pass=LA"));
    EXPECT_NE(rules("pass=L"), rules("pass=L,end=99"));
}

TEST(Passing, LeftIsWestRightIsEastAcrossIsNorthFromSouth) {
    EXPECT_EQ(pass_target(Seat::South, PassDirection::Left), Seat::West);
    EXPECT_EQ(pass_target(Seat::South, PassDirection::Right), Seat::East);
    EXPECT_EQ(pass_target(Seat::South, PassDirection::Across), Seat::North);
    EXPECT_EQ(pass_target(Seat::East, PassDirection::Left), Seat::South);
}

// Applies `a`, expects it refused with `reason`, and the game untouched.
void expect_refused(Game& g, const Action& a, std::string_view reason) {
    const Game before = g;
    Status s = g.apply(a);
    ASSERT_FALSE(s) << to_string(a) << " was accepted";
    EXPECT_EQ(s.error().reason, reason) << to_string(a);
    EXPECT_EQ(g, before) << to_string(a) << " changed the game";
}

TEST(Passing, APassIsThreeOfYourOwnCardsOncePerHand) {
    Game g(Rules{}, 3);
    ASSERT_EQ(g.phase(), Phase::Pass);
    const CardSet south = g.dealt(Seat::South);
    const CardSet west = g.dealt(Seat::West);
    const CardSet three = three_highest(south);

    expect_refused(g, Action::pass(Seat::South, CardSet()), "pass exactly 3 cards");
    expect_refused(g, Action::pass(Seat::South, three - three.lowest()), "pass exactly 3 cards");
    expect_refused(g, Action::pass(Seat::South, three | south.lowest()), "pass exactly 3 cards");
    const CardSet borrowed = (three - three.lowest()) | west.lowest();
    expect_refused(
        g, Action::pass(Seat::South, borrowed),
        "you can only pass cards you hold, and South has no " + to_string(west.lowest()));
    expect_refused(g, Action::play(Seat::South, south.lowest()), "pass 3 cards first");
    expect_refused(g, Action::next_hand(), "the hand is not over yet");

    ASSERT_TRUE(apply_ok(g, Action::pass(Seat::South, three)));
    EXPECT_TRUE(g.has_passed(Seat::South));
    EXPECT_EQ(g.passed(Seat::South), three);
    EXPECT_FALSE(g.awaiting(Seat::South));
    expect_refused(g, Action::pass(Seat::South, three), "South has already passed");
    expect_refused(g, Action::pass(Seat::South, three_highest(south - three)),
                   "South has already passed");

    for (Seat s : {Seat::West, Seat::North, Seat::East})
        ASSERT_TRUE(apply_ok(g, Action::pass(s, three_highest(g.dealt(s)))));
    ASSERT_EQ(g.phase(), Phase::Play);
    expect_refused(g, Action::pass(Seat::West, three_highest(g.holding(Seat::West))),
                   "it is not time to pass cards");
}

TEST(Passing, SeatsMayPassInAnyOrder) {
    Game a(Rules{}, 11);
    Game b(Rules{}, 11);
    for (Seat s : {Seat::East, Seat::South, Seat::North, Seat::West})
        ASSERT_TRUE(apply_ok(a, Action::pass(s, three_highest(a.dealt(s)))));
    ASSERT_TRUE(pass_three_highest(b));
    for (Seat s : kAllSeats) EXPECT_EQ(a.holding(s), b.holding(s));
    EXPECT_EQ(a.hand(), b.hand());
}

// ==== Turns and refusals through Game ====

TEST(Turns, PlayingOutOfTurnIsRefusedAndChangesNothing) {
    Game g(rules("pass=N"), 4);
    ASSERT_EQ(g.phase(), Phase::Play);
    const Seat leader = g.to_move();
    for (Seat s : kAllSeats) {
        if (s == leader) continue;
        expect_refused(g, Action::play(s, g.holding(s).lowest()),
                       "it is " + std::string(seat_name(leader)) + "'s turn, not " +
                           std::string(seat_name(s)) + "'s");
    }
    ASSERT_TRUE(apply_ok(g, Action::play(leader, kTwoOfClubs)));
    expect_refused(g, Action::play(leader, g.holding(leader).lowest()),
                   "it is " + std::string(seat_name(seat_after(leader))) + "'s turn, not " +
                       std::string(seat_name(leader)) + "'s");
}

// Plays a whole game and, before every play, tries every card the player holds but may
// not play: each is refused with the engine's reason and changes nothing.
TEST(Turns, EveryIllegalCardIsRefusedWithTheReasonAPlayerSees) {
    Game g(Rules{}, 2);
    std::set<std::string> reasons;
    while (g.phase() != Phase::GameOver) {
        if (g.phase() == Phase::Play) {
            const Seat s = g.to_move();
            for (Card c : g.holding(s) - g.legal_plays()) {
                const Game before = g;
                Status st = g.apply(Action::play(s, c));
                ASSERT_FALSE(st) << to_string(c);
                EXPECT_EQ(st.error().reason, g.hand().refusal(c));
                ASSERT_EQ(g, before);
                reasons.insert(st.error().reason);
            }
            ASSERT_TRUE(apply_ok(g, Action::play(s, lowest_legal(g))));
        } else if (g.phase() == Phase::Pass) {
            ASSERT_TRUE(pass_three_highest(g));
        } else if (g.phase() == Phase::HandOver) {
            ASSERT_TRUE(apply_ok(g, Action::next_hand()));
        } else {
            ASSERT_TRUE(apply_ok(g, Action::choose_moon(g.to_move(), MoonChoice::AddToOthers)));
        }
    }
    EXPECT_EQ(reasons, (std::set<std::string>{"the two of clubs must lead the first trick",
                                              "you must follow suit", "hearts are not broken yet",
                                              "no hearts or queen of spades on the first trick"}));
}

TEST(Turns, CardsNotHeldOrMissingAreRefused) {
    Game g(rules("pass=N"), 4);
    const Seat s = g.to_move();
    const Card foreign = g.holding(seat_after(s)).lowest();
    expect_refused(g, Action::play(s, foreign), "you don't have that card");
    expect_refused(g, Action::play(s, Card::none()), "no card given");
    expect_refused(g, Action::choose_moon(s, MoonChoice::AddToOthers), "there is no moon to score");
}

// ==== End of the game ====

TEST(GameEnd, TheGameEndsAfterTheHandInWhichSomeoneReachesOneHundred) {
    Game g(Rules{}, 1);
    ASSERT_TRUE(play_game(g));
    const auto& results = g.results();
    ASSERT_FALSE(results.empty());
    for (std::size_t i = 0; i + 1 < results.size(); ++i) {
        const auto& t = results[i].totals;
        EXPECT_TRUE(highest_total(t) < 100 || count_at_lowest(t) > 1) << "hand " << i;
    }
    const auto& last = results.back().totals;
    EXPECT_GE(highest_total(last), 100);
    EXPECT_EQ(count_at_lowest(last), 1);
    EXPECT_EQ(g.scores(), last);
    ASSERT_EQ(g.winners().size(), 1u);
    EXPECT_EQ(g.scores()[int(g.winners()[0])], lowest_total(last));
    for (Seat s : kAllSeats) {
        EXPECT_EQ(g.view(s).winners(), g.winners());
        EXPECT_FALSE(g.awaiting(s));
    }
    expect_refused(g, Action::next_hand(), "the game is over");
    expect_refused(g, Action::play(Seat::South, kTwoOfClubs), "it is not time to play a card");
}

TEST(GameEnd, SeveralPlayersReachingOneHundredInTheSameHand) {
    std::optional<Game> found;
    first_seed([&](std::uint64_t seed) {
        Game g(Rules{}, seed);
        if (!play_game(g) || g.results().size() < 2) return false;
        const auto& r = g.results();
        int crossed = 0;
        for (int s = 0; s < kSeats; ++s)
            crossed += r[r.size() - 2].totals[std::size_t(s)] < 100 &&
                       r.back().totals[std::size_t(s)] >= 100;
        if (crossed < 2) return false;
        found = g;
        return true;
    });
    ASSERT_TRUE(found) << "no seed below 2000 took two players past 100 at once";
    const Game& g = *found;
    EXPECT_EQ(g.phase(), Phase::GameOver);
    const auto& totals = g.results().back().totals;
    ASSERT_EQ(g.winners().size(), 1u);
    EXPECT_EQ(totals[int(g.winners()[0])], lowest_total(totals));
}

// A seed whose game, under tie=share, ends with two or more sharing the lowest total.
std::optional<std::uint64_t> tied_ending_seed() {
    return first_seed([](std::uint64_t seed) {
        Game g(rules("tie=share"), seed);
        return play_game(g) && g.winners().size() > 1;
    });
}

TEST(GameEnd, TieForLowestIsSharedUnderTieShare) {
    const auto seed = tied_ending_seed();
    ASSERT_TRUE(seed) << "no seed below 2000 ended in a tie";
    Game g(rules("tie=share"), *seed);
    ASSERT_TRUE(play_game(g));
    const auto& totals = g.scores();
    EXPECT_GE(highest_total(totals), 100);
    EXPECT_GE(g.winners().size(), 2u);
    for (Seat w : g.winners()) EXPECT_EQ(totals[int(w)], lowest_total(totals));
    EXPECT_EQ(int(g.winners().size()), count_at_lowest(totals));
}

TEST(GameEnd, TieForLowestPlaysOnByDefaultUntilOneIsAlone) {
    const auto seed = tied_ending_seed();
    ASSERT_TRUE(seed) << "no seed below 2000 ended in a tie";
    Game shared(rules("tie=share"), *seed);
    ASSERT_TRUE(play_game(shared));
    const std::size_t tied_hand = shared.results().size();

    Game g(Rules{}, *seed);
    EXPECT_TRUE(g.rules().tie_continues);
    while (g.results().size() < tied_hand) {
        ASSERT_TRUE(play_hand(g));
        if (g.results().size() < tied_hand) {
            ASSERT_TRUE(apply_ok(g, Action::next_hand()));
        }
    }
    // The same hands were played: only the rule for the tie differs.
    EXPECT_EQ(g.results(), shared.results());
    EXPECT_EQ(g.phase(), Phase::HandOver) << "a tie for lowest goes on";
    EXPECT_TRUE(g.winners().empty());

    ASSERT_TRUE(apply_ok(g, Action::next_hand()));
    ASSERT_TRUE(play_game(g));
    EXPECT_GT(g.results().size(), tied_hand);
    for (std::size_t i = tied_hand - 1; i + 1 < g.results().size(); ++i)
        EXPECT_GT(count_at_lowest(g.results()[i].totals), 1) << "hand " << i << " could have ended";
    EXPECT_EQ(g.winners().size(), 1u);
    EXPECT_EQ(count_at_lowest(g.scores()), 1);
}

TEST(GameEnd, EndScoreVariantEndsTheGameSooner) {
    Game short_game(rules("end=50"), 1);
    EXPECT_EQ(short_game.rules().end_score, 50);
    ASSERT_TRUE(play_game(short_game));
    const auto& results = short_game.results();
    for (std::size_t i = 0; i + 1 < results.size(); ++i) {
        EXPECT_TRUE(highest_total(results[i].totals) < 50 ||
                    count_at_lowest(results[i].totals) > 1);
    }
    EXPECT_GE(highest_total(short_game.scores()), 50);

    Game full(Rules{}, 1);
    ASSERT_TRUE(play_game(full));
    ASSERT_GT(full.results().size(), results.size());
    // Identical hands up to where the short game stopped.
    for (std::size_t i = 0; i < results.size(); ++i) EXPECT_EQ(full.results()[i], results[i]);
}

TEST(GameEnd, AHandLimitEndsTheGameAfterThatManyHandsWhateverTheScores) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Game limited(rules("hands=4,tie=share"), seed);
        ASSERT_TRUE(play_game(limited));
        ASSERT_EQ(limited.results().size(), 4u);  // nobody can reach 100 in fewer
        // The lowest totals win, shared when tied.
        const auto scores = limited.scores();
        const int low = *std::min_element(scores.begin(), scores.end());
        EXPECT_EQ(int(limited.winners().size()), count_at_lowest(scores));
        for (Seat w : limited.winners()) EXPECT_EQ(scores[std::size_t(w)], low);
    }
    // A limit the scores reach first changes nothing: the end score still ends it.
    Game short_game(rules("end=20,hands=50"), 3);
    ASSERT_TRUE(play_game(short_game));
    EXPECT_LT(short_game.results().size(), 50u);
    EXPECT_GE(highest_total(short_game.scores()), 20);
}

// ==== Rules text ====

TEST(RulesText, DefaultsAreTheFirstPage) {
    const Rules r;
    EXPECT_EQ(to_string(r), "pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue");
    EXPECT_EQ(*parse_rules(""), r);
    EXPECT_FALSE(r.queen_breaks_hearts);
    EXPECT_EQ(r.moon, MoonScoring::AddToOthers);
    EXPECT_FALSE(r.jack_of_diamonds);
    EXPECT_EQ(r.end_score, 100);
    EXPECT_TRUE(r.tie_continues);
}

TEST(RulesText, EveryVariantParsesAndRoundTrips) {
    const Rules r = rules("tie=share, moon=choice,pass=larn,queen_breaks=yes,jack=on,end=75");
    EXPECT_EQ(pass_cycle_string(r), "LARN");
    EXPECT_TRUE(r.queen_breaks_hearts);
    EXPECT_EQ(r.moon, MoonScoring::ShooterChooses);
    EXPECT_TRUE(r.jack_of_diamonds);
    EXPECT_EQ(r.end_score, 75);
    EXPECT_FALSE(r.tie_continues);
    EXPECT_EQ(to_string(r), "pass=LARN,queen_breaks=yes,moon=choice,jack=yes,end=75,tie=share");
    EXPECT_EQ(rules(to_string(r)), r);
    EXPECT_EQ(rules("moon=shooter").moon, MoonScoring::SubtractFromShooter);
    // A hand limit is written only when there is one, so the text of every other game's
    // rules is as it was before the limit existed.
    EXPECT_EQ(to_string(rules("hands=4")),
              "pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue,hands=4");
    EXPECT_EQ(rules("hands=0"), Rules{});
    EXPECT_NE(rules("hands=4"), Rules{});
    EXPECT_EQ(pass_cycle_string(rules("pass=LRANLRAN")), "LRANLRAN");
    EXPECT_EQ(rules("pass=N").pass_direction(5), PassDirection::None);
}

TEST(RulesText, BadRulesSayWhatIsWrong) {
    auto reason = [](std::string_view text) {
        auto r = parse_rules(text);
        EXPECT_FALSE(r) << text;
        return r ? std::string() : r.error().reason;
    };
    EXPECT_EQ(reason("colour=red"),
              "unknown rule 'colour'; rules are pass, queen_breaks, moon, "
              "jack, end, tie, hands");
    EXPECT_NE(reason("hands=-1").find("hands must be a whole number from 0"), std::string::npos);
    EXPECT_NE(reason("hands=four").find("not 'four'"), std::string::npos);
    EXPECT_EQ(reason("moon"), "rule 'moon' needs a value, like moon=shooter");
    EXPECT_EQ(reason("queen_breaks=maybe"), "rule 'queen_breaks' takes yes or no, not 'maybe'");
    EXPECT_NE(reason("end=0").find("end score must be a whole number"), std::string::npos);
    EXPECT_NE(reason("end=12x").find("end score must be a whole number"), std::string::npos);
    EXPECT_NE(reason("pass=lxr").find("'x' is not a pass direction"), std::string::npos);
    EXPECT_NE(reason("pass=").find("a pass cycle is 1 to 8 letters"), std::string::npos);
    EXPECT_NE(reason("pass=LRANLRANL").find("a pass cycle is 1 to 8 letters"), std::string::npos);
    EXPECT_NE(reason("moon=sometimes").find("not 'sometimes'"), std::string::npos);
    EXPECT_NE(reason("tie=draw").find("not 'draw'"), std::string::npos);
}

}  // namespace
}  // namespace hearts
