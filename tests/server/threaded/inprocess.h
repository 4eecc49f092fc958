// The game service in process, for tests of the table actor (table_inprocess_test.cpp,
// quick_match_test.cpp): its io threads, its computer players and a SQLite store in
// memory (/dev/shm), and people as in-process clients. No server is spawned and no socket
// opened, so a rule of the table is checked in milliseconds; the turn clocks run 200 times
// faster (`timer_scale`). The integration tests drive the same rules through a real
// `hearts serve`.
#pragma once
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

namespace hearts::server::inprocess {

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

    std::string token, player, table, seat;

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
inline bool eventually(const std::function<bool()>& pred) {
    const auto end = std::chrono::steady_clock::now() + 20s;
    while (!pred()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(1ms);
    }
    return true;
}

inline ServiceOptions quick() {
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
    /// The service's options: a test fixture may change them.
    virtual ServiceOptions options() const { return quick(); }
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
        service_ = std::make_unique<GameService>(*io_, *store_, options());
        ASSERT_TRUE(service_->restore());
        runner_ = std::thread([this] { io_->run(); });
    }
    /// The server stops (what is queued for the disk written) and starts again on the same
    /// store, as after a restart: the people's connections are gone.
    void restart() {
        io_->stop();
        if (runner_.joinable()) runner_.join();
        service_.reset();
        io_ = std::make_unique<IoPool>(2);
        service_ = std::make_unique<GameService>(*io_, *store_, options());
        ASSERT_TRUE(service_->restore());
        runner_ = std::thread([this] { io_->run(); });
    }
    /// `p`'s page connecting again, as the same player.
    std::shared_ptr<Person> again(const std::shared_ptr<Person>& p) {
        auto q = std::make_shared<Person>(p->label());
        deliver(q, {{"t", "hello"}, {"player", p->player}, {"token", p->token}});
        q->wait_for([](const json& m) { return m["t"] == "welcome"; }, "welcome again");
        q->player = p->player;
        q->token = p->token;
        q->table = p->table;
        return q;
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
        p->player = w["player"];
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

    // Ada and Bob each pass their first three cards, then wait for the first turn of one of
    // them in the play; returns {the one to move, the other}, or nulls if it never came.
    std::pair<std::shared_ptr<Person>, std::shared_ptr<Person>> pass_then_first_turn(
        const std::shared_ptr<Person>& ada, const std::shared_ptr<Person>& bob) {
        for (const auto& p : {ada, bob}) {
            const json pv = p->view();
            const json three = json::array({pv["cards"][0], pv["cards"][1], pv["cards"][2]});
            EXPECT_EQ(request(p, {{"t", "pass"}, {"table", p->table}, {"cards", three}})["t"],
                      "ack");
        }
        const json play = view_when(
            ada,
            [&](const json& nv) {
                return nv["phase"] == "play" &&
                       (nv["to_move"] == ada->seat || nv["to_move"] == bob->seat);
            },
            "a turn of one of the people");
        if (play.is_null()) return {nullptr, nullptr};
        auto turn = play["to_move"] == ada->seat ? std::pair{ada, bob} : std::pair{bob, ada};
        // Ada's view showed the turn: the mover's own may come a moment later.
        const std::string seat = turn.first->seat;
        const json mine = view_when(
            turn.first,
            [&](const json& v) {
                return v["phase"] == "play" && v["to_move"] == seat && !v["legal"].empty();
            },
            "its own turn");
        if (mine.is_null()) return {nullptr, nullptr};
        return turn;
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
            // No legal card while the table plays a claimed hand out for everyone.
            if (v["phase"] == "play" && v["legal"].empty()) return json();
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

}  // namespace hearts::server::inprocess
