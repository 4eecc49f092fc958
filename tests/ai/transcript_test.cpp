// The transcript that two builds of the engine and the bots are compared by
// (hearts/ai/transcript.h; tests/wasm/agree.mjs compares the WebAssembly build's).
#include "hearts/ai/transcript.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hearts::ai {
namespace {

std::vector<std::string> lines_of(const TranscriptOptions& options) {
    std::vector<std::string> lines;
    const auto written =
        write_transcript(options, [&](std::string_view line) { lines.emplace_back(line); });
    EXPECT_TRUE(written) << (written ? "" : written.error().reason);
    return lines;
}

int count_starting(const std::vector<std::string>& lines, std::string_view prefix) {
    int n = 0;
    for (const auto& l : lines) n += l.starts_with(prefix) ? 1 : 0;
    return n;
}

TEST(Transcript, TheSameOptionsWriteTheSameLinesAndAnotherSeedOthers) {
    const TranscriptOptions options{.seed = 7, .hands = 12, .iterations = 16};
    const auto a = lines_of(options);
    EXPECT_EQ(a, lines_of(options));
    EXPECT_NE(a, lines_of({.seed = 8, .hands = 12, .iterations = 16}));
}

TEST(Transcript, SaysEveryDealChoiceAndScoreOfTheHandsAsked) {
    const auto lines = lines_of({.seed = 1, .hands = 40, .iterations = 8});
    EXPECT_EQ(count_starting(lines, "hand "), 40);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(lines.front().starts_with("game 0 seed=")) << lines.front();
    EXPECT_NE(lines.front().find(" seats=random,easy,medium,hard"), std::string::npos);
    // Every hand is dealt, and every card of it is played or played out by a claim.
    EXPECT_EQ(count_starting(lines, "deal "), 40);
    int cards = 0;
    for (const auto& l : lines)
        cards +=
            (l.find(" play ") != std::string::npos || l.find(" claimed ") != std::string::npos);
    EXPECT_EQ(cards, 40 * 52);
    // A play line carries the legal set it was chosen from.
    for (const auto& l : lines) {
        if (l.find(" play ") == std::string::npos) continue;
        const std::string card = l.substr(l.rfind(' ') + 1);
        const std::string legal =
            l.substr(l.find("legal=") + 6, l.find(" play ") - l.find("legal=") - 6);
        EXPECT_NE((' ' + legal + ' ').find(' ' + card + ' '), std::string::npos) << l;
    }
    // The later games take other rules.
    EXPECT_GE(count_starting(lines, "game "), 3);
    EXPECT_GT(count_starting(lines, "over winners="), 0);
}

TEST(Transcript, RefusesCountsOutOfRange) {
    const auto none = [](std::string_view) {};
    EXPECT_FALSE(write_transcript({.seed = 1, .hands = 0, .iterations = 8}, none));
    EXPECT_FALSE(write_transcript({.seed = 1, .hands = 10, .iterations = 0}, none));
    EXPECT_FALSE(time_decisions("expert", 1, 0));
    EXPECT_FALSE(time_decisions("nobody", 1, 1));
}

TEST(Transcript, TimesEveryDecisionWithAChoice) {
    const auto times = time_decisions("medium", 3, 2);
    ASSERT_TRUE(times);
    // Two hands: at most 4 passes and 48 plays each, of which the last of each seat has no choice.
    EXPECT_GT(times.value().decisions, 40);
    EXPECT_LE(times.value().decisions, 2 * (4 + 48));
    EXPECT_GE(times.value().max_ms, times.value().mean_ms);
}

}  // namespace
}  // namespace hearts::ai
