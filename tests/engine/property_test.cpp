// Properties that must hold in every game: checked over thousands of seeded random games
// and random walks, under every rule variant.
//
// The random player here is deliberately dumb (a random legal card, three random cards
// to pass); what matters is that it reaches every corner the rules allow, and that
// after every single action the whole state still makes sense.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/game.h"
#include "hearts/hand.h"
#include "hearts/random.h"
#include "hearts/rules.h"
#include "hearts/view.h"

namespace hearts {
namespace {

Card random_card(CardSet from, Rng& rng) {
    return from.nth(int(rng.below(std::uint32_t(from.size()))));
}

// n cards from `from`, or all of them when it holds fewer.
CardSet random_cards(CardSet from, int n, Rng& rng) {
    CardSet out;
    for (int i = 0; i < n && !from.empty(); ++i) {
        const Card c = random_card(from, rng);
        out |= c;
        from -= c;
    }
    return out;
}

// A legal action for the game as it stands, chosen at random.
Action random_action(const Game& g, Rng& rng) {
    switch (g.phase()) {
        case Phase::Pass: {
            std::vector<Seat> waiting;
            for (Seat s : kAllSeats)
                if (g.awaiting(s)) waiting.push_back(s);
            const Seat s = waiting[rng.below(std::uint32_t(waiting.size()))];
            return Action::pass(s, random_cards(g.holding(s), 3, rng));
        }
        case Phase::Play:
            return Action::play(g.to_move(), random_card(g.legal_plays(), rng));
        case Phase::MoonChoice:
            return Action::choose_moon(g.to_move(), rng.below(2) ? MoonChoice::AddToOthers
                                                                 : MoonChoice::SubtractFromShooter);
        case Phase::HandOver:
        case Phase::GameOver:
            break;
    }
    return Action::next_hand();
}

// Any action at all, mostly nonsense: a random kind, seat and cards.
Action junk_action(const Game& g, Rng& rng) {
    const Seat seat = Seat(rng.below(4));
    switch (rng.below(5)) {
        case 0:
            return Action::pass(seat, random_cards(kAllCards, int(rng.below(5)), rng));
        case 1:
            return Action::pass(seat, random_cards(g.holding(seat), 3, rng));
        case 2:
            return Action::play(seat, Card::from_index(int(rng.below(kCards))));
        case 3:
            return Action::choose_moon(seat, MoonChoice(rng.below(2)));
        default:
            return Action::next_hand();
    }
}

// The rule sets the random games cycle through: every variant flag appears.
const std::vector<Rules>& rule_sets() {
    static const std::vector<Rules> sets = [] {
        std::vector<Rules> out;
        for (const char* text : {"", "pass=LARN,queen_breaks=yes", "moon=shooter,jack=yes",
                                 "moon=choice,tie=share,end=50", "pass=NLA,jack=yes,moon=choice",
                                 "moon=others,jack=yes,end=60", "pass=N,tie=share,moon=shooter"}) {
            auto r = parse_rules(text);
            EXPECT_TRUE(r) << text;
            if (r) out.push_back(*r);
        }
        return out;
    }();
    return sets;
}

int total(const std::array<int, kSeats>& a) {
    return a[0] + a[1] + a[2] + a[3];
}

// ---- invariants checked after every action ----

// The seat to move always has a legal card, only cards it holds, and `legal()` is
// exactly the set of cards `refusal()` allows.
void check_moves(const Game& g) {
    if (g.phase() != Phase::Play) {
        ASSERT_TRUE(g.legal_plays().empty());
        return;
    }
    const Hand& h = g.hand();
    ASSERT_FALSE(h.done());
    const CardSet legal = h.legal();
    ASSERT_FALSE(legal.empty()) << "no legal card at play " << h.plays_made();
    ASSERT_TRUE(h.hand(h.to_move()).contains_all(legal));
    CardSet allowed;
    for (int i = 0; i < kCards; ++i) {
        const Card c = Card::from_index(i);
        if (h.refusal(c) == nullptr) allowed |= c;
    }
    ASSERT_EQ(allowed, legal) << "legal " << to_string(legal) << ", refusal allows "
                              << to_string(allowed);
}

// A view shows its own seat's cards exactly, every card played, and no card another
// seat still holds; the voids it reports are true.
void check_views(const Game& g) {
    const bool playing = g.phase() != Phase::Pass;
    const CardSet played = playing ? g.hand().played() : CardSet();
    for (Seat s : kAllSeats) {
        const SeatView v = g.view(s);
        ASSERT_EQ(v.seat(), s);
        ASSERT_EQ(v.phase(), g.phase());
        ASSERT_EQ(v.hand_index(), g.hand_index());
        ASSERT_EQ(v.dealt(), g.dealt(s));
        ASSERT_EQ(v.hand(), g.holding(s));
        ASSERT_EQ(v.passed(), g.passed(s));
        ASSERT_EQ(v.received(), g.received(s));
        ASSERT_EQ(v.played(), played);
        ASSERT_EQ(v.scores(), g.scores());
        ASSERT_EQ(v.results(), g.results());
        ASSERT_EQ(v.winners(), g.winners());
        for (Seat o : kAllSeats) ASSERT_EQ(v.has_passed(o), g.has_passed(o));

        // Everything this seat may know: its own cards and what has been played.
        const CardSet knowable = g.dealt(s) | g.received(s) | played;
        CardSet shown = v.dealt() | v.hand() | v.passed() | v.received() | v.legal() | v.played();
        for (Seat o : kAllSeats) shown |= v.taken(o);
        for (int i = 0; i < v.plays_made(); ++i) shown |= v.play_at(i);
        for (int t = 0; t <= v.tricks_done() && t < kTricks; ++t) shown |= v.trick(t).card_set();
        ASSERT_TRUE(knowable.contains_all(shown))
            << seat_name(s) << " is shown " << to_string(shown - knowable);

        if (g.phase() == Phase::Play && g.to_move() == s) {
            ASSERT_TRUE(v.my_turn());
            ASSERT_EQ(v.legal(), g.legal_plays());
        } else {
            ASSERT_TRUE(v.legal().empty());
        }
        if (!playing) continue;
        ASSERT_EQ(v.plays_made(), g.hand().plays_made());
        ASSERT_EQ(v.hearts_broken(), g.hand().hearts_broken());
        for (int i = 0; i < v.plays_made(); ++i) {
            ASSERT_EQ(v.play_at(i), g.hand().play_at(i));
            ASSERT_EQ(v.player_at(i), g.hand().player_at(i));
        }
        for (Seat o : kAllSeats) {
            ASSERT_EQ(v.taken(o), g.hand().taken(o));
            ASSERT_TRUE(played.contains_all(v.taken(o)));
            for (int suit = 0; suit < kSuits; ++suit) {
                if (v.is_void(o, Suit(suit))) {
                    ASSERT_FALSE(g.holding(o).intersects(suit_mask(Suit(suit))))
                        << seat_name(s) << " sees " << seat_name(o) << " void in "
                        << suit_name(Suit(suit)) << " but it holds "
                        << to_string(g.holding(o) & suit_mask(Suit(suit)));
                }
            }
        }
    }
}

// After the last card: every card played once, by a seat that held it, each trick won
// by the highest card of the suit led, and the hand scored as the rules say.
void check_finished_hand(const Game& g, const Hands& start, const std::array<int, kSeats>& before) {
    const Hand& h = g.hand();
    ASSERT_TRUE(h.done());
    CardSet seen;
    for (int i = 0; i < kCards; ++i) {
        const Card c = h.play_at(i);
        ASSERT_FALSE(seen.contains(c)) << to_string(c) << " played twice";
        ASSERT_TRUE(start[int(h.player_at(i))].contains(c))
            << seat_name(h.player_at(i)) << " played " << to_string(c) << " without holding it";
        seen |= c;
    }
    ASSERT_EQ(seen, kAllCards);

    Hands taken{};
    for (int t = 0; t < kTricks; ++t) {
        const Card lead = h.play_at(4 * t);
        int best = 0;
        CardSet trick;
        for (int k = 0; k < 4; ++k) {
            const Card c = h.play_at(4 * t + k);
            trick |= c;
            if (c.suit() == lead.suit() && c.rank() > h.play_at(4 * t + best).rank()) best = k;
        }
        const Seat winner = seat_after(h.leader(t), best);
        ASSERT_EQ(h.winner(t), winner) << "trick " << t << ": " << to_string(trick);
        taken[int(winner)] |= trick;
    }
    for (Seat s : kAllSeats) ASSERT_EQ(h.taken(s), taken[int(s)]);

    const Rules& rules = g.rules();
    const HandResult& r = g.results().back();
    ASSERT_EQ(r.hand_index, g.hand_index());
    ASSERT_EQ(r.pass, g.pass_direction());
    const CardSet moon_cards = kHearts | kQueenOfSpades;
    for (Seat s : kAllSeats) {
        int p =
            (taken[int(s)] & kHearts).size() + (taken[int(s)].contains(kQueenOfSpades) ? 13 : 0);
        if (rules.jack_of_diamonds && taken[int(s)].contains(kJackOfDiamonds)) p -= 10;
        ASSERT_EQ(r.points[int(s)], p) << seat_name(s);
        ASSERT_EQ(r.totals[int(s)], before[int(s)] + r.score[int(s)]);
        if (taken[int(s)].contains_all(moon_cards)) {
            ASSERT_TRUE(r.moon);
            ASSERT_EQ(r.shooter, s);
        }
    }
    if (r.moon) {
        ASSERT_EQ(taken[int(r.shooter)] & moon_cards, moon_cards);
    }
    ASSERT_EQ(total(r.points), rules.jack_of_diamonds ? 16 : 26);
    if (!r.moon) {
        ASSERT_EQ(r.score, r.points);
        return;
    }
    if (rules.moon != MoonScoring::ShooterChooses) {
        ASSERT_EQ(r.moon_choice, rules.moon == MoonScoring::AddToOthers
                                     ? MoonChoice::AddToOthers
                                     : MoonChoice::SubtractFromShooter);
    }
    const int jack = rules.jack_of_diamonds ? 10 : 0;
    const bool others = r.moon_choice == MoonChoice::AddToOthers;
    ASSERT_EQ(total(r.score), others ? 78 - jack : -26 - jack);
    for (Seat s : kAllSeats) {
        const int moon = s == r.shooter ? (others ? 0 : -26) : (others ? 26 : 0);
        const int without = s == r.shooter ? r.points[int(s)] - 26 : r.points[int(s)];
        ASSERT_EQ(r.score[int(s)], moon + without) << seat_name(s);
    }
}

void check_game_end(const Game& g) {
    const auto totals = g.scores();
    const int high = *std::max_element(totals.begin(), totals.end());
    const int low = *std::min_element(totals.begin(), totals.end());
    const auto at_low = std::count(totals.begin(), totals.end(), low);
    const bool should_end =
        high >= g.rules().end_score && (at_low == 1 || !g.rules().tie_continues);
    if (g.phase() == Phase::GameOver) {
        ASSERT_TRUE(should_end);
        ASSERT_EQ(std::ptrdiff_t(g.winners().size()), at_low);
        for (Seat w : g.winners()) ASSERT_EQ(totals[int(w)], low);
    } else {
        ASSERT_EQ(g.phase(), Phase::HandOver);
        ASSERT_FALSE(should_end);
        ASSERT_TRUE(g.winners().empty());
    }
}

// Plays one random game to the end, checking everything after every action. Every
// `junk_every`-th step tries a nonsense action instead: it must either be refused and
// change nothing, or be legal after all and pass the same checks.
struct JunkCount {
    int refused = 0;
    int accepted = 0;
};

void play_checked_game(const Rules& rules, std::uint64_t seed, int junk_every,
                       JunkCount* junk_count = nullptr) {
    Game g(rules, seed);
    Rng rng(seed ^ 0x5eed);
    Hands start{};
    std::array<int, kSeats> before{};
    int step = 0;
    while (g.phase() != Phase::GameOver) {
        if (g.phase() == Phase::HandOver) {
            ASSERT_NO_FATAL_FAILURE(check_game_end(g));
            ASSERT_TRUE(g.apply(Action::next_hand()));
            continue;
        }
        if (g.phase() == Phase::Play && g.hand().plays_made() == 0) {
            for (Seat s : kAllSeats) start[int(s)] = g.holding(s);
            before = g.results().empty() ? std::array<int, kSeats>{} : g.results().back().totals;
        }
        const bool junk = junk_every > 0 && ++step % junk_every == 0;
        const Action a = junk ? junk_action(g, rng) : random_action(g, rng);
        const Game copy = junk ? g : Game();
        Status st = g.apply(a);
        if (!st) {
            ASSERT_TRUE(junk) << to_string(a) << ": " << st.error().reason;
            ASSERT_FALSE(st.error().reason.empty());
            ASSERT_EQ(g, copy) << to_string(a) << " was refused but changed the game";
            if (junk_count) ++junk_count->refused;
            continue;
        }
        if (junk && junk_count) ++junk_count->accepted;
        ASSERT_EQ(g.history().back(), a);
        ASSERT_NO_FATAL_FAILURE(check_moves(g));
        ASSERT_NO_FATAL_FAILURE(check_views(g));
        const bool scored = g.phase() == Phase::HandOver || g.phase() == Phase::GameOver;
        if (scored && (a.kind == ActionKind::Play || a.kind == ActionKind::Moon)) {
            ASSERT_NO_FATAL_FAILURE(check_finished_hand(g, start, before));
        }
    }
    ASSERT_NO_FATAL_FAILURE(check_game_end(g));
}

// ---- deals ----

RC_GTEST_PROP(Deals, SameSeedSameDealOfFourDisjointThirteenCardHands, (std::uint64_t seed)) {
    const Hands hands = deal(seed);
    RC_ASSERT(deal(seed) == hands);
    CardSet all;
    for (CardSet h : hands) {
        RC_ASSERT(h.size() == 13);
        RC_ASSERT(!all.intersects(h));
        all |= h;
    }
    RC_ASSERT(all == kAllCards);
    const Game g(Rules{}, seed);
    for (Seat s : kAllSeats) RC_ASSERT(g.dealt(s) == deal(hand_seed(seed, 0))[int(s)]);
    RC_ASSERT(hand_seed(seed, 0) != hand_seed(seed, 1));
}

TEST(Deals, SeedsGiveDifferentDealsAndEveryCardGoesEverywhere) {
    // Over many seeds every card lands in every seat; a broken shuffle would not spread.
    std::array<CardSet, kSeats> ever{};
    std::vector<Hands> seen;
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const Hands h = deal(seed);
        for (const Hands& other : seen) ASSERT_NE(h, other) << "seed " << seed;
        seen.push_back(h);
        for (int s = 0; s < kSeats; ++s) ever[std::size_t(s)] |= h[std::size_t(s)];
    }
    for (CardSet e : ever) EXPECT_EQ(e, kAllCards);
}

TEST(Deals, SameSeedAndActionsGiveTheSameGame) {
    for (std::uint64_t seed : {0ULL, 1ULL, 0xdeadbeefULL}) {
        Game a(Rules{}, seed);
        Game b(Rules{}, seed);
        EXPECT_EQ(a, b);
        Rng rng(seed);
        while (a.phase() != Phase::GameOver) {
            const Action act = random_action(a, rng);
            ASSERT_TRUE(a.apply(act));
            ASSERT_TRUE(b.apply(act));
        }
        EXPECT_EQ(a, b);
        // Replaying the history on a fresh game rebuilds it exactly.
        Game c(Rules{}, seed);
        for (const Action& act : a.history()) ASSERT_TRUE(c.apply(act)) << to_string(act);
        EXPECT_EQ(c, a);
    }
}

// ---- Hand: play and undo ----

RC_GTEST_PROP(HandWalks, PlayThenUndoRestoresTheHandExactly, (std::uint64_t seed, bool queen)) {
    const Hand initial(deal(seed), queen);
    Hand h = initial;
    Rng rng(seed);
    std::vector<Hand> path{h};
    while (!h.done()) {
        const CardSet legal = h.legal();
        RC_ASSERT(!legal.empty());
        // Every legal card undoes back to the same position...
        for (Card c : legal) {
            Hand tried = h;
            tried.play(c);
            RC_ASSERT(tried.plays_made() == h.plays_made() + 1);
            tried.undo();
            RC_ASSERT(tried == h);
        }
        // ...then one of them is kept.
        h.play(random_card(legal, rng));
        path.push_back(h);
    }
    // Taking back all 52 cards passes through every position in reverse.
    for (auto it = path.rbegin() + 1; it != path.rend(); ++it) {
        h.undo();
        RC_ASSERT(h == *it);
    }
    RC_ASSERT(h == initial);
}

RC_GTEST_PROP(HandWalks, UndoHalfwayAndReplayDifferentlyMatchesAFreshHand, (std::uint64_t seed)) {
    const Hands d = deal(seed);
    Hand h(d, false);
    Rng rng(seed);
    std::vector<Card> moves;
    while (!h.done()) {
        moves.push_back(random_card(h.legal(), rng));
        h.play(moves.back());
    }
    const int keep = int(*rc::gen::inRange(0, kCards));
    while (h.plays_made() > keep) h.undo();
    Hand fresh(d, false);
    for (int i = 0; i < keep; ++i) fresh.play(moves[std::size_t(i)]);
    RC_ASSERT(h == fresh);
    while (!h.done()) {
        const Card c = random_card(h.legal(), rng);
        h.play(c);
        fresh.play(c);
    }
    RC_ASSERT(h == fresh);
}

// ---- whole games ----

TEST(RandomGames, InvariantsHoldInEveryHandOfEveryVariant) {
    const auto& sets = rule_sets();
    for (std::uint64_t seed = 0; seed < 140; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", rules " +
                     to_string(sets[seed % sets.size()]));
        ASSERT_NO_FATAL_FAILURE(play_checked_game(sets[seed % sets.size()], seed, 0));
    }
}

TEST(RandomGames, IllegalActionsNeverChangeTheGame) {
    const auto& sets = rule_sets();
    JunkCount count;
    for (std::uint64_t seed = 1000; seed < 1040; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        ASSERT_NO_FATAL_FAILURE(play_checked_game(sets[seed % sets.size()], seed, 3, &count));
    }
    // Most nonsense is refused; a little of it happens to be a legal move (the same
    // counts on every run: the games and the nonsense are seeded).
    EXPECT_EQ(count.refused, 12407);
    EXPECT_EQ(count.accepted, 116);
}

// Thousands of games with the cheap checks only: scores and the end of the game.
TEST(RandomGames, ThousandsOfGamesScoreAndEndByTheRules) {
    const auto& sets = rule_sets();
    int hands = 0, moons = 0;
    for (std::uint64_t seed = 0; seed < 4000; ++seed) {
        const Rules& rules = sets[seed % sets.size()];
        Game g(rules, seed + 50000);
        Rng rng(seed);
        while (g.phase() != Phase::GameOver) {
            if (g.phase() == Phase::HandOver) {
                ASSERT_NO_FATAL_FAILURE(check_game_end(g));
            } else if (g.phase() == Phase::Play) {
                ASSERT_FALSE(g.legal_plays().empty());
            }
            ASSERT_TRUE(g.apply(random_action(g, rng)));
        }
        ASSERT_NO_FATAL_FAILURE(check_game_end(g));
        std::array<int, kSeats> sum{};
        for (const HandResult& r : g.results()) {
            ASSERT_EQ(total(r.points), rules.jack_of_diamonds ? 16 : 26);
            for (int s = 0; s < kSeats; ++s) sum[std::size_t(s)] += r.score[std::size_t(s)];
            ASSERT_EQ(sum, r.totals);
            moons += r.moon;
            ++hands;
        }
        ASSERT_EQ(sum, g.scores());
    }
    // Random play does shoot the moon now and then; the moon paths were exercised (the
    // same counts on every run: the games are seeded).
    EXPECT_EQ(moons, 521);
    EXPECT_EQ(hands, 47109);
}

}  // namespace
}  // namespace hearts
