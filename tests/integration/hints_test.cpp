// Hints against a real `hearts serve` (docs/protocol.md, "Hints"): in a game against the
// computer, on the player's own turn, the search's pass or card with its reason; refused
// at a table with people, off the player's turn, and past the address's budget.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "harness.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

bool contains_all(const json& hand, const json& cards) {
    std::set<std::string> held(hand.begin(), hand.end());
    for (const json& c : cards)
        if (!held.count(c)) return false;
    return true;
}

TEST(Hints, TheSearchsPassAndCardWithTheirReasonsOnMyTurn) {
    Server server(temp_dir("hints"), {"--hints-per-minute", "4"});
    Peer me(server.port(), "Me");
    Peers peers{&me};
    hello(peers, me);
    me.send({{"t", "new_game"}, {"level", "random"}, {"rules", "end=40"}});
    const json snap = wait_for(peers, me, type_is("snapshot"), "the new game");
    me.table = snap["table"];
    ASSERT_EQ(me.view["phase"], "pass");

    // The pass: 3 of my cards, and why.
    expect_ack(request(peers, me, {{"t", "hint"}, {"table", me.table}}));
    const json pass = wait_for(peers, me, type_is("hint"), "the pass hint");
    EXPECT_EQ(pass["table"], me.table);
    EXPECT_EQ(pass["action"], "pass");
    ASSERT_EQ(pass["cards"].size(), 3u);
    EXPECT_TRUE(contains_all(me.view["cards"], pass["cards"])) << pass.dump();
    EXPECT_EQ(pass["text"].get<std::string>().rfind("Pass the ", 0), 0u) << pass.dump();

    // Take it; then a card, on my turn to play.
    expect_ack(request(peers, me, {{"t", "pass"}, {"table", me.table}, {"cards", pass["cards"]}}));
    wait_for(
        peers, me,
        [&](const json&) { return me.view["phase"] == "play" && me.view["to_move"] == "S"; },
        "my turn to play");
    expect_ack(request(peers, me, {{"t", "hint"}, {"table", me.table}}));
    const json play = wait_for(peers, me, type_is("hint"), "the card hint");
    EXPECT_EQ(play["action"], "play");
    ASSERT_EQ(play["cards"].size(), 1u);
    EXPECT_TRUE(contains_all(me.view["legal"], play["cards"])) << play.dump();
    EXPECT_EQ(play["v"], me.version);
    EXPECT_EQ(play["text"].get<std::string>().rfind("Play the ", 0), 0u) << play.dump();
    EXPECT_EQ(play["candidates"].size(), me.view["legal"].size());
    // The card played is the one hinted, and the game goes on.
    expect_ack(
        request(peers, me, {{"t", "play"}, {"table", me.table}, {"card", play["cards"][0]}}));

    // Not a table of mine: refused, and it counts against the budget like any other.
    const json stranger = request(peers, me, {{"t", "hint"}, {"table", "zzzzzzzz"}});
    EXPECT_EQ(stranger["code"], "not_found") << stranger.dump();
    // The address's budget: four a minute here, and three were asked.
    json last;
    for (int i = 0; i < 2; ++i) last = request(peers, me, {{"t", "hint"}, {"table", me.table}});
    EXPECT_EQ(last["code"], "rate_limited") << last.dump();
    EXPECT_EQ(last["reason"], "Too many hints: try again in a minute");
}

TEST(Hints, AtATableWithPeopleOnlyOnceEveryoneAllowsThem) {
    Server server(temp_dir("hints_people"));
    Peer ada(server.port(), "Ada"), bob(server.port(), "Bob");
    Peers peers{&ada, &bob};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    const std::string code = create(peers, ada, true, {{"timer", 0}});
    expect_ack(join(peers, bob, code));
    expect_ack(request(peers, ada, {{"t", "start"}, {"table", code}}));
    wait_for(peers, ada, type_is("snapshot"), "the game");
    const json refused = request(peers, ada, {{"t", "hint"}, {"table", code}});
    EXPECT_EQ(refused["code"], "illegal") << refused.dump();
    EXPECT_NE(refused["reason"].get<std::string>().find("need everyone to allow them"),
              std::string::npos);
    EXPECT_EQ(ada.info["hints"], false);

    // Ada alone allowing them is not enough; once Bob does too, the table says so, and
    // Ada's hint for her pass comes.
    expect_ack(request(peers, ada, {{"t", "allow_hints"}, {"table", code}, {"on", true}}));
    EXPECT_EQ(request(peers, ada, {{"t", "hint"}, {"table", code}})["code"], "illegal");
    expect_ack(request(peers, bob, {{"t", "allow_hints"}, {"table", code}, {"on", true}}));
    wait_until(
        peers, [&] { return ada.info["hints"] == true; }, "hints allowed");
    EXPECT_EQ(ada.info["hint_votes"].size(), 2u);
    expect_ack(request(peers, ada, {{"t", "hint"}, {"table", code}}));
    const json hint = wait_for(peers, ada, type_is("hint"), "the pass hint");
    EXPECT_EQ(hint["action"], "pass");
    // Bob takes it back: no more hints.
    expect_ack(request(peers, bob, {{"t", "allow_hints"}, {"table", code}, {"on", false}}));
    wait_until(
        peers, [&] { return ada.info["hints"] == false; }, "hints no longer allowed");
    EXPECT_EQ(request(peers, ada, {{"t", "hint"}, {"table", code}})["code"], "illegal");
    // A game against the computer has them anyway.
    const json solo =
        request(peers, ada, {{"t", "allow_hints"}, {"table", "zzzzzzzz"}, {"on", true}});
    EXPECT_EQ(solo["code"], "not_found");
}

}  // namespace
