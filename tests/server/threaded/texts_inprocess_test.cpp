// The server's texts over the wire, through the game service in process
// (tests/server/threaded/inprocess.h): real refusals carry their code and values.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "../coded.h"
#include "inprocess.h"

namespace hearts::server {
namespace {

using namespace inprocess;
using coded::expect_coded;
using nlohmann::json;

// Real refusals, through the game service: a card against the rules, a move out of turn,
// a table that is not there and a limit reached.
TEST_F(TableInProcess, RefusalsCarryTheirCodeAndValues) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 0}});
    const json v = ada->view();
    const json early = request(ada, {{"t", "play"}, {"table", table}, {"card", v["cards"][0]}});
    EXPECT_EQ(early["code"], "illegal");
    EXPECT_EQ(early["msg"], "pass_first") << early.dump();
    expect_coded(early);

    const json lost = request(ada, {{"t", "join"}, {"table", "nosuchtable"}});
    EXPECT_EQ(lost["msg"], "table_not_found") << lost.dump();
    EXPECT_EQ(lost["args"], json::object());
    expect_coded(lost);

    const auto [mover, other] = pass_then_first_turn(ada, bob);
    ASSERT_TRUE(mover);
    const json turn =
        request(other, {{"t", "play"}, {"table", table}, {"card", other->view()["cards"][0]}});
    EXPECT_EQ(turn["msg"], "not_your_turn") << turn.dump();
    EXPECT_EQ(turn["args"], json({{"name", mover->label()}}));
    expect_coded(turn);
    const json mv = mover->view();
    for (const auto& c : mv["cards"]) {
        if (std::find(mv["legal"].begin(), mv["legal"].end(), c) != mv["legal"].end()) continue;
        const json illegal = request(mover, {{"t", "play"}, {"table", table}, {"card", c}});
        EXPECT_EQ(illegal["code"], "illegal");
        const std::set<std::string> why{"two_clubs_lead", "must_follow", "hearts_not_broken",
                                        "no_points_first_trick"};
        EXPECT_TRUE(why.contains(illegal.value("msg", ""))) << illegal.dump();
        expect_coded(illegal);
        break;
    }

    // Chat: five lines in ten seconds, and the sixth is refused with the count.
    json limited;
    for (int k = 0; k < 6 && limited.is_null(); ++k) {
        const json a = request(ada, {{"t", "chat"}, {"table", table}, {"text", "hello"}});
        if (a["t"] == "error") limited = a;
    }
    ASSERT_FALSE(limited.is_null());
    EXPECT_EQ(limited["code"], "rate_limited");
    EXPECT_EQ(limited["msg"], "chat_too_fast") << limited.dump();
    EXPECT_EQ(limited["args"], json({{"n", 5}}));
    expect_coded(limited);
}

}  // namespace
}  // namespace hearts::server
