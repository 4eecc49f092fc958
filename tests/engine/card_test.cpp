// Cards, card sets and their notation: what a player types and reads.
//
// Notation is rank then suit ("2C" .. "AS", "T" or "10" for ten); the display form is
// "Q♠" / "10♥". Parsing is the edge where text from outside enters the engine, so it
// must answer every string with a card or a reason, and never crash.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "notation.h"

namespace hearts {
namespace {

using namespace test_notation;

constexpr std::string_view kRankLetters = "23456789TJQKA";
constexpr std::string_view kSuitLetters = "CDSH";

std::string reason_for(std::string_view text) {
    auto c = parse_card(text);
    EXPECT_FALSE(c) << "'" << text << "' should not parse, but gave " << to_string(*c);
    return c ? std::string() : c.error().reason;
}

// ---- single cards ----

TEST(CardNotation, AllFiftyTwoCardsRoundTrip) {
    int seen = 0;
    for (int s = 0; s < kSuits; ++s) {
        for (int r = 0; r < kRanks; ++r) {
            const Card c{Suit(s), Rank(r)};
            const std::string text{kRankLetters[std::size_t(r)], kSuitLetters[std::size_t(s)]};
            EXPECT_EQ(c.index(), s * 13 + r);
            EXPECT_EQ(to_string(c), text);
            EXPECT_EQ(card(text), c) << text;
            std::string lower = text;
            for (char& ch : lower) ch = char(std::tolower(static_cast<unsigned char>(ch)));
            EXPECT_EQ(card(lower), c) << lower;
            EXPECT_EQ(card(to_display(c)), c) << to_display(c);
            EXPECT_EQ(Card::from_index(c.index()), c);
            ++seen;
        }
    }
    EXPECT_EQ(seen, kCards);
}

TEST(CardNotation, IndexLayoutIsSuitTimesThirteenPlusRank) {
    EXPECT_EQ(card("2C").index(), 0);
    EXPECT_EQ(card("AC").index(), 12);
    EXPECT_EQ(card("2D").index(), 13);
    EXPECT_EQ(card("JD"), kJackOfDiamonds);
    EXPECT_EQ(card("2S").index(), 26);
    EXPECT_EQ(card("QS"), kQueenOfSpades);
    EXPECT_EQ(card("QS").index(), 36);
    EXPECT_EQ(card("2H").index(), 39);
    EXPECT_EQ(card("AH").index(), 51);
    EXPECT_EQ(card("2C"), kTwoOfClubs);
    EXPECT_EQ(card("QS").suit(), Suit::Spades);
    EXPECT_EQ(card("QS").rank(), Rank::Queen);
}

TEST(CardNotation, TenIsWrittenTOr10) {
    for (char suit : kSuitLetters) {
        const Card t = card(std::string("T") + suit);
        EXPECT_EQ(t.rank(), Rank::Ten);
        EXPECT_EQ(card(std::string("10") + suit), t);
        EXPECT_EQ(card(std::string("10") + char(std::tolower(suit))), t);
    }
    EXPECT_EQ(to_string(card("10S")), "TS");
}

TEST(CardNotation, DisplayFormUsesSuitSymbolsAnd10) {
    EXPECT_EQ(to_display(card("QS")), "Q♠");
    EXPECT_EQ(to_display(card("TH")), "10♥");
    EXPECT_EQ(to_display(card("2C")), "2♣");
    EXPECT_EQ(to_display(card("AD")), "A♦");
    EXPECT_EQ(card("Q♠"), kQueenOfSpades);
    EXPECT_EQ(card("10♥"), card("TH"));
    EXPECT_EQ(card("q♠"), kQueenOfSpades);
    EXPECT_EQ(to_long_name(kQueenOfSpades), "Queen of spades");
    EXPECT_EQ(to_long_name(card("TH")), "Ten of hearts");
    EXPECT_EQ(to_string(Card::none()), "--");
    EXPECT_EQ(to_display(Card::none()), "--");
}

TEST(CardNotation, SurroundingSpacesAreIgnored) {
    EXPECT_EQ(card("  QS "), kQueenOfSpades);
    EXPECT_EQ(card("\tAH\n"), card("AH"));
}

TEST(CardNotation, ParseErrorsExplainThemselves) {
    EXPECT_NE(reason_for("").find("no card given"), std::string::npos);
    EXPECT_NE(reason_for("   ").find("no card given"), std::string::npos);
    EXPECT_NE(reason_for("ZS").find("'Z' is not a rank"), std::string::npos);
    EXPECT_NE(reason_for("1S").find("'1' is not a rank"), std::string::npos);
    EXPECT_NE(reason_for("QX").find("'X' is not a suit"), std::string::npos);
    EXPECT_NE(reason_for("Q").find("'Q' is not a card"), std::string::npos);
    EXPECT_NE(reason_for("11S").find("is not a card"), std::string::npos);
    EXPECT_NE(reason_for("QSS").find("is not a card"), std::string::npos);
    EXPECT_NE(reason_for("queen").find("is not a card"), std::string::npos);
    EXPECT_NE(reason_for("Q♠♠").find("is not a card"), std::string::npos);
    EXPECT_NE(reason_for("♠").find("is not a card"), std::string::npos);
    EXPECT_FALSE(reason_for("10").empty());
    EXPECT_FALSE(reason_for("T").empty());
}

TEST(CardNotation, CardOrderIsIndexOrder) {
    EXPECT_LT(card("AC"), card("2D"));
    EXPECT_LT(card("2H"), card("3H"));
    EXPECT_LT(card("KS"), card("AS"));
    EXPECT_TRUE(Card().is_none());
    EXPECT_TRUE(Card::none().is_none());
    EXPECT_FALSE(card("2C").is_none());
}

// ---- card sets in text ----

TEST(CardSetNotation, ListsInIndexOrderWhateverTheInputOrder) {
    const CardSet s = cards("QS, 9c 2C");
    EXPECT_EQ(s.size(), 3);
    EXPECT_EQ(to_string(s), "2C 9C QS");
    EXPECT_EQ(to_display(s), "2♣ 9♣ Q♠");
    EXPECT_EQ(cards("2♣ 9♣ Q♠"), s);
    EXPECT_EQ(cards(""), CardSet());
    EXPECT_EQ(cards(" , ,"), CardSet());
    EXPECT_EQ(to_string(CardSet()), "");
}

TEST(CardSetNotation, DuplicatesAndBadCardsAreRefusedWithTheCulprit) {
    auto dup = parse_cards("QS AH qs");
    ASSERT_FALSE(dup);
    EXPECT_EQ(dup.error().reason, "QS is listed twice");
    auto ten_twice = parse_cards("TS 10S");
    ASSERT_FALSE(ten_twice);
    EXPECT_EQ(ten_twice.error().reason, "TS is listed twice");
    auto bad = parse_cards("QS XS AH");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().reason.find("'X' is not a rank"), std::string::npos);
}

TEST(CardSetNotation, WholeDeckRoundTrips) {
    EXPECT_EQ(cards(to_string(kAllCards)), kAllCards);
    EXPECT_EQ(cards(to_display(kAllCards)), kAllCards);
    EXPECT_EQ(to_string(kHearts), "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH");
}

// ---- seats ----

TEST(Seats, NamesLettersAndParsing) {
    EXPECT_EQ(seat_name(Seat::South), "South");
    EXPECT_EQ(seat_letter(Seat::East), 'E');
    for (Seat s : kAllSeats) {
        EXPECT_EQ(*parse_seat(seat_name(s)), s);
        EXPECT_EQ(*parse_seat(std::string(1, seat_letter(s))), s);
    }
    EXPECT_EQ(*parse_seat(" west "), Seat::West);
    auto bad = parse_seat("Q");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().reason, "'Q' is not a seat; seats are S, W, N, E");
}

TEST(Seats, PlayGoesClockwiseSouthWestNorthEast) {
    EXPECT_EQ(seat_after(Seat::South), Seat::West);
    EXPECT_EQ(seat_after(Seat::West), Seat::North);
    EXPECT_EQ(seat_after(Seat::North), Seat::East);
    EXPECT_EQ(seat_after(Seat::East), Seat::South);
    EXPECT_EQ(seat_after(Seat::West, 3), Seat::South);
    EXPECT_EQ(seat_after(Seat::North, 4), Seat::North);
}

// ---- CardSet operations ----

TEST(CardSetOps, SetAlgebra) {
    const CardSet a = cards("2C 3C QS AH");
    const CardSet b = cards("3C QS KD");
    EXPECT_EQ(a | b, cards("2C 3C KD QS AH"));
    EXPECT_EQ(a & b, cards("3C QS"));
    EXPECT_EQ(a ^ b, cards("2C KD AH"));
    EXPECT_EQ(a - b, cards("2C AH"));
    EXPECT_EQ((~a).size(), 48);
    EXPECT_FALSE((~a).intersects(a));
    EXPECT_EQ(~a | a, kAllCards);
    EXPECT_TRUE(a.contains(kQueenOfSpades));
    EXPECT_FALSE(b.contains(card("AH")));
    EXPECT_TRUE(a.contains_all(cards("QS 2C")));
    EXPECT_FALSE(a.contains_all(b));
    EXPECT_TRUE(a.contains_all(CardSet()));
    EXPECT_TRUE(a.intersects(b));
    EXPECT_FALSE(a.intersects(cards("KD")));
    EXPECT_TRUE(CardSet().empty());
    EXPECT_FALSE(a.empty());
    EXPECT_EQ(a.size(), 4);

    CardSet c = a;
    c |= cards("KD");
    EXPECT_EQ(c.size(), 5);
    c -= cards("2C 3C");
    EXPECT_EQ(c, cards("KD QS AH"));
    c &= cards("AH KD 4S");
    EXPECT_EQ(c, cards("KD AH"));
    EXPECT_EQ(CardSet(card("QS")), cards("QS"));
}

TEST(CardSetOps, SuitMasksPartitionTheDeck) {
    const CardSet suits[] = {kClubs, kDiamonds, kSpades, kHearts};
    CardSet all;
    for (int s = 0; s < kSuits; ++s) {
        EXPECT_EQ(suits[s].size(), 13);
        EXPECT_EQ(suit_mask(Suit(s)), suits[s]);
        EXPECT_FALSE(all.intersects(suits[s]));
        all |= suits[s];
        for (Card c : suits[s]) EXPECT_EQ(c.suit(), Suit(s)) << to_string(c);
    }
    EXPECT_EQ(all, kAllCards);
    EXPECT_EQ(kAllCards.size(), 52);
    EXPECT_TRUE((~kAllCards).empty());
    EXPECT_EQ(kClubs, cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"));
}

TEST(CardSetOps, LowestHighestNthAndIterationInIndexOrder) {
    const CardSet s = cards("KH 2D QS 5C");
    EXPECT_EQ(s.lowest(), card("5C"));
    EXPECT_EQ(s.highest(), card("KH"));
    EXPECT_EQ(s.nth(0), card("5C"));
    EXPECT_EQ(s.nth(1), card("2D"));
    EXPECT_EQ(s.nth(2), card("QS"));
    EXPECT_EQ(s.nth(3), card("KH"));
    std::vector<Card> seen;
    for (Card c : s) seen.push_back(c);
    EXPECT_EQ(seen, (std::vector<Card>{card("5C"), card("2D"), card("QS"), card("KH")}));

    CardSet left = s;
    EXPECT_EQ(left.pop_lowest(), card("5C"));
    EXPECT_EQ(left.pop_lowest(), card("2D"));
    EXPECT_EQ(left, cards("QS KH"));

    EXPECT_EQ(kAllCards.lowest(), kTwoOfClubs);
    EXPECT_EQ(kAllCards.highest(), card("AH"));
    EXPECT_EQ(kAllCards.nth(36), kQueenOfSpades);
    EXPECT_EQ(CardSet().begin(), CardSet().end());
}

// ---- properties ----

// A random subset of the deck, as rapidcheck sees it.
rc::Gen<CardSet> arbitrary_card_set() {
    return rc::gen::map(rc::gen::arbitrary<std::uint64_t>(),
                        [](std::uint64_t bits) { return CardSet(bits & CardSet::kAllBits); });
}

RC_GTEST_PROP(CardProperties, ParseCardAnswersEveryStringWithACardOrAReason, (std::string text)) {
    auto c = parse_card(text);
    if (c) {
        RC_ASSERT(!c->is_none());
        RC_ASSERT(c->index() < kCards);
        // Whatever was accepted means the same card as its canonical form.
        RC_ASSERT(*parse_card(to_string(*c)) == *c);
    } else {
        RC_ASSERT(!c.error().reason.empty());
    }
}

RC_GTEST_PROP(CardProperties, ParseCardsAnswersEveryStringWithASetOrAReason, (std::string text)) {
    auto s = parse_cards(text);
    if (s) {
        RC_ASSERT(kAllCards.contains_all(*s));
        RC_ASSERT(*parse_cards(to_string(*s)) == *s);
    } else {
        RC_ASSERT(!s.error().reason.empty());
    }
}

// Strings made of pieces of notation reach far more of the parser than random bytes do.
RC_GTEST_PROP(CardProperties, NotationLikeStringsNeverCrash, ()) {
    static const std::vector<std::string> kPieces = {
        "2", "9", "1", "0", "10", "T", "t", "J", "Q", "q",  "K", "A",    "C",       "D",
        "S", "H", "h", "♠", "♥",  "♦", "♣", " ", ",", "\t", "X", "\xe2", "\xe2\x99"};
    const auto pieces = *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kPieces));
    std::string text;
    for (const auto& p : pieces) text += p;
    auto c = parse_card(text);
    if (c) {
        RC_ASSERT(c->index() < kCards);
    } else {
        RC_ASSERT(!c.error().reason.empty());
    }
    auto s = parse_cards(text);
    if (s) {
        RC_ASSERT(kAllCards.contains_all(*s));
    } else {
        RC_ASSERT(!s.error().reason.empty());
    }
}

RC_GTEST_PROP(CardProperties, AnySetRoundTripsInBothForms, ()) {
    const CardSet s = *arbitrary_card_set();
    RC_ASSERT(*parse_cards(to_string(s)) == s);
    RC_ASSERT(*parse_cards(to_display(s)) == s);
}

RC_GTEST_PROP(CardProperties, IterationNthLowestHighestAgree, ()) {
    const CardSet s = *arbitrary_card_set();
    int i = 0;
    CardSet rebuilt;
    Card previous = Card::none();
    for (Card c : s) {
        RC_ASSERT(s.contains(c));
        RC_ASSERT(s.nth(i) == c);
        if (i > 0) RC_ASSERT(previous < c);
        rebuilt |= c;
        previous = c;
        ++i;
    }
    RC_ASSERT(i == s.size());
    RC_ASSERT(rebuilt == s);
    if (!s.empty()) {
        RC_ASSERT(s.lowest() == s.nth(0));
        RC_ASSERT(s.highest() == s.nth(s.size() - 1));
        CardSet rest = s;
        RC_ASSERT(rest.pop_lowest() == s.lowest());
        RC_ASSERT(rest == s - s.lowest());
    }
}

RC_GTEST_PROP(CardProperties, SetAlgebraMatchesMembership, ()) {
    const CardSet a = *arbitrary_card_set();
    const CardSet b = *arbitrary_card_set();
    for (int i = 0; i < kCards; ++i) {
        const Card c = Card::from_index(i);
        RC_ASSERT((a | b).contains(c) == (a.contains(c) || b.contains(c)));
        RC_ASSERT((a & b).contains(c) == (a.contains(c) && b.contains(c)));
        RC_ASSERT((a ^ b).contains(c) == (a.contains(c) != b.contains(c)));
        RC_ASSERT((a - b).contains(c) == (a.contains(c) && !b.contains(c)));
        RC_ASSERT((~a).contains(c) == !a.contains(c));
    }
    RC_ASSERT((a | b).size() + (a & b).size() == a.size() + b.size());
    RC_ASSERT(a.intersects(b) == !(a & b).empty());
    RC_ASSERT(a.contains_all(b) == ((a & b) == b));
}

}  // namespace
}  // namespace hearts
