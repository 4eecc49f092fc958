// Statistics: what a finished game says about each seat (server/model/stats.h), checked against
// the game's own score sheet and against a game whose every trick is known.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "hearts/record.h"
#include "hearts/rules.h"
#include "model/stats.h"

namespace hearts::server {
namespace {

// The example of docs/game-record.md: one hand, in which North takes all 13 tricks and
// shoots the moon.
std::string documented_record() {
    std::ifstream in(std::string(HEARTS_TEST_DATA_DIR) + "/../../docs/game-record.md");
    const std::string doc{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto start = doc.find("```json\n");
    const auto end = doc.find("```", start + 8);
    if (start == std::string::npos || end == std::string::npos) return {};
    return doc.substr(start + 8, end - start - 8);
}

TEST(Summary, TheDocumentedMoon) {
    auto game = load_record(documented_record());
    ASSERT_TRUE(game) << game.error().reason;
    const auto s = summarize(*game);
    const SeatSummary& north = s[int(Seat::North)];
    EXPECT_EQ(north, (SeatSummary{.hands = 1,
                                  .score = 0,
                                  .won = true,
                                  .place = 1,
                                  .moons_shot = 1,
                                  .moons_suffered = 0,
                                  .queens = 1,
                                  .trickless = 0,
                                  .moon_stops = 0,
                                  .worst_total = 0}));
    for (Seat seat : {Seat::South, Seat::West, Seat::East}) {
        EXPECT_EQ(s[int(seat)], (SeatSummary{.hands = 1,
                                             .score = 26,
                                             .won = false,
                                             .place = 2,
                                             .moons_shot = 0,
                                             .moons_suffered = 1,
                                             .queens = 0,
                                             .trickless = 1,
                                             .moon_stops = 0,
                                             .worst_total = 26}))
            << seat_name(seat);
    }
}

// North plays its highest card and everyone else their lowest: North takes most tricks,
// often every one (a moon) and now and then all but one heart (a moon stopped).
Action greedy_north(const Game& g) {
    if (g.phase() == Phase::HandOver) return Action::next_hand();
    if (g.phase() == Phase::MoonChoice)
        return Action::choose_moon(g.to_move(), MoonChoice::SubtractFromShooter);
    if (g.phase() == Phase::Pass) {
        for (Seat s : kAllSeats) {
            if (!g.awaiting(s)) continue;
            CardSet h = g.holding(s), pass;
            for (int k = 0; k < 3; ++k) pass |= h.pop_lowest();
            return Action::pass(s, pass);
        }
    }
    const Seat s = g.to_move();
    const CardSet legal = g.legal_plays();
    return Action::play(s, s == Seat::North ? legal.highest() : legal.lowest());
}

// Each count agrees with what the score sheet shows of it (points are taken in tricks,
// before a moon is scored), under the default rules and with the moon scored by the
// shooter's choice, which takes totals below 0.
class SummaryRules : public ::testing::TestWithParam<const char*> {};
INSTANTIATE_TEST_SUITE_P(Summary, SummaryRules,
                         ::testing::Values("", "moon=choice,end=30",
                                           "moon=shooter,end=30,tie=share"));

TEST_P(SummaryRules, AgreesWithTheScoreSheetOverManyGames) {
    const Rules rules = parse_rules(GetParam()).value();
    int moons = 0, stops = 0, trickless = 0, below_zero = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        Game g(rules, seed);
        while (g.phase() != Phase::GameOver) ASSERT_TRUE(g.apply(greedy_north(g)));
        const auto sum = summarize(g);
        const auto& results = g.results();
        const auto winners = g.winners();
        int queens = 0;
        for (Seat s : kAllSeats) {
            const SeatSummary& m = sum[int(s)];
            SCOPED_TRACE("seed " + std::to_string(seed) + " " + std::string(seat_name(s)));
            EXPECT_EQ(m.hands, int(results.size()));
            EXPECT_EQ(m.score, g.scores()[int(s)]);
            EXPECT_EQ(m.won, std::count(winners.begin(), winners.end(), s) == 1);
            int shot = 0, suffered = 0, stopped = 0, zero = 0, lower = 0;
            int worst = results.front().totals[int(s)];
            for (const HandResult& r : results) {
                if (r.moon) ++(r.shooter == s ? shot : suffered);
                const bool other_took_25 = std::any_of(kAllSeats, kAllSeats + kSeats, [&](Seat o) {
                    return o != s && r.points[int(o)] == 25;
                });
                stopped += r.points[int(s)] == 1 && other_took_25;
                zero += r.points[int(s)] == 0;
                worst = std::max(worst, r.totals[int(s)]);
            }
            for (int score : g.scores()) lower += score < m.score;
            EXPECT_EQ(m.moons_shot, shot);
            EXPECT_EQ(m.moons_suffered, suffered);
            EXPECT_EQ(m.moon_stops, stopped);
            EXPECT_LE(m.trickless, zero);  // no trick, no points
            EXPECT_EQ(m.worst_total, worst);
            below_zero += worst < 0;
            EXPECT_EQ(m.place, 1 + lower);
            queens += m.queens;
            moons += shot;
            stops += stopped;
            trickless += m.trickless;
        }
        EXPECT_EQ(queens, int(results.size()));  // Q♠ is taken once a hand
    }
    // The games above did show each thing counted, as many times as these seeded games
    // always do (the moon scored by the shooter's choice takes totals below 0).
    struct Shown {
        int moons, stops, trickless, below_zero;
    };
    const std::map<std::string, Shown> shown = {{"", {11, 14, 115, 0}},
                                                {"moon=choice,end=30", {6, 7, 36, 2}},
                                                {"moon=shooter,end=30,tie=share", {6, 5, 34, 2}}};
    const Shown& want = shown.at(GetParam());
    EXPECT_EQ(moons, want.moons);
    EXPECT_EQ(stops, want.stops);
    EXPECT_EQ(trickless, want.trickless);
    EXPECT_EQ(below_zero, want.below_zero);  // a shooter's total stayed under 0 all game
}

TEST(Summary, AGameInProgressCountsTheHandsScored) {
    Game g(Rules{}, 7);
    while (g.results().size() < 2 || g.phase() != Phase::Play) {
        const Action a = g.phase() == Phase::HandOver ? Action::next_hand() : greedy_north(g);
        ASSERT_TRUE(g.apply(a));
    }
    const auto sum = summarize(g);
    for (Seat s : kAllSeats) EXPECT_EQ(sum[int(s)].hands, 2);
    int queens = 0;
    for (Seat s : kAllSeats) queens += sum[int(s)].queens;
    EXPECT_EQ(queens, 2);
}

}  // namespace
}  // namespace hearts::server
