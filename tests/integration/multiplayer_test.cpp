// Tables with several people, against a real `hearts serve`: names, private codes, a
// wrong code and a full table, the lobby, four people acting at the same moment, chat
// (flood, mute), blocks, the grace period and a computer player taking the seat, the
// turn timer and the vote to turn it off, concede, rematch, and a kill -9 in the middle
// of a game with four people.
//
// Each person is a `Peer` (peer.h).
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "harness.h"
#include "hearts/card.h"
#include "http.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

// Four named people at one private table, seated, not started.
struct Four {
    explicit Four(Server& server)
        : a(server.port(), "Ada"),
          b(server.port(), "Bob"),
          c(server.port(), "Cy"),
          d(server.port(), "Di"),
          all{&a, &b, &c, &d} {
        for (Peer* p : all) {
            hello(all, *p);
            name(all, *p);
        }
    }
    Peer a, b, c, d;
    Peers all;
};

TEST(Multiplayer, NamesCodesAWrongCodeAndAFullTable) {
    Server server(temp_dir("mp_codes"));
    Peer a(server.port(), "Ada"), e(server.port(), "Eve");
    Peers peers{&a, &e};
    hello(peers, a);
    hello(peers, e);

    // No name yet: asked for one.
    json refused = request(peers, a, {{"t", "create_table"}, {"private", true}});
    EXPECT_EQ(refused["code"], "no_name");
    EXPECT_EQ(refused["reason"], "Enter your name");
    // Names are checked.
    refused = request(peers, a, {{"t", "set_name"}, {"name", std::string(21, 'x')}});
    EXPECT_EQ(refused["code"], "bad_message");
    refused = request(peers, a, {{"t", "set_name"}, {"name", "a\u202eb"}});
    EXPECT_EQ(refused["code"], "bad_message");
    name(peers, a);
    name(peers, e);

    Four four(server);
    const std::string code = create(four.all, four.a, true);
    EXPECT_EQ(code.size(), 8u);
    EXPECT_EQ(four.a.info["kind"], "private");
    EXPECT_EQ(four.a.info["state"], "waiting");
    EXPECT_EQ(four.a.info["code"], code);

    // A wrong code: not found, with the seed page's words.
    json wrong = join(four.all, four.b, "zzzzzzzz");
    EXPECT_EQ(wrong["code"], "not_found");
    EXPECT_EQ(wrong["reason"], "Game table not found");

    for (Peer* p : {&four.b, &four.c, &four.d}) expect_ack(join(four.all, *p, code));
    EXPECT_EQ(four.b.seat, "W");
    EXPECT_EQ(four.d.seat, "E");
    // Everyone sees every name; the host sees the last one arrive.
    wait_for(
        four.all, four.a,
        [](const json& m) { return m["t"] == "table" && m["info"]["seats"][3]["name"] == "Di"; },
        "Di seated");
    // A fifth person: the table is full.
    Peers five{&four.a, &four.b, &four.c, &four.d, &e};
    json full = join(five, e, code);
    EXPECT_EQ(full["code"], "full");
    EXPECT_EQ(full["reason"], "This table is full");
    // Only the host starts.
    EXPECT_EQ(request(four.all, four.b, {{"t", "start"}, {"table", code}})["code"], "not_host");
    expect_ack(request(four.all, four.a, {{"t", "start"}, {"table", code}}));
    for (Peer* p : four.all) {
        const json snap = wait_for(four.all, *p, type_is("snapshot"), "snapshot");
        EXPECT_EQ(snap["view"]["seat"], p->seat);
        EXPECT_EQ(snap["view"]["cards"].size(), 13u);
        EXPECT_EQ(snap["view"]["names"], json({"Ada", "Bob", "Cy", "Di"}));
    }
    for (Peer* p : four.all) expect_no_leaks(*p);
}

// A person waits at one table at a time: opening or joining another takes them out of
// the one they waited at (as `leave` does), so nobody holds a seat at a table they no
// longer look at (which would stall its game once started) and nobody opens tables
// without end.
TEST(Multiplayer, APersonWaitsAtOneTableAtATime) {
    Server server(temp_dir("mp_one_table"));
    Peer a(server.port(), "Ada"), b(server.port(), "Bob"), w(server.port(), "Wes");
    Peers peers{&a, &b, &w};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    expect_ack(request(peers, w, {{"t", "lobby"}, {"on", true}}));
    // The lobby lists exactly `tables` (by id), as Wes holds it.
    const auto lobby_is = [&](std::set<std::string> tables) {
        wait_until(
            peers,
            [&] {
                std::set<std::string> listed;
                for (const auto& [id, e] : w.lobby) listed.insert(id);
                return listed == tables;
            },
            "a lobby of " + std::to_string(tables.size()) + " tables");
    };
    // Ada opens public tables one after another: each new one closes the last (she was
    // alone there), so the lobby never lists more than one of hers.
    std::string last;
    for (int i = 0; i < 5; ++i) {
        const std::string t = create(peers, a, false);
        EXPECT_NE(t, last);
        last = t;
        lobby_is({t});
    }
    const std::string adas = last;
    // Bob waits at Ada's table, then opens his own: his seat at Ada's is empty again.
    expect_ack(join(peers, b, adas));
    const std::string bobs = create(peers, b, false);
    lobby_is({adas, bobs});
    wait_until(
        peers, [&] { return w.lobby[adas]["seats"][1]["name"].is_null(); },
        "Bob's seat at Ada's empty");
    // He joins Ada's again: his own table closes (he was alone there).
    expect_ack(join(peers, b, adas));
    lobby_is({adas});
    wait_until(
        peers, [&] { return w.lobby[adas]["seats"][1]["name"] == "Bob"; }, "Bob at Ada's");
    EXPECT_EQ(request(peers, b, {{"t", "start"}, {"table", bobs}})["code"], "not_found");
    // Ada, the host, starts a solo game: she leaves, and Bob becomes the host.
    expect_ack(request(peers, a, {{"t", "new_game"}}));
    const json info = wait_for(
        peers, b,
        [&](const json& m) {
            return m["t"] == "table" && m["table"] == adas && m["info"]["host"] == "W";
        },
        "Bob the host");
    EXPECT_EQ(info["info"]["seats"][0]["name"], nullptr);
    // Once a game has started, opening another table does not take anyone out of it.
    expect_ack(request(peers, b, {{"t", "start"}, {"table", adas}}));
    wait_for(peers, b, type_is("snapshot"), "the first hand");
    create(peers, b, true);
    expect_ack(request(peers, b, {{"t", "resume"}, {"table", adas}}));
    const json back = wait_for(
        peers, b, [&](const json& m) { return m["t"] == "snapshot" && m["table"] == adas; },
        "Bob's game");
    EXPECT_EQ(back["view"]["seat"], "W");
}

TEST(Multiplayer, TheLobbyListsPublicTablesLive) {
    Server server(temp_dir("mp_lobby"));
    Peer host(server.port(), "Hal"), watcher(server.port(), "Wes"), joiner(server.port(), "Jo");
    Peers peers{&host, &watcher, &joiner};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    expect_ack(request(peers, watcher, {{"t", "lobby"}, {"on", true}}));
    const json first = wait_for(peers, watcher, type_is("lobby"), "lobby");
    EXPECT_TRUE(first["tables"].empty());

    create(peers, host, true);  // private: never listed
    const std::string table = create(peers, host, false, {{"rules", "end=50"}, {"timer", 0}});
    // Then only what changes: an update that lists the new table.
    const json update = wait_for(peers, watcher, type_is("lobby_update"), "a lobby update");
    ASSERT_EQ(update["set"].size(), 1u);
    EXPECT_TRUE(update["removed"].empty());
    const json& entry = update["set"][0];
    EXPECT_EQ(entry["table"], table);
    EXPECT_EQ(entry["state"], "waiting");
    EXPECT_EQ(entry["seats"][0]["name"], "Hal");
    EXPECT_EQ(entry["seats"][1]["name"], nullptr);
    EXPECT_NE(entry["rules"].get<std::string>().find("end=50"), std::string::npos);
    EXPECT_TRUE(entry["created"].is_number_integer());
    EXPECT_FALSE(entry.contains("blocked"));  // the same for everyone: clients mark blocks

    expect_ack(join(peers, joiner, table));
    wait_until(
        peers, [&] { return watcher.lobby[table]["seats"][1]["name"] == "Jo"; },
        "the joiner listed");
    expect_ack(request(peers, host, {{"t", "start"}, {"table", table}}));
    wait_until(
        peers, [&] { return watcher.lobby[table]["state"] == "playing"; }, "the table playing");
    // Computer players filled the empty seats, with names.
    EXPECT_EQ(watcher.lobby[table]["seats"][2]["human"], false);
    EXPECT_TRUE(watcher.lobby[table]["seats"][2]["name"].is_string());
    EXPECT_EQ(watcher.lobby.size(), 1u);
    // A new watcher starts from the listing as it is.
    Peer late(server.port(), "Late");
    Peers both{&late};
    hello(both, late);
    expect_ack(request(both, late, {{"t", "lobby"}, {"on", true}}));
    const json now = wait_for(both, late, type_is("lobby"), "the listing");
    ASSERT_EQ(now["tables"].size(), 1u);
    EXPECT_EQ(now["tables"][0], watcher.lobby[table]);
    expect_no_leaks(watcher);
}

TEST(Multiplayer, FourPeopleActAtTheSameMomentAndPlayAHand) {
    Server server(temp_dir("mp_four"));
    Four four(server);
    const std::string code = create(four.all, four.a, true, {{"timer", 0}});
    for (Peer* p : {&four.b, &four.c, &four.d}) expect_ack(join(four.all, *p, code));
    expect_ack(request(four.all, four.a, {{"t", "start"}, {"table", code}}));
    for (Peer* p : four.all) wait_for(four.all, *p, type_is("snapshot"), "snapshot");

    // All four pass at once: every pass is acknowledged, and the exchange follows.
    int id = 500;
    for (Peer* p : four.all) {
        const json& v = p->view;
        p->send({{"t", "pass"},
                 {"id", ++id},
                 {"table", code},
                 {"cards", json::array({v["cards"][0], v["cards"][1], v["cards"][2]})}});
    }
    id = 500;
    for (Peer* p : four.all) expect_ack(answer(four.all, *p, ++id));
    for (Peer* p : four.all) {
        wait_for(
            four.all, *p,
            [](const json& m) { return m["t"] == "update" && m["event"]["kind"] == "exchange"; },
            "the exchange");
        EXPECT_EQ(p->view["received"].size(), 3u);
    }
    // Someone plays out of turn at the same moment as the one whose turn it is: the
    // player across, who is not next either way the two messages are ordered.
    const std::string order = "SWNE";
    Peer* mover = nullptr;
    for (Peer* p : four.all)
        if (p->view["to_move"] == p->seat) mover = p;
    ASSERT_NE(mover, nullptr);
    const char across = order[(order.find(mover->seat[0]) + 2) % 4];
    Peer* other = nullptr;
    for (Peer* p : four.all)
        if (p->seat[0] == across) other = p;
    ASSERT_NE(other, nullptr);
    mover->send({{"t", "play"}, {"id", 601}, {"table", code}, {"card", mover->view["legal"][0]}});
    other->send({{"t", "play"}, {"id", 602}, {"table", code}, {"card", other->view["cards"][0]}});
    expect_ack(answer(four.all, *mover, 601));
    EXPECT_EQ(answer(four.all, *other, 602)["code"], "not_your_turn");

    play_until(
        four.all, four.a, [](const json& v) { return v["phase"] == "hand_over"; }, 120s, false);
    for (Peer* p : four.all) {
        const auto end = std::chrono::steady_clock::now() + 5s;
        while (p->view["phase"] != "hand_over" && std::chrono::steady_clock::now() < end)
            pump(four.all);
        EXPECT_EQ(p->view["phase"], "hand_over") << p->label();
        EXPECT_EQ(p->view["sheet"].size(), 1u);
        EXPECT_EQ(p->view["scores"], four.a.view["scores"]);
    }
    // The next hand waits for everyone to be ready.
    expect_ack(request(four.all, four.a, {{"t", "next"}, {"table", code}}));
    const json info = wait_for(
        four.all, four.b,
        [](const json& m) { return m["t"] == "table" && m["info"]["ready"] == json({"S"}); },
        "Ada ready");
    EXPECT_EQ(info["info"]["waiting_for"], json({"W", "N", "E"}));
    for (Peer* p : {&four.b, &four.c, &four.d})
        expect_ack(request(four.all, *p, {{"t", "next"}, {"table", code}}));
    wait_for(
        four.all, four.a,
        [](const json& m) {
            return m["t"] == "update" && m["event"]["kind"] == "deal" && m["event"]["hand"] == 2;
        },
        "the second deal");
    for (Peer* p : four.all) expect_no_leaks(*p);
}

TEST(Multiplayer, ChatFloodMuteAndText) {
    Server server(temp_dir("mp_chat"));
    Four four(server);
    const std::string code = create(four.all, four.a, true);
    for (Peer* p : {&four.b, &four.c}) expect_ack(join(four.all, *p, code));
    // Not seated: not found.
    EXPECT_EQ(request(four.all, four.d, {{"t", "chat"}, {"table", code}, {"text", "hi"}})["code"],
              "not_found");

    const std::string html = "<img src=x onerror=alert(1)> & \"hi\"";
    expect_ack(request(four.all, four.a, {{"t", "chat"}, {"table", code}, {"text", html}}));
    for (Peer* p : {&four.a, &four.b, &four.c}) {
        const json m = wait_for(four.all, *p, type_is("chat"), "the chat line");
        EXPECT_EQ(m["text"], html);  // exactly as said: the page shows it as text
        EXPECT_EQ(m["name"], "Ada");
        EXPECT_EQ(m["seat"], "S");
    }
    // Too long, empty, control characters: refused with the field named.
    for (const json& bad : {json(std::string(201, 'x')), json("   "), json("a\u0007b"), json(5)}) {
        const json r = request(four.all, four.a, {{"t", "chat"}, {"table", code}, {"text", bad}});
        EXPECT_EQ(r["code"], "bad_message") << bad.dump();
        EXPECT_EQ(r["reason"].get<std::string>().rfind("text:", 0), 0u) << r.dump();
    }
    // Bob mutes Ada: he no longer gets her lines; Cy still does.
    expect_ack(
        request(four.all, four.b,
                {{"t", "relation"}, {"player", four.a.player}, {"kind", "mute"}, {"on", true}}));
    const json rel = wait_for(four.all, four.b, type_is("relations"), "relations");
    EXPECT_EQ(rel["mute"][0]["player"], four.a.player);
    EXPECT_EQ(rel["mute"][0]["name"], "Ada");
    // A flood: 4 more lines pass (5 in 10 s), the next is refused, the connection stays.
    for (int i = 0; i < 4; ++i) {
        expect_ack(
            request(four.all, four.a,
                    {{"t", "chat"}, {"table", code}, {"text", "line " + std::to_string(i)}}));
    }
    const json flood =
        request(four.all, four.a, {{"t", "chat"}, {"table", code}, {"text", "one too many"}});
    EXPECT_EQ(flood["code"], "rate_limited");
    four.a.send({{"t", "ping"}});
    wait_for(four.all, four.a, type_is("pong"), "pong after the flood");
    // Cy got all five; Bob none after muting.
    for (int i = 0; i < 4; ++i) wait_for(four.all, four.c, type_is("chat"), "Cy's copy");
    pump(four.all);
    EXPECT_FALSE(four.b.take(type_is("chat"))) << "a muted player's line reached Bob";
    // Bob's own lines still reach everyone.
    expect_ack(request(four.all, four.b, {{"t", "chat"}, {"table", code}, {"text", "hello"}}));
    wait_for(
        four.all, four.a, [](const json& m) { return m["t"] == "chat" && m["name"] == "Bob"; },
        "Bob's line");
}

TEST(Multiplayer, BlockedPlayersCannotJoinAndBlockersAreAsked) {
    Server server(temp_dir("mp_block"));
    Four four(server);
    // Ada blocks Bob; Cy blocks Ada.
    expect_ack(
        request(four.all, four.a,
                {{"t", "relation"}, {"player", four.b.player}, {"kind", "block"}, {"on", true}}));
    expect_ack(
        request(four.all, four.c,
                {{"t", "relation"}, {"player", four.a.player}, {"kind", "block"}, {"on", true}}));
    const std::string table = create(four.all, four.a, false);
    // Bob is refused; nothing changes at the table.
    const json refused = join(four.all, four.b, table);
    EXPECT_EQ(refused["code"], "blocked");
    // Cy is asked first, in the seed page's words, with Ada's name.
    const json ask = join(four.all, four.c, table);
    EXPECT_EQ(ask["code"], "confirm_blocked");
    EXPECT_NE(ask["reason"].get<std::string>().find("(Ada)"), std::string::npos);
    EXPECT_NE(ask["reason"].get<std::string>().find("that you have blocked previously"),
              std::string::npos);
    // The lobby lists the table with Ada's id at the seat, so Cy's page can mark it
    // (Cy's relations name her as blocked).
    expect_ack(request(four.all, four.c, {{"t", "lobby"}, {"on", true}}));
    wait_until(
        four.all, [&] { return four.c.lobby.size() == 1; }, "the table in Cy's lobby");
    EXPECT_EQ(four.c.lobby[table]["seats"][0]["player"], four.a.player);
    // Confirmed: Cy joins, in seat W (Bob's refusal took no seat).
    expect_ack(join(four.all, four.c, table, true));
    EXPECT_EQ(four.c.seat, "W");
    // Unblocking lets Bob in.
    expect_ack(
        request(four.all, four.a,
                {{"t", "relation"}, {"player", four.b.player}, {"kind", "block"}, {"on", false}}));
    expect_ack(join(four.all, four.b, table));
    // Relations are the player's own and survive: a new connection gets them in welcome.
    Peer again(server.port(), "Ada2");
    again.player = four.a.player;
    again.token = four.a.token;
    Peers with{&again};
    again.send({{"t", "hello"}, {"player", four.a.player}, {"token", four.a.token}});
    const json w = wait_for(with, again, type_is("welcome"), "welcome");
    EXPECT_EQ(w["name"], "Ada");
    EXPECT_TRUE(w["relations"]["block"].empty());
    EXPECT_EQ(
        request(
            with, again,
            {{"t", "relation"}, {"player", "p_nobody"}, {"kind", "mute"}, {"on", true}})["code"],
        "not_found");
}

json challenge(const Peers& peers, Peer& from, const Peer& to) {
    return request(peers, from, {{"t", "challenge"}, {"player", to.player}});
}

// The table info `who` gets for `table` that satisfies `want`.
json info_where(const Peers& peers, Peer& who, const std::string& table,
                const std::function<bool(const json&)>& want, const std::string& what) {
    return wait_for(
        peers, who,
        [&](const json& m) { return m["t"] == "table" && m["table"] == table && want(m["info"]); },
        what);
}

TEST(Multiplayer, ChallengesAskDeclineJoinWithdrawAndRespectBlocks) {
    Server server(temp_dir("mp_challenge"));
    Four four(server);
    Peer& ada = four.a;
    Peer& bob = four.b;
    Peer bob2(server.port(), "Bob");  // Bob's second tab, opened later
    Peers peers = four.all;
    peers.push_back(&bob2);
    // The table Ada's latest challenge opened: the first info of a table not seen before.
    std::set<std::string> seen;
    const auto new_table = [&] {
        const json m = wait_for(
            peers, ada,
            [&](const json& m) { return m["t"] == "table" && !seen.contains(m["table"]); },
            "the challenge table");
        seen.insert(m["table"].get<std::string>());
        return m;
    };

    // Ada challenges Bob: a private table waits for him, and he is asked.
    expect_ack(challenge(peers, ada, bob));
    json info = new_table();
    const std::string first = info["table"];
    EXPECT_EQ(info["info"]["kind"], "private");
    EXPECT_EQ(info["info"]["state"], "waiting");
    EXPECT_EQ(info["info"]["challenge"],
              json({{"player", bob.player}, {"name", "Bob"}, {"state", "pending"}}));
    json asked = wait_for(peers, bob, type_is("challenge"), "the challenge");
    EXPECT_EQ(asked["table"], first);
    EXPECT_EQ(asked["from"], json({{"player", ada.player}, {"name", "Ada"}}));
    EXPECT_EQ(asked["timer"], 30);
    // Once is enough while it is open.
    const json again = challenge(peers, ada, bob);
    EXPECT_EQ(again["code"], "state");
    EXPECT_EQ(again["reason"], "You have already challenged Bob: wait for their answer");

    // A tab Bob opens later is asked too.
    bob2.player = bob.player;
    bob2.token = bob.token;
    hello(peers, bob2, true);
    EXPECT_EQ(wait_for(peers, bob2, type_is("challenge"), "the challenge again")["table"], first);

    // Bob declines: Ada sees it; his other tab's question goes away.
    expect_ack(request(peers, bob, {{"t", "decline"}, {"table", first}}));
    info_where(
        peers, ada, first,
        [](const json& i) {
            return i["challenge"].is_object() && i["challenge"]["state"] == "declined";
        },
        "the declined challenge");
    EXPECT_EQ(wait_for(peers, bob2, type_is("challenge_over"), "challenge_over")["reason"],
              "declined");
    EXPECT_EQ(request(peers, bob, {{"t", "decline"}, {"table", first}})["code"], "not_found");
    expect_ack(request(peers, ada, {{"t", "leave"}, {"table", first}}));

    // Asked again, Bob accepts by joining: both tabs hear the challenge is over.
    expect_ack(challenge(peers, ada, bob));
    const std::string second = new_table()["table"];
    for (Peer* p : {&bob, &bob2})
        EXPECT_EQ(wait_for(peers, *p, type_is("challenge"), "the challenge")["table"], second);
    expect_ack(join(peers, bob, second));
    for (Peer* p : {&bob, &bob2}) {
        const json m = wait_for(
            peers, *p,
            [&](const json& m) { return m["t"] == "challenge_over" && m["table"] == second; },
            "challenge_over");
        EXPECT_EQ(m["reason"], "joined") << p->label();
    }
    info = info_where(
        peers, ada, second, [](const json& i) { return !i["seats"][1]["name"].is_null(); },
        "Bob seated");
    EXPECT_EQ(info["info"]["challenge"], nullptr);
    EXPECT_EQ(info["info"]["seats"][1]["player"], bob.player);
    expect_ack(request(peers, ada, {{"t", "start"}, {"table", second}}));
    for (Peer* p : {&ada, &bob}) wait_for(peers, *p, type_is("snapshot"), "the first hand");

    // Blocks work both ways, and say which way.
    expect_ack(
        request(peers, four.c,
                {{"t", "relation"}, {"player", ada.player}, {"kind", "block"}, {"on", true}}));
    json refused = challenge(peers, ada, four.c);
    EXPECT_EQ(refused["code"], "blocked");
    EXPECT_EQ(refused["reason"], "You can't challenge this player");
    expect_ack(
        request(peers, ada,
                {{"t", "relation"}, {"player", four.d.player}, {"kind", "block"}, {"on", true}}));
    refused = challenge(peers, ada, four.d);
    EXPECT_EQ(refused["code"], "blocked");
    EXPECT_EQ(refused["reason"], "You have blocked Di: unblock them to challenge them");
    EXPECT_EQ(challenge(peers, ada, ada)["code"], "bad_message");
    EXPECT_EQ(request(peers, ada, {{"t", "challenge"}, {"player", "p_nobody"}})["code"],
              "not_found");
    for (Peer* p : {&four.c, &four.d}) EXPECT_FALSE(p->take(type_is("challenge"))) << p->label();

    // Someone with no connection open cannot be asked. The test waits until the server
    // has seen Eve go (its count of players online, /api/stats) rather than challenging
    // her until it has: each challenge made before then would open a table and spend
    // Ada's budget of 5 a minute, which a slow machine used up (seen under ASan).
    {
        HttpConnection stats(server.port());
        const auto online = [&] {
            const auto res = stats.get("/api/stats");
            if (res.result_int() != 200)
                throw std::runtime_error("/api/stats answered " + std::to_string(res.result_int()) +
                                         ": " + res.body());
            return json::parse(res.body())["players_online"].get<int>();
        };
        Peer eve(server.port(), "Eve");
        Peers with{&eve};
        hello(with, eve);
        name(with, eve);
        const int with_eve = online();
        eve.close();
        const auto end = std::chrono::steady_clock::now() + 10s;
        while (online() == with_eve && std::chrono::steady_clock::now() < end)
            std::this_thread::sleep_for(50ms);  // well inside the address's request budget
        ASSERT_EQ(online(), with_eve - 1) << "the server did not see Eve go";
        const json offline = request(peers, ada, {{"t", "challenge"}, {"player", eve.player}});
        EXPECT_EQ(offline["code"], "offline");
        EXPECT_EQ(offline["reason"], "Eve is not online right now");
    }

    // Starting without the challenged player, or leaving, withdraws the challenge.
    expect_ack(
        request(peers, ada,
                {{"t", "relation"}, {"player", four.d.player}, {"kind", "block"}, {"on", false}}));
    expect_ack(challenge(peers, ada, four.d));
    const std::string third = new_table()["table"];
    wait_for(peers, four.d, type_is("challenge"), "the challenge");
    expect_ack(request(peers, ada, {{"t", "start"}, {"table", third}}));
    json over = wait_for(peers, four.d, type_is("challenge_over"), "challenge_over");
    EXPECT_EQ(over["table"], third);
    EXPECT_EQ(over["reason"], "withdrawn");
    EXPECT_EQ(request(peers, four.d, {{"t", "decline"}, {"table", third}})["code"], "not_found");

    // Three challenges so far in this minute; two more are fine (each withdrawn by
    // leaving its table), a sixth is too many.
    for (int k = 0; k < 2; ++k) {
        expect_ack(challenge(peers, ada, four.d));
        const std::string t = new_table()["table"];
        expect_ack(request(peers, ada, {{"t", "leave"}, {"table", t}}));
        over = wait_for(
            peers, four.d,
            [&](const json& m) { return m["t"] == "challenge_over" && m["table"] == t; },
            "challenge_over");
        EXPECT_EQ(over["reason"], "withdrawn");
    }
    refused = challenge(peers, ada, four.d);
    EXPECT_EQ(refused["code"], "rate_limited");
    EXPECT_EQ(refused["reason"], "You are challenging too often: at most 5 challenges a minute");

    for (Peer* p : peers) expect_no_leaks(*p);
}

TEST(Multiplayer, GracePeriodThenAComputerPlayerThenTheSeatBack) {
    Server server(temp_dir("mp_grace"), {"--grace", "1"});
    Peer a(server.port(), "Ada");
    auto b = std::make_unique<Peer>(server.port(), "Bob");
    Peers peers{&a, b.get()};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    const std::string code = two_people(peers, a, *b, {{"timer", 0}});
    const std::string bob_player = b->player, bob_token = b->token;
    b->close();
    b.reset();
    peers = {&a};
    // Ada sees Bob disconnected, then a computer player in his seat.
    wait_for(
        peers, a,
        [](const json& m) {
            return m["t"] == "table" && m["info"]["seats"][1]["connected"] == false &&
                   m["info"]["seats"][1]["away"] == false;
        },
        "Bob disconnected");
    wait_for(
        peers, a,
        [](const json& m) { return m["t"] == "table" && m["info"]["seats"][1]["away"] == true; },
        "Bob replaced", 10s);
    // The game goes on without him: Ada plays, the computer plays Bob's turns.
    play_until(peers, a, [](const json& v) {
        return v["phase"] == "play" && v["trick"]["cards"].size() == 0 &&
               v.contains("last_trick") && !v["last_trick"].is_null();
    });
    // Bob comes back: told he was replaced, and he has his seat back.
    Peer back(server.port(), "Bob");
    back.player = bob_player;
    back.token = bob_token;
    peers = {&a, &back};
    hello(peers, back, true);
    back.send({{"t", "resume"}, {"table", code}});
    wait_for(peers, back, type_is("removed"), "the removed notice");
    const json info = wait_for(peers, back, type_is("table"), "table info");
    EXPECT_EQ(info["info"]["you"], "W");
    EXPECT_EQ(info["info"]["seats"][1]["away"], false);
    EXPECT_EQ(info["info"]["seats"][1]["connected"], true);
    wait_for(peers, back, type_is("snapshot"), "snapshot");
    wait_for(
        peers, a,
        [](const json& m) {
            return m["t"] == "table" && m["info"]["seats"][1]["away"] == false &&
                   m["info"]["seats"][1]["connected"] == true;
        },
        "Bob back for Ada");
    back.seat = "W";
    back.table = code;
    play_until(peers, a, [](const json& v) { return v["phase"] == "hand_over"; });
    expect_no_leaks(a);
    expect_no_leaks(back);
}

TEST(Multiplayer, TheTurnTimerPlaysForYouAndCanBeVotedOff) {
    // A 10 s timer at scale 0.05 is half a second.
    Server server(temp_dir("mp_timer"), {"--timer-scale", "0.05"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers peers{&a, &b};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    const std::string code = two_people(peers, a, b, {{"timer", 10}});
    const json info = wait_for(
        peers, a,
        [](const json& m) { return m["t"] == "table" && !m["info"]["deadline"].is_null(); },
        "a running clock");
    EXPECT_EQ(info["info"]["timer"], 10);
    // The pass gets twice the turn: 1 s. (The deadline is what was left when the info
    // was written, just after the clock started: well over the 0.5 s of a turn.)
    const int pass_deadline = info["info"]["deadline"];
    EXPECT_LE(pass_deadline, 1000);
    EXPECT_GT(pass_deadline, 750);
    // Nobody acts: the server passes for both people.
    for (Peer* p : peers) {
        wait_for(
            peers, *p,
            [](const json& m) { return m["t"] == "update" && m["event"]["kind"] == "exchange"; },
            "the exchange after the clock", 10s);
        EXPECT_EQ(p->view["passed"].size(), 3u);
    }
    // A turn in the play gets the timer itself: 0.5 s. The first clock Ada is told of
    // after the exchange is one.
    const auto play_clock = [&]() -> std::optional<int> {
        bool exchanged = false;
        for (const json& m : a.log()) {
            if (m["t"] == "update" && m["event"]["kind"] == "exchange") exchanged = true;
            if (exchanged && m["t"] == "table" && !m["info"]["deadline"].is_null())
                return m["info"]["deadline"].get<int>();
        }
        return std::nullopt;
    };
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (!play_clock() && std::chrono::steady_clock::now() < until) {
        pump(peers);
        std::this_thread::sleep_for(5ms);
    }
    ASSERT_TRUE(play_clock()) << "no clock in the play";
    EXPECT_LE(*play_clock(), 500);
    EXPECT_GT(*play_clock(), 250);
    // Still nobody acts: after two turns in a row, a computer player takes a seat.
    const json first_away = wait_for(
        peers, a,
        [](const json& m) {
            return m["t"] == "table" &&
                   (m["info"]["seats"][0]["away"] == true || m["info"]["seats"][1]["away"] == true);
        },
        "a seat taken after repeated timeouts", 30s);
    // Only one: the other person is the last one here, so the clock goes on playing for
    // them turn by turn (the computers do not play the game out in a moment), and their
    // seat stays theirs.
    const int stays = first_away["info"]["seats"][0]["away"] == true ? 1 : 0;
    const std::string stays_seat(1, "SWNE"[stays]);
    const int hand_then = a.view["hand"];
    const std::size_t from = a.log().size();
    const auto clock_turns = [&] {
        int n = 0;
        for (std::size_t i = from; i < a.log().size(); ++i) {
            const json& m = a.log()[i];
            if (m["t"] == "update" && m["event"]["kind"] == "play" &&
                m["event"]["seat"] == stays_seat)
                ++n;
        }
        return n;
    };
    const auto turns_until = std::chrono::steady_clock::now() + 20s;
    while (clock_turns() < 3 && std::chrono::steady_clock::now() < turns_until) {
        pump(peers);
        std::this_thread::sleep_for(5ms);
    }
    ASSERT_GE(clock_turns(), 3) << "the clock stopped playing for the last person here";
    EXPECT_EQ(a.info["seats"][stays]["away"], false)
        << "the last person here lost the seat: the computers would play the game out";
    EXPECT_EQ(a.info["seats"][1 - stays]["away"], true);
    EXPECT_NE(a.view["phase"], "game_over") << "the game ran ahead of the clock";
    EXPECT_LE(a.view["hand"].get<int>(), hand_then + 1) << "the game ran ahead of the clock";
    // Taking it back works.
    for (Peer* p : peers) expect_ack(request(peers, *p, {{"t", "reclaim"}, {"table", code}}));
    // Ada suggests turning the timer off; Bob sees it; when he agrees it is off.
    expect_ack(request(peers, a, {{"t", "timer_off"}, {"table", code}}));
    wait_for(
        peers, b,
        [](const json& m) { return m["t"] == "table" && m["info"]["timer_votes"] == json({"S"}); },
        "Ada's suggestion");
    expect_ack(request(peers, b, {{"t", "timer_off"}, {"table", code}}));
    wait_for(
        peers, a,
        [](const json& m) {
            return m["t"] == "table" && m["info"]["timer"] == 0 && m["info"]["deadline"].is_null();
        },
        "the timer off");
    expect_no_leaks(a);
    expect_no_leaks(b);
}

TEST(Multiplayer, RematchAndConcede) {
    Server server(temp_dir("mp_rematch"));
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers peers{&a, &b};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    const std::string code = two_people(peers, a, b, {{"timer", 0}, {"rules", "end=20"}});
    play_until(
        peers, a, [](const json& v) { return v["phase"] == "game_over"; }, 300s);
    // Rematch: when both ask, a new table starts for both with the same seats.
    expect_ack(request(peers, a, {{"t", "rematch"}, {"table", code}}));
    wait_for(
        peers, b,
        [](const json& m) {
            return m["t"] == "table" && m["info"]["rematch_votes"] == json({"S"});
        },
        "Ada's rematch vote");
    expect_ack(request(peers, b, {{"t", "rematch"}, {"table", code}}));
    std::string next;
    for (Peer* p : peers) {
        const json r = wait_for(peers, *p, type_is("rematch"), "the rematch");
        EXPECT_EQ(r["table"], code);
        next = r["next"];
        const json snap = wait_for(
            peers, *p, [&](const json& m) { return m["t"] == "snapshot" && m["table"] == next; },
            "the new game");
        EXPECT_EQ(snap["view"]["hand"], 1);
        EXPECT_EQ(snap["view"]["scores"], json({0, 0, 0, 0}));
        p->table = next;
    }
    EXPECT_NE(next, code);
    EXPECT_EQ(a.seat, "S");
    // Ada concedes: a computer player takes her seat, Bob plays on.
    expect_ack(request(peers, a, {{"t", "concede"}, {"table", next}}));
    const json gone = wait_for(
        peers, a, [](const json& m) { return m["t"] == "table" && m["info"]["you"].is_null(); },
        "Ada out");
    EXPECT_EQ(gone["info"]["seats"][0]["human"], false);
    const json taken = wait_for(
        peers, b,
        [](const json& m) { return m["t"] == "table" && m["info"]["seats"][0]["human"] == false; },
        "Ada's seat taken");
    // The computer player in her seat goes by a computer's name, not hers.
    const std::set<std::string> computers{"Mike", "Bill", "Lisa", "Anna",
                                          "Tom",  "Kate", "Sam",  "Nora"};
    const std::string stand_in = taken["info"]["seats"][0]["name"];
    EXPECT_TRUE(computers.count(stand_in)) << stand_in;
    // Her actions there are refused now.
    EXPECT_EQ(request(peers, a, {{"t", "chat"}, {"table", next}, {"text", "hi"}})["code"],
              "not_found");
    // Bob plays the game out with three computer players: the result names the stand-in,
    // never Ada.
    Peers bob{&b};
    const auto seat_index = [](const json& seat) {  // views list names S, W, N, E
        return std::string("SWNE").find(seat.get<std::string>());
    };
    play_until(
        bob, b, [](const json& v) { return v["phase"] == "game_over"; }, 300s);
    EXPECT_EQ(b.view["names"][0], stand_in);
    for (const json& w : b.view["winners"]) EXPECT_NE(b.view["names"][seat_index(w)], "Ada");
    // A rematch Bob asks for alone: Ada's seat is a computer player's, under a
    // computer's name.
    expect_ack(request(bob, b, {{"t", "rematch"}, {"table", next}}));
    const std::string after = wait_for(bob, b, type_is("rematch"), "the rematch")["next"];
    const json third = wait_for(
        bob, b, [&](const json& m) { return m["t"] == "snapshot" && m["table"] == after; },
        "the game after");
    b.table = after;
    EXPECT_NE(third["view"]["names"][0], "Ada");
    EXPECT_TRUE(computers.count(third["view"]["names"][0].get<std::string>()))
        << third["view"]["names"].dump();
    EXPECT_EQ(third["view"]["names"][seat_index(json(b.seat))], "Bob");
    // Bob concedes too: nobody is left, the game ends.
    expect_ack(request(bob, b, {{"t", "concede"}, {"table", after}}));
    const json ended = wait_for(
        peers, b,
        [](const json& m) { return m["t"] == "table" && m["info"]["ended"] == "conceded"; },
        "the game ended");
    EXPECT_EQ(ended["info"]["state"], "finished");
}

TEST(Multiplayer, KillNineMidGameWithFourPeopleThenEveryoneResumes) {
    const std::string dir = temp_dir("mp_kill9");
    auto server = std::make_unique<Server>(dir);
    std::string code;
    std::vector<std::pair<std::string, std::string>> ids;
    std::vector<std::string> seats;
    json before;
    {
        Four four(*server);
        code = create(four.all, four.a, true, {{"timer", 0}});
        for (Peer* p : {&four.b, &four.c, &four.d}) expect_ack(join(four.all, *p, code));
        expect_ack(request(four.all, four.a, {{"t", "start"}, {"table", code}}));
        for (Peer* p : four.all) wait_for(four.all, *p, type_is("snapshot"), "snapshot");
        expect_ack(request(four.all, four.c, {{"t", "chat"}, {"table", code}, {"text", "gl hf"}}));
        // Play into the hand: four tricks. With four people and no clock nothing moves
        // until someone acts, so once everyone is there, Bob's view is the server's.
        play_to(four.all, [](const json& v) {
            return v["phase"] == "play" && v["cards"].size() == 9 && v["trick"]["cards"].empty();
        });
        for (Peer* p : four.all) {
            ids.emplace_back(p->player, p->token);
            seats.push_back(p->seat);
        }
        before = four.b.view;
        server->kill(SIGKILL);
    }
    server = std::make_unique<Server>(dir);
    Peer a2(server->port(), "Ada"), b2(server->port(), "Bob"), c2(server->port(), "Cy"),
        d2(server->port(), "Di");
    Peers back{&a2, &b2, &c2, &d2};
    come_back(back, ids, seats, code);
    for (Peer* p : back) {
        const json snap = wait_for(back, *p, type_is("snapshot"), "snapshot after restart");
        EXPECT_EQ(snap["view"]["seat"], p->seat);
        const json chat = wait_for(back, *p, type_is("chat"), "the chat again");
        EXPECT_EQ(chat["text"], "gl hf");
    }
    // Bob's position is what it was: nothing acknowledged was lost.
    EXPECT_EQ(b2.view["cards"], before["cards"]);
    EXPECT_EQ(b2.view["trick"], before["trick"]);
    EXPECT_EQ(b2.view["last_trick"], before["last_trick"]);
    play_until(
        back, a2, [](const json& v) { return v["phase"] == "hand_over"; }, 120s, false);
    for (Peer* p : back) expect_no_leaks(*p);

    // What people asked for survives too: Ada and Bob are ready for the next hand when
    // the server dies again; once Cy and Di are too, it is dealt.
    for (Peer* p : {&a2, &b2}) expect_ack(request(back, *p, {{"t", "next"}, {"table", code}}));
    server->kill(SIGKILL);
    server = std::make_unique<Server>(dir);
    Peer a3(server->port(), "Ada"), b3(server->port(), "Bob"), c3(server->port(), "Cy"),
        d3(server->port(), "Di");
    Peers third{&a3, &b3, &c3, &d3};
    come_back(third, ids, seats, code);
    const json ready = wait_for(
        third, c3,
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "the table after the second restart");
    json expected = json::array();
    for (const std::string seat : {"S", "W", "N", "E"})
        if (seat == seats[0] || seat == seats[1]) expected.push_back(seat);
    EXPECT_EQ(ready["info"]["ready"], expected);
    for (Peer* p : {&c3, &d3}) expect_ack(request(third, *p, {{"t", "next"}, {"table", code}}));
    wait_for(
        third, a3,
        [](const json& m) {
            return (m["t"] == "snapshot" || m["t"] == "update") && m["view"]["phase"] == "pass" &&
                   m["view"]["cards"].size() == 13;
        },
        "the next hand dealt");
}

}  // namespace

namespace {

TEST(Multiplayer, InactivityClosesTheConnectionWithAReason) {
    Server server(temp_dir("mp_idle"), {"--inactivity", "1"});
    Peer a(server.port(), "Ada");
    Peers peers{&a};
    hello(peers, a);
    // Pings keep a connection open but are not activity.
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (!a.closed() && std::chrono::steady_clock::now() < end) {
        a.send({{"t", "ping"}});
        for (int i = 0; i < 20 && !a.closed(); ++i) {
            pump(peers);
            std::this_thread::sleep_for(10ms);
        }
    }
    ASSERT_TRUE(a.closed());
    EXPECT_EQ(a.close_reason().rfind("inactivity", 0), 0u) << a.close_reason();
}

// Nor is a page asking what it missed at a quiet table (`resume` with `since`, which the
// browser sends after 10 s of quiet): a person who does nothing is still let go.
TEST(Multiplayer, AskingWhatWasMissedIsNotActivity) {
    Server server(temp_dir("mp_idle_resume"), {"--inactivity", "1"});
    Peer a(server.port(), "Ada");
    Peers peers{&a};
    hello(peers, a);
    name(peers, a);
    const std::string table = create(peers, a, true, {{"timer", 0}});
    expect_ack(request(peers, a, {{"t", "start"}, {"table", table}}));
    wait_for(peers, a, type_is("snapshot"), "the snapshot");
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (!a.closed() && std::chrono::steady_clock::now() < end) {
        a.send({{"t", "resume"}, {"table", table}, {"since", a.version}});
        for (int i = 0; i < 20 && !a.closed(); ++i) {
            pump(peers);
            std::this_thread::sleep_for(10ms);
        }
    }
    ASSERT_TRUE(a.closed());
    EXPECT_EQ(a.close_reason().rfind("inactivity", 0), 0u) << a.close_reason();
}

}  // namespace
