// The firewalls (docs/server.md, "The boundary rule"): whatever throws inside a
// connection's handler, a table's strand, a computer player's search or the writer costs
// that connection or table alone, is logged once, and the table comes back from the
// database at the last card saved. The server's test hooks (`--inject-faults`: a chat line
// "fault: …") throw inside each boundary while other people play on.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

void say_hello(const Peers& peers) {
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
}

// The first position, from `cards` cards in hand down, where a trick is to be led by one
// of the people `a` and `b` (no computer player is thinking then, and nobody acts past it).
std::function<bool(const json&)> led_by(const Peer& a, const Peer& b, std::size_t cards) {
    return [sa = a.seat, sb = b.seat, cards](const json& v) {
        return v["phase"] == "play" && v["cards"].size() <= cards && v["trick"]["cards"].empty() &&
               (v["to_move"] == sa || v["to_move"] == sb);
    };
}

// Everything a fault costs: the asker's answer, the table's people shown it again at the
// version it had, one line in the log, and nothing at the other table.
TEST(Firewall, ATableThatThrowsComesBackAtTheLastCardAndTheOtherTablePlaysOn) {
    Server server(temp_dir("fault_table"), {"--inject-faults"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peer c(server.port(), "Cy"), d(server.port(), "Di");
    Peers all{&a, &b, &c, &d};
    say_hello(all);
    const std::string one = two_people(all, a, b, {{"timer", 0}});
    const std::string two = two_people(all, c, d, {{"timer", 0}});
    a.table = b.table = one;
    c.table = d.table = two;
    play_to({&a, &b}, led_by(a, b, 11));
    const std::int64_t version = a.version;
    const std::size_t cards = a.view["cards"].size();

    const json refused = request(all, a, {{"t", "chat"}, {"table", one}, {"text", "fault: table"}});
    EXPECT_EQ(refused["t"], "error");
    EXPECT_EQ(refused["code"], "server");
    // Both of its people are shown the table again, as it was stored.
    for (Peer* p : {&a, &b}) {
        const json snap = wait_for(
            all, *p, [&](const json& m) { return m["t"] == "snapshot" && m["table"] == one; },
            p->label() + "'s table, loaded again");
        EXPECT_EQ(snap["v"], version);
        EXPECT_EQ(snap["view"]["cards"].size(), cards);
    }
    // Logged once, with the table.
    const std::string log = server.log_text();
    EXPECT_EQ(count_of(log, "table " + one + ": a handler failed"), 1u) << log;
    // The other table never noticed, and both play on.
    for (Peer* p : {&c, &d})
        for (const json& m : p->log()) EXPECT_NE(m["t"], "error") << p->label() << m.dump();
    play_to({&a, &b}, led_by(a, b, cards - 2));
    play_to({&c, &d}, led_by(c, d, 9));
    EXPECT_TRUE(server.running());
    for (Peer* p : all) expect_no_leaks(*p);
}

// The writer's store throws for one batch: that table's move is refused and the table
// comes back from the database; the writer's thread and the server go on.
TEST(Firewall, AWriterThatThrowsFailsOneBatchAndTheTableComesBack) {
    Server server(temp_dir("fault_writer"), {"--inject-faults"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers two{&a, &b};
    say_hello(two);
    const std::string table = two_people(two, a, b, {{"timer", 0}});
    a.table = b.table = table;
    play_to(two, led_by(a, b, 12));
    const std::size_t cards = a.view["cards"].size();
    // The hook's own answer goes out unwritten; the next write (a card) is the one that fails.
    expect_ack(request(two, a, {{"t", "chat"}, {"table", table}, {"text", "fault: writer"}}));
    Peer& mover = a.view["to_move"] == a.seat ? a : b;
    const json failed =
        request(two, mover, {{"t", "play"}, {"table", table}, {"card", mover.view["legal"][0]}});
    EXPECT_EQ(failed["t"], "error") << failed.dump();
    wait_for(
        two, mover, [&](const json& m) { return m["t"] == "snapshot" && m["table"] == table; },
        "the table loaded again");
    EXPECT_EQ(mover.view["cards"].size(), cards);  // the card was not played
    EXPECT_EQ(count_of(server.log_text(), "group commit: the store failed a batch"), 1u);
    play_to(two, led_by(a, b, cards - 2));
    EXPECT_TRUE(server.running());
}

// A computer player's search throws on the bot pool: its table comes back and the
// computer player plays on.
TEST(Firewall, AComputerPlayerWhoseSearchThrowsCostsItsTableAReloadOnly) {
    Server server(temp_dir("fault_bot"), {"--inject-faults"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers two{&a, &b};
    say_hello(two);
    const std::string table = two_people(two, a, b, {{"timer", 0}});
    a.table = b.table = table;
    play_to(two, led_by(a, b, 12));
    const std::size_t cards = a.view["cards"].size();
    expect_ack(request(two, a, {{"t", "chat"}, {"table", table}, {"text", "fault: bot"}}));
    // The next search (East's or West's card) throws; the table is loaded again, and the
    // computer players then play the hand on with everyone else.
    play_to(two, led_by(a, b, cards - 3));
    const std::string log = server.log_text();
    EXPECT_EQ(count_of(log, "a computer player's search failed"), 1u) << log;
    EXPECT_TRUE(server.running());
}

// The search fails while a person's card is still being written (a slow disk): the table
// waits for that write and is read again with the card in it, so the game goes on from
// there. Read again without it, the person was shown the card back in their hand, and a
// client that had seen its card played waited for good (it failed so one time in eight
// under load, before the wait).
TEST(Firewall, ACardOnItsWayToTheDiskWhenTheTableFailsIsKept) {
    Server server(temp_dir("fault_bot_slow"), {"--inject-faults"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers two{&a, &b};
    say_hello(two);
    const std::string table = two_people(two, a, b, {{"timer", 0}});
    a.table = b.table = table;
    // The person whose left-hand neighbour is a computer player (play goes S, W, N, E).
    const auto left_of = [](const std::string& s) -> std::string {
        return s == "S" ? "W" : s == "W" ? "N" : s == "N" ? "E" : "S";
    };
    const Peer& first = left_of(a.seat) != b.seat ? a : b;
    const auto to_move = [&](std::size_t cards) {
        return [seat = first.seat, cards](const json& v) {
            return v["phase"] == "play" && v["to_move"] == seat && v["cards"].size() <= cards;
        };
    };
    play_to(two, to_move(12));
    const std::size_t cards = first.view["cards"].size();
    // Their card's write takes 300 ms, and the computer player after them searches at once
    // and throws, while the card is on its way.
    for (const char* fault : {"fault: bot", "fault: slow disk"})
        expect_ack(request(two, a, {{"t", "chat"}, {"table", table}, {"text", fault}}));
    play_to(two, to_move(cards - 3));
    const std::string log = server.log_text();
    EXPECT_EQ(count_of(log, "a computer player's search failed"), 1u) << log;
    EXPECT_TRUE(server.running());
}

// A connection whose handler throws is closed (1011) and logged once; the others at its
// table, and the table itself, go on, and the person comes back on a new connection.
TEST(Firewall, AConnectionThatThrowsIsClosedAloneAndComesBack) {
    Server server(temp_dir("fault_connection"), {"--inject-faults"});
    Peer a(server.port(), "Ada"), b(server.port(), "Bob");
    Peers two{&a, &b};
    say_hello(two);
    const std::string table = two_people(two, a, b, {{"timer", 0}});
    a.table = b.table = table;
    play_to(two, led_by(a, b, 12));
    const std::size_t cards = a.view["cards"].size();
    a.send({{"t", "chat"}, {"id", 1}, {"table", table}, {"text", "fault: connection"}});
    wait_until(
        two, [&] { return a.closed(); }, "Ada's connection closed");
    EXPECT_EQ(a.close_code(), 1011);
    EXPECT_FALSE(b.closed());
    Peer back(server.port(), "Ada");
    Peers again{&back, &b};
    come_back({&back}, {{a.player, a.token}}, {a.seat}, table);
    play_to(again, led_by(back, b, cards - 2));
    EXPECT_EQ(count_of(server.log_text(), "a fault injected for a test"), 1u);
}

}  // namespace
