// Quick match in process (tests/server/threaded/inprocess.h; docs/ratings.md, "Quick match"):
// people near each other in skill sit together, a distant one waits apart until the gap
// has widened, and computer players fill the seats nobody came to once the wait is over.
#include <sqlite3.h>

#include "inprocess.h"

namespace hearts::server {
namespace {

using namespace inprocess;
using nlohmann::json;
using namespace std::chrono_literals;

class QuickMatch : public TableInProcess {
  protected:
    ServiceOptions options() const override {
        ServiceOptions o = quick();
        o.quick_gap = 150;
        o.quick_widen = widen_;
        o.quick_fill_seconds = fill_;
        return o;
    }
    double widen_ = 15, fill_ = 60;

    // `p`'s rating on the standard board, written as a finished rated game would.
    void rate(const std::shared_ptr<Person>& p, double mu) {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        sqlite3_busy_timeout(db, 5000);
        const std::string sql =
            "INSERT INTO ratings(player, board, mu, sigma, games, at_ms) "
            "VALUES('" +
            p->player + "', 'standard', " + std::to_string(mu) + ", 2, 30, 1)";
        EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
            << sqlite3_errmsg(db);
        sqlite3_close(db);
    }
    // Asks for a quick match; returns the info of the table `p` sits at afterwards.
    json quick_match(const std::shared_ptr<Person>& p, const std::string& from = "") {
        json m = {{"t", "quick_match"}};
        if (!from.empty()) m["from"] = from;
        const json answer = request(p, m);
        EXPECT_EQ(answer["t"], "ack") << answer.dump();
        if (!from.empty()) return json();
        const json info = p->wait_for(
            [](const json& f) { return f["t"] == "table" && !f["info"]["you"].is_null(); },
            "a seat from quick match");
        p->table = info["table"];
        return info;
    }
    // The people at `table` as the lobby (watched by `watcher`) lists it now; -1 when it
    // is not listed.
    static int listed_people(Person& watcher, const std::string& table) {
        std::map<std::string, json> tables;
        for (const json& m : watcher.log()) {
            if (m["t"] == "lobby")
                for (const json& e : m["tables"]) tables[e["table"]] = e;
            if (m["t"] == "lobby_update") {
                for (const json& e : m["set"]) tables[e["table"]] = e;
                for (const json& id : m["removed"]) tables.erase(id.get<std::string>());
            }
        }
        auto it = tables.find(table);
        if (it == tables.end()) return -1;
        int people = 0;
        for (const json& s : it->second["seats"]) people += s["human"].get<bool>() ? 1 : 0;
        return people;
    }
    // A page watching the lobby: quick match reads the tables from it, so a test waits
    // until it lists what it asked for.
    std::shared_ptr<Person> lobby_watcher() {
        auto w = person("Watcher");
        EXPECT_EQ(request(w, {{"t", "lobby"}, {"on", true}})["t"], "ack");
        return w;
    }
    void wait_listed(const std::shared_ptr<Person>& watcher, const std::string& table, int people) {
        EXPECT_TRUE(eventually([&] { return listed_people(*watcher, table) == people; }))
            << table << " never listed with " << people << " people";
    }
};

TEST_F(QuickMatch, PeopleNearInSkillSitTogetherADistantOneApartAndAFullTableStarts) {
    auto watcher = lobby_watcher();
    auto ada = person("Ada"), bob = person("Bob"), cat = person("Cat"), dan = person("Dan"),
         eve = person("Eve");
    rate(ada, 35);    // skill 1400
    rate(bob, 35.5);  // 1420
    rate(cat, 20);    // 800
    rate(dan, 34);    // 1360
    rate(eve, 36);    // 1440

    const json first = quick_match(ada);
    const std::string t1 = first["table"];
    EXPECT_EQ(first["info"]["kind"], "public");
    EXPECT_TRUE(first["info"]["quick"].get<bool>());
    EXPECT_EQ(first["info"]["state"], "waiting");
    EXPECT_TRUE(first["info"]["fill_at"].is_number()) << first.dump();
    EXPECT_GT(first["info"]["fill_in"].get<std::int64_t>(), 50'000) << first.dump();  // of 60 s
    EXPECT_LE(first["info"]["fill_in"].get<std::int64_t>(), 60'000) << first.dump();
    EXPECT_TRUE(first["info"]["rated"].get<bool>());
    wait_listed(watcher, t1, 1);

    // 600 below Ada: a table of her own.
    const std::string t2 = quick_match(cat)["table"];
    EXPECT_NE(t2, t1);
    wait_listed(watcher, t2, 1);
    // 20 and 50 from the table's mean: Ada's table.
    EXPECT_EQ(quick_match(bob)["table"], t1);
    wait_listed(watcher, t1, 2);
    EXPECT_EQ(quick_match(dan)["table"], t1);
    wait_listed(watcher, t1, 3);
    // Cat asks again from her table: the gap has not widened to 600, so she stays.
    quick_match(cat, t2);
    EXPECT_EQ(listed_people(*watcher, t2), 1);
    // The fourth near Ada's table fills it, and the game starts with four people at once.
    EXPECT_EQ(quick_match(eve)["table"], t1);
    for (const auto& p : {ada, bob, dan, eve}) {
        const json snap = p->wait_for(
            [](const json& m) { return m["t"] == "snapshot" && m["view"]["phase"] == "pass"; },
            "the dealt hand");
        EXPECT_EQ(snap["view"]["cards"].size(), 13u) << p->label();
    }
    const json info = ada->wait_for(
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "the table playing");
    for (const json& s : info["info"]["seats"]) EXPECT_TRUE(s["human"].get<bool>()) << info.dump();
    EXPECT_TRUE(info["info"]["fill_at"].is_null());
    EXPECT_TRUE(eventually([&] { return listed_people(*watcher, t2) == 1; }));
}

// A table with someone who blocked the player, or whom they blocked, is never chosen.
TEST_F(QuickMatch, BlocksHoldBothWays) {
    auto watcher = lobby_watcher();
    auto ada = person("Ada"), bob = person("Bob"), cat = person("Cat");
    const std::string t1 = quick_match(ada)["table"];
    wait_listed(watcher, t1, 1);
    EXPECT_EQ(
        request(bob,
                {{"t", "relation"}, {"player", ada->player}, {"kind", "block"}, {"on", true}})["t"],
        "ack");
    EXPECT_EQ(
        request(ada,
                {{"t", "relation"}, {"player", cat->player}, {"kind", "block"}, {"on", true}})["t"],
        "ack");
    EXPECT_NE(quick_match(bob)["table"], t1);  // Bob blocked Ada
    EXPECT_NE(quick_match(cat)["table"], t1);  // Ada blocked Cat
    EXPECT_EQ(listed_people(*watcher, t1), 1);
}

class QuickMatchWidening : public QuickMatch {
  protected:
    QuickMatchWidening() { widen_ = 200; }  // 600 apart are matched after 2.25 s
};

TEST_F(QuickMatchWidening, AWaitingPersonMovesToTheOlderTableOnceTheGapHasWidened) {
    auto watcher = lobby_watcher();
    auto ada = person("Ada"), cat = person("Cat");
    rate(ada, 35);  // 1400
    rate(cat, 20);  // 800
    const std::string t1 = quick_match(ada)["table"];
    wait_listed(watcher, t1, 1);
    const std::string t2 = quick_match(cat)["table"];
    ASSERT_NE(t1, t2);
    wait_listed(watcher, t2, 1);
    // Ada, at the older table, never moves to Cat's.
    quick_match(ada, t1);
    EXPECT_EQ(listed_people(*watcher, t1), 1);
    std::this_thread::sleep_for(2500ms);  // 150 + 200 x 2.5 = 650
    quick_match(cat, t2);
    EXPECT_TRUE(eventually([&] { return listed_people(*watcher, t1) == 2; }));
    // Her old table closed as she left it (nobody was left there).
    EXPECT_TRUE(eventually([&] { return listed_people(*watcher, t2) == -1; }));
    const json seat = cat->wait_for(
        [&](const json& m) {
            return m["t"] == "table" && m["table"] == t1 && !m["info"]["you"].is_null();
        },
        "her seat at Ada's table");
    EXPECT_EQ(seat["info"]["seats"][0]["name"], "Ada");
}

class QuickMatchFill : public QuickMatch {
  protected:
    // Long enough for a second person to be matched under the sanitizers, who waits
    // until the lobby lists the first one's table (quick match reads it there).
    QuickMatchFill() { fill_ = 2; }
};

TEST_F(QuickMatchFill, ComputerPlayersTakeTheEmptySeatsOnceTheWaitIsOver) {
    auto watcher = lobby_watcher();
    auto ada = person("Ada"), bob = person("Bob"), cat = person("Cat");
    const json first = quick_match(ada);
    const std::string table = first["table"];
    wait_listed(watcher, table, 1);
    // New players, all at 1000: Bob sits with Ada.
    EXPECT_EQ(quick_match(bob)["table"], table);
    // The wait is over: two computer players, and the game of two people is rated.
    for (const auto& p : {ada, bob}) {
        const json snap = p->wait_for(
            [](const json& m) { return m["t"] == "snapshot" && m["view"]["phase"] == "pass"; },
            "the hand dealt when the wait was over");
        EXPECT_EQ(snap["view"]["cards"].size(), 13u);
    }
    const json info = ada->wait_for(
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "the table playing");
    int people = 0;
    for (const json& s : info["info"]["seats"]) people += s["human"].get<bool>() ? 1 : 0;
    EXPECT_EQ(people, 2) << info.dump();
    EXPECT_TRUE(info["info"]["rated"].get<bool>());
    EXPECT_TRUE(info["info"]["fill_at"].is_null());

    // Alone, Cat's game starts with three computer players; it is not rated.
    const std::string alone = quick_match(cat)["table"];
    EXPECT_NE(alone, table);
    const json own = cat->wait_for(
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "Cat's table playing");
    EXPECT_FALSE(own["info"]["rated"].get<bool>());
}

TEST_F(QuickMatchFill, SomeoneWhoLeftBeforeTheWaitWasOverIsNotDealtIn) {
    auto watcher = lobby_watcher();
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = quick_match(ada)["table"];
    wait_listed(watcher, table, 1);
    EXPECT_EQ(quick_match(bob)["table"], table);
    service_->disconnected(bob);  // Bob closed the page
    const json info = ada->wait_for(
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "the table playing");
    int people = 0;
    for (const json& s : info["info"]["seats"]) people += s["human"].get<bool>() ? 1 : 0;
    EXPECT_EQ(people, 1) << info.dump();
}

// After a restart the pages are on their way back: a quick table whose wait ran out
// meanwhile waits for the first of its people, and starts with them.
TEST_F(QuickMatchFill, AQuickTableWhoseWaitRanOutInARestartStartsWhenItsPersonIsBack) {
    auto ada = person("Ada");
    const std::string table = quick_match(ada)["table"];
    restart();
    std::this_thread::sleep_for(2500ms);  // the wait (2 s) is over, and nobody is connected
    auto back = again(ada);
    EXPECT_EQ(request(back, {{"t", "resume"}, {"table", table}})["t"], "ack");
    const json info = back->wait_for(
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "the table playing once Ada is back");
    EXPECT_EQ(info["info"]["seats"][0]["name"], "Ada");
    EXPECT_TRUE(info["info"]["seats"][0]["human"].get<bool>());
}

// Every quick_match looks through the waiting tables, and one without `from` opens a
// table: from one address, 30 a minute, then refused with the time to wait.
TEST_F(QuickMatch, AskingInALoopIsBudgetedPerAddress) {
    auto ada = person("Ada");
    int refused = 0, tables = 0;
    std::string reason;
    for (int i = 0; i < 40; ++i) {
        const json answer = request(ada, {{"t", "quick_match"}});
        if (answer["t"] == "ack") {
            ++tables;
            continue;
        }
        EXPECT_EQ(answer["code"], "rate_limited") << answer.dump();
        reason = answer["reason"];
        ++refused;
    }
    EXPECT_EQ(tables, 30);
    EXPECT_EQ(refused, 10);
    EXPECT_NE(reason.find("a minute"), std::string::npos) << reason;
    // Each new table took her out of the one before: she waits at one table.
    EXPECT_TRUE(eventually([&] {
        return json::parse(service_->stats_json())["waiting_players"] == 1;
    })) << service_->stats_json();
}

}  // namespace
}  // namespace hearts::server
