// The table actor in process: the game service with its io threads, its computer players
// and a SQLite store in memory (/dev/shm), and people as in-process clients. No server is
// spawned and no socket opened, so a rule of the table is checked in milliseconds; the
// turn clocks run 200 times faster (`timer_scale`). The integration tests drive the same
// rules through a real `hearts serve`.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "model/names.h"
#include "protocol/client.h"
#include "protocol/messages.h"
#include "router/service.h"
#include "store/store.h"
#include "threads/io_pool.h"

namespace hearts::server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

// A person's page, in process: every frame it is sent, and its last view of its table.
class Person : public Client {
  public:
    explicit Person(std::string label) : label_(std::move(label)) { address = "10.0.0.1"; }

    void send(std::shared_ptr<const std::string> frame) override {
        json m = json::parse(*frame);
        std::lock_guard lock(mutex_);
        if (m.contains("view")) view_ = m["view"];
        log_.push_back(std::move(m));
        changed_.notify_all();
    }
    void reconnect(std::string why) override {
        std::lock_guard lock(mutex_);
        reconnects_.push_back(std::move(why));
    }

    /// The first message after the last one waited for that `pred` accepts.
    json wait_for(const std::function<bool(const json&)>& pred, const std::string& what) {
        std::unique_lock lock(mutex_);
        json found;
        const bool came = changed_.wait_for(lock, 20s, [&] {
            for (; seen_ < log_.size(); ++seen_) {
                if (pred(log_[seen_])) {
                    found = log_[seen_++];
                    return true;
                }
            }
            return false;
        });
        if (!came) ADD_FAILURE() << label_ << " never got " << what;
        return found;
    }
    json view() {
        std::lock_guard lock(mutex_);
        return view_;
    }
    std::vector<json> log() {
        std::lock_guard lock(mutex_);
        return log_;
    }
    const std::string& label() const { return label_; }

    std::string token, table, seat;

  private:
    const std::string label_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<json> log_;
    std::size_t seen_ = 0;
    json view_;
    std::vector<std::string> reconnects_;
};

// Whether `pred` (over the people's latest views) holds within 20 s: asked again each
// millisecond.
bool eventually(const std::function<bool()>& pred) {
    const auto end = std::chrono::steady_clock::now() + 20s;
    while (!pred()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

ServiceOptions quick() {
    ServiceOptions o;
    o.timer_scale = 0.005;  // a 10 s turn clock runs out in 50 ms
    o.bot_threads = 1;
    o.sync_interval_ms = 0;
    o.keep_finished_seconds = 0.1;  // a finished table leaves memory at once
    return o;
}

// The server without its network: started per test, stopped and removed at its end.
class TableInProcess : public ::testing::Test {
  protected:
    void SetUp() override {
        const char* shm = fs::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
        std::string pattern = std::string(shm) + "/hearts-inprocess-XXXXXX";
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        auto store = Store::open(dir_.string());
        ASSERT_TRUE(store) << store.error().reason;
        store_ = std::move(store).value();
        warm_up_names();
        io_ = std::make_unique<IoPool>(2);
        service_ = std::make_unique<GameService>(*io_, *store_, quick());
        ASSERT_TRUE(service_->restore());
        runner_ = std::thread([this] { io_->run(); });
    }
    void TearDown() override {
        io_->stop();
        if (runner_.joinable()) runner_.join();
        service_.reset();
        io_.reset();
        store_.reset();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    void deliver(const std::shared_ptr<Person>& p, const json& m) {
        const std::string text = m.dump();
        auto parsed = parse_client_message(text);
        auto* message = std::get_if<ClientMessage>(&parsed);
        ASSERT_NE(message, nullptr) << text;
        service_->handle(p, *message, text);
    }
    // Sends `m` with a fresh id; returns its ack or its error.
    json request(const std::shared_ptr<Person>& p, json m) {
        const int id = ++next_id_;
        m["id"] = id;
        deliver(p, m);
        return p->wait_for(
            [id](const json& a) { return (a["t"] == "ack" || a["t"] == "error") && a["id"] == id; },
            "the answer to " + m.dump());
    }
    std::shared_ptr<Person> person(const std::string& name) {
        auto p = std::make_shared<Person>(name);
        deliver(p, {{"t", "hello"}});
        const json w = p->wait_for([](const json& m) { return m["t"] == "welcome"; }, "welcome");
        p->token = w["token"];
        EXPECT_EQ(request(p, {{"t", "set_name"}, {"name", name}})["t"], "ack");
        return p;
    }
    // Ada opens a private table (`extra` its options), Bob joins it by its code, and Ada
    // starts it with two computer players; both have their snapshot.
    // Ada opens a table (private unless `extra` says), Bob joins, `before_start` runs with
    // the new table's first info, and Ada starts it.
    std::string table_of_two(const std::shared_ptr<Person>& ada, const std::shared_ptr<Person>& bob,
                             json extra,
                             const std::function<void(const json&)>& before_start = {}) {
        json create = {{"t", "create_table"}, {"private", true}};
        for (auto& [k, v] : extra.items()) create[k] = v;
        EXPECT_EQ(request(ada, create)["t"], "ack");
        const json info = ada->wait_for(
            [](const json& m) { return m["t"] == "table" && !m["info"]["you"].is_null(); },
            "the new table's info");
        const std::string table = info["table"];
        EXPECT_EQ(request(bob, {{"t", "join"}, {"table", table}})["t"], "ack");
        if (before_start) before_start(info);
        EXPECT_EQ(request(ada, {{"t", "start"}, {"table", table}})["t"], "ack");
        for (const auto& p : {ada, bob}) {
            const json snap =
                p->wait_for([](const json& m) { return m["t"] == "snapshot"; }, "snapshot");
            p->table = table;
            p->seat = snap["view"]["seat"];
        }
        return table;
    }
    // Waits until `p`'s latest view satisfies `pred`, and returns it (null if it never did).
    json view_when(const std::shared_ptr<Person>& p, const std::function<bool(const json&)>& pred,
                   const std::string& what) {
        if (eventually([&] { return pred(p->view()); })) return p->view();
        ADD_FAILURE() << p->label() << "'s view never showed " << what << ": " << p->view().dump();
        return json();
    }

    // Ada and Bob act whenever it is their turn (their first three cards to pass, their
    // first legal card, a moon's 26 to the others, the next hand once one is over) until
    // both views are at `phase`.
    void play_until(const std::shared_ptr<Person>& ada, const std::shared_ptr<Person>& bob,
                    const std::string& phase) {
        const auto act = [&](const std::shared_ptr<Person>& p) -> json {
            const json v = p->view();
            if (v["phase"] == phase) return json();
            if (v["phase"] == "hand_over") return {{"t", "next"}, {"table", p->table}};
            if (v["phase"] == "pass" && v["passed"].empty() && v["pass"] != "none")
                return {{"t", "pass"},
                        {"table", p->table},
                        {"cards", json::array({v["cards"][0], v["cards"][1], v["cards"][2]})}};
            if (v["to_move"] != p->seat) return json();
            if (v["phase"] == "play")
                return {{"t", "play"}, {"table", p->table}, {"card", v["legal"][0]}};
            if (v["phase"] == "moon")  // shot the moon: the others take 26
                return {{"t", "moon"}, {"table", p->table}, {"choice", "others"}};
            return json();
        };
        const auto there = [&] {
            return ada->view()["phase"] == phase && bob->view()["phase"] == phase;
        };
        std::set<std::string> asked;  // the positions a person already acted at
        while (!there()) {
            for (const auto& p : {ada, bob}) {
                const json m = act(p);
                if (m.is_null()) continue;
                const json v = p->view();
                const std::string at = p->label() + v["hand"].dump() + v["phase"].dump() +
                                       v["cards"].dump() + v["trick"].dump();
                if (!asked.insert(at).second) continue;
                const json a = request(p, m);
                ASSERT_EQ(a["t"], "ack") << a.dump();
            }
            ASSERT_TRUE(eventually([&] {
                if (there()) return true;
                for (const auto& p : {ada, bob}) {
                    const json v = p->view();
                    const std::string at = p->label() + v["hand"].dump() + v["phase"].dump() +
                                           v["cards"].dump() + v["trick"].dump();
                    if (!act(p).is_null() && !asked.contains(at)) return true;
                }
                return false;
            })) << "Ada: "
                << ada->view().dump() << "\nBob: " << bob->view().dump();
        }
    }

    fs::path dir_;
    std::unique_ptr<Store> store_;
    std::unique_ptr<IoPool> io_;
    std::unique_ptr<GameService> service_;
    std::thread runner_;
    int next_id_ = 0;
};

// Every card a person was sent is one their seat may see: their own, the ones they passed
// and received, and the ones played in the open.
void expect_only_own_cards(Person& p) {
    for (const json& m : p.log()) {
        if (!m.contains("view")) continue;
        const json& v = m["view"];
        std::set<std::string> allowed;
        for (const char* k : {"cards", "passed", "received"})
            for (const auto& c : v[k]) allowed.insert(c);
        for (const char* k : {"trick", "last_trick"})
            if (v[k].is_object())
                for (const auto& c : v[k]["cards"]) allowed.insert(c);
        for (const auto& c : v["legal"]) {
            EXPECT_TRUE(allowed.contains(c)) << p.label() << ": legal " << c << " not in hand";
        }
        if (m.contains("event") && m["event"].contains("card")) allowed.insert(m["event"]["card"]);
        std::function<void(const json&)> walk = [&](const json& j) {
            if (j.is_string()) {
                const std::string s = j;
                if (s.size() == 2 && std::string("23456789TJQKA").find(s[0]) != std::string::npos &&
                    std::string("CDHS").find(s[1]) != std::string::npos) {
                    EXPECT_TRUE(allowed.contains(s)) << p.label() << " was sent " << s;
                }
            } else if (j.is_structured()) {
                for (const auto& x : j) walk(x);
            }
        };
        walk(v);
    }
}

TEST_F(TableInProcess, TwoPeopleAndTwoComputersPlayAHandAndEachSeesOnlyTheirOwnCards) {
    auto ada = person("Ada"), bob = person("Bob");
    table_of_two(ada, bob, {{"timer", 0}});
    // Each passes their first three cards, then plays their first legal card when it is
    // their turn, until the hand is over.
    std::set<std::string> passed;
    for (const auto& p : {ada, bob}) {
        const json v = p->view();
        ASSERT_EQ(v["phase"], "pass");
        ASSERT_EQ(v["cards"].size(), 13u);
        const json three = json::array({v["cards"][0], v["cards"][1], v["cards"][2]});
        EXPECT_EQ(request(p, {{"t", "pass"}, {"table", p->table}, {"cards", three}})["t"], "ack");
    }
    play_until(ada, bob, "hand_over");
    const json end = view_when(
        ada, [](const json& v) { return v["phase"] == "hand_over"; }, "the end of the hand");
    ASSERT_FALSE(end.is_null());
    const json bobs = view_when(
        bob, [](const json& v) { return v["phase"] == "hand_over"; }, "the end of the hand");
    // Both see one score sheet: the hand's 26 points taken, or a moon's.
    EXPECT_EQ(end["scores"], bobs["scores"]);
    EXPECT_EQ(end["points"], bobs["points"]);
    int total = 0;
    for (const auto& s : end["points"]) total += s.get<int>();
    EXPECT_TRUE(total == 26 || total == 78 || total == -26) << end["points"].dump();
    expect_only_own_cards(*ada);
    expect_only_own_cards(*bob);
}

TEST_F(TableInProcess, AMoveOutOfTurnOrAgainstTheRulesIsRefusedAndChangesNothing) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 0}});
    // Passing a card not in the hand is refused.
    const json v = ada->view();
    const json theirs = bob->view()["cards"];
    json wrong = json::array({v["cards"][0], v["cards"][1], theirs[0]});
    const json refused = request(ada, {{"t", "pass"}, {"table", table}, {"cards", wrong}});
    EXPECT_EQ(refused["t"], "error") << refused.dump();
    EXPECT_EQ(ada->view()["cards"], v["cards"]) << "a refused pass took cards";
    // Playing during the pass is refused too.
    EXPECT_EQ(request(ada, {{"t", "play"}, {"table", table}, {"card", v["cards"][0]}})["t"],
              "error");
    for (const auto& p : {ada, bob}) {
        const json pv = p->view();
        const json three = json::array({pv["cards"][0], pv["cards"][1], pv["cards"][2]});
        EXPECT_EQ(request(p, {{"t", "pass"}, {"table", table}, {"cards", three}})["t"], "ack");
    }
    // Whoever of the two does not move now is refused with not_your_turn, and a card
    // outside the legal ones with illegal; neither moves the table on.
    const json play = view_when(
        ada,
        [&](const json& nv) {
            return nv["phase"] == "play" &&
                   (nv["to_move"] == ada->seat || nv["to_move"] == bob->seat);
        },
        "a turn of one of the people");
    ASSERT_FALSE(play.is_null());
    auto mover = play["to_move"] == ada->seat ? ada : bob;
    auto other = mover == ada ? bob : ada;
    const json ov = other->view();
    const json a = request(other, {{"t", "play"}, {"table", table}, {"card", ov["cards"][0]}});
    EXPECT_EQ(a["t"], "error");
    EXPECT_EQ(a["code"], "not_your_turn") << a.dump();
    const json mv = mover->view();
    std::string outside;
    for (const auto& c : mv["cards"])
        if (std::find(mv["legal"].begin(), mv["legal"].end(), c) == mv["legal"].end()) outside = c;
    if (!outside.empty()) {
        const json b = request(mover, {{"t", "play"}, {"table", table}, {"card", outside}});
        EXPECT_EQ(b["t"], "error");
        EXPECT_EQ(b["code"], "illegal") << b.dump();
    }
    EXPECT_EQ(mover->view()["cards"], mv["cards"]) << "a refused card left the hand";
    EXPECT_EQ(request(mover, {{"t", "play"}, {"table", table}, {"card", mv["legal"][0]}})["t"],
              "ack");
}

TEST_F(TableInProcess, ATurnClockThatRunsOutPlaysForThePerson) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 10}});
    // Nobody passes: the clock (10 s, here 50 ms) passes for both, and play goes on.
    const json v = view_when(
        ada, [](const json& v) { return v["phase"] == "play"; }, "play after the clock passed");
    ASSERT_FALSE(v.is_null());
    EXPECT_EQ(v["passed"].size(), 3u) << "the clock passed nothing for Ada";
    EXPECT_EQ(v["received"].size(), 3u);
    // And a person who never plays has their cards played until the hand ends.
    const json end = view_when(
        bob, [](const json& v) { return v["phase"] == "hand_over"; }, "a hand played by the clock");
    ASSERT_FALSE(end.is_null());
    EXPECT_TRUE(end["cards"].empty());
}

// A page that comes back after the last card (it reloaded, or its server went down with
// the game's end unsent) gets the end of its game, also once the table left memory.
TEST_F(TableInProcess, AFinishedGameComesBackToItsPeopleAfterItLeftMemory) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 0}, {"rules", "end=10"}});
    play_until(ada, bob, "game_over");
    const json end = ada->view();
    ASSERT_EQ(end["phase"], "game_over");
    ASSERT_TRUE(eventually([&] { return json::parse(service_->stats_json())["tables"] == 0; }))
        << "the finished table stayed in memory";
    // Ada comes back on a new connection, as a reloaded page does.
    auto again = std::make_shared<Person>("Ada again");
    deliver(again, {{"t", "hello"}, {"player", ada->player}, {"token", ada->token}});
    again->wait_for([](const json& m) { return m["t"] == "welcome"; }, "welcome");
    const json answer = request(again, {{"t", "resume"}, {"table", table}});
    EXPECT_EQ(answer["t"], "ack") << answer.dump();
    const json back = again->view();
    EXPECT_EQ(back["phase"], "game_over");
    EXPECT_EQ(back["scores"], end["scores"]);
    EXPECT_EQ(back["winners"], end["winners"]);
    // Someone who never sat there still finds nothing.
    auto eve = person("Eve");
    const json refused = request(eve, {{"t", "resume"}, {"table", table}});
    EXPECT_EQ(refused["code"], "not_found") << refused.dump();
    // A private table's game is not rated (docs/ratings.md, "What is rated").
    for (const json& m : ada->log()) EXPECT_NE(m["t"], "rating") << m.dump();
    auto ratings = store_->ratings_of(ada->player);
    ASSERT_TRUE(ratings);
    EXPECT_TRUE(ratings->empty());
}

// A private table's game is rated when its host asks and everyone there agrees before the
// first card (docs/ratings.md, "What is rated"); once it has begun, nobody can take it back.
TEST_F(TableInProcess, APrivateTableIsRatedWhenItsHostAsksAndEveryoneAgreesBeforeTheFirstCard) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table =
        table_of_two(ada, bob, {{"timer", 0}, {"rules", "end=10"}}, [&](const json& made) {
            const std::string id = made["table"];
            EXPECT_EQ(made["info"]["rated"], false);
            EXPECT_EQ(made["info"]["rated_votes"], json::array());
            ASSERT_EQ(request(ada, {{"t", "allow_rated"}, {"table", id}, {"on", true}})["t"],
                      "ack");
            const json asked = bob->wait_for(
                [](const json& m) {
                    return m["t"] == "table" && m["info"]["rated_votes"].size() == 1;
                },
                "the host's asking");
            EXPECT_EQ(asked["info"]["rated"], false) << "rated before Bob agreed";
            ASSERT_EQ(request(bob, {{"t", "allow_rated"}, {"table", id}, {"on", true}})["t"],
                      "ack");
            const json agreed = ada->wait_for(
                [](const json& m) { return m["t"] == "table" && m["info"]["rated"] == true; },
                "everyone's agreement");
            EXPECT_EQ(agreed["info"]["rated_votes"].size(), 2u);
        });
    const json late = request(bob, {{"t", "allow_rated"}, {"table", table}, {"on", false}});
    EXPECT_EQ(late["code"], "state") << late.dump();
    play_until(ada, bob, "game_over");
    for (const auto& p : {ada, bob}) {
        const bool came = eventually([&] {
            for (const json& m : p->log())
                if (m["t"] == "rating" && m["table"] == table) return true;
            return false;
        });
        EXPECT_TRUE(came) << p->label() << " never heard of their rating";
    }
}

// A public table's game between two people (and two computer players) is rated once its
// end is stored: each person hears what it did to their rating, on the board of its rules,
// and the winner's belief rises while the other's falls.
TEST_F(TableInProcess, APublicGameBetweenPeopleIsRatedAndEachHearsTheirChange) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table =
        table_of_two(ada, bob, {{"private", false}, {"timer", 0}, {"rules", "end=10"}});
    play_until(ada, bob, "game_over");
    // The change may come before the ack of the game's last card (it goes out once the
    // game's end is stored, and that ack waits behind it), so the whole log is searched.
    std::map<std::string, json> heard;
    for (const auto& p : {ada, bob}) {
        const bool came = eventually([&] {
            for (const json& m : p->log())
                if (m["t"] == "rating" && m["table"] == table) heard[p->label()] = m;
            return heard.contains(p->label());
        });
        ASSERT_TRUE(came) << p->label() << " never heard of their rating";
    }
    const json& a = heard[ada->label()];
    const json& b = heard[bob->label()];
    for (const json* r : {&a, &b}) {
        // A rule set's own board, named by its rules in full.
        EXPECT_NE((*r)["board"].get<std::string>().find(",end=10,"), std::string::npos)
            << r->dump();
        EXPECT_EQ((*r)["games"], 1);
        EXPECT_EQ((*r)["provisional"], true);
        EXPECT_EQ((*r)["before"]["rating"], 1000);
        EXPECT_LT((*r)["after"]["sigma"].get<double>(), (*r)["before"]["sigma"].get<double>());
    }
    const json& first = a["place"] < b["place"] ? a : b;
    const json& second = a["place"] < b["place"] ? b : a;
    if (a["place"] == b["place"]) {  // equal totals: a tie moves both alike
        EXPECT_EQ(a["after"], b["after"]);
    } else {
        EXPECT_EQ(first["place"], 1);
        EXPECT_EQ(second["place"], 2);
        EXPECT_GT(first["after"]["mu"].get<double>(), first["before"]["mu"].get<double>());
        EXPECT_LT(second["after"]["mu"].get<double>(), second["before"]["mu"].get<double>());
    }
    // Kept with the game, once: the store has each person's board rating and this game's
    // changes.
    auto kept = store_->rating_changes(table);
    ASSERT_TRUE(kept) << kept.error().reason;
    ASSERT_EQ(kept->size(), 2u);
    auto mine = store_->ratings_of(ada->player);
    ASSERT_TRUE(mine);
    ASSERT_EQ(mine->size(), 1u);
    EXPECT_EQ(mine->front().board, a["board"]);
    EXPECT_EQ(mine->front().games, 1);

    // Ada asks for the leaderboard of those rules (docs/protocol.md, "Leaderboards"): her
    // provisional rating is hers to see on that board, but nobody is ranked there yet.
    const json board = request(ada, {{"t", "leaderboard"}, {"rules", "end=10"}});
    EXPECT_EQ(board["t"], "ack") << board.dump();
    json answer;
    for (const json& m : ada->log())
        if (m["t"] == "leaderboard") answer = m;
    ASSERT_TRUE(answer.is_object()) << "no leaderboard came";
    EXPECT_EQ(answer["board"], a["board"]);
    EXPECT_EQ(answer["leaders"], json::array());
    EXPECT_EQ(answer["rank"], 0);
    ASSERT_EQ(answer["boards"].size(), 1u);
    EXPECT_EQ(answer["boards"][0]["board"], a["board"]);
    EXPECT_EQ(answer["boards"][0]["rating"], a["after"]["rating"]);
    EXPECT_EQ(answer["boards"][0]["games"], 1);
    EXPECT_EQ(answer["boards"][0]["provisional"], true);
    // Bob opens Ada's name: her ratings, as the leaderboards show them.
    EXPECT_EQ(request(bob, {{"t", "profile"}, {"player", ada->player}})["t"], "ack");
    json profile;
    for (const json& m : bob->log())
        if (m["t"] == "profile") profile = m;
    ASSERT_TRUE(profile.is_object()) << "no profile came";
    EXPECT_EQ(profile["player"], ada->player);
    EXPECT_EQ(profile["name"], "Ada");
    EXPECT_EQ(profile["rank"], 0);
    EXPECT_EQ(profile["boards"], answer["boards"]);
    const json nobody = request(bob, {{"t", "profile"}, {"player", "p_nobody"}});
    EXPECT_EQ(nobody["code"], "not_found") << nobody.dump();
    ASSERT_EQ(answer["history"].size(), 1u);
    EXPECT_EQ(answer["history"][0]["rating"], a["after"]["rating"]);
    EXPECT_EQ(answer["history"][0]["games"], 1);
}

}  // namespace
}  // namespace hearts::server
