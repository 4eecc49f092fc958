// Quick match's choice of table (server/model/quick.h): the nearest skill within a gap
// that widens with the wait, and a waiting person moves only further along.
#include "model/quick.h"

#include <gtest/gtest.h>

#include <vector>

namespace hearts::server {
namespace {

constexpr std::int64_t kNow = 1'000'000'000;
const QuickSettings kSettings{150, 15, 30};  // the defaults of `hearts serve`

// A table opened `age` seconds ago.
QuickTable table(const char* id, int skill, int people, double age) {
    return QuickTable{id, skill, people, kNow - std::int64_t(age * 1000)};
}

TEST(Quick, SkillIsTheMeanOnTheRatingScaleAndANewPlayerIsAtAThousand) {
    const RatingModel model;
    EXPECT_EQ(skill_points(model.fresh(), model), 1000);
    EXPECT_EQ(skill_points(Rating{30, 2}, model), 1200);  // sigma does not lower it
    EXPECT_EQ(skill_points(Rating{20, 8}, model), 800);
    EXPECT_EQ(allowed_gap(kSettings, 0), 150);
    EXPECT_EQ(allowed_gap(kSettings, 10), 300);
}

TEST(Quick, TheNearestTableWithinTheGapIsChosen) {
    const std::vector<QuickTable> open = {table("far", 1400, 1, 0), table("near", 1080, 1, 0),
                                          table("nearer", 960, 2, 0)};
    auto pick = pick_quick_table(1000, open, kNow, kSettings);
    ASSERT_TRUE(pick);
    EXPECT_EQ(pick->table, "nearer");
    // Nobody within 150 of 1700 at once: a table of its own.
    EXPECT_FALSE(pick_quick_table(1700, open, kNow, kSettings));
}

TEST(Quick, TheGapWidensWithTheTablesWait) {
    // 400 apart: refused when the table has just opened, accepted after 17 s
    // (150 + 15 x 17 = 405).
    EXPECT_FALSE(pick_quick_table(1400, std::vector{table("t", 1000, 1, 0)}, kNow, kSettings));
    EXPECT_FALSE(pick_quick_table(1400, std::vector{table("t", 1000, 1, 16)}, kNow, kSettings));
    EXPECT_TRUE(pick_quick_table(1400, std::vector{table("t", 1000, 1, 17)}, kNow, kSettings));
}

TEST(Quick, EqualGapsGoToTheTableWithMorePeopleThenTheOlder) {
    auto pick = pick_quick_table(
        1000, std::vector{table("b", 1050, 1, 5), table("a", 950, 2, 1), table("c", 1050, 2, 3)},
        kNow, kSettings);
    ASSERT_TRUE(pick);
    EXPECT_EQ(pick->table, "c");  // 50 away like the others; two people; older than a
}

TEST(Quick, AFullOrEmptyTableIsNeverChosen) {
    EXPECT_FALSE(pick_quick_table(1000, std::vector{table("full", 1000, 4, 0)}, kNow, kSettings));
    EXPECT_FALSE(pick_quick_table(1000, std::vector{table("none", 1000, 0, 0)}, kNow, kSettings));
}

TEST(Quick, AWaitingPersonMovesOnlyFurtherAlongSoTwoTablesNeverTradePeople) {
    const QuickTable mine = table("mine", 1000, 1, 10);
    // An older lone table within the gap of my wait (150 + 150 = 300): I move there.
    auto pick =
        pick_quick_table(1000, std::vector{table("older", 1280, 1, 12)}, kNow, kSettings, mine);
    ASSERT_TRUE(pick);
    EXPECT_EQ(pick->table, "older");
    // The person at that older table, asking in turn, does not move to mine.
    EXPECT_FALSE(
        pick_quick_table(1280, std::vector{mine}, kNow, kSettings, table("older", 1280, 1, 12)));
    // A newer lone table is not further along; one with more people is, whatever its age.
    EXPECT_FALSE(
        pick_quick_table(1000, std::vector{table("newer", 1000, 1, 2)}, kNow, kSettings, mine));
    pick = pick_quick_table(1000, std::vector{table("pair", 1000, 2, 2)}, kNow, kSettings, mine);
    ASSERT_TRUE(pick);
    EXPECT_EQ(pick->table, "pair");
    // My own wait widens my gap: 10 s = 300, so a table 290 away that has just opened is in.
    EXPECT_TRUE(
        pick_quick_table(1000, std::vector{table("pair", 1290, 2, 0)}, kNow, kSettings, mine));
    EXPECT_FALSE(
        pick_quick_table(1000, std::vector{table("pair", 1310, 2, 0)}, kNow, kSettings, mine));
}

}  // namespace
}  // namespace hearts::server
