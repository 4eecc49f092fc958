// The server a page plays against with no network (wasm/offline.h), natively: the page
// runs the same code compiled to WebAssembly (tests/wasm/agree.mjs checks that build).
#include "offline.h"

#include "hearts/record.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace hearts::offline {
namespace {

using Json = nlohmann::json;

std::vector<Json> parsed(const std::vector<std::string>& messages) {
    std::vector<Json> out;
    for (const auto& m : messages) out.push_back(Json::parse(m));
    return out;
}

std::vector<Json> say(OfflineServer& server, const Json& message, std::uint64_t seed = 99) {
    return parsed(server.receive(message.dump(), seed));
}

// The last view among `messages`, if any.
const Json* last_view(const std::vector<Json>& messages) {
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
        if (it->contains("view")) return &(*it)["view"];
    return nullptr;
}

struct Started {
    OfflineServer server;
    std::string table;
    Json view;
};

void start(Started& s, const std::string& rules = "", std::uint64_t seed = 7) {
    const auto welcome = say(s.server, {{"t", "hello"}, {"player", "p_ann"}, {"token", "secret"}});
    ASSERT_EQ(welcome.size(), 1u);
    EXPECT_EQ(welcome[0]["t"], "welcome");
    EXPECT_EQ(welcome[0]["player"], "p_ann");  // the page stays who it is
    const auto opened = say(s.server,
                            {{"t", "new_game"},
                             {"id", 1},
                             {"rules", rules},
                             {"level", "medium"},
                             {"name", "Ann"},
                             {"names", {"Mike", "Bill", "Lisa"}}},
                            seed);
    ASSERT_GE(opened.size(), 3u);
    EXPECT_EQ(opened[0]["t"], "snapshot");
    EXPECT_EQ(opened[1]["t"], "table");
    EXPECT_EQ(opened[1]["info"]["kind"], "solo");
    EXPECT_EQ(opened[2]["t"], "ack");
    EXPECT_EQ(opened[2]["id"], 1);
    s.table = opened[0]["table"];
    s.view = *last_view(opened);
}

// One action for the person in `view`, as a page would send it, or null when none is due.
Json action_for(const std::string& table, const Json& view) {
    const std::string phase = view["phase"];
    if (phase == "pass" && view["cards"].size() == 13 && view["passed"].empty()) {
        return {{"t", "pass"},
                {"table", table},
                {"cards", {view["cards"][0], view["cards"][1], view["cards"][2]}}};
    }
    if (phase == "play" && !view["legal"].empty())
        return {{"t", "play"}, {"table", table}, {"card", view["legal"][0]}};
    if (phase == "moon_choice") return {{"t", "moon"}, {"table", table}, {"choice", "others"}};
    if (phase == "hand_over") return {{"t", "next"}, {"table", table}};
    return nullptr;
}

TEST(Offline, PlaysAWholeGameAgainstTheComputerInTheServersMessages) {
    Started s;
    start(s, "end=30");
    std::int64_t version = 0;
    int actions = 0;
    bool over = false;
    for (; actions < 400 && !over; ++actions) {
        const Json a = action_for(s.table, s.view);
        ASSERT_FALSE(a.is_null()) << s.view.dump();
        Json with_id = a;
        with_id["id"] = 100 + actions;
        const auto answer = say(s.server, with_id);
        bool acked = false;
        for (const Json& m : answer) {
            ASSERT_NE(m["t"], "error") << m.dump() << " after " << a.dump();
            if (m["t"] == "update") {
                // Every event, each numbered one after the last.
                if (version > 0) {
                    EXPECT_EQ(m["v"].get<std::int64_t>(), version + 1) << m.dump();
                }
                version = m["v"];
                // Only the person's own cards: a view holds one hand.
                EXPECT_EQ(m["view"]["seat"], "S");
                if (m["event"]["kind"] == "game_over") over = true;
            }
            if (m["t"] == "ack" && m["id"] == 100 + actions) acked = true;
        }
        EXPECT_TRUE(acked);
        s.view = *last_view(answer);
    }
    EXPECT_TRUE(over) << "no game_over in " << actions << " actions";
    ASSERT_NE(s.server.table(), nullptr);
    EXPECT_TRUE(s.server.table()->finished());
    EXPECT_EQ(s.view["phase"], "game_over");
}

// The finished game's record, for Download and Replay with no network: the record format
// of `hearts serve`'s download, which reads back into the same game. Before the end, or
// for another table, it is refused as the server refuses it.
TEST(Offline, AFinishedGamesRecordIsTheServersFormatAndNoneBeforeTheEnd) {
    Started s;
    start(s, "end=30");
    const auto early = s.server.record(s.table);
    ASSERT_FALSE(early);
    EXPECT_NE(early.error().reason.find("not finished"), std::string::npos) << early.error().reason;
    for (int k = 0; k < 400 && s.view["phase"] != "game_over"; ++k) {
        const Json a = action_for(s.table, s.view);
        ASSERT_FALSE(a.is_null()) << s.view.dump();
        s.view = *last_view(say(s.server, a));
    }
    ASSERT_EQ(s.view["phase"], "game_over");
    const auto record = s.server.record(s.table);
    ASSERT_TRUE(record) << record.error().reason;
    const auto game = load_record(*record);
    ASSERT_TRUE(game) << game.error().reason;
    EXPECT_EQ(game->history().size(), s.server.table()->game().history().size());
    EXPECT_EQ(game->scores(), s.server.table()->game().scores());
    EXPECT_EQ(*record, to_record_json(s.server.table()->game()));
    EXPECT_FALSE(s.server.record("zzzzzzzz"));
}

// Review my play works with no network: the review the server would make (the same
// search), asked and answered in the protocol, and refused as the server refuses it
// before the game is over.
TEST(Offline, AFinishedGameIsReviewedAsTheServerReviewsIt) {
    Started s;
    start(s, "end=30");
    const auto early = say(s.server, {{"t", "review"}, {"table", s.table}, {"id", 3}});
    ASSERT_EQ(early.size(), 1u);
    EXPECT_EQ(early[0]["t"], "error");
    EXPECT_EQ(early[0]["msg"], "not_finished") << early[0].dump();
    EXPECT_EQ(early[0]["id"], 3);
    for (int k = 0; k < 400 && s.view["phase"] != "game_over"; ++k) {
        const Json a = action_for(s.table, s.view);
        ASSERT_FALSE(a.is_null()) << s.view.dump();
        s.view = *last_view(say(s.server, a));
    }
    ASSERT_EQ(s.view["phase"], "game_over");
    const auto other = say(s.server, {{"t", "review"}, {"table", "zzzzzzzz"}, {"id", 4}});
    ASSERT_EQ(other.size(), 1u);
    EXPECT_EQ(other[0]["msg"], "table_not_found") << other[0].dump();

    const auto answer = say(s.server, {{"t", "review"}, {"table", s.table}, {"id", 5}});
    ASSERT_EQ(answer.size(), 2u);
    const Json& review = answer[0];
    ASSERT_EQ(review["t"], "review") << review.dump();
    EXPECT_EQ(review["table"], s.table);
    EXPECT_EQ(review["seat"], "S");
    EXPECT_EQ(review["deals"], 100);
    // Every card the person chose is weighed (those played out after a claim are not).
    const Game& game = s.server.table()->game();
    int chosen = 0;
    for (const Action& a : game.history())
        chosen += a.kind == ActionKind::Play && a.seat == Seat::South;
    int claimed = 0;
    for (const Json& c : review["claimed"]) claimed += c["cards"].get<int>();
    EXPECT_EQ(int(review["plays"].size()) + claimed, chosen);
    EXPECT_EQ(review["passes"].size(),
              std::size_t(
                  std::count_if(game.history().begin(), game.history().end(), [](const Action& a) {
                      return a.kind == ActionKind::Pass && a.seat == Seat::South;
                  })));
    EXPECT_FALSE(review["text"].get<std::string>().empty());
    EXPECT_EQ(answer[1]["t"], "ack");
    EXPECT_EQ(answer[1]["id"], 5);
}

TEST(Offline, ASavedGameComesBackWhereItWas) {
    Started s;
    start(s);
    for (int i = 0; i < 6; ++i) s.view = *last_view(say(s.server, action_for(s.table, s.view)));
    const std::string saved = s.server.saved();
    EXPECT_EQ(saved.find("secret"), std::string::npos);  // never the token

    OfflineServer again;
    ASSERT_TRUE(again.restore(saved));
    const auto a = say(s.server, {{"t", "resume"}, {"table", s.table}, {"id", 5}});
    const auto b = say(again, {{"t", "resume"}, {"table", s.table}, {"id", 5}});
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a[0], b[0]);  // the same snapshot
    EXPECT_EQ(again.saved(), saved);
    // And it plays on from there as the first would.
    const Json next = action_for(s.table, *last_view(a));
    EXPECT_EQ(say(s.server, next), say(again, next));
}

TEST(Offline, ABrokenSaveIsRefusedAndTheGameInPlayStays) {
    Started s;
    start(s);
    const std::string saved = s.server.saved();
    Json illegal = Json::parse(saved);
    illegal["actions"] = {"S play QS"};
    for (const std::string& bad :
         {std::string("not json"), std::string("{\"format\":2}"), illegal.dump()}) {
        const auto r = s.server.restore(bad);
        ASSERT_FALSE(r) << bad;
        EXPECT_FALSE(r.error().reason.empty());
    }
    EXPECT_EQ(s.server.saved(), saved);
}

TEST(Offline, RefusesWhatNeedsTheServerAndWhatTheRulesForbid) {
    Started s;
    start(s);
    auto r = say(s.server, {{"t", "stats"}, {"id", 9}});
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0]["t"], "error");
    EXPECT_EQ(r[0]["msg"], "offline_solo_only");
    EXPECT_EQ(r[0]["id"], 9);
    r = say(s.server, {{"t", "play"}, {"table", "elsewhere"}, {"card", "2C"}, {"id", 10}});
    EXPECT_EQ(r[0]["code"], "not_found");
    // A card before the pass: the rules' own words.
    r = say(s.server, {{"t", "play"}, {"table", s.table}, {"card", "2C"}, {"id", 11}});
    EXPECT_EQ(r[0]["code"], "illegal");
    EXPECT_EQ(r[0]["msg"], "pass_first");
    r = say(s.server, {{"t", "pass"}, {"table", s.table}, {"cards", {"2C", "2C", "3C"}}});
    EXPECT_EQ(r[0]["code"], "bad_message");
    r = parsed(s.server.receive("[1,2", 1));
    EXPECT_EQ(r[0]["code"], "bad_message");
    r = say(s.server, {{"t", "ping"}});
    EXPECT_EQ(r[0]["t"], "pong");
    r = say(s.server, {{"t", "new_game"}, {"level", "grandmaster"}, {"id", 12}});
    EXPECT_EQ(r[0]["code"], "bad_message");
}

TEST(Offline, AHintForMyPass) {
    Started s;
    start(s);
    const auto r = say(s.server, {{"t", "hint"}, {"table", s.table}, {"id", 3}});
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0]["t"], "hint");
    EXPECT_EQ(r[1]["t"], "ack");
}

}  // namespace
}  // namespace hearts::offline
