// Hints (hearts/ai/hint.h): the card the search plays, and reasons made of templates over
// facts, checked on scripted positions: the numbers they quote, the cards still out, the
// voids shown, the moon, and what a pass does for the hand.
#include <gtest/gtest.h>

#include "engine_protocol.h"
#include "hearts/ai/bot.h"
#include "hearts/ai/hint.h"
#include "hearts/ai/review.h"
#include "hearts/ai/search_bot.h"
#include "hearts/claim.h"

namespace hearts::ai {
namespace {

const std::array<std::string, kSeats> kNames{"You", "Mike", "Bill", "Lisa"};

SeatView position(const std::string& line) {
    auto v = app::parse_position_line(line);
    EXPECT_TRUE(v.has_value()) << (v ? "" : v.error().reason);
    return std::move(v).value();
}

Card card(const char* text) {
    return parse_card(text).value();
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Hint, CardsAreWrittenAsPeopleWriteThem) {
    EXPECT_EQ(card_words(card("9S")), "9♠");
    EXPECT_EQ(card_words(card("TH")), "10♥");
    EXPECT_EQ(card_words(card("QS")), "Q♠");
    EXPECT_EQ(card_words(card("2C")), "2♣");
}

// The search's statistics: every legal card, best first, on the deals it tried; the hint
// plays the best and says what it costs against the worst.
TEST(Hint, NoSpadeIntoTheQueenAndWhatTheWorstCardWouldCost) {
    const SeatView v = position(
        "position seat S pass none hand 2C AC 2D 3D 4D 5D 6D AS KS 2H 3H 4H 5H "
        "plays 2C 5C 9C KC 3C AC 6C 7C");
    const PlayAnalysis a = analyse_play(v, 1, 300, 0);
    EXPECT_EQ(a.deals, 300);
    ASSERT_EQ(a.candidates.size(), std::size_t(v.legal().size()));
    for (std::size_t k = 1; k < a.candidates.size(); ++k)
        EXPECT_LE(a.candidates[k - 1].points, a.candidates[k].points);
    const Hint h = hint_for(v, 1, kNames, 300, 0);
    ASSERT_EQ(h.action.kind, ActionKind::Play);
    EXPECT_NE(h.action.card.suit(), Suit::Spades) << to_string(h.action.card);
    EXPECT_TRUE(v.legal().contains(h.action.card));
    EXPECT_TRUE(has(h.reason,
                    "Play the " + card_words(h.action.card) + ": with it you expect to take about"))
        << h.reason;
    EXPECT_TRUE(
        has(h.reason, " this hand; with the " + card_words(h.candidates.back().card) + ", about"))
        << h.reason;
    // The same seed gives the same hint.
    EXPECT_EQ(hint_for(v, 1, kNames, 300, 0).reason, h.reason);
}

// A hand a player is about to shoot: the hint takes a heart from them and says why.
TEST(Hint, WarnsOfTheMoon) {
    const SeatView v = position(
        "position seat S pass none hand 9H 2H 2C 3C 4C 2D 3D 4D 2S 3S 4S 5S 6S "
        "plays 2C AC 5C 9C KC 6C TC 3C QC 7C JC 4C AS 7S QS 2S AD 5D 8D 2D KD 6D 9D 3D 7H 3H "
        "TD");
    const Hint h = hint_for(v, 1, kNames, 300, 0);
    EXPECT_EQ(h.action.card, card("9H")) << h.reason;
    EXPECT_TRUE(has(h.reason, "With the 2♥, another player takes every point in ")) << h.reason;
}

// The templates on fixed numbers: the sentences, the cards still out, a void shown.
TEST(Hint, TheReasonSaysWhatTheSeatCanSee) {
    // West leads 2C, North shows no clubs, East follows, South takes it with the AC and
    // leads next.
    const SeatView v = position(
        "position seat S pass none hand AC 3C JD QD KD 5S 6S 7S QH KH AH 2H 3H leader W "
        "plays 2C 8D 9C AC");
    ASSERT_TRUE(v.is_void(Seat::North, Suit::Clubs));
    PlayAnalysis a;
    a.deals = 100;
    a.candidates = {{card("3C"), 0.4, 0.0, 0.0, 0.0}, {card("QH"), 3.14, 0.2, 0.0, 0.0}};
    const std::string r = play_reason(v, a, kNames);
    // The numbers are the hand's points expected with each card, said so (issue 43: "it
    // costs" read as what the card itself costs).
    EXPECT_EQ(r,
              "Play the 3♣: with it you expect to take about 0.4 points this hand; with the Q♥, "
              "about 3.1. Bill has shown no clubs, and can throw points on them.")
        << r;
    // A spade lead with the higher spades out, the queen a real risk, and a moon.
    a.candidates = {{card("7S"), 1.0, 0.3, 0.12, 0.0}, {card("AH"), 5.0, 0.0, 0.0, 0.0}};
    const std::string spade = play_reason(v, a, kNames);
    EXPECT_TRUE(has(spade,
                    "Play the 7♠: with it you expect to take about 1 point this hand; "
                    "with the A♥, about 5."))
        << spade;
    EXPECT_FALSE(has(spade, "still out")) << spade;  // more than 3 higher spades: not listed
    EXPECT_TRUE(has(spade, "You take the Q♠ in 30% of the deals tried.")) << spade;
    EXPECT_TRUE(has(spade, "Watch the moon: in 12% of the deals tried")) << spade;
    // Cards that all cost the same say so.
    a.candidates = {{card("3C"), 0.5, 0, 0, 0}, {card("AC"), 0.6, 0, 0, 0}};
    EXPECT_EQ(play_reason(v, a, kNames),
              "Play the 3♣: whichever card you play, you expect to take about 0.5 points this "
              "hand. Bill has shown no clubs, and can throw points on them.");
    // Nothing expected is said as no points.
    a.candidates = {{card("3C"), 0.01, 0, 0, 0}, {card("QH"), 2.0, 0, 0, 0}};
    EXPECT_TRUE(has(play_reason(v, a, kNames),
                    "Play the 3♣: with it you expect to take no points this hand; with the Q♥, "
                    "about 2."))
        << play_reason(v, a, kNames);
}

TEST(Hint, ALowLeadUnderTheHighCardsStillOut) {
    // Every spade below the 10 has been played: the J, K and A are out, the Q is mine.
    const SeatView v = position(
        "position seat S pass none hand 2C 3C 4C 5C 6C 7C 8C 9C TS QS 2H 3H 4H "
        "plays 2C 3D 4D 5D 6C 2S 3S 4S 7C 5S 6S 7S 8C 8S 9S 2D");
    PlayAnalysis a;
    a.deals = 10;
    a.candidates = {{card("TS"), 0.2, 0, 0, 0}, {card("QS"), 9.0, 0, 0, 0}};
    const std::string r = play_reason(v, a, kNames);
    EXPECT_TRUE(has(r, "The J♠, K♠ and A♠ are still out, so the 10♠ stays under them.")) << r;
}

TEST(Hint, APassSaysWhatItDoesForTheHand) {
    const SeatView voids =
        position("position seat S pass left hand 2C 3C 4C 5C 2D 4D 9D 2S 3S 4S 5S 2H 3H");
    EXPECT_EQ(pass_reason(voids, parse_cards("2D 4D 9D").value(), kNames),
              "Pass the 2♦, 4♦ and 9♦ to Mike. It leaves you with no diamonds, so you can throw "
              "points when they are led.");
    const SeatView queen =
        position("position seat S pass right hand 2C 3C 4C 5C 6C 2D 3D 4D QS 2S 2H 3H 4H");
    const std::string q = pass_reason(queen, parse_cards("4D QS 4H").value(), kNames);
    EXPECT_TRUE(has(q, "Pass the 4♦, Q♠ and 4♥ to Lisa.")) << q;
    EXPECT_TRUE(has(q, "The Q♠ is 13 points you cannot be made to take")) << q;
    const Hint h = hint_for(queen, 1, kNames, 200, 0);
    ASSERT_EQ(h.action.kind, ActionKind::Pass);
    EXPECT_EQ(h.action.cards.size(), 3);
    EXPECT_TRUE(queen.hand().contains_all(h.action.cards));
    EXPECT_TRUE(has(h.reason, "Pass the ")) << h.reason;
}

}  // namespace
}  // namespace hearts::ai

namespace hearts::ai {
namespace {

// A whole hand played by `south` against three medium players, as a finished Game. With
// `lowest_pass`, South passes its 3 lowest cards whatever they are.
Game play_hand(const std::string& south, std::uint64_t seed, bool lowest_pass = false) {
    Game g(parse_rules("end=1").value(), seed);
    auto s = std::move(make_bot(south)).value();
    auto m = std::move(make_bot("medium")).value();
    for (int i = 0; g.phase() != Phase::GameOver && i < 1000; ++i) {
        Action a = Action::next_hand();
        if (g.phase() != Phase::HandOver)
            for (Seat seat : kAllSeats)
                if (g.awaiting(seat)) {
                    a = decide(seat == Seat::South ? *s : *m, g.view(seat),
                               seed + std::uint64_t(i));
                    if (lowest_pass && seat == Seat::South && a.kind == ActionKind::Pass) {
                        CardSet low;
                        for (Card c : g.view(seat).hand())
                            if (low.size() < 3) low |= c;
                        a = Action::pass(seat, low);
                    }
                    break;
                }
        EXPECT_TRUE(g.apply(a));
    }
    return g;
}

// Every card the seat chose is weighed, and none played out after a claim (hearts/claim.h);
// a card that was the best loses nothing; the total is the losses above the noise, by
// kind; the same game gives the same review.
TEST(Review, WeighsEveryCardAndAddsUpTheMistakes) {
    const Game g = play_hand("random", 3);
    const Review r = review_game(g, Seat::South, 60);
    int played = 0, claimed = 0;
    Game replay(g.rules(), g.seed());
    bool after_claim = false;
    for (const Action& a : g.history()) {
        after_claim =
            after_claim || (replay.phase() == Phase::Play && claim(replay.hand(), replay.rules()));
        if (a.kind == ActionKind::Play && a.seat == Seat::South) ++(after_claim ? claimed : played);
        ASSERT_TRUE(replay.apply(a));
    }
    ASSERT_EQ(int(r.plays.size()), played);
    EXPECT_EQ(r.claimed_cards(), claimed);
    if (claimed > 0) {  // the hand says how many of its cards were played out
        ASSERT_EQ(r.claimed.size(), 1u);
        EXPECT_EQ(r.claimed[0].hand, 1);
    }
    double lost = 0, by_kind = 0;
    for (const ReviewedPlay& p : r.plays) {
        EXPECT_GE(p.loss(), 0) << to_string(p.played);
        if (p.played == p.best) {
            EXPECT_EQ(p.loss(), 0);
        }
        if (p.loss() >= kNoise) lost += p.loss();
        EXPECT_GE(p.hand, 1);
        EXPECT_GE(p.trick, 1);
        EXPECT_LE(p.trick, 13);
    }
    for (const ReviewedPass& p : r.passes)
        if (p.mistake()) lost += p.loss();
    for (double x : r.lost_by_kind) by_kind += x;
    EXPECT_NEAR(r.lost, lost, 1e-9);
    EXPECT_NEAR(r.lost, by_kind, 1e-9);
    EXPECT_GT(r.lost, 0) << "random play made no mistake the search saw";
    const Review again = review_game(g, Seat::South, 60);
    EXPECT_EQ(again.lost, r.lost);
    const std::string text = review_text(r, {"You", "Mike", "Bill", "Lisa"});
    const std::string after =
        claimed == 0 ? "" : ", and " + std::to_string(claimed) + " played out after a claim";
    EXPECT_TRUE(text.rfind("Review of You: " + std::to_string(played) +
                               " cards played, each weighed on 60 deals" + after +
                               "; 1 pass, on 240 deals.\n",
                           0) == 0)
        << text;
    EXPECT_NE(text.find("Points lost to mistakes: "), std::string::npos) << text;
    EXPECT_NE(text.find("The largest:\n  Hand 1, "), std::string::npos) << text;
}

// Two passes weighed on the same deals: keeping the Q♠ with the A♠ and K♠ and two small
// spades costs clearly more than passing the three; a pass against itself differs by
// nothing.
TEST(Review, ComparesPassesOnTheSameDeals) {
    const SeatView v =
        position("position seat S pass left hand AS KS QS 3S 2C 3C 4C 5C 6C 2D 3D 4D 2H");
    const CardSet low = parse_cards("2C 3C 4C").value();
    const CardSet spades = parse_cards("AS KS QS").value();
    const PassComparison c = compare_passes(v, low, spades, 7, 400);
    EXPECT_EQ(c.deals, 400);
    EXPECT_GT(c.a_points - c.b_points, 2 * c.error) << c.a_points << " vs " << c.b_points;
    EXPECT_GT(c.a_points - c.b_points, 2.0) << c.a_points << " vs " << c.b_points;
    const PassComparison same = compare_passes(v, spades, spades, 7, 100);
    EXPECT_EQ(same.a_points, same.b_points);
    EXPECT_EQ(same.error, 0);
    // The same seed gives the same figures.
    EXPECT_EQ(compare_passes(v, low, spades, 7, 400).a_points, c.a_points);
}

// Every pass the seat made is weighed against the search's pass: to whom it went, the
// cards, and the losses counted as passing mistakes only beyond the samples' margin.
TEST(Review, WeighsEachPassAgainstTheSearchsPass) {
    int passes = 0, mistakes = 0;
    double passing = 0;
    for (std::uint64_t seed : {1, 2, 3, 4, 5, 6}) {
        const Game g = play_hand("hard", seed, true);
        const Review r = review_game(g, Seat::South, 40);
        ASSERT_FALSE(r.passes.empty()) << "the first hand passes left";
        const ReviewedPass& p = r.passes.front();
        EXPECT_EQ(p.hand, 1);
        EXPECT_EQ(p.to, Seat::West);
        CardSet passed;
        for (const Action& a : g.history())
            if (a.kind == ActionKind::Pass && a.seat == Seat::South) {
                passed = a.cards;
                break;
            }
        EXPECT_EQ(p.passed, passed);
        EXPECT_EQ(p.best.size(), 3);
        EXPECT_TRUE(Game(g.rules(), g.seed()).dealt(Seat::South).contains_all(p.best));
        if (p.best == p.passed) {
            EXPECT_EQ(p.loss(), 0);
        }
        EXPECT_EQ(p.mistake(), p.loss() >= kNoise && p.loss() > p.margin);
        ++passes;
        if (p.mistake()) {
            ++mistakes;
            passing += p.loss();
            const std::string text = review_text(r, {"You", "Mike", "Bill", "Lisa"});
            EXPECT_NE(text.find("  Hand 1, the pass: the "), std::string::npos) << text;
            EXPECT_NE(text.find("(passing"), std::string::npos) << text;
        }
        double counted = 0;
        for (const ReviewedPass& q : r.passes) counted += q.mistake() ? q.loss() : 0.0;
        EXPECT_DOUBLE_EQ(r.lost_by_kind[std::size_t(PlayKind::Pass)], counted);
    }
    EXPECT_EQ(passes, 6);
    // Passing one's three lowest cards gives points away on most deals.
    EXPECT_GE(mistakes, 3) << "passing the 3 lowest cards was seldom a mistake: " << passing;
}

// The search's own play loses less than random play on the same deal.
TEST(Review, TheSearchLosesLessThanRandomPlay) {
    double random = 0, hard = 0;
    for (std::uint64_t seed : {1, 2, 3}) {
        random += review_game(play_hand("random", seed), Seat::South, 60).lost;
        hard += review_game(play_hand("hard", seed), Seat::South, 60).lost;
    }
    EXPECT_LT(hard, random);
}

}  // namespace
}  // namespace hearts::ai
