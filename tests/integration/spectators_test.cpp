// Spectators against a real `hearts serve` (docs/protocol.md, "Spectators"): a watcher
// sees the players' own stream of events a trick late, never a card of a hand; a private
// table only when every person at it allows it; and one address cannot crowd the others
// out of a table's seats for watchers.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "harness.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

// Four people at a public table (no clock, so nothing moves unless a person acts).
std::string four_people(const Peers& peers, Peer& a, Peer& b, Peer& c, Peer& d) {
    const std::string code = create(peers, a, false, {{"timer", 0}, {"rules", "end=30"}});
    for (Peer* p : {&b, &c, &d}) expect_ack(join(peers, *p, code));
    expect_ack(request(peers, a, {{"t", "start"}, {"table", code}}));
    for (Peer* p : {&a, &b, &c, &d}) wait_for(peers, *p, type_is("snapshot"), "snapshot");
    return code;
}

// The events a peer received, by version: the cards are in the view after them.
std::vector<json> events_of(const Peer& p, std::int64_t from = 0) {
    std::vector<json> out;
    for (const json& m : p.log())
        if (m["t"] == "update" && m["v"].get<std::int64_t>() > from)
            out.push_back({{"v", m["v"]}, {"event", m["event"]}});
    return out;
}

// Nothing of a hand reaches a watcher: no cards of its own, no pass, no legal plays.
void expect_watchers_view(const Peer& w) {
    for (const json& m : w.log()) {
        if (!m.contains("view")) continue;
        const json& v = m["view"];
        EXPECT_EQ(v["watching"], true) << m.dump();
        for (const char* k : {"cards", "passed", "received", "legal"})
            EXPECT_TRUE(v[k].empty()) << k << " in " << m.dump();
        // Never a trick in progress: a watcher's view is always between tricks.
        if (v["phase"] == "play") {
            EXPECT_TRUE(v["trick"]["cards"].empty()) << m.dump();
        }
    }
}

TEST(Spectators, AWatcherSeesEveryTrickOneTrickLateAndNoCard) {
    Server server(temp_dir("watch"));
    Peer ada(server.port(), "Ada"), bob(server.port(), "Bob"), cat(server.port(), "Cat"),
        dan(server.port(), "Dan"), eve(server.port(), "Eve"), nobody(server.port(), "Nobody");
    Peers players{&ada, &bob, &cat, &dan};
    Peers all{&ada, &bob, &cat, &dan, &eve, &nobody};
    for (Peer* p : all) hello(all, *p);
    for (Peer* p : {&ada, &bob, &cat, &dan, &eve}) name(all, *p);
    const std::string code = four_people(all, ada, bob, cat, dan);

    // Someone without a name is asked for one; then Eve watches from the pass on.
    const json unnamed = request(all, nobody, {{"t", "watch"}, {"table", code}, {"on", true}});
    EXPECT_EQ(unnamed["code"], "no_name") << unnamed.dump();
    expect_ack(request(all, eve, {{"t", "watch"}, {"table", code}, {"on", true}}));
    const json shown = wait_for(all, eve, type_is("snapshot"), "the watcher's snapshot");
    EXPECT_EQ(shown["view"]["phase"], "pass");
    EXPECT_TRUE(shown.contains("fair")) << "the deal's commitment is everyone's";
    // The players see who watches.
    wait_until(
        all,
        [&] {
            return ada.info.value("watcher_count", 0) == 1 && ada.info["watchers"].size() == 1 &&
                   ada.info["watchers"][0]["name"] == "Eve";
        },
        "Ada sees Eve watching");
    EXPECT_EQ(eve.info["watching"], true);
    EXPECT_TRUE(eve.info["you"].is_null());

    // Five tricks into the first hand, everyone stops: Eve has been shown four.
    const auto after_five = [](const json& v) {
        return v["hand"] == 1 && v["phase"] == "play" && v["cards"].size() == 8 &&
               v["trick"]["cards"].empty();
    };
    play_to(all, after_five);
    std::vector<std::int64_t> tricks;
    for (const json& e : events_of(ada))
        if (e["event"]["kind"] == "trick") tricks.push_back(e["v"]);
    ASSERT_EQ(tricks.size(), 5u);
    wait_until(
        all, [&] { return eve.version == tricks[3]; }, "Eve shown the fourth trick");
    for (int i = 0; i < 20; ++i) {
        pump(all);
        std::this_thread::sleep_for(10ms);
    }
    EXPECT_EQ(eve.version, tricks[3]) << "a watcher is one trick behind the table";
    EXPECT_TRUE(eve.view["trick"]["cards"].empty());
    EXPECT_EQ(eve.view["last_trick"]["cards"].size(), 4u);
    EXPECT_EQ(eve.view["cards"].size(), 0u);

    // Two cards into the sixth trick: still four shown (a trick in progress never is).
    const auto two_into_six = [](const json& v) {
        return v["hand"] == 1 && v["phase"] == "play" && v["trick"]["cards"].size() == 2 &&
               v["last_trick"].is_object() && v["markers"].is_array() &&
               (v["cards"].size() == 8 || v["cards"].size() == 7);
    };
    play_to(all, two_into_six);
    for (int i = 0; i < 20; ++i) {
        pump(all);
        std::this_thread::sleep_for(10ms);
    }
    EXPECT_EQ(eve.version, tricks[3]);

    // To the end of the game: Eve is shown the players' own events, every one, in order,
    // with the same versions, and the end of each hand at once.
    play_until(
        all, ada, [](const json& v) { return v["phase"] == "game_over"; }, 240s);
    wait_until(
        all, [&] { return eve.view.is_object() && eve.view["phase"] == "game_over"; },
        "Eve shown the game's end");
    const std::int64_t first = shown["v"];
    const auto theirs = events_of(ada, first), mine = events_of(eve, first);
    ASSERT_EQ(mine.size(), theirs.size());
    for (std::size_t k = 0; k < mine.size(); ++k) EXPECT_EQ(mine[k], theirs[k]) << k;
    expect_watchers_view(eve);
    expect_no_leaks(eve);
    for (Peer* p : players) expect_no_leaks(*p);
}

TEST(Spectators, APrivateTableOnlyWhenEveryPersonAllowsIt) {
    Server server(temp_dir("watch_private"));
    Peer ada(server.port(), "Ada"), bob(server.port(), "Bob"), eve(server.port(), "Eve"),
        solo(server.port(), "Solo");
    Peers all{&ada, &bob, &eve, &solo};
    for (Peer* p : all) {
        hello(all, *p);
        name(all, *p);
    }
    const std::string code = two_people(all, ada, bob, {{"timer", 0}});
    const auto watch = [&](Peer& p, const std::string& table) {
        return request(all, p, {{"t", "watch"}, {"table", table}, {"on", true}});
    };
    json refused = watch(eve, code);
    EXPECT_EQ(refused["code"], "not_watchable") << refused.dump();
    EXPECT_EQ(refused["reason"], "The players at this table have not allowed watchers");
    expect_ack(request(all, ada, {{"t", "allow_watchers"}, {"table", code}, {"on", true}}));
    EXPECT_EQ(watch(eve, code)["code"], "not_watchable") << "Bob has not allowed it";
    expect_ack(request(all, bob, {{"t", "allow_watchers"}, {"table", code}, {"on", true}}));
    wait_until(
        all, [&] { return ada.info["watchable"] == true; }, "the table is watchable");
    EXPECT_EQ(ada.info["watch_votes"].size(), 2u);
    expect_ack(watch(eve, code));
    wait_for(all, eve, type_is("snapshot"), "the watcher's snapshot");

    // Eve reads the table's chat, and cannot speak at it.
    expect_ack(request(all, ada, {{"t", "chat"}, {"table", code}, {"text", "hello Eve"}}));
    const json line = wait_for(all, eve, type_is("chat"), "the chat line");
    EXPECT_EQ(line["text"], "hello Eve");
    EXPECT_NE(request(all, eve, {{"t", "chat"}, {"table", code}, {"text", "hi"}})["t"], "ack");

    // Bob stops allowing it: Eve is let go, and told why.
    expect_ack(request(all, bob, {{"t", "allow_watchers"}, {"table", code}, {"on", false}}));
    const json gone = wait_for(all, eve, type_is("unwatched"), "the end of watching");
    EXPECT_EQ(gone["reason"], "The players at this table no longer allow watchers");
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 0; }, "nobody watches");

    // A player does not watch their own table; a game against the computer is nobody's to
    // watch; a table that does not exist is not found; a block keeps the blocked out.
    EXPECT_EQ(watch(ada, code)["reason"], "You are playing at this table");
    expect_ack(request(all, bob, {{"t", "allow_watchers"}, {"table", code}, {"on", true}}));
    solo.send({{"t", "new_game"}, {"level", "random"}});
    const std::string solo_table = wait_for(all, solo, type_is("snapshot"), "solo")["table"];
    EXPECT_EQ(watch(eve, solo_table)["code"], "not_watchable");
    EXPECT_EQ(watch(eve, "zzzzzzzz")["code"], "not_found");
    // Ada blocks Eve while she watches: she is let go at once, and cannot come back.
    expect_ack(watch(eve, code));
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 1; }, "Eve watching again");
    expect_ack(request(
        all, ada, {{"t", "relation"}, {"player", eve.player}, {"kind", "block"}, {"on", true}}));
    const json let_go = wait_for(all, eve, type_is("unwatched"), "the end of watching");
    EXPECT_EQ(let_go["reason"], "A player at this table has blocked you");
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 0; }, "nobody watches");
    const json blocked = watch(eve, code);
    EXPECT_EQ(blocked["code"], "blocked") << blocked.dump();
    expect_watchers_view(eve);
    expect_no_leaks(eve);
}

// One address fills what it may of a table's watchers and no more: someone from another
// address still gets in. Each connection watches one table at a time.
TEST(Spectators, OneAddressCannotCrowdOutTheOthers) {
    Server server(temp_dir("watch_flood"),
                  {"--watchers-per-table", "4", "--watchers-per-address", "2"});
    Peer ada(server.port(), "Ada"), bob(server.port(), "Bob"), cat(server.port(), "Cat"),
        dan(server.port(), "Dan");
    Peers all{&ada, &bob, &cat, &dan};
    std::vector<std::unique_ptr<Peer>> flood;
    for (int i = 0; i < 6; ++i)
        flood.push_back(
            std::make_unique<Peer>(server.port(), "F" + std::to_string(i), "127.0.0.9"));
    Peer other(server.port(), "Other", "127.0.0.10");
    for (auto& f : flood) all.push_back(f.get());
    all.push_back(&other);
    for (Peer* p : all) {
        hello(all, *p);
        name(all, *p);
    }
    const std::string code = four_people(all, ada, bob, cat, dan);
    int in = 0;
    json last;
    for (auto& f : flood) {
        last = request(all, *f, {{"t", "watch"}, {"table", code}, {"on", true}});
        in += last["t"] == "ack";
    }
    EXPECT_EQ(in, 2) << "one address watches a table from 2 connections at most";
    EXPECT_EQ(last["code"], "full") << last.dump();
    EXPECT_NE(last["reason"].get<std::string>().find("Your address already watches"),
              std::string::npos);
    expect_ack(request(all, other, {{"t", "watch"}, {"table", code}, {"on", true}}));
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 3; }, "three watchers");

    // A watcher who watches another table leaves the first; one who says off, too; and a
    // closed connection watches no more.
    Peer& host = *flood[5];
    const std::string second = create(all, host, false, {{"timer", 0}});
    expect_ack(request(all, host, {{"t", "start"}, {"table", second}}));
    expect_ack(request(all, *flood[0], {{"t", "watch"}, {"table", second}, {"on", true}}));
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 2; }, "one fewer watcher");
    expect_ack(request(all, *flood[1], {{"t", "watch"}, {"table", code}, {"on", false}}));
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 1; }, "another one fewer");
    other.close();
    wait_until(
        all, [&] { return ada.info["watcher_count"] == 0; }, "the closed one gone");
    for (Peer* p : all)
        if (p != &other) expect_no_leaks(*p);
}

}  // namespace
