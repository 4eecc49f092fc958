// When a table whose database could not be read is tried again (server/model/reload_retry.h):
// soon after the database is back, whenever that is, and not forever.
#include <gtest/gtest.h>

#include <chrono>

#include "model/reload_retry.h"

namespace hearts::server {
namespace {

using std::chrono::milliseconds;
using namespace std::chrono_literals;

// However long the database has been away, the next try is at most 2.5 s off: a table is
// back within that long of its database (the waits grew 1 s, 2 s, 3 s… before, so a table
// whose database came back after half a minute waited up to 8 s more).
TEST(ReloadRetry, TheNextTryIsNeverMoreThanTwoAndAHalfSecondsAway) {
    for (milliseconds waited : {0ms, 1ms, 1999ms, 30000ms, 90000ms, 119999ms}) {
        for (double spread : {0.0, 0.25, 0.999, 1.0}) {
            const auto wait = reload_retry::next_wait(waited, spread);
            ASSERT_TRUE(wait) << waited.count() << " ms";
            EXPECT_GE(*wait, 2000ms);
            EXPECT_LE(*wait, 2500ms);
        }
    }
    // Each table has its own place in the half second.
    EXPECT_LT(*reload_retry::next_wait(0ms, 0.1), *reload_retry::next_wait(0ms, 0.9));
    // A spread out of its range is held to it.
    EXPECT_EQ(*reload_retry::next_wait(0ms, -3.0), 2000ms);
    EXPECT_EQ(*reload_retry::next_wait(0ms, 7.0), 2500ms);
}

// After two minutes the people are told to reload the page instead.
TEST(ReloadRetry, GivesUpAfterTwoMinutesAndTriesAllThatTime) {
    EXPECT_FALSE(reload_retry::next_wait(120s, 0.5));
    EXPECT_FALSE(reload_retry::next_wait(10min, 0.5));
    int tries = 1;
    milliseconds waited{0};
    while (auto wait = reload_retry::next_wait(waited, 0.5)) {
        waited += *wait;
        ++tries;
    }
    EXPECT_GE(waited, 120s);
    EXPECT_LT(waited, 123s);
    EXPECT_GE(tries, 50);
}

}  // namespace
}  // namespace hearts::server
