// The daily deal against a real `hearts serve` (docs/protocol.md, "The daily deal"):
// everyone is dealt the same 4 hands, each player plays the day once, and the board ranks
// the finished games, with the replays only for those who have played the day.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "harness.h"
#include "http.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

std::string utc_day_now() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
    return text;
}

json daily_of(const Peers& peers, Peer& p, const json& day = nullptr) {
    json m = {{"t", "daily"}};
    if (!day.is_null()) m["day"] = day;
    expect_ack(request(peers, p, m));
    return wait_for(peers, p, type_is("daily"), "the daily board");
}

// Starts (or resumes) the day's game; returns its snapshot.
json start_daily(const Peers& peers, Peer& p) {
    const json answer = request(peers, p, {{"t", "daily_start"}});
    EXPECT_EQ(answer["t"], "ack") << answer.dump();
    const json snap = wait_for(peers, p, type_is("snapshot"), "the daily game");
    p.table = snap["table"];
    p.seat = "S";
    p.view = snap["view"];
    return snap;
}

json replay_of(unsigned short port, const std::string& link) {
    const auto res = http_get(port, "/api/replays/" + link);
    EXPECT_EQ(res.result_int(), 200) << res.body();
    return json::parse(res.body(), nullptr, false);
}

int sum(const json& numbers) {
    int total = 0;
    for (const json& n : numbers) total += n.get<int>();
    return total;
}

TEST(Daily, EveryoneIsDealtTheSameCardsAndTheBoardRanksTheFinishedGames) {
    const std::string dir = temp_dir("daily");
    std::string ada_id, ada_token;
    {
        Server server(dir, {"--daily-level", "random"});
        Peer ada(server.port(), "Ada"), bo(server.port(), "Bo"), cy(server.port(), "Cy");
        Peers peers{&ada, &bo, &cy};
        for (Peer* p : peers) hello(peers, *p);
        name(peers, ada);
        name(peers, bo);

        // The board shows names: a player without one is asked for it first.
        const json nameless = request(peers, cy, {{"t", "daily_start"}});
        EXPECT_EQ(nameless["code"], "no_name") << nameless.dump();

        const std::string before = utc_day_now();
        const json a = start_daily(peers, ada);
        const json b = start_daily(peers, bo);
        const std::string today = a["daily"];
        EXPECT_TRUE(today == before || today == utc_day_now()) << today;
        EXPECT_EQ(b["daily"], today);
        EXPECT_NE(a["table"], b["table"]);
        EXPECT_NE(a["view"]["rules"].get<std::string>().find("hands=4"), std::string::npos);
        EXPECT_EQ(a["view"]["names"][0], "Ada");
        // The same 13 cards for both.
        ASSERT_EQ(a["view"]["cards"].size(), 13u);
        EXPECT_EQ(a["view"]["cards"], b["view"]["cards"]);

        // The board compares players on their own: no hints.
        const json hint = request(peers, ada, {{"t", "hint"}, {"table", ada.table}});
        EXPECT_EQ(hint["code"], "illegal") << hint.dump();
        EXPECT_NE(hint["reason"].get<std::string>().find("no hints in the daily deal"),
                  std::string::npos);

        // Starting again resumes the same game: there is one a day.
        const json again = start_daily(peers, ada);
        EXPECT_EQ(again["table"], a["table"]);
        EXPECT_EQ(again["daily"], today);

        // Many starts at once (a double click, a script) open one game: each is answered
        // with a snapshot of the same table, whether it was stored yet or not.
        name(peers, cy);
        for (int k = 0; k < 6; ++k) cy.send({{"t", "daily_start"}, {"id", 900 + k}});
        std::set<std::string> tables;
        for (int k = 0; k < 6; ++k) {
            const json snap = wait_for(peers, cy, type_is("snapshot"), "a start of the day");
            tables.insert(snap["table"].get<std::string>());
        }
        for (int k = 0; k < 6; ++k) EXPECT_EQ(answer(peers, cy, 900 + k)["t"], "ack") << k;
        EXPECT_EQ(tables.size(), 1u);

        // Before anyone finished: nobody on the board, and Bo's game is in play.
        const json early = daily_of(peers, bo);
        EXPECT_EQ(early["day"], today);
        EXPECT_EQ(early["today"], true);
        EXPECT_EQ(early["players"], 0);
        EXPECT_EQ(early["me"]["table"], b["table"]);
        EXPECT_EQ(early["me"]["finished"], false);
        EXPECT_TRUE(early["board"].empty());

        // Ada plays the 4 hands; the game ends after the 4th, whatever the scores.
        Peers ada_only{&ada};
        play_until(ada_only, ada, [](const json& v) { return v["phase"] == "game_over"; });
        ASSERT_EQ(ada.view["sheet"].size(), 4u);
        const int ada_score = ada.view["scores"][0];

        const json after = daily_of(peers, ada);
        EXPECT_EQ(after["players"], 1);
        EXPECT_EQ(after["me"]["finished"], true);
        EXPECT_EQ(after["me"]["score"], ada_score);
        EXPECT_EQ(after["me"]["rank"], 1);
        EXPECT_EQ(sum(after["me"]["hands"]), ada_score);
        ASSERT_EQ(after["board"].size(), 1u);
        EXPECT_EQ(after["board"][0]["name"], "Ada");
        EXPECT_EQ(after["board"][0]["score"], ada_score);
        EXPECT_EQ(after["board"][0]["hands"], after["me"]["hands"]);
        ASSERT_TRUE(after["board"][0].contains("replay")) << after.dump();
        const json ada_replay = replay_of(server.port(), after["board"][0]["replay"]);
        EXPECT_EQ(ada_replay["names"][0], "Ada");
        EXPECT_EQ(ada_replay["record"]["deals"].size(), 4u);

        // Bo has not finished the day: he sees the board, but no replay (the day's cards).
        const json bo_sees = daily_of(peers, bo);
        ASSERT_EQ(bo_sees["board"].size(), 1u);
        EXPECT_FALSE(bo_sees["board"][0].contains("replay")) << bo_sees.dump();
        // Nor may Ada play the day again.
        const json twice = request(peers, ada, {{"t", "daily_start"}});
        EXPECT_EQ(twice["code"], "state") << twice.dump();
        EXPECT_NE(twice["reason"].get<std::string>().find("next one is dealt at midnight UTC"),
                  std::string::npos);

        Peers bo_only{&bo};
        play_until(bo_only, bo, [](const json& v) { return v["phase"] == "game_over"; });
        const int bo_score = bo.view["scores"][0];
        const json both = daily_of(peers, bo);
        EXPECT_EQ(both["players"], 2);
        ASSERT_EQ(both["board"].size(), 2u);
        EXPECT_LE(both["board"][0]["score"].get<int>(), both["board"][1]["score"].get<int>());
        const int bo_rank = bo_score <= ada_score ? 1 : 2;
        EXPECT_EQ(both["me"]["rank"], bo_rank);
        for (const json& row : both["board"]) EXPECT_TRUE(row.contains("replay")) << row.dump();
        if (bo_score == ada_score) {
            EXPECT_EQ(both["board"][1]["rank"], 1);  // a shared rank
        }
        // Duplicate: each of the 4 hands was dealt the same for both.
        const json bo_replay = replay_of(server.port(), both["me"]["replay"].get<std::string>());
        EXPECT_EQ(bo_replay["record"]["deals"], ada_replay["record"]["deals"]);
        EXPECT_EQ(bo_replay["record"]["seed"], ada_replay["record"]["seed"]);

        // Days that are not boards.
        for (const json& bad : {json("2026-13-01"), json("tomorrow"), json(20261203),
                                json("2999-01-01"), json("2000-01-01")}) {
            const json refused = request(peers, ada, {{"t", "daily"}, {"day", bad}});
            EXPECT_EQ(refused["code"], "bad_message") << bad.dump() << " " << refused.dump();
        }
        ada_id = ada.player;
        ada_token = ada.token;
        expect_no_leaks(ada);
        expect_no_leaks(bo);
    }
    // After a restart: the same day's board, and the same seed for a new player.
    Server server(dir, {"--daily-level", "random"});
    Peer ada(server.port(), "Ada"), di(server.port(), "Di");
    Peers peers{&ada, &di};
    ada.player = ada_id;
    ada.token = ada_token;
    hello(peers, ada, true);
    hello(peers, di);
    name(peers, di);
    const json kept = daily_of(peers, ada);
    EXPECT_EQ(kept["players"], 2);
    EXPECT_EQ(kept["me"]["finished"], true);
    const json d = start_daily(peers, di);
    const json replay = replay_of(server.port(), kept["me"]["replay"].get<std::string>());
    // Di's first hand is the first hand of Ada's record.
    const json& dealt = replay["record"]["deals"][0]["S"];
    json cards = d["view"]["cards"];
    EXPECT_EQ(std::set<std::string>(cards.begin(), cards.end()),
              std::set<std::string>(dealt.begin(), dealt.end()));
}

}  // namespace
