// Crash recovery: games with computer players and with scripted people run while the
// server is killed with SIGKILL at random moments (so sometimes in the middle of a
// SQLite write) and restarted, again and again. Every acknowledged action must survive
// (after each restart a table's version is at least the highest one acknowledged), and
// every game resumes and finishes with the scores its stored record gives.
//
// HEARTS_CRASH_ROUNDS sets the number of kills (default 8); tools/crash-loop.sh runs
// many more. Last, a write that fails: the table comes back from what is stored.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <sqlite3.h>

#include <boost/beast/http.hpp>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "../postgres_instance.h"
#include "harness.h"
#include "hearts/record.h"
#include "http.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

// One person's game as the test tracks it.
struct Tracked {
    Tracked(std::string p, std::string k, std::string t, std::string s)
        : player(std::move(p)), token(std::move(k)), table(std::move(t)), seat(std::move(s)) {}
    std::string player, token, table, seat;
    std::int64_t acked_version = 0;  // the highest version acknowledged to this person
    json last_view;
    bool over = false;
    bool ended_unseen = false;
};

json get_record(unsigned short port, const Tracked& t) {
    const auto res = http_get(port, "/api/games/" + t.table + "/record.json",
                              {{"Authorization", "Bearer " + t.player + ":" + t.token}});
    if (res.result() != http::status::ok)
        throw std::runtime_error("record of " + t.table + ": HTTP " +
                                 std::to_string(res.result_int()));
    return json::parse(res.body());
}

// Acts for every connected person whose turn it is, with request ids, and records the
// version each ack carries.
class Players {
  public:
    explicit Players(std::vector<Tracked>& tracked) : tracked_(tracked) {}

    void connect(unsigned short port) {
        peers_.clear();
        owned_.clear();
        for (Tracked& t : tracked_) {
            owned_.push_back(std::make_unique<Peer>(port, t.seat + "@" + t.table));
            peers_.push_back(owned_.back().get());
        }
        for (std::size_t k = 0; k < tracked_.size(); ++k) {
            Tracked& t = tracked_[k];
            Peer& p = *peers_[k];
            p.player = t.player;
            p.token = t.token;
            hello(peers_, p, true);
            p.table = t.table;
            p.seat = t.seat;
            p.send({{"t", "resume"}, {"table", t.table}});
            const json snap = wait_for(
                peers_, p,
                [&](const json& m) {
                    return (m["t"] == "snapshot" && m["table"] == t.table) || m["t"] == "error";
                },
                "snapshot after restart");
            if (snap["t"] == "error") {
                // Only a finished game is no longer live: it ended just before the kill,
                // before this person saw the last view. Its record is checked below.
                EXPECT_EQ(snap["code"], "not_found") << snap.dump();
                t.over = t.ended_unseen = true;
                continue;
            }
            // Nothing acknowledged is lost: the table is at least where the acks said.
            EXPECT_GE(snap["v"].get<std::int64_t>(), t.acked_version)
                << "table " << t.table << " lost acknowledged actions";
            t.last_view = snap["view"];
        }
    }

    // Drives the games for `duration` (or until all are over).
    void drive(std::chrono::milliseconds duration) {
        const auto end = std::chrono::steady_clock::now() + duration;
        while (std::chrono::steady_clock::now() < end) {
            pump(peers_);
            bool all_over = true;
            for (std::size_t k = 0; k < tracked_.size(); ++k) {
                Tracked& t = tracked_[k];
                Peer& p = *peers_[k];
                while (auto m = p.take([](const json&) { return true; })) {
                    if ((*m)["t"] == "ack" && (*m)["id"].get<int>() >= 100) {
                        t.acked_version = std::max(t.acked_version, (*m)["v"].get<std::int64_t>());
                    } else if ((*m)["t"] == "error" && (*m)["code"] != "illegal" &&
                               (*m)["code"] != "not_your_turn") {
                        if (m->value("code", "") == "server" && database_may_fail) {
                            ++database_errors;
                            told_waiting +=
                                m->value("reason", "").find("waiting for its database") !=
                                std::string::npos;
                        } else
                            ADD_FAILURE() << p.label() << ": " << m->dump();
                    }
                    if (m->contains("view") && (*m)["table"] == t.table) t.last_view = (*m)["view"];
                }
                t.over = t.ended_unseen ||
                         (!t.last_view.is_null() && t.last_view["phase"] == "game_over");
                all_over = all_over && t.over;
                act(p, t);
            }
            if (all_over) return;
            std::this_thread::sleep_for(8ms);
        }
    }

    bool all_over() const {
        return std::all_of(tracked_.begin(), tracked_.end(),
                           [](const Tracked& t) { return t.over; });
    }

    // Whether someone's hand is down to its last card (its hand's last trick is played).
    bool last_trick() const {
        return std::any_of(tracked_.begin(), tracked_.end(), [](const Tracked& t) {
            return !t.last_view.is_null() && t.last_view["phase"] == "play" &&
                   t.last_view["cards"].size() <= 1;
        });
    }

    // While the database restarts, a move may be refused for "server" reasons: counted.
    bool database_may_fail = false;
    int database_errors = 0;
    int told_waiting = 0;  // "This game is waiting for its database"

  private:
    void act(Peer& p, Tracked& t) {
        const json& v = t.last_view;
        if (v.is_null() || p.closed() || t.ended_unseen) return;
        const std::string phase = v["phase"];
        const std::string position =
            v["hand"].dump() + phase + v["cards"].dump() + v["trick"].dump() + v["passed"].dump();
        auto& last = acted_[&t];
        if (last.first == position &&
            std::chrono::steady_clock::now() - last.second < std::chrono::milliseconds(800))
            return;  // acted here already (re-sent after a while: the ack may have been lost)
        json m;
        if (phase == "pass" && v["passed"].empty() && v["pass"] != "none") {
            m = {{"t", "pass"},
                 {"table", t.table},
                 {"cards", json::array({v["cards"][0], v["cards"][1], v["cards"][2]})}};
        } else if (phase == "play" && v["to_move"] == t.seat && !v["legal"].empty()) {
            m = {{"t", "play"}, {"table", t.table}, {"card", v["legal"][0]}};
        } else if (phase == "moon" && v["to_move"] == t.seat) {
            m = {{"t", "moon"}, {"table", t.table}, {"choice", "others"}};
        } else if (phase == "hand_over") {
            m = {{"t", "next"}, {"table", t.table}};
        } else {
            return;
        }
        // Paced under the server's rate limit (20 messages a second per connection).
        if (std::chrono::steady_clock::now() - p_last_[&p] < std::chrono::milliseconds(60)) return;
        p_last_[&p] = std::chrono::steady_clock::now();
        m["id"] = ++id_;
        last = {position, std::chrono::steady_clock::now()};
        p.send(m);
    }

    std::vector<Tracked>& tracked_;
    std::vector<std::unique_ptr<Peer>> owned_;
    Peers peers_;
    std::map<const Tracked*, std::pair<std::string, std::chrono::steady_clock::time_point>> acted_;
    std::map<const Peer*, std::chrono::steady_clock::time_point> p_last_;
    int id_ = 100;
};

// The crash loop, against the store `serve_args` choose.
void kill_nine_at_random_moments(const std::vector<std::string>& serve_args) {
    const char* env = std::getenv("HEARTS_CRASH_ROUNDS");
    const int rounds = env ? std::max(1, std::atoi(env)) : 8;
    const std::string dir = temp_dir("crash");
    auto server = std::make_unique<Server>(dir, serve_args);

    // Two solo games (one person, three computer players) and one table with two people
    // and two computer players.
    std::vector<Tracked> tracked;
    {
        Peer s1(server->port(), "solo1"), s2(server->port(), "solo2"), a(server->port(), "Ada"),
            b(server->port(), "Bob");
        Peers all{&s1, &s2, &a, &b};
        for (Peer* p : all) hello(all, *p);
        for (Peer* p : {&s1, &s2}) {
            p->send({{"t", "new_game"}, {"id", 1}, {"rules", "end=60"}, {"level", "random"}});
            const json snap = wait_for(all, *p, type_is("snapshot"), "solo snapshot");
            tracked.emplace_back(p->player, p->token, snap["table"].get<std::string>(), "S");
        }
        name(all, a);
        name(all, b);
        const std::string code = create(all, a, true, {{"timer", 0}, {"rules", "end=60"}});
        expect_ack(join(all, b, code));
        expect_ack(request(all, a, {{"t", "start"}, {"table", code}}));
        tracked.emplace_back(a.player, a.token, code, a.seat);
        tracked.emplace_back(b.player, b.token, code, b.seat);
    }

    std::mt19937 rng(20261130);
    std::uniform_int_distribution<int> pause(30, 700);
    Players players(tracked);
    int kills = 0;
    for (int round = 0; round < rounds && !players.all_over(); ++round) {
        players.connect(server->port());
        players.drive(std::chrono::milliseconds(pause(rng)));
        server->kill(SIGKILL);
        ++kills;
        server = std::make_unique<Server>(dir, serve_args);
    }
    // Let every game finish.
    players.connect(server->port());
    players.drive(std::chrono::seconds(240));
    ASSERT_TRUE(players.all_over()) << "not every game finished";

    // Each finished game's record replays to the scores its players saw.
    for (const Tracked& t : tracked) {
        const json record = get_record(server->port(), t);
        auto game = hearts::load_record(record.dump());
        ASSERT_TRUE(game) << game.error().reason;
        const auto scores = game->scores();
        if (!t.ended_unseen) {
            EXPECT_EQ(json(std::vector<int>(scores.begin(), scores.end())), t.last_view["scores"])
                << t.table;
        }
        EXPECT_EQ(game->phase(), hearts::Phase::GameOver);
    }
    std::printf("crash recovery: %d kills, %zu games finished with scores matching their records\n",
                kills, tracked.size() - 1);
}

// PostgreSQL goes down (as in a crash) for a while and comes back while the games go on:
// the moves it could not save are refused with a reason, the tables come back by
// themselves at the last card saved, and every game plays to its end with its record
// matching what its people saw.
TEST(DatabaseRestart, PostgreSQLGoesDownAndPlayGoesOnWhenItIsBack) {
    auto& postgres = hearts::testing::PostgresInstance::get();
    const std::string url = postgres.fresh_database();
    const std::string dir = temp_dir("pg-restart");
    Server server(dir, {"--database", url});
    std::vector<Tracked> tracked;
    {
        Peer s1(server.port(), "solo1"), s2(server.port(), "solo2");
        Peers all{&s1, &s2};
        for (Peer* p : all) hello(all, *p);
        for (Peer* p : all) {
            p->send({{"t", "new_game"}, {"id", 1}, {"rules", "end=40"}, {"level", "random"}});
            const json snap = wait_for(all, *p, type_is("snapshot"), "solo snapshot");
            tracked.emplace_back(p->player, p->token, snap["table"].get<std::string>(), "S");
        }
    }
    Players players(tracked);
    players.connect(server.port());
    players.drive(std::chrono::milliseconds(600));
    ASSERT_FALSE(players.all_over()) << "the games ended before the restart";
    players.database_may_fail = true;
    postgres.halt();
    players.drive(std::chrono::milliseconds(1500));
    EXPECT_GT(players.database_errors, 0) << "no move met the database down";
    EXPECT_GT(players.told_waiting, 0) << "nobody was told the game waits for its database";
    postgres.resume();
    players.drive(std::chrono::seconds(120));
    ASSERT_TRUE(players.all_over()) << "not every game finished after PostgreSQL restarted";
    for (const Tracked& t : tracked) {
        const json record = get_record(server.port(), t);
        auto game = hearts::load_record(record.dump());
        ASSERT_TRUE(game) << game.error().reason;
        const auto scores = game->scores();
        EXPECT_EQ(json(std::vector<int>(scores.begin(), scores.end())), t.last_view["scores"]);
    }
    // Each page asks again while the database is away; the server says so once a table
    // (router/live_tables.cpp, `log_table_error`), not once a try.
    const std::string log = server.log_text();
    for (const Tracked& t : tracked) {
        const std::string line = "table " + t.table + ": could not read it";
        int lines = 0;
        for (auto at = log.find(line); at != std::string::npos; at = log.find(line, at + 1))
            ++lines;
        EXPECT_LE(lines, 1) << line << ", logged " << lines << " times in 1.5 s";
    }
    std::printf("PostgreSQL down for 1.5 s: %d moves refused meanwhile, every game finished\n",
                players.database_errors);
    postgres.drop(url);
}

// A rated game's end is stored with its ratings in one transaction (docs/ratings.md): a
// server killed (kill -9) during the last trick, or a moment after it, rates the game once,
// never twice and never not at all. Each round is a public table of Ada and Bob whose game
// ends with its first hand; each person then asks for their ratings, as a page does.
TEST(CrashRecovery, KillNineAtARatedGamesEndRatesItOnce) {
    const std::string dir = temp_dir("crash-rated");
    auto server = std::make_unique<Server>(dir);
    std::vector<std::pair<std::string, std::string>> people;  // player, token
    {
        Peer a(server->port(), "Ada"), b(server->port(), "Bob");
        Peers all{&a, &b};
        for (Peer* p : all) {
            hello(all, *p);
            name(all, *p);
            people.emplace_back(p->player, p->token);
        }
    }
    const auto again = [&](Peer& p, std::size_t k, const Peers& all) {
        p.player = people[k].first;
        p.token = people[k].second;
        hello(all, p, true);
    };
    std::mt19937 rng(20261207);
    std::uniform_int_distribution<int> late(0, 300);
    constexpr int kRounds = 3;
    int ended_before = 0;
    for (int round = 0; round < kRounds; ++round) {
        std::vector<Tracked> tracked;
        {
            Peer a(server->port(), "Ada"), b(server->port(), "Bob");
            Peers all{&a, &b};
            again(a, 0, all);
            again(b, 1, all);
            const std::string code = create(all, a, false, {{"timer", 0}, {"rules", "end=1"}});
            expect_ack(join(all, b, code));
            expect_ack(request(all, a, {{"t", "start"}, {"table", code}}));
            tracked.emplace_back(a.player, a.token, code, a.seat);
            tracked.emplace_back(b.player, b.token, code, b.seat);
        }
        Players players(tracked);
        players.connect(server->port());
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (!players.all_over() && !players.last_trick() &&
               std::chrono::steady_clock::now() < until)
            players.drive(std::chrono::milliseconds(20));
        players.drive(std::chrono::milliseconds(late(rng)));
        server->kill(SIGKILL);
        server = std::make_unique<Server>(dir);
        players.connect(server->port());
        ended_before += players.all_over();  // its end was stored before the kill
        players.drive(std::chrono::seconds(60));
        ASSERT_TRUE(players.all_over()) << "round " << round << ": the game did not finish";
    }
    // Each person has exactly one rated game a round on the board of these rules.
    for (std::size_t k = 0; k < people.size(); ++k) {
        Peer p(server->port(), k == 0 ? "Ada" : "Bob");
        Peers all{&p};
        again(p, k, all);
        expect_ack(request(all, p, {{"t", "leaderboard"}, {"rules", "end=1"}}));
        const json board = wait_for(all, p, type_is("leaderboard"), "the leaderboard");
        ASSERT_EQ(board["boards"].size(), 1u) << board.dump();
        EXPECT_EQ(board["boards"][0]["games"], kRounds) << board.dump();
        EXPECT_EQ(board["history"].size(), std::size_t(kRounds)) << board.dump();
    }
    std::printf(
        "rated game ends: %d kills in the last trick or just after (%d after the end was stored), "
        "each game rated once\n",
        kRounds, ended_before);
}

TEST(CrashRecovery, KillNineAtRandomMomentsLosesNothingAcknowledged) {
    kill_nine_at_random_moments({});
}

// The same promise with the games in PostgreSQL (a server of the test's own): the killed
// server's session ends, the next one takes the writer's lock and resumes every table.
TEST(CrashRecovery, KillNineWithPostgreSQLLosesNothingAcknowledged) {
    auto& postgres = hearts::testing::PostgresInstance::get();
    const std::string url = postgres.fresh_database();
    kill_nine_at_random_moments({"--database", url});
    postgres.drop(url);
}

// Another program holds the server's database locked for writing (a backup tool, the
// sqlite3 shell in the middle of a transaction) for as long as this object lives. WAL
// lets the server read meanwhile; its writes wait for the busy timeout, then fail.
class OutsideWriteLock {
  public:
    explicit OutsideWriteLock(const std::string& dir) {
        if (sqlite3_open((dir + "/hearts.db").c_str(), &db_) != SQLITE_OK)
            throw std::runtime_error("could not open the database: " +
                                     std::string(sqlite3_errmsg(db_)));
        sqlite3_busy_timeout(db_, 10000);
        if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw std::runtime_error("could not lock the database: " +
                                     std::string(sqlite3_errmsg(db_)));
    }
    ~OutsideWriteLock() { release(); }
    void release() {
        if (!db_) return;
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(db_);
        db_ = nullptr;
    }

  private:
    sqlite3* db_ = nullptr;
};

// A write the database refuses (here: another program holds it locked for longer than
// the server waits). The person's card is applied in memory at once and its write
// queued; when the write fails, they get an error for that card instead of its ack,
// nothing that followed it in memory is ever shown, and the table comes back from the
// database at the card stored.
TEST(WriteFailure, TheCardIsRefusedAndTheTableComesBackAsStored) {
    const std::string dir = temp_dir("write_failure");
    Server server(dir);
    Peer me(server.port(), "Me");
    Peers one{&me};
    hello(one, me);
    me.send({{"t", "new_game"}, {"level", "random"}});
    me.table = wait_for(one, me, type_is("snapshot"), "my game")["table"];
    me.seat = "S";
    // South to play: every action so far is stored (nothing is shown before it is).
    play_to(one, [](const json& v) { return v["phase"] == "play" && v["to_move"] == "S"; });
    const json legal = me.view["legal"];
    ASSERT_FALSE(legal.empty());
    const std::string mine = legal.front();  // what the person clicks
    const std::size_t cards = me.view["cards"].size();
    OutsideWriteLock locked(dir);
    me.drop_unread();

    const json refused = request(one, me, {{"t", "play"}, {"table", me.table}, {"card", mine}});
    ASSERT_EQ(refused["t"], "error") << refused.dump();
    EXPECT_EQ(refused["code"], "server");
    const std::string reason = refused["reason"];
    EXPECT_NE(reason.find("could not save the move"), std::string::npos) << reason;
    EXPECT_NE(reason.find("database is locked"), std::string::npos) << reason;

    // The table is back at the card stored: the person still holds the card.
    const json snap = wait_for(one, me, type_is("snapshot"), "the table as stored");
    const json hand = snap["view"]["cards"];
    EXPECT_EQ(hand.size(), cards);
    EXPECT_NE(std::find(hand.begin(), hand.end(), mine), hand.end()) << hand.dump();
    EXPECT_EQ(snap["view"]["to_move"], "S");
    // Nothing applied only in memory reached the person: no update before the snapshot
    // showed their own card played.
    for (const json& m : me.log()) {
        if (m["t"] == "snapshot") break;
        if (m["t"] == "update" && m["event"]["kind"] == "play" && m["event"]["seat"] == "S")
            ADD_FAILURE() << "shown before it was stored: " << m.dump();
    }
    // Once the other program lets go, the game goes on from there.
    locked.release();
    play_until(one, me, [&](const json& v) { return v["cards"].size() <= cards - 2; });
}

}  // namespace
