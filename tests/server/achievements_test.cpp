// Each achievement from a scripted run of games (the statistics rows the store keeps), and
// the near miss that does not earn it.
#include "model/achievements.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace hearts::server {
namespace {

// A finished game: lost with 60 points in 8 hands, one Q♠, nothing special.
PlayedGame game(int n) {
    PlayedGame g;
    g.table = "t" + std::to_string(n);
    g.finished_ms = 1'700'000'000'000 + n;
    g.level = "medium";
    g.summary.hands = 8;
    g.summary.score = 60;
    g.summary.place = 3;
    g.summary.queens = 1;
    g.summary.worst_total = 60;
    return g;
}
PlayedGame won(int n) {
    PlayedGame g = game(n);
    g.summary.won = true;
    g.summary.place = 1;
    g.summary.score = 30;
    return g;
}

std::vector<std::string> ids(const std::vector<PlayedGame>& games) {
    std::vector<std::string> out;
    for (const Earned& e : achievements_earned(games)) out.push_back(e.id);
    return out;
}
// The table of the game that earned `id`; "" when none did.
std::string earned_at(const std::vector<PlayedGame>& games, const std::string& id) {
    for (const Earned& e : achievements_earned(games))
        if (e.id == id) return e.table;
    return "";
}
bool has(const std::vector<PlayedGame>& games, const std::string& id) {
    for (const Earned& e : achievements_earned(games))
        if (e.id == id) return true;
    return false;
}

TEST(Achievements, TheCatalogueIsWhole) {
    EXPECT_GE(achievements().size(), 20u);
    std::set<std::string_view> ids, items;
    for (const AchievementDef& a : achievements()) {
        EXPECT_TRUE(ids.insert(a.id).second) << a.id;
        EXPECT_TRUE(items.insert(a.item).second) << a.item;  // each item has one achievement
        EXPECT_EQ(find_achievement(a.id), &a);
        EXPECT_EQ(achievement_of_item(a.item), &a);
        // The seed's sentences say "a <title>" and "a <item>".
        for (std::string_view words : {a.title, a.item_name}) {
            ASSERT_FALSE(words.empty()) << a.id;
            EXPECT_EQ(std::string_view("aeiou").find(words[0]), std::string_view::npos)
                << a.id << ": \"a " << words << "\"";
        }
        EXPECT_TRUE(!a.how.empty() && a.how.back() == '.') << a.id;
    }
    EXPECT_EQ(find_achievement("nothing"), nullptr);
    EXPECT_EQ(achievement_of_item("jetpack"), nullptr);
}

TEST(Achievements, NoneBeforeAnyGame) {
    EXPECT_TRUE(achievements_earned({}).empty());
}

TEST(Achievements, AConcededGameEarnsNoFinishAndNoWin) {
    PlayedGame g = won(1);
    g.conceded = true;
    g.summary.queens = 0;
    EXPECT_TRUE(ids({g}).empty());
    // A computer played the seat to the end: what it did is not the person's.
    g.summary.moons_shot = 5, g.summary.moon_stops = 3, g.summary.trickless = 2;
    g.summary.moons_suffered = 1, g.summary.queens = 10;
    EXPECT_TRUE(ids({g}).empty());
    EXPECT_FALSE(has({g, game(2)}, "moons_5"));
    EXPECT_EQ(ids({game(1)}), (std::vector<std::string>{"first_game"}));
}

TEST(Achievements, AGameAComputerPlayedForThePersonEarnsNothing) {
    PlayedGame g = won(1);
    g.helped = true;
    g.summary.moons_shot = 1, g.summary.queens = 0;
    EXPECT_TRUE(ids({g}).empty());
    EXPECT_FALSE(has({won(1), won(2), g, won(4)}, "streak_3"));  // and breaks a streak
    g.helped = false;
    EXPECT_TRUE(has({g}, "first_win"));
}

TEST(Achievements, EachFromTheGameThatEarnsIt) {
    PlayedGame w = won(2);
    const auto earned = achievements_earned(std::vector<PlayedGame>{game(1), w});
    ASSERT_EQ(earned.size(), 2u);
    EXPECT_EQ(earned[0], (Earned{"first_game", "t1", 1'700'000'000'001}));
    EXPECT_EQ(earned[1], (Earned{"first_win", "t2", 1'700'000'000'002}));
}

TEST(Achievements, OneGameEach) {
    const auto with = [](auto change) {
        PlayedGame g = game(1);
        change(g);
        return g;
    };
    EXPECT_TRUE(has({with([](PlayedGame& g) { g.summary.moons_shot = 1; })}, "moon"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g.summary.moon_stops = 1; })}, "moon_stop"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g.summary.trickless = 1; })}, "trickless"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g.summary.queens = 0; })}, "no_queen"));
    EXPECT_FALSE(has({game(1)}, "no_queen"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g.summary.moons_suffered = 2; })}, "moon_victim"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g = won(1), g.summary.score = 0; })}, "clean_win"));
    EXPECT_FALSE(has({won(1)}, "clean_win"));
    EXPECT_FALSE(has({with([](PlayedGame& g) { g.summary.score = 0; })}, "clean_win"));  // lost
    EXPECT_TRUE(has({with([](PlayedGame& g) { g = won(1), g.with_people = true; })}, "people_win"));
    EXPECT_FALSE(has({with([](PlayedGame& g) { g.with_people = true; })}, "people_win"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g = won(1), g.level = "hard"; })}, "beat_hard"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g = won(1), g.level = "expert"; })}, "beat_expert"));
    EXPECT_FALSE(has({with([](PlayedGame& g) { g = won(1), g.level = "hard"; })}, "beat_expert"));
    EXPECT_TRUE(has({with([](PlayedGame& g) { g = won(1), g.level = "expert"; })}, "beat_hard"));
    EXPECT_FALSE(has({with([](PlayedGame& g) { g = won(1), g.level = "medium"; })}, "beat_hard"));
    EXPECT_FALSE(has({with([](PlayedGame& g) { g.level = "expert"; })}, "beat_expert"));
    EXPECT_TRUE(
        has({with([](PlayedGame& g) { g = won(1), g.summary.worst_total = 80; })}, "comeback"));
    EXPECT_FALSE(
        has({with([](PlayedGame& g) { g = won(1), g.summary.worst_total = 79; })}, "comeback"));
}

TEST(Achievements, CountsOverGames) {
    std::vector<PlayedGame> games;
    for (int n = 0; n < 9; ++n) games.push_back(game(n));
    EXPECT_FALSE(has(games, "games_10"));
    games.push_back(game(9));
    EXPECT_EQ(earned_at(games, "games_10"), "t9");
    for (int n = 10; n < 100; ++n) games.push_back(game(n));
    EXPECT_EQ(earned_at(games, "games_10"), "t9");
    EXPECT_EQ(earned_at(games, "games_50"), "t49");
    EXPECT_EQ(earned_at(games, "games_100"), "t99");
    EXPECT_EQ(earned_at(games, "queen_taker"), "t9");  // one Q♠ a game
    EXPECT_FALSE(has(games, "wins_10"));
}

TEST(Achievements, StreaksAreWinsInARow) {
    std::vector<PlayedGame> games{won(1), won(2), game(3), won(4), won(5)};
    EXPECT_FALSE(has(games, "streak_3"));
    games.push_back(won(6));
    EXPECT_EQ(earned_at(games, "streak_3"), "t6");
    games.push_back(won(7));
    EXPECT_FALSE(has(games, "streak_5"));
    games.push_back(won(8));
    EXPECT_TRUE(has(games, "streak_5"));
    PlayedGame conceded = won(9);
    conceded.conceded = true;
    games = {won(1), won(2), conceded, won(4)};
    EXPECT_FALSE(has(games, "streak_3"));  // a conceded game breaks a streak
}

TEST(Achievements, TotalsOverGames) {
    std::vector<PlayedGame> games;
    for (int n = 0; n < 4; ++n) {
        PlayedGame g = game(n);
        g.summary.moons_shot = 1;
        g.summary.moon_stops = n < 2 ? 1 : 0;
        games.push_back(g);
    }
    EXPECT_FALSE(has(games, "moons_5"));
    EXPECT_FALSE(has(games, "moon_stops_3"));
    games[3].summary.moons_shot = 2;
    games[3].summary.moon_stops = 1;
    EXPECT_TRUE(has(games, "moons_5"));
    EXPECT_TRUE(has(games, "moon_stops_3"));
    std::vector<PlayedGame> wins;
    for (int n = 0; n < 10; ++n) wins.push_back(n % 2 ? won(n) : game(n));
    EXPECT_FALSE(has(wins, "wins_10"));
    for (int n = 10; n < 15; ++n) wins.push_back(won(n));
    EXPECT_TRUE(has(wins, "wins_10"));
}

TEST(Achievements, OrderedAsTheCatalogue) {
    std::vector<Earned> e{
        {"games_10", "a", 1}, {"first_game", "b", 2}, {"??", "c", 3}, {"moon", "d", 4}};
    order_earned(e);
    EXPECT_EQ(e[0].id, "first_game");
    EXPECT_EQ(e[1].id, "moon");
    EXPECT_EQ(e[2].id, "games_10");
    EXPECT_EQ(e[3].id, "??");
}

}  // namespace
}  // namespace hearts::server
