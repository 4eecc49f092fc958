// Whose turn it is, at tables with people, against a real `hearts serve`: a card played
// out of turn, a person taking a computer player's seat between hands (and refused in
// the middle of one), and the count of turns the clock played for a person, which their
// own action resets. Each check waits on a position where the server waits for a person,
// so none depends on how fast a computer player thinks.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "harness.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

int seat_index(const std::string& seat) {
    return seat == "S" ? 0 : seat == "W" ? 1 : seat == "N" ? 2 : 3;
}

// Drives `peers` (Driver) except `idle`, until `idle`'s view satisfies `done`.
json drive_others_until(const Peers& peers, Peer& idle,
                        const std::function<bool(const json&)>& done,
                        std::chrono::seconds limit = 60s) {
    Peers others;
    for (Peer* p : peers)
        if (p != &idle) others.push_back(p);
    Driver driver;
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        pump(peers);
        if (!idle.view.is_null() && done(idle.view)) return idle.view;
        if (driver.step(others)) std::this_thread::sleep_for(60ms);
        std::this_thread::sleep_for(3ms);
    }
    throw std::runtime_error(idle.label() + ": the position never came");
}

TEST(Turns, ACardPlayedOutOfTurnIsRefusedAndChangesNothing) {
    Server server(temp_dir("turns_out"));
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers peers{&a, &b};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    // No pass and no clock: play starts at once, and the server waits for whichever
    // person is to move.
    const std::string code = two_people(peers, a, b, {{"timer", 0}, {"rules", "pass=N"}});
    const auto to_move_is_person = [&](const Peer& p) {
        return p.view["phase"] == "play" &&
               (p.view["to_move"] == a.seat || p.view["to_move"] == b.seat);
    };
    // Both see the same position, a person's turn, before anyone acts.
    const auto end = std::chrono::steady_clock::now() + 20s;
    while (!(to_move_is_person(a) && to_move_is_person(b) && a.version == b.version) &&
           std::chrono::steady_clock::now() < end) {
        pump(peers);
        std::this_thread::sleep_for(3ms);
    }
    ASSERT_TRUE(to_move_is_person(a) && a.version == b.version) << a.view.dump();
    Peer& mover = a.view["to_move"] == a.seat ? a : b;
    Peer& other = &mover == &a ? b : a;
    const std::int64_t version = a.version;

    const json refused =
        request(peers, other, {{"t", "play"}, {"table", code}, {"card", other.view["cards"][0]}});
    EXPECT_EQ(refused["code"], "not_your_turn") << refused.dump();
    EXPECT_EQ(refused["reason"], "it is " + mover.label() + "'s turn");

    // An illegal card from the person to move is refused too.
    std::string illegal;
    for (const auto& c : mover.view["cards"])
        if (std::find(mover.view["legal"].begin(), mover.view["legal"].end(), c) ==
            mover.view["legal"].end())
            illegal = c;
    if (!illegal.empty()) {
        const json no = request(peers, mover, {{"t", "play"}, {"table", code}, {"card", illegal}});
        EXPECT_EQ(no["code"], "illegal") << no.dump();
    }
    // Nothing changed: the same version for both, and the person to move still may.
    for (Peer* p : peers) {
        p->send({{"t", "resume"}, {"table", code}});
        const json snap = wait_for(peers, *p, type_is("snapshot"), "a snapshot");
        EXPECT_EQ(snap["v"], version) << p->label();
        EXPECT_EQ(snap["view"]["to_move"], mover.seat);
    }
    expect_ack(
        request(peers, mover, {{"t", "play"}, {"table", code}, {"card", mover.view["legal"][0]}}));
}

TEST(Turns, APersonTakesAComputerPlayersSeatBetweenHandsButNotDuringOne) {
    Server server(temp_dir("turns_take"));
    Peer a(server.port(), "Ada"), b(server.port(), "Bob"), c(server.port(), "Cy");
    Peers players{&a, &b};
    Peers all{&a, &b, &c};
    for (Peer* p : all) {
        hello(all, *p);
        name(all, *p);
    }
    const std::string code = two_people(all, a, b, {{"timer", 0}});
    // In the middle of the hand: refused, and nothing changes at the table.
    const json refused = join(all, c, code);
    EXPECT_EQ(refused["code"], "state") << refused.dump();
    EXPECT_EQ(refused["reason"],
              "The game has started: you can take a computer player's seat between hands");
    EXPECT_TRUE(c.seat.empty());

    play_until(
        players, a, [](const json& v) { return v["phase"] == "hand_over"; }, 120s, false);
    // Between hands: Cy takes the first seat a computer player held.
    expect_ack(join(all, c, code));
    ASSERT_FALSE(c.seat.empty());
    EXPECT_NE(c.seat, a.seat);
    EXPECT_NE(c.seat, b.seat);
    const int cy = seat_index(c.seat);
    for (Peer* p : {&a, &b}) {
        const json seen = wait_for(
            all, *p,
            [&](const json& m) {
                return m["t"] == "table" && m["info"]["seats"][cy]["human"] == true;
            },
            "Cy in the seat");
        EXPECT_EQ(seen["info"]["seats"][cy]["name"], "Cy");
        EXPECT_EQ(seen["info"]["seats"][cy]["player"], c.player);
    }
    // The next hand waits for Cy too, then deals Cy a hand of their own.
    for (Peer* p : {&a, &b}) expect_ack(request(all, *p, {{"t", "next"}, {"table", code}}));
    const json waiting = wait_for(
        all, c,
        [&](const json& m) {
            return m["t"] == "table" && m["info"]["waiting_for"] == json::array({c.seat});
        },
        "the table waiting for Cy");
    EXPECT_EQ(waiting["info"]["state"], "playing");
    expect_ack(request(all, c, {{"t", "next"}, {"table", code}}));
    const json dealt = wait_for(
        all, c,
        [](const json& m) {
            return m.contains("view") && m["view"]["hand"] == 2 && m["view"]["phase"] == "pass";
        },
        "Cy's first hand");
    EXPECT_EQ(dealt["view"]["seat"], c.seat);
    EXPECT_EQ(dealt["view"]["cards"].size(), 13u);
    play_until(
        all, a, [](const json& v) { return v["phase"] == "hand_over" && v["hand"] == 2; }, 120s,
        false);
    for (Peer* p : all) expect_no_leaks(*p);
}

TEST(Turns, APersonsOwnActionResetsTheCountOfTurnsTheClockPlayed) {
    // A 10 s timer at scale 0.1: 2 s to pass, 1 s a turn. Two turns in a row played by the
    // clock give the seat to a computer player.
    Server server(temp_dir("turns_reset"), {"--timer-scale", "0.1"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers peers{&a, &b};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    const std::string code = two_people(peers, a, b, {{"timer", 10}});
    const int bob = seat_index(b.seat);
    // Bob's turn in the play, at a position after version `since`.
    const auto bobs_turn_after = [&](std::int64_t since) {
        return [&b, since](const json& v) {
            return v["phase"] == "play" && v["to_move"] == b.seat && b.version > since;
        };
    };
    const auto away = [&] { return !b.info.is_null() && b.info["seats"][bob]["away"] == true; };

    // 1. Bob lets the clock pass for him (one turn played by the clock): then the cards
    // are exchanged.
    drive_others_until(peers, b, [](const json& v) { return v["phase"] != "pass"; });
    EXPECT_FALSE(away());
    // 2. On his first turn in the play he acts himself: the count starts again.
    const json first = drive_others_until(peers, b, bobs_turn_after(-1));
    const std::int64_t turn1 = b.version;
    b.send({{"t", "play"}, {"table", code}, {"card", first["legal"][0]}});
    // 3. On his next turn he lets the clock play: one in a row again, so he keeps his seat.
    drive_others_until(peers, b, bobs_turn_after(turn1));
    const std::int64_t turn2 = b.version;
    drive_others_until(peers, b, bobs_turn_after(turn2));
    EXPECT_FALSE(away()) << "one turn in a row played by the clock took the seat";
    // 4. And once more: two in a row, and a computer player takes the seat.
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (!away() && std::chrono::steady_clock::now() < end) {
        pump(peers);
        std::this_thread::sleep_for(5ms);
    }
    EXPECT_TRUE(away()) << "two turns in a row played by the clock left the seat with Bob";
}

}  // namespace
