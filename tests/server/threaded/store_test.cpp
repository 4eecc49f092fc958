// The SQLite store: players and their secret tokens (never stored in clear), tables and
// their append-only action logs, and the promise the server's durability rests on: a
// store reopened from disk gives back every unfinished game, and replaying its actions
// rebuilds exactly the game that was played.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "../../postgres_instance.h"
#include "hearts/ai/bot.h"
#include "hearts/record.h"
#include "model/daily.h"
#include "model/fair.h"
#include "players/reviews.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace hearts::server {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr std::string_view kAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";

enum class Backend { SQLite, PostgreSQL };
void PrintTo(Backend b, std::ostream* os) {
    *os << (b == Backend::SQLite ? "SQLite" : "PostgreSQL");
}
}  // namespace
void PrintTo(Holding h, std::ostream* os) {
    *os << (h == Holding::yes       ? "yes"
            : h == Holding::unsure  ? "unsure"
            : h == Holding::waiting ? "waiting"
                                    : "no");
}
namespace {

// A fresh folder per test (SQLite), or a fresh database on the tests' own PostgreSQL
// server, removed afterwards.
class StoreFixture : public ::testing::Test {
  protected:
    virtual Backend backend() const = 0;
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "hearts-store-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        if (backend() == Backend::PostgreSQL)
            url_ = hearts::testing::PostgresInstance::get().fresh_database();
        store_ = open();
        ASSERT_TRUE(store_);
    }
    void TearDown() override {
        store_.reset();
        std::error_code ec;
        fs::remove_all(dir_, ec);
        if (!url_.empty()) hearts::testing::PostgresInstance::get().drop(url_);
    }

    std::unique_ptr<Store> open() {
        auto s = backend() == Backend::PostgreSQL ? Store::open_postgres(url_)
                                                  : Store::open(dir_.string());
        EXPECT_TRUE(s) << (s ? "" : s.error().reason);
        return s ? std::move(s).value() : nullptr;
    }
    void reopen() {
        store_.reset();
        store_ = open();
        ASSERT_TRUE(store_);
    }

    // The store's answer to a token: true or false, never "cannot tell" here.
    bool checks(const std::string& id, const std::string& token) {
        auto known = store_->check_player(id, token);
        EXPECT_TRUE(known) << (known ? "" : known.error().reason);
        return known && *known;
    }

    NewPlayer player() {
        auto p = store_->create_player();
        EXPECT_TRUE(p) << (p ? "" : p.error().reason);
        return p ? *p : NewPlayer{};
    }

    // Runs `sql` on the store's database from outside, as a tool would (the store is open).
    void raw_sql(const std::string& sql) {
        if (backend() == Backend::PostgreSQL) {
            PGconn* c = PQconnectdb(url_.c_str());
            PGresult* r = PQexec(c, sql.c_str());
            EXPECT_EQ(PQresultStatus(r), PGRES_COMMAND_OK) << PQresultErrorMessage(r);
            PQclear(r);
            PQfinish(c);
            return;
        }
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        sqlite3_busy_timeout(db, 5000);
        EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
            << sqlite3_errmsg(db);
        sqlite3_close(db);
    }

    TableSetup table_of(const std::string& owner, std::uint64_t seed, Rules rules = {}) {
        auto id = store_->new_table_id();
        EXPECT_TRUE(id);
        TableSetup s;
        s.id = id ? *id : "";
        s.owner = owner;
        s.rules = rules;
        s.seed = seed;
        s.salt = fresh_salt().value();
        s.names = {"Sam", "Zoë", "Bill", "李"};
        s.bot_level = "medium";
        s.seats[0].player = owner;
        const Status created = store_->create_table(s);
        EXPECT_TRUE(created) << (created ? "" : created.error().reason);
        return s;
    }

    // Plays `actions` actions of a game with random bots, storing each as the server
    // does (written, then applied), and returns the game.
    Game play_and_store(const TableSetup& s, int actions) {
        Game g(s.rules, s.seed);
        auto bot = ai::make_bot("random").value();
        for (int i = 0; i < actions && g.phase() != Phase::GameOver; ++i) {
            Action a = Action::next_hand();
            if (g.phase() != Phase::HandOver) {
                for (Seat seat : kAllSeats) {
                    if (!g.awaiting(seat)) continue;
                    a = ai::decide(*bot, g.view(seat), std::uint64_t(i));
                    break;
                }
            }
            const Status stored = store_->append_action(s.id, std::int64_t(i), a);
            EXPECT_TRUE(stored) << (stored ? "" : stored.error().reason);
            EXPECT_TRUE(g.apply(a));
        }
        return g;
    }

    // Every byte the database keeps on disk: the main file, the WAL and its index.
    std::string disk_bytes() const {
        std::string all;
        for (const auto& entry : fs::directory_iterator(dir_)) {
            std::ifstream in(entry.path(), std::ios::binary);
            all.append(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
        return all;
    }

    fs::path dir_;
    std::string url_;  // PostgreSQL's database
    std::unique_ptr<Store> store_;
};

// The Store's contract: every test of this suite runs on both stores.
class StoreTest : public StoreFixture, public ::testing::WithParamInterface<Backend> {
    Backend backend() const override { return GetParam(); }
};
INSTANTIATE_TEST_SUITE_P(Stores, StoreTest, ::testing::Values(Backend::SQLite, Backend::PostgreSQL),
                         [](const ::testing::TestParamInfo<Backend>& info) {
                             return info.param == Backend::SQLite ? "SQLite" : "PostgreSQL";
                         });

// What only one store has: SQLite's file, folder and schema versions; PostgreSQL's lock,
// connection and migrations.
class SqliteStoreTest : public StoreFixture {
    Backend backend() const override { return Backend::SQLite; }
};
class PgStoreTest : public StoreFixture {
    Backend backend() const override { return Backend::PostgreSQL; }

  protected:
    // Cuts every session with this test's database, as a restart of PostgreSQL does.
    void cut_sessions() {
        const std::string db =
            url_.substr(url_.find("@/") + 2, url_.find('?') - url_.find("@/") - 2);
        hearts::testing::PostgresInstance::get().admin(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + db + "'");
    }
};

// Whether `table`'s takeover wait ends (claims_ready names it) within 20 s.
bool eventually_ready(Store& store, const std::string& table) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < end) {
        const auto ready = store.claims_ready();
        if (std::find(ready.begin(), ready.end(), table) != ready.end()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

// Claims `table`, taken over from a node that did not let go: once the wait is over.
void claim_after_takeover(Store& store, const std::string& table) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (;;) {
        auto mine = store.claim(table);
        ASSERT_TRUE(mine) << mine.error().reason;
        if (*mine) return;
        ASSERT_LT(std::chrono::steady_clock::now(), end) << "never claimed " << table;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

bool in_alphabet(const std::string& s) {
    return s.find_first_not_of(kAlphabet) == std::string::npos;
}

TEST(RandomCode, LengthAlphabetAndUniqueness) {
    EXPECT_EQ(random_code(0), "");
    EXPECT_EQ(random_code(1).size(), 1u);
    std::set<std::string> seen;
    std::set<char> letters;
    for (int i = 0; i < 2000; ++i) {
        const std::string code = random_code(8);
        ASSERT_EQ(code.size(), 8u);
        ASSERT_TRUE(in_alphabet(code)) << code;
        seen.insert(code);
        letters.insert(code.begin(), code.end());
    }
    EXPECT_EQ(seen.size(), 2000u);                // 40 bits each: no collision expected
    EXPECT_EQ(letters.size(), kAlphabet.size());  // every letter turns up
    for (char c : std::string("ilou")) EXPECT_FALSE(letters.count(c));  // nothing misreadable
}

TEST_P(StoreTest, CreateAndCheckPlayers) {
    const NewPlayer a = player();
    const NewPlayer b = player();
    EXPECT_EQ(a.id.size(), 18u);
    EXPECT_EQ(a.id.substr(0, 2), "p_");
    EXPECT_TRUE(in_alphabet(a.id.substr(2)));
    EXPECT_EQ(a.token.size(), 32u);
    EXPECT_TRUE(in_alphabet(a.token));
    EXPECT_NE(a.id, b.id);
    EXPECT_NE(a.token, b.token);

    EXPECT_TRUE(checks(a.id, a.token));
    EXPECT_TRUE(checks(b.id, b.token));
    EXPECT_FALSE(checks(a.id, b.token));
    EXPECT_FALSE(checks(a.id, a.token.substr(1)));
    EXPECT_FALSE(checks(a.id, ""));
    EXPECT_FALSE(checks("p_nobody", a.token));
    EXPECT_FALSE(checks("", ""));

    reopen();
    EXPECT_TRUE(checks(a.id, a.token));
    EXPECT_FALSE(checks(b.id, a.token));
}

// A `hello` from a client that then does nothing leaves a player row: those nothing refers
// to go, once old enough and not connected; anyone with a table, a seat, a relation (either
// way) or a finished game stays.
TEST_P(StoreTest, PlayersNothingRefersToAreForgotten) {
    const NewPlayer owner = player(), seated = player(), favorite = player(), fan = player();
    const NewPlayer named = player(), online = player(), idle = player();
    TableSetup t = table_of(owner.id, 9);
    t.seats[1].player = seated.id;
    ASSERT_TRUE(store_->save_meta(t));
    ASSERT_TRUE(store_->set_relation(fan.id, favorite.id, RelationKind::Favorite, true));
    ASSERT_TRUE(store_->set_name(named.id, "Nemo"));  // a name alone keeps nobody
    const auto keep = [&](const std::string& id) { return id == online.id; };
    const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();

    auto young = store_->forget_unused_players(now - 3600, 100, keep);  // none an hour old
    ASSERT_TRUE(young) << young.error().reason;
    EXPECT_EQ(*young, 0u);
    // At most `limit` looked at (the one may be the connected player, who stays).
    auto one = store_->forget_unused_players(now + 10, 1, keep);
    ASSERT_TRUE(one) << one.error().reason;
    EXPECT_LE(*one, 1u);
    auto rest = store_->forget_unused_players(now + 10, 100, keep);
    ASSERT_TRUE(rest) << rest.error().reason;
    EXPECT_EQ(*one + *rest, 2u);
    reopen();
    EXPECT_FALSE(checks(named.id, named.token));
    EXPECT_FALSE(checks(idle.id, idle.token));
    for (const NewPlayer* p : {&owner, &seated, &favorite, &fan, &online})
        EXPECT_TRUE(checks(p->id, p->token)) << p->id;
    auto again = store_->forget_unused_players(now + 10, 100, keep);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, 0u);
    EXPECT_EQ(store_->player_tables(owner.id).value().size(), 1u);
}

TEST_F(SqliteStoreTest, TokensAreNotStoredInClear) {
    std::vector<NewPlayer> players;
    for (int i = 0; i < 5; ++i) players.push_back(player());
    for (int pass = 0; pass < 2; ++pass) {  // in the WAL, then checkpointed into the file
        const std::string bytes = disk_bytes();
        for (const NewPlayer& p : players) {
            EXPECT_NE(bytes.find(p.id), std::string::npos) << "the id is stored";
            EXPECT_EQ(bytes.find(p.token), std::string::npos) << "the token is on disk";
        }
        reopen();
    }
}

TEST_P(StoreTest, NewTableIds) {
    std::set<std::string> ids;
    for (int i = 0; i < 50; ++i) {
        auto id = store_->new_table_id();
        ASSERT_TRUE(id);
        EXPECT_EQ(id->size(), 8u);
        EXPECT_TRUE(in_alphabet(*id));
        ids.insert(*id);
    }
    EXPECT_EQ(ids.size(), 50u);
}

TEST_P(StoreTest, ReopenedStoreReplaysTheExactGame) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 18446744073709551615ull,
                                  parse_rules("pass=LARN,moon=choice,jack=yes,end=77").value());
    const Game played = play_and_store(s, 140);  // into the third hand
    ASSERT_GE(played.hand_index(), 1);

    reopen();
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables) << tables.error().reason;
    ASSERT_EQ(tables->size(), 1u);
    const StoredTable& t = tables->front();
    EXPECT_EQ(t.setup.id, s.id);
    EXPECT_EQ(t.setup.owner, p.id);
    EXPECT_EQ(t.setup.rules, s.rules);
    EXPECT_EQ(t.setup.seed, s.seed);
    EXPECT_EQ(t.setup.salt, s.salt);
    EXPECT_EQ(t.setup.names, s.names);
    EXPECT_EQ(t.setup.bot_level, "medium");
    EXPECT_FALSE(t.finished);
    EXPECT_EQ(t.actions, played.history());

    Game replay(t.setup.rules, t.setup.seed);
    for (const Action& a : t.actions) ASSERT_TRUE(replay.apply(a));
    EXPECT_EQ(replay, played);

    // A Table rebuilt the same way is the same table, events included.
    Table rebuilt(t.setup);
    for (const Action& a : t.actions) ASSERT_TRUE(rebuilt.apply(a));
    EXPECT_EQ(rebuilt.game(), played);
    // So are its commitments to the deals (model/fair.h): the salt came back with the row.
    const std::string commit = deal_commitment(s.seed, played.hand_index(), s.salt);
    EXPECT_EQ(rebuilt.fair_json(), R"({"hand":)" + std::to_string(played.hand_index() + 1) +
                                       R"(,"commit":")" + commit + R"("})");
}

TEST_P(StoreTest, ActionsContinueAfterReopening) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 9);
    play_and_store(s, 10);
    reopen();
    // The store keeps a log in order; legality is the game's business, checked before.
    EXPECT_TRUE(store_->append_action(s.id, 10, Action::play(Seat::South, kTwoOfClubs)));
    const Status dup = store_->append_action(s.id, 10, Action::next_hand());
    ASSERT_FALSE(dup);
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables);
    ASSERT_EQ(tables->front().actions.size(), 11u);
    EXPECT_EQ(tables->front().actions.back(), Action::play(Seat::South, kTwoOfClubs));
}

TEST_P(StoreTest, GapsAndDuplicatesAreRefused) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 3);
    const Action a = Action::next_hand();
    ASSERT_TRUE(store_->append_action(s.id, 0, a));
    ASSERT_TRUE(store_->append_action(s.id, 1, a));

    const Status duplicate = store_->append_action(s.id, 1, a);
    ASSERT_FALSE(duplicate);
    EXPECT_NE(duplicate.error().reason.find("already stored (the next action is 2)"),
              std::string::npos)
        << duplicate.error().reason;
    EXPECT_FALSE(store_->append_action(s.id, 0, a));

    const Status gap = store_->append_action(s.id, 5, a);
    ASSERT_FALSE(gap);
    EXPECT_NE(gap.error().reason.find("would leave a gap (the next action is 2)"),
              std::string::npos)
        << gap.error().reason;
    EXPECT_FALSE(store_->append_action(s.id, -1, a));

    const Status unknown = store_->append_action("nosuchtable", 0, a);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().reason.find("no such table"), std::string::npos);

    ASSERT_TRUE(store_->append_action(s.id, 2, a));
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables);
    EXPECT_EQ(tables->front().actions.size(), 3u);
}

TEST_P(StoreTest, TablesNeedAKnownOwnerAndAFreshId) {
    TableSetup s;
    s.id = "abcdefgh";
    s.owner = "p_nobody";
    EXPECT_FALSE(store_->create_table(s));
    s.owner = player().id;
    EXPECT_TRUE(store_->create_table(s));
    EXPECT_FALSE(store_->create_table(s));  // the same id again
}

TEST_P(StoreTest, FinishedTables) {
    const NewPlayer p = player();
    const NewPlayer other = player();
    const TableSetup s = table_of(p.id, 11, parse_rules("end=20").value());
    const Game g = play_and_store(s, 100000);
    ASSERT_EQ(g.phase(), Phase::GameOver);

    const auto early = store_->finished_record(s.id, p.id);
    ASSERT_FALSE(early);
    EXPECT_NE(early.error().reason.find("not finished"), std::string::npos);

    const std::string record = to_record_json(g);
    ASSERT_TRUE(store_->finish_table(s.id, record));
    EXPECT_FALSE(store_->finish_table(s.id, record));  // only once
    EXPECT_FALSE(store_->finish_table("nosuchtable", record));
    EXPECT_FALSE(
        store_->append_action(s.id, std::int64_t(g.history().size()), Action::next_hand()));

    reopen();
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables);
    EXPECT_TRUE(tables->empty());
    auto mine = store_->player_tables(p.id);
    ASSERT_TRUE(mine);
    EXPECT_TRUE(mine->empty());

    auto stored = store_->finished_record(s.id, p.id);
    ASSERT_TRUE(stored) << stored.error().reason;
    EXPECT_EQ(*stored, record);
    auto loaded = load_record(*stored);
    ASSERT_TRUE(loaded);
    EXPECT_EQ(*loaded, g);
    EXPECT_FALSE(store_->finished_record(s.id, other.id));
    EXPECT_FALSE(store_->finished_record("nosuchtable", p.id));
}

TEST_P(StoreTest, PlayerTablesNewestFirst) {
    const NewPlayer p = player();
    const NewPlayer other = player();
    std::vector<std::string> ids;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) ids.push_back(table_of(p.id, seed).id);
    table_of(other.id, 99);
    ASSERT_TRUE(store_->finish_table(ids[1], "{}"));

    auto mine = store_->player_tables(p.id);
    ASSERT_TRUE(mine);
    EXPECT_EQ(*mine, (std::vector<std::string>{ids[3], ids[2], ids[0]}));
    auto none = store_->player_tables("p_nobody");
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());

    auto unfinished = store_->unfinished_tables();
    ASSERT_TRUE(unfinished);
    ASSERT_EQ(unfinished->size(), 4u);  // oldest first
    EXPECT_EQ(unfinished->front().setup.id, ids[0]);
}

TEST_P(StoreTest, NamesChatAndRelationsPersist) {
    const NewPlayer a = player();
    const NewPlayer b = player();
    auto none = store_->name_of(a.id);
    ASSERT_TRUE(none);
    EXPECT_FALSE(*none);
    ASSERT_TRUE(store_->set_name(a.id, "Ada"));
    ASSERT_TRUE(store_->set_name(b.id, "Bob"));
    EXPECT_FALSE(store_->set_name("p_nobody", "X"));
    const TableSetup t = table_of(a.id, 5);
    for (int i = 0; i < 60; ++i) {
        ASSERT_TRUE(store_->append_chat(
            t.id, ChatLine{Seat::West, b.id, "Bob", "line " + std::to_string(i), 1000 + i}));
    }
    ASSERT_TRUE(store_->set_relation(a.id, b.id, RelationKind::Mute, true));
    ASSERT_TRUE(store_->set_relation(a.id, b.id, RelationKind::Favorite, true));
    ASSERT_TRUE(store_->set_relation(a.id, b.id, RelationKind::Favorite, true));  // no duplicate
    ASSERT_TRUE(store_->set_relation(b.id, a.id, RelationKind::Block, true));
    ASSERT_TRUE(store_->set_relation(b.id, a.id, RelationKind::Block, false));
    EXPECT_FALSE(store_->set_relation(a.id, "p_nobody", RelationKind::Block, true));

    reopen();
    auto name = store_->name_of(a.id);
    ASSERT_TRUE(name);
    EXPECT_EQ(*name, std::optional<std::string>("Ada"));
    auto chat = store_->recent_chat(t.id, 50);
    ASSERT_TRUE(chat);
    ASSERT_EQ(chat->size(), 50u);  // the last 50, oldest first
    EXPECT_EQ(chat->front().text, "line 10");
    EXPECT_EQ(chat->back().text, "line 59");
    EXPECT_EQ(chat->back().seat, Seat::West);
    EXPECT_EQ(chat->back().at_ms, 1059);
    auto mine = store_->relations(a.id);
    ASSERT_TRUE(mine);
    EXPECT_TRUE(mine->has(RelationKind::Mute, b.id));
    EXPECT_TRUE(mine->has(RelationKind::Favorite, b.id));
    EXPECT_FALSE(mine->has(RelationKind::Block, b.id));
    ASSERT_EQ(mine->favorite.size(), 1u);
    EXPECT_EQ(mine->favorite[0].name, "Bob");
    auto theirs = store_->relations(b.id);
    ASSERT_TRUE(theirs);
    EXPECT_TRUE(theirs->block.empty());
}

// The stores were written apart once, and listed relations in different orders; the
// core lists them the same on both: byte order of the names (capitals first, then small
// letters, then accented ones, whatever the database's collation), a player who never
// chose a name first.
TEST_P(StoreTest, RelationsAreListedInTheSameOrderOnEveryDatabase) {
    const NewPlayer me = player();
    const std::vector<std::string> names = {"bob", "Zed", "\u00c9mile", "Ann", ""};
    std::vector<std::string> ids;
    for (const std::string& name : names) {
        const NewPlayer other = player();
        if (!name.empty()) {
            ASSERT_TRUE(store_->set_name(other.id, name));
        }
        ASSERT_TRUE(store_->set_relation(me.id, other.id, RelationKind::Favorite, true));
        ids.push_back(other.id);
    }
    auto mine = store_->relations(me.id);
    ASSERT_TRUE(mine);
    std::vector<std::string> listed;
    for (const PlayerRef& r : mine->favorite) listed.push_back(r.name);
    EXPECT_EQ(listed, (std::vector<std::string>{"", "Ann", "Zed", "bob", "\u00c9mile"}));
    ASSERT_EQ(mine->favorite.size(), 5u);
    EXPECT_EQ(mine->favorite.front().player, ids.back());
}

TEST_P(StoreTest, SeatsAndTableStatePersist) {
    const NewPlayer a = player();
    const NewPlayer b = player();
    TableSetup t = table_of(a.id, 8);
    t.kind = TableKind::Private;
    t.started = false;
    t.timer = 45;
    t.seats[1] = SeatHolder{b.id, false, false};
    t.names[1] = "Bob";
    ASSERT_TRUE(store_->save_meta(t));
    auto theirs = store_->player_tables(b.id);
    ASSERT_TRUE(theirs);
    EXPECT_EQ(*theirs, std::vector<std::string>{t.id});

    t.started = true;
    t.seats[1].away = true;
    t.seats[0].ready = true;  // what people asked for survives a restart
    t.seats[0].rematch_vote = true;
    t.seats[1].timer_vote = true;
    t.host = Seat::West;
    t.owner = b.id;
    ASSERT_TRUE(store_->save_meta(t));
    reopen();
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored);
    ASSERT_EQ(stored->size(), 1u);
    const TableSetup& s = stored->front().setup;
    EXPECT_EQ(s.kind, TableKind::Private);
    EXPECT_TRUE(s.started);
    EXPECT_EQ(s.timer, 45);
    EXPECT_EQ(s.host, Seat::West);
    EXPECT_EQ(s.owner, b.id);
    EXPECT_EQ(s.seats[0].player, a.id);
    EXPECT_EQ(s.seats[1].player, b.id);
    EXPECT_TRUE(s.seats[1].away);
    EXPECT_TRUE(s.seats[0].ready);
    EXPECT_FALSE(s.seats[0].timer_vote);
    EXPECT_TRUE(s.seats[0].rematch_vote);
    EXPECT_FALSE(s.seats[1].ready);
    EXPECT_TRUE(s.seats[1].timer_vote);
    EXPECT_FALSE(s.seats[1].rematch_vote);
    EXPECT_FALSE(s.seats[1].human());
    EXPECT_TRUE(s.seats[1].person());
    EXPECT_TRUE(s.seats[2].player.empty());
    EXPECT_EQ(s.names[1], "Bob");

    // Conceding leaves the seat on record (the record endpoint still answers) but the
    // table is no longer among the player's games.
    t.seats[1].conceded = true;
    ASSERT_TRUE(store_->save_meta(t));
    theirs = store_->player_tables(b.id);
    ASSERT_TRUE(theirs);
    EXPECT_TRUE(theirs->empty());
    ASSERT_TRUE(store_->finish_table(t.id, "{\"x\":1}"));
    auto record = store_->finished_record(t.id, b.id);
    ASSERT_TRUE(record) << record.error().reason;
    EXPECT_EQ(*record, "{\"x\":1}");
    EXPECT_FALSE(store_->finished_record(t.id, player().id));
}

TEST_F(SqliteStoreTest, UpgradesAVersionOneDatabase) {
    store_.reset();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        const char* v1 = R"sql(
CREATE TABLE players(id TEXT PRIMARY KEY, token_hash BLOB NOT NULL, created INTEGER NOT NULL);
CREATE TABLE tables(id TEXT PRIMARY KEY, owner TEXT NOT NULL REFERENCES players(id),
    rules TEXT NOT NULL, seed TEXT NOT NULL, names TEXT NOT NULL, bot_level TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0, record TEXT, created INTEGER NOT NULL);
CREATE INDEX tables_by_owner ON tables(owner, finished);
CREATE TABLE actions(table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY(table_id, seq)) WITHOUT ROWID;
INSERT INTO players VALUES('p_old', x'00', 1);
INSERT INTO tables VALUES('t_old', 'p_old', 'end=100', '42', '["You","Mike","Bill","Lisa"]',
    'medium', 0, NULL, 1);
INSERT INTO actions VALUES('t_old', 0, 'S pass 2C 3C 4C');
PRAGMA user_version = 1;
)sql";
        ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    store_ = open();
    ASSERT_TRUE(store_);
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored) << stored.error().reason;
    ASSERT_EQ(stored->size(), 1u);
    const StoredTable& t = stored->front();
    EXPECT_EQ(t.setup.kind, TableKind::Solo);
    EXPECT_TRUE(t.setup.started);
    EXPECT_EQ(t.setup.seats[0].player, "p_old");
    EXPECT_TRUE(t.setup.seats[0].human());
    EXPECT_EQ(t.actions.size(), 1u);
    EXPECT_EQ(t.setup.salt, "");  // dealt before commitments: its deals carry none
    auto mine = store_->player_tables("p_old");
    ASSERT_TRUE(mine);
    EXPECT_EQ(*mine, std::vector<std::string>{"t_old"});
}

// A version 2 database (seats without votes) is upgraded in place: its seats keep their
// people and have asked for nothing.
TEST_F(SqliteStoreTest, UpgradesAVersionTwoDatabase) {
    const NewPlayer a = player();
    TableSetup t = table_of(a.id, 9);
    t.kind = TableKind::Public;
    ASSERT_TRUE(store_->save_meta(t));
    store_.reset();
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db,
                               "DROP TABLE rating_changes; DROP TABLE ratings; "
                               "DROP TABLE player_games; ALTER TABLE seats DROP COLUMN votes; "
                               "DROP TABLE journal; DROP TABLE achievements; ALTER TABLE "
                               "players DROP COLUMN face; ALTER TABLE players DROP COLUMN "
                               "wearing; ALTER TABLE players DROP COLUMN lang; "
                               "DROP INDEX tables_by_share; DROP TABLE share_votes; DROP "
                               "TABLE table_people; "
                               "ALTER TABLE tables DROP COLUMN salt; ALTER TABLE tables DROP "
                               "COLUMN share; DROP INDEX tables_by_day; DROP TABLE daily_deals; "
                               "DROP TABLE reviews; "
                               "ALTER TABLE tables DROP COLUMN daily; ALTER TABLE tables DROP "
                               "COLUMN daily_points; ALTER TABLE tables DROP COLUMN nonce; PRAGMA "
                               "user_version = 2;",
                               nullptr, nullptr, nullptr),
                  SQLITE_OK)
            << sqlite3_errmsg(db);
        sqlite3_close(db);
    }
    store_ = open();
    ASSERT_TRUE(store_);
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored) << stored.error().reason;
    ASSERT_EQ(stored->size(), 1u);
    TableSetup s = stored->front().setup;
    EXPECT_EQ(s.seats[0].player, a.id);
    EXPECT_FALSE(s.seats[0].ready || s.seats[0].timer_vote || s.seats[0].rematch_vote);
    s.seats[0].ready = true;
    ASSERT_TRUE(store_->save_meta(s));
    reopen();
    stored = store_->unfinished_tables();
    ASSERT_TRUE(stored);
    EXPECT_TRUE(stored->front().setup.seats[0].ready);
}

// Statistics are rows the table writes with the game's end, one per person: the store
// adds them up by level and company, keeps the order games ended in, and stores each once.
// A finished game is shared once everyone who held a seat allowed it: at once alone, and
// at a table with people when the last of them does. The link's game is its record and
// names; asking again keeps the link; strangers and unfinished games get nothing.
TEST_P(StoreTest, AGameIsSharedWhenEveryoneWhoPlayedItAllowsIt) {
    const NewPlayer p = player();
    const NewPlayer q = player();
    const TableSetup alone = table_of(p.id, 7, parse_rules("end=30").value());
    const Game g = play_and_store(alone, 100000);
    EXPECT_NE(store_->allow_share(alone.id, p.id).error().reason.find("not finished"),
              std::string::npos);
    ASSERT_TRUE(store_->finish_table(alone.id, to_record_json(g)));
    EXPECT_NE(store_->allow_share(alone.id, q.id).error().reason.find("no such table of yours"),
              std::string::npos);
    auto first = store_->allow_share(alone.id, p.id);
    ASSERT_TRUE(first) << first.error().reason;
    EXPECT_EQ(first->waiting, 0);
    EXPECT_EQ(first->share.size(), std::size_t(kShareChars));
    EXPECT_EQ(store_->allow_share(alone.id, p.id)->share, first->share);
    auto shared = store_->shared_game(first->share);
    ASSERT_TRUE(shared && *shared);
    EXPECT_EQ((*shared)->table, alone.id);
    EXPECT_EQ((*shared)->record, to_record_json(g));
    EXPECT_EQ((*shared)->names, alone.names);
    EXPECT_FALSE(*store_->shared_game("0123456789abcdef"));
    EXPECT_FALSE(*store_->shared_game(""));

    // Two people: the first to allow waits for the other. A third held East for a while,
    // then left and a fourth took the seat: the one who left must allow it too.
    const NewPlayer r = player();
    const NewPlayer t = player();
    TableSetup both = table_of(p.id, 8, parse_rules("end=30").value());
    both.kind = TableKind::Public;
    both.seats[2].player = q.id;
    both.seats[3].player = r.id;
    ASSERT_TRUE(store_->save_meta(both));
    both.seats[3].player = t.id;
    ASSERT_TRUE(store_->save_meta(both));
    const Game g2 = play_and_store(both, 100000);
    ASSERT_TRUE(store_->finish_table(both.id, to_record_json(g2)));
    for (const NewPlayer* x : {&r, &t}) {
        auto vote = store_->allow_share(both.id, x->id);
        ASSERT_TRUE(vote) << vote.error().reason;
        EXPECT_EQ(vote->share, "");
    }
    auto mine = store_->allow_share(both.id, q.id);
    ASSERT_TRUE(mine) << mine.error().reason;
    EXPECT_EQ(mine->share, "");
    EXPECT_EQ(mine->waiting, 1);
    EXPECT_EQ(store_->allow_share(both.id, q.id)->waiting, 1);  // asking again is no second vote
    auto last = store_->allow_share(both.id, p.id);
    ASSERT_TRUE(last) << last.error().reason;
    EXPECT_EQ(last->waiting, 0);
    EXPECT_EQ(last->share.size(), std::size_t(kShareChars));
    EXPECT_NE(last->share, first->share);
    EXPECT_EQ(store_->allow_share(both.id, q.id)->share, last->share);
    // After a restart too.
    reopen();
    EXPECT_EQ((*store_->shared_game(last->share))->table, both.id);
}

// The daily deal: one seed a day (the first one asked for), one game a player a day, and a
// board of the finished games that were not given up, best first, with each game's link.
TEST_P(StoreTest, TheDailyDealKeepsOneSeedADayAndRanksItsFinishedGames) {
    auto seed = store_->daily_seed("2026-12-03", 111);
    ASSERT_TRUE(seed) << seed.error().reason;
    EXPECT_EQ(*seed, 111u);
    EXPECT_EQ(store_->daily_seed("2026-12-03", 222).value(), 111u);  // the day's, kept
    EXPECT_EQ(store_->daily_seed("2026-12-04", 333).value(), 333u);

    const Rules rules = parse_rules("hands=4,tie=share").value();
    struct Played {
        NewPlayer who;
        std::string name;
        TableSetup setup;
        Game game;
    };
    std::vector<Played> played;
    for (const char* name : {"Ada", "Bo", "Cy", "Di"}) {
        Played p{player(), name, {}, Game(rules, 111)};
        ASSERT_TRUE(store_->set_name(p.who.id, name));
        p.setup.id = store_->new_table_id().value();
        p.setup.owner = p.who.id;
        p.setup.rules = rules;
        p.setup.seed = 111;
        p.setup.salt = fresh_salt().value();
        p.setup.names = {name, "Mike", "Bill", "Lisa"};
        p.setup.seats[0].player = p.who.id;
        p.setup.daily = "2026-12-03";
        ASSERT_TRUE(store_->create_table(p.setup));
        played.push_back(std::move(p));
    }
    // One game a player a day: a second table of the same day is refused.
    TableSetup again = played[0].setup;
    again.id = store_->new_table_id().value();
    EXPECT_FALSE(store_->create_table(again));

    EXPECT_FALSE(store_->daily_game("2026-12-03", player().id).value());
    auto open = store_->daily_game("2026-12-03", played[0].who.id);
    ASSERT_TRUE(open && *open) << (open ? "" : open.error().reason);
    EXPECT_EQ((*open)->table, played[0].setup.id);
    EXPECT_FALSE((*open)->finished);
    // A daily game is never among the games alone that older ones are abandoned for.
    EXPECT_TRUE(store_->games_alone(played[0].who.id).value().empty());

    // Ada, Bo and Cy finish (Cy gives up); Di is still playing.
    std::array<int, 3> scores{};
    for (int k = 0; k < 3; ++k) {
        Played& p = played[std::size_t(k)];
        p.game = play_and_store(p.setup, 100000);
        ASSERT_EQ(p.game.results().size(), 4u);
        auto rows = player_games(p.setup, p.game);
        if (k == 2) rows[0].conceded = true;
        scores[std::size_t(k)] = p.game.scores()[0];
        ASSERT_TRUE(store_->finish_table(FinishWrite{
            p.setup.id, to_record_json(p.game), rows, hand_points(p.game, Seat::South), {}}));
    }
    reopen();  // all of it is stored
    auto board = store_->daily_board("2026-12-03", played[0].who.id, 50);
    ASSERT_TRUE(board) << board.error().reason;
    EXPECT_EQ(board->players, 2);  // Cy conceded, Di has not finished
    ASSERT_EQ(board->rows.size(), 2u);
    const bool ada_first = scores[0] <= scores[1];
    const DailyRow& best = board->rows[ada_first ? 0 : 1];
    EXPECT_EQ(best.name, "Ada");
    EXPECT_EQ(best.score, scores[0]);
    EXPECT_EQ(best.points, hand_points(played[0].game, Seat::South));
    EXPECT_EQ(board->rows[0].score, std::min(scores[0], scores[1]));
    EXPECT_EQ(board->rows[1].score, std::max(scores[0], scores[1]));
    ASSERT_TRUE(board->mine);
    EXPECT_TRUE(board->mine->finished);
    EXPECT_EQ(board->mine->score, scores[0]);
    EXPECT_EQ(board->mine->rank, scores[0] <= scores[1] ? 1 : 2);
    EXPECT_EQ(board->mine->points, best.points);
    // Each finished game has its link: its replay, for anyone with it.
    EXPECT_EQ(best.share.size(), std::size_t(kShareChars));
    auto shared = store_->shared_game(best.share);
    ASSERT_TRUE(shared && *shared);
    EXPECT_EQ((*shared)->table, played[0].setup.id);
    EXPECT_EQ((*shared)->names[0], "Ada");

    auto cy = store_->daily_game("2026-12-03", played[2].who.id).value();
    ASSERT_TRUE(cy);
    EXPECT_TRUE(cy->finished && cy->conceded);
    auto di = store_->daily_board("2026-12-03", played[3].who.id, 50).value();
    ASSERT_TRUE(di.mine);
    EXPECT_FALSE(di.mine->finished);
    EXPECT_EQ(store_->daily_board("2026-12-03", played[0].who.id, 1).value().rows.size(), 1u);
    EXPECT_TRUE(store_->daily_board("2026-12-04", played[0].who.id, 50).value().rows.empty());
}

// A finished game's reviews are kept with it, one per seat, the last one made.
TEST_P(StoreTest, AReviewIsKeptWithItsGame) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 12, parse_rules("end=30").value());
    EXPECT_FALSE(store_->review_of(s.id, 0).value());
    ASSERT_TRUE(store_->save_review(s.id, 0, R"({"t":"review","lost":1.5})"));
    ASSERT_TRUE(store_->save_review(s.id, 2, R"({"t":"review","lost":0})"));
    ASSERT_TRUE(store_->save_review(s.id, 0, R"({"t":"review","lost":2.5})"));
    reopen();
    EXPECT_EQ(store_->review_of(s.id, 0).value(),
              std::optional<std::string>(R"({"t":"review","lost":2.5})"));
    EXPECT_EQ(store_->review_of(s.id, 2).value(),
              std::optional<std::string>(R"({"t":"review","lost":0})"));
    EXPECT_FALSE(store_->review_of(s.id, 1).value());
    EXPECT_FALSE(store_->review_of("nosuch", 0).value());
    EXPECT_FALSE(store_->save_review("nosuch", 0, "{}"));  // only a game's
}

// Reviews after games wait in a bounded queue (players/reviews.h): past `background` seats, the
// games that end are reviewed only when asked; those queued are made and kept.
TEST_P(StoreTest, ReviewsAfterGamesWaitInABoundedQueue) {
    const NewPlayer p = player();
    std::vector<std::string> ids, records;
    for (std::uint64_t seed : {3, 4, 5, 6, 7}) {
        const TableSetup s = table_of(p.id, seed, parse_rules("end=1").value());
        const Game g = play_and_store(s, 100000);
        ASSERT_EQ(g.phase(), Phase::GameOver);
        ASSERT_TRUE(store_->finish_table(s.id, to_record_json(g)));
        ids.push_back(s.id);
        records.push_back(to_record_json(g, -1));
    }
    {
        Reviewer reviewer(*store_, 2);
        // Five games end at once, while the first review is being made.
        for (std::size_t i = 0; i < ids.size(); ++i) reviewer.after_game(ids[i], {0}, records[i]);
        EXPECT_EQ(reviewer.background_pending(), 2u);
        for (int i = 0; i < 1200 && reviewer.background_pending() > 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        EXPECT_EQ(reviewer.background_pending(), 0u) << "not made within 60 s";
    }
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto kept = store_->review_of(ids[i], 0).value();
        EXPECT_EQ(kept.has_value(), i < 2) << "game " << i;
        if (kept) {
            EXPECT_NE(kept->find("\"t\":\"review\""), std::string::npos) << *kept;
            EXPECT_NE(kept->find("\"passes\":[{\"hand\":1,\"to\":\"W\""), std::string::npos)
                << *kept;
        }
    }
}

TEST_P(StoreTest, StatisticsAddUpAPlayersFinishedGames) {
    const NewPlayer p = player();
    const NewPlayer q = player();
    EXPECT_EQ(store_->player_stats(p.id).value().all, StatsTotals{});
    std::vector<SeatSummary> mine;
    std::vector<std::string> ids;
    for (std::uint64_t seed : {3, 4, 5}) {
        const TableSetup s = table_of(p.id, seed, parse_rules("end=30").value());
        const Game g = play_and_store(s, 100000);
        ASSERT_EQ(g.phase(), Phase::GameOver);
        const auto rows = player_games(s, g);
        ASSERT_EQ(rows.size(), 1u);
        EXPECT_FALSE(rows[0].with_people);
        EXPECT_EQ(rows[0].level, "medium");
        mine.push_back(rows[0].summary);
        ids.push_back(s.id);
        ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, to_record_json(g), rows, {}, {}}));
        EXPECT_FALSE(store_->finish_table(FinishWrite{s.id, to_record_json(g), rows, {}, {}}));
    }
    // With q at North, and q conceding: q's row is never a win.
    TableSetup s = table_of(p.id, 6, parse_rules("end=30").value());
    s.bot_level = "expert";
    s.seats[2].player = q.id;
    s.seats[2].conceded = true;
    const Game g = play_and_store(s, 100000);
    const auto rows = player_games(s, g);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_TRUE(rows[0].with_people && rows[1].with_people);
    EXPECT_EQ(rows[0].level, "expert");  // a computer plays the conceded seat
    EXPECT_TRUE(rows[1].conceded);
    EXPECT_FALSE(rows[1].summary.won);
    mine.push_back(rows[0].summary);
    ids.push_back(s.id);
    ASSERT_TRUE(store_->write_groups({{FinishWrite{s.id, to_record_json(g), rows, {}, {}}}})[0]);

    reopen();
    const auto stats = store_->player_stats(p.id);
    ASSERT_TRUE(stats) << stats.error().reason;
    StatsTotals want;
    for (const SeatSummary& m : mine) {
        ++want.games;
        want.won += m.won, want.hands += m.hands, want.points += m.score;
        want.moons_shot += m.moons_shot, want.moons_suffered += m.moons_suffered;
        want.queens += m.queens, want.trickless += m.trickless, want.moon_stops += m.moon_stops;
    }
    EXPECT_EQ(stats->all, want);
    ASSERT_EQ(stats->groups.size(), 2u);
    EXPECT_FALSE(stats->groups[0].with_people);
    EXPECT_EQ(stats->groups[0].level, "medium");
    EXPECT_EQ(stats->groups[0].totals.games, 3);
    EXPECT_TRUE(stats->groups[1].with_people);
    EXPECT_EQ(stats->groups[1].level, "expert");
    EXPECT_EQ(stats->groups[1].totals.games, 1);
    ASSERT_EQ(stats->recent.size(), 4u);
    for (std::size_t k = 0; k < 4; ++k) {
        EXPECT_EQ(stats->recent[k].table, ids[k]);
        EXPECT_EQ(stats->recent[k].score, mine[k].score);
        EXPECT_EQ(stats->recent[k].won, mine[k].won);
        EXPECT_EQ(stats->recent[k].place, mine[k].place);
        EXPECT_GT(stats->recent[k].finished_ms, 1'700'000'000'000);
    }
    const auto theirs = store_->player_stats(q.id);
    ASSERT_TRUE(theirs);
    EXPECT_EQ(theirs->all.games, 1);
    EXPECT_EQ(theirs->all.won, 0);
    EXPECT_EQ(theirs->all.conceded, 1);
    EXPECT_EQ(store_->player_stats("p_nobody").value().all.games, 0);
}

// A game that stops before its end counts for nobody, except those who gave it up: the
// last person to concede ends the table, and conceding must not spare a loss.
TEST_P(StoreTest, AGameEndedEarlyCountsOnlyForItsConceders) {
    const NewPlayer p = player();
    const NewPlayer q = player();
    TableSetup s = table_of(p.id, 21);
    s.seats[1].player = q.id;
    const Game g = play_and_store(s, 80);  // into the second hand
    ASSERT_NE(g.phase(), Phase::GameOver);
    ASSERT_GE(g.results().size(), 1u);
    EXPECT_TRUE(player_games(s, g).empty());  // closed or abandoned: not counted

    s.seats[0].conceded = true;
    s.seats[1].conceded = true;
    const auto rows = player_games(s, g);
    ASSERT_EQ(rows.size(), 2u);
    for (const PlayerGame& row : rows) {
        EXPECT_TRUE(row.conceded);
        EXPECT_FALSE(row.summary.won);
        EXPECT_EQ(row.summary.hands, int(g.results().size()));
        EXPECT_EQ(row.level, "medium");  // computer players hold both seats now
    }
    ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, to_record_json(g), rows, {}, {}}));
    const auto stats = store_->player_stats(p.id);
    ASSERT_TRUE(stats);
    EXPECT_EQ(stats->all.games, 1);
    EXPECT_EQ(stats->all.won, 0);
    EXPECT_EQ(stats->all.conceded, 1);
    EXPECT_EQ(stats->streak, 0);
}

// A rated game's ratings change with its end, in the same transaction, and only once: a
// second end of the same table is refused and rates nobody again. The numbers are the
// model's (model/rating.h), read back exactly.
// A board's leaders (docs/ratings.md, "Leaderboards"): its players with 10 rated games or
// more, by the rating shown (mu - 3 sigma), equal ones by id; a provisional player is
// neither listed nor ranked; each board ranks on its own.
TEST_P(StoreTest, ALeaderboardRanksThePlayersWhoseRatingIsNoLongerProvisional) {
    struct Row {
        std::string name;
        double mu, sigma;
        int games;
    };
    // Gus, the best of them, last played before the 30 days the boards look back.
    const std::int64_t now = 5'000'000'000'000, since = now - 30LL * 24 * 3600 * 1000;
    const std::vector<Row> rows{{"Ada", 30, 1, 12}, {"Bob", 28, 0.5, 40},   {"Cy", 35, 4, 10},
                                {"Dee", 40, 2, 9},  {"Eve", 26.5, 0.5, 10}, {"Fay", 30, 1, 11},
                                {"Gus", 45, 1, 50}};
    std::vector<std::string> ids;
    std::string sql;
    for (const Row& r : rows) {
        const NewPlayer p = player();
        ids.push_back(p.id);
        sql += "UPDATE players SET name = '" + r.name + "' WHERE id = '" + p.id + "';";
        sql += "INSERT INTO ratings(player, board, mu, sigma, games, at_ms, ordinal) VALUES('" +
               p.id + "', 'standard', " + std::to_string(r.mu) + ", " + std::to_string(r.sigma) +
               ", " + std::to_string(r.games) + ", " +
               std::to_string(r.name == "Gus" ? since - 1 : since) + ", " +
               std::to_string(r.mu - 3 * r.sigma) + ");";
    }
    // Ada on another board too, alone there.
    sql += "INSERT INTO ratings(player, board, mu, sigma, games, at_ms, ordinal) VALUES('" +
           ids[0] + "', 'end=50', 20, 1, 10, " + std::to_string(now) + ", 17);";
    raw_sql(sql);

    auto top = store_->leaders(kStandardBoard, since, 0, 50);
    ASSERT_TRUE(top) << top.error().reason;
    // Shown ratings: Ada 27, Bob 26.5, Cy 23, Eve 25, Fay 27 (Dee is provisional).
    std::vector<std::string> names;
    for (const LeaderRow& r : *top) names.push_back(r.name);
    const std::string ada_fay = ids[0] < ids[5] ? "Ada" : "Fay";  // equal ratings: by player id
    EXPECT_EQ(names, (std::vector<std::string>{ada_fay, ada_fay == "Ada" ? "Fay" : "Ada", "Bob",
                                               "Eve", "Cy"}));
    EXPECT_EQ(top->at(2).rank, 3);
    EXPECT_EQ(top->at(2).games, 40);
    EXPECT_EQ(top->at(2).rating.mu, 28);
    EXPECT_EQ(store_->leaders(kStandardBoard, since, 0, 2).value().size(), 2u);

    EXPECT_EQ(store_->rank_of(ids[1], kStandardBoard, since).value(), 3);       // Bob
    EXPECT_EQ(store_->rank_of(ids[2], kStandardBoard, since).value(), 5);       // Cy
    EXPECT_EQ(store_->rank_of(ids[3], kStandardBoard, since).value(), 0);       // Dee: provisional
    EXPECT_EQ(store_->rank_of(player().id, kStandardBoard, since).value(), 0);  // no rating
    EXPECT_EQ(store_->rank_of(ids[ada_fay == "Ada" ? 0 : 5], kStandardBoard, since).value(), 1);
    EXPECT_EQ(store_->rank_of(ids[0], "end=50", since).value(), 1);
    EXPECT_EQ(store_->leaders("end=50", since, 0, 50).value().size(), 1u);
    EXPECT_TRUE(store_->leaders("end=77", since, 0, 50).value().empty());
    // Pages: the third and fourth, ranked 3 and 4.
    auto page = store_->leaders(kStandardBoard, since, 2, 2);
    ASSERT_TRUE(page) << page.error().reason;
    ASSERT_EQ(page->size(), 2u);
    EXPECT_EQ(page->at(0).rank, 3);
    EXPECT_EQ(page->at(0).name, "Bob");
    EXPECT_EQ(page->at(1).name, "Eve");
    // Gus has not played lately: neither listed nor ranked, until one looks further back.
    EXPECT_EQ(store_->rank_of(ids[6], kStandardBoard, since).value(), 0);
    EXPECT_EQ(store_->rank_of(ids[6], kStandardBoard, since - 1).value(), 1);
    EXPECT_EQ(store_->leaders(kStandardBoard, since - 1, 0, 1).value().at(0).name, "Gus");
}

// Computer players at a table of people (docs/ratings.md, "What is rated"): the people are
// rated against them at their fixed ratings, which never change; what the people are
// shown is their place among the people.
TEST_P(StoreTest, PeopleAreRatedAgainstTheComputerPlayersFixedRatings) {
    const NewPlayer ada = player(), bob = player();
    const Rating expert = bot_rating("expert").value();
    const TableSetup s = table_of(ada.id, 5);
    RatedGame game{kStandardBoard, {{ada.id, 0, 0}, {bob.id, 1, 2}}, {{expert, 1}, {expert, 3}}};
    ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, "{}", {}, {}, game}));
    const RatingModel model;
    auto expected = rate_game(std::vector<Rating>{model.fresh(), model.fresh(), expert, expert},
                              std::vector<int>{0, 2, 1, 3});
    ASSERT_TRUE(expected);
    auto changes = store_->rating_changes(s.id);
    ASSERT_TRUE(changes) << changes.error().reason;
    ASSERT_EQ(changes->size(), 2u);  // the people's alone
    EXPECT_EQ(changes->at(0).player, ada.id);
    EXPECT_EQ(changes->at(0).after.mu, (*expected)[0].mu);
    EXPECT_EQ(changes->at(1).player, bob.id);
    EXPECT_EQ(changes->at(1).place, 1);  // 2nd of the people, 3rd at the table
    EXPECT_EQ(changes->at(1).after.mu, (*expected)[1].mu);
    // Against two people alone the same places would have moved them otherwise.
    auto alone =
        rate_game(std::vector<Rating>{model.fresh(), model.fresh()}, std::vector<int>{0, 1});
    EXPECT_NE(changes->at(1).after.mu, (*alone)[1].mu);
}

// Collusion (docs/ratings.md, "Against collusion and farming"): the same four people play
// 20 rated games in a day, always finishing in the same order. From their fourth game
// together each counts half as much as the one before, so Ada's gain stops growing long
// before the model alone would let it.
TEST_P(StoreTest, TheSameFourPlayingTwentyGamesADayGainLessAndLess) {
    const NewPlayer ada = player(), bob = player(), cy = player(), dee = player();
    const RatingModel model;
    std::vector<Rating> unlimited(4, model.fresh());
    std::vector<double> counted;
    for (std::uint64_t game = 0; game < 20; ++game) {
        const TableSetup s = table_of(ada.id, 100 + game);
        RatedGame g{
            kStandardBoard, {{ada.id, 0, 0}, {bob.id, 1, 1}, {cy.id, 2, 2}, {dee.id, 3, 3}}, {}};
        ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, "{}", {}, {}, g}));
        auto changes = store_->rating_changes(s.id);
        ASSERT_TRUE(changes) << changes.error().reason;
        ASSERT_EQ(changes->at(0).player, ada.id);
        counted.push_back(changes->at(0).counted);
        unlimited = rate_game(unlimited, std::vector<int>{0, 1, 2, 3}).value();
    }
    // The first three in full, then 1/2, 1/4, ...: the 20th counts 2^-17.
    EXPECT_EQ(counted[2], 1.0);
    EXPECT_EQ(counted[3], 0.5);
    EXPECT_EQ(counted[4], 0.25);
    EXPECT_DOUBLE_EQ(counted[19], std::pow(0.5, 17));
    const double mine = store_->ratings_of(ada.id).value().at(0).rating.mu;
    // Four games' worth of gain at most (3 in full, then a halving series summing to 1),
    // against the model's twenty.
    EXPECT_LT(mine - model.mu, 0.6 * (unlimited[0].mu - model.mu))
        << "capped " << mine << ", unlimited " << unlimited[0].mu;
    EXPECT_GT(mine, model.mu);
}

TEST_P(StoreTest, ARatedGameChangesItsPeoplesRatingsWithItsEndAndOnlyOnce) {
    const NewPlayer ada = player(), bob = player(), cy = player();
    const RatingModel model;
    auto play = [&](std::uint64_t seed, std::vector<RatedPlace> places) {
        for (RatedPlace& p : places) p.standing = p.place;  // people alone at the table
        const TableSetup s = table_of(ada.id, seed);
        FinishWrite w{s.id, "{}", {}, {}, RatedGame{kStandardBoard, std::move(places), {}}};
        EXPECT_TRUE(store_->finish_table(w));
        EXPECT_FALSE(store_->finish_table(w));  // not twice
        return s.id;
    };
    const std::string first = play(1, {{ada.id, 0}, {bob.id, 1}, {cy.id, 1}});
    const std::string second = play(2, {{bob.id, 0}, {ada.id, 1}});
    reopen();

    // The first game: Ada won, Bob and Cy tied behind her.
    const std::vector<Rating> fresh(3, model.fresh());
    auto expected = rate_game(fresh, std::vector<int>{0, 1, 1});
    ASSERT_TRUE(expected);
    auto changes = store_->rating_changes(first);
    ASSERT_TRUE(changes) << changes.error().reason;
    ASSERT_EQ(changes->size(), 3u);
    EXPECT_EQ(changes->at(0).player, ada.id);
    EXPECT_EQ(changes->at(0).place, 0);
    EXPECT_EQ(changes->at(0).games, 1);
    EXPECT_EQ(changes->at(0).board, kStandardBoard);
    EXPECT_EQ(changes->at(0).after.mu, (*expected)[0].mu);  // exact: no digit lost
    EXPECT_EQ(changes->at(0).after.sigma, (*expected)[0].sigma);
    EXPECT_EQ(changes->at(1).after.mu, changes->at(2).after.mu);  // the tie moved alike

    // The second starts from the first's: Ada's second game, Bob's second.
    auto then = store_->rating_changes(second);
    ASSERT_TRUE(then);
    ASSERT_EQ(then->size(), 2u);
    EXPECT_EQ(then->at(0).player, bob.id);
    EXPECT_EQ(then->at(0).games, 2);
    EXPECT_EQ(then->at(1).before.mu, (*expected)[0].mu);
    auto now = store_->ratings_of(ada.id);
    ASSERT_TRUE(now);
    ASSERT_EQ(now->size(), 1u);
    EXPECT_EQ(now->front().games, 2);
    EXPECT_EQ(now->front().rating.mu, then->at(1).after.mu);
    auto unrated = store_->rating_changes(table_of(cy.id, 3).id);
    ASSERT_TRUE(unrated);
    EXPECT_TRUE(unrated->empty());
    auto none = store_->ratings_of(player().id);
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->empty());
    // The same two play on: from their fourth game together today, it counts half.
    std::string last;
    for (std::uint64_t seed = 10; seed < 13; ++seed) last = play(seed, {{ada.id, 0}, {bob.id, 1}});
    auto capped = store_->rating_changes(last);
    ASSERT_TRUE(capped);
    ASSERT_EQ(capped->size(), 2u);
    EXPECT_DOUBLE_EQ(capped->at(0).counted, 0.25);  // their fifth game together today
    EXPECT_NE(capped->at(0).reason.find("5 rated games with the same players today"),
              std::string::npos)
        << capped->at(0).reason;
    // Her places: 1st in four games, 2nd in one (the second).
    auto places = store_->place_counts(ada.id, kStandardBoard);
    ASSERT_TRUE(places) << places.error().reason;
    EXPECT_EQ(*places, (std::array<int, 4>{4, 1, 0, 0}));
    EXPECT_EQ(store_->place_counts(cy.id, kStandardBoard).value(),
              (std::array<int, 4>{0, 1, 0, 0}));
    EXPECT_EQ(store_->place_counts(cy.id, "end=50").value(), (std::array<int, 4>{}));
    // Ada's rating after each of her five games, oldest first, the last one hers now; a
    // shorter history is the latest games.
    auto history = store_->rating_history(ada.id, kStandardBoard, 100);
    ASSERT_TRUE(history) << history.error().reason;
    ASSERT_EQ(history->size(), 5u);
    for (std::size_t k = 0; k < history->size(); ++k) EXPECT_EQ((*history)[k].games, int(k) + 1);
    EXPECT_EQ(history->back().rating.mu, store_->ratings_of(ada.id).value().front().rating.mu);
    EXPECT_EQ(history->front().rating.mu, changes->at(0).after.mu);
    auto latest = store_->rating_history(ada.id, kStandardBoard, 2);
    ASSERT_TRUE(latest);
    ASSERT_EQ(latest->size(), 2u);
    EXPECT_EQ(latest->front().games, 4);
    EXPECT_TRUE(store_->rating_history(ada.id, "end=50", 100).value().empty());
    // A rating keeps its player: Cy has nothing else (no statistics row in these games).
    const std::int64_t later = std::chrono::duration_cast<std::chrono::seconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count() +
                               10;
    auto forgot =
        store_->forget_unused_players(later, 100, [](const std::string&) { return false; });
    ASSERT_TRUE(forgot) << forgot.error().reason;
    EXPECT_TRUE(checks(cy.id, cy.token));
}

TEST_P(StoreTest, StreaksAndTheLastFiftyGames) {
    const NewPlayer p = player();
    // Won and lost, in this order: streaks of 2, then 3, then the last game lost, 57 games.
    std::vector<bool> won(57, false);
    won[1] = won[2] = won[10] = won[11] = won[12] = true;
    for (std::size_t k = 0; k < won.size(); ++k) {
        const TableSetup s = table_of(p.id, k);
        PlayerGame row{p.id, Seat::South, false, "easy", false, false, {}};
        row.summary.won = won[k];
        row.summary.score = int(k);
        ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, "{}", {row}, {}, {}}));
    }
    auto stats = store_->player_stats(p.id);
    ASSERT_TRUE(stats);
    EXPECT_EQ(stats->all.games, 57);
    EXPECT_EQ(stats->all.won, 5);
    EXPECT_EQ(stats->best_streak, 3);
    EXPECT_EQ(stats->streak, 0);
    ASSERT_EQ(stats->recent.size(), std::size_t(PlayerStats::kRecentGames));
    EXPECT_EQ(stats->recent.front().score, 7);  // the 50 newest, oldest first
    EXPECT_EQ(stats->recent.back().score, 56);

    const TableSetup s = table_of(p.id, 99);
    PlayerGame row{p.id, Seat::South, false, "easy", false, false, {}};
    row.summary.won = true;
    ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, "{}", {row}, {}, {}}));
    EXPECT_EQ(store_->player_stats(p.id).value().streak, 1);
}

// A version 3 database has no statistics: the upgrade reads them from the records of the
// games that finished, and passes over a record it cannot read.
// Achievements are awarded by the store, from the statistics rows, in the transaction
// that stores the game's end: each once, with the game that earned it.
TEST_P(StoreTest, AchievementsComeWithTheGamesThatEarnThemAndStay) {
    const NewPlayer p = player();
    const NewPlayer q = player();
    EXPECT_TRUE(store_->achievements_of(p.id).value().empty());
    EXPECT_EQ(store_->look_of(p.id).value(), Look{});
    const auto finish = [&](std::uint64_t seed, SeatSummary m) {
        const TableSetup s = table_of(p.id, seed, parse_rules("end=30").value());
        const Game g = play_and_store(s, 100000);
        auto rows = player_games(s, g);
        EXPECT_EQ(rows.size(), 1u);
        rows[0].summary = m;
        EXPECT_TRUE(
            store_->write_groups({{FinishWrite{s.id, to_record_json(g), rows, {}, {}}}})[0]);
        return s.id;
    };
    const auto ids = [](const std::vector<Earned>& earned) {
        std::vector<std::string> out;
        for (const Earned& e : earned) out.push_back(e.id);
        return out;
    };
    SeatSummary lost;
    lost.hands = 6, lost.score = 104, lost.place = 4, lost.queens = 2, lost.moons_suffered = 1;
    const std::string t1 = finish(21, lost);
    auto earned = store_->achievements_of(p.id);
    ASSERT_TRUE(earned) << earned.error().reason;
    EXPECT_EQ(ids(*earned), (std::vector<std::string>{"first_game", "moon_victim"}));
    EXPECT_EQ(earned->front().table, t1);

    SeatSummary won;
    won.hands = 5, won.score = 0, won.won = true, won.moons_shot = 1;
    const std::string t2 = finish(22, won);
    finish(23, won);
    const std::string t4 = finish(24, won);
    reopen();
    earned = store_->achievements_of(p.id);
    ASSERT_TRUE(earned) << earned.error().reason;
    EXPECT_EQ(ids(*earned), (std::vector<std::string>{"first_game", "first_win", "moon", "no_queen",
                                                      "moon_victim", "clean_win", "streak_3"}));
    for (const Earned& e : *earned) {
        const std::string want = e.id == "first_game" || e.id == "moon_victim" ? t1
                                 : e.id == "streak_3"                          ? t4
                                                                               : t2;
        EXPECT_EQ(e.table, want) << e.id;
        EXPECT_GT(e.at_ms, 1'700'000'000'000);
    }
    EXPECT_TRUE(store_->achievements_of(q.id).value().empty());  // nobody else's

    ASSERT_TRUE(store_->set_look(p.id, Look{4, "halo"}));
    reopen();
    EXPECT_EQ(store_->look_of(p.id).value(), (Look{4, "halo"}));
    EXPECT_EQ(store_->look_of(q.id).value(), Look{});
    EXPECT_FALSE(store_->set_look("p_nobody", Look{1, ""}));
}

// The language a player chose for the page is kept with them, across a reopening, until
// they forget it ("").
TEST_P(StoreTest, APlayersLanguageIsKeptUntilTheyForgetIt) {
    const NewPlayer p = player();
    const NewPlayer q = player();
    EXPECT_EQ(store_->lang_of(p.id).value(), "");
    ASSERT_TRUE(store_->set_lang(p.id, "pt-BR"));
    reopen();
    EXPECT_EQ(store_->lang_of(p.id).value(), "pt-BR");
    EXPECT_EQ(store_->lang_of(q.id).value(), "");  // nobody else's
    ASSERT_TRUE(store_->set_lang(p.id, "ar"));
    EXPECT_EQ(store_->lang_of(p.id).value(), "ar");
    ASSERT_TRUE(store_->set_lang(p.id, ""));
    EXPECT_EQ(store_->lang_of(p.id).value(), "");
    EXPECT_FALSE(store_->set_lang("p_nobody", "de"));
    EXPECT_EQ(store_->lang_of("p_nobody").value(), "");
}

// A version 11 database (players without a language) is upgraded in place: nobody has
// chosen one yet.
TEST_F(SqliteStoreTest, UpgradesAVersionElevenDatabase) {
    const NewPlayer p = player();
    store_.reset();
    raw_sql("ALTER TABLE players DROP COLUMN lang; PRAGMA user_version = 11;");
    reopen();
    EXPECT_EQ(store_->lang_of(p.id).value(), "");
    ASSERT_TRUE(store_->set_lang(p.id, "de"));
    EXPECT_EQ(store_->lang_of(p.id).value(), "de");
    EXPECT_TRUE(checks(p.id, p.token));
}

// A seat a computer played for (the clock ran out, or its person was away) is kept as such,
// across a restart; its game is counted in the statistics and earns no achievements.
TEST_P(StoreTest, AGameAComputerHelpedWithEarnsNoAchievements) {
    const NewPlayer p = player();
    TableSetup s = table_of(p.id, 41, parse_rules("end=30").value());
    s.seats[0].helped = true;
    const Game g = play_and_store(s, 100000);
    ASSERT_TRUE(store_->save_meta(s));
    reopen();
    const auto stored = store_->unfinished_table(s.id);
    ASSERT_TRUE(stored && *stored) << (stored ? "finished" : stored.error().reason);
    EXPECT_TRUE((*stored)->setup.seats[0].helped);
    const auto rows = player_games((*stored)->setup, g);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_TRUE(rows[0].helped);
    ASSERT_TRUE(store_->finish_table(FinishWrite{s.id, to_record_json(g), rows, {}, {}}));
    EXPECT_EQ(store_->player_stats(p.id).value().all.games, 1);
    EXPECT_TRUE(store_->achievements_of(p.id).value().empty());
}

// Version 6 upgrades a version 5 database in place: its statistics rows stay (and count
// as played by their people), and earn their achievements.
TEST_F(SqliteStoreTest, UpgradesAVersionFiveDatabaseWithTheAchievementsOfItsGames) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 51, parse_rules("end=30").value());
    const Game g = play_and_store(s, 100000);
    ASSERT_TRUE(
        store_->finish_table(FinishWrite{s.id, to_record_json(g), player_games(s, g), {}, {}}));
    store_.reset();
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        ASSERT_EQ(
            sqlite3_exec(db,
                         "DROP TABLE rating_changes; DROP TABLE ratings; "
                         "DROP TABLE achievements; ALTER TABLE players DROP COLUMN face; "
                         "ALTER TABLE players DROP COLUMN wearing; ALTER TABLE players DROP "
                         "COLUMN lang; ALTER TABLE "
                         "player_games DROP COLUMN helped; DROP INDEX tables_by_share; "
                         "DROP TABLE share_votes; DROP TABLE table_people; ALTER TABLE "
                         "tables DROP COLUMN salt; "
                         "ALTER TABLE tables DROP COLUMN share; DROP INDEX tables_by_day; DROP "
                         "TABLE daily_deals; DROP TABLE reviews; ALTER TABLE tables DROP COLUMN "
                         "daily; ALTER TABLE "
                         "tables DROP COLUMN daily_points; ALTER TABLE tables DROP COLUMN nonce; "
                         "PRAGMA user_version = 5;",
                         nullptr, nullptr, nullptr),
            SQLITE_OK)
            << sqlite3_errmsg(db);
        sqlite3_close(db);
    }
    store_ = open();
    ASSERT_TRUE(store_);
    EXPECT_EQ(store_->player_stats(p.id).value().all.games, 1);
    const auto earned = store_->achievements_of(p.id);
    ASSERT_TRUE(earned) << earned.error().reason;
    ASSERT_FALSE(earned->empty());
    EXPECT_EQ(earned->front(), (Earned{"first_game", s.id,
                                       store_->player_stats(p.id).value().recent[0].finished_ms}));
    // The next game is written with its new column.
    const TableSetup next = table_of(p.id, 52, parse_rules("end=30").value());
    const Game h = play_and_store(next, 100000);
    ASSERT_TRUE(store_->finish_table(
        FinishWrite{next.id, to_record_json(h), player_games(next, h), {}, {}}));
    EXPECT_EQ(store_->player_stats(p.id).value().all.games, 2);
}

TEST_F(SqliteStoreTest, UpgradesAVersionThreeDatabaseWithStatisticsFromTheRecords) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 12, parse_rules("end=40").value());
    const Game g = play_and_store(s, 100000);
    ASSERT_TRUE(store_->finish_table(s.id, to_record_json(g)));
    const TableSetup broken = table_of(p.id, 13);
    ASSERT_TRUE(store_->finish_table(broken.id, "{\"not\": \"a record\"}"));
    const TableSetup unfinished = table_of(p.id, 14);
    play_and_store(unfinished, 30);
    EXPECT_EQ(store_->player_stats(p.id).value().all.games, 0);
    store_.reset();
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        ASSERT_EQ(
            sqlite3_exec(db,
                         "DROP TABLE rating_changes; DROP TABLE ratings; "
                         "DROP TABLE player_games; DROP TABLE journal; DROP TABLE achievements; "
                         "ALTER TABLE players DROP COLUMN face; ALTER TABLE players DROP COLUMN "
                         "wearing; ALTER TABLE players DROP COLUMN lang; DROP INDEX "
                         "tables_by_share; DROP TABLE share_votes; DROP TABLE "
                         "table_people; "
                         "ALTER TABLE tables DROP COLUMN salt; ALTER TABLE tables DROP COLUMN "
                         "share; DROP INDEX tables_by_day; DROP TABLE daily_deals; DROP TABLE "
                         "reviews; ALTER TABLE "
                         "tables DROP COLUMN daily; ALTER TABLE tables DROP COLUMN daily_points; "
                         "ALTER TABLE tables DROP COLUMN nonce; "
                         "PRAGMA user_version = 3;",
                         nullptr, nullptr, nullptr),
            SQLITE_OK)
            << sqlite3_errmsg(db);
        sqlite3_close(db);
    }
    store_ = open();
    ASSERT_TRUE(store_);
    const auto stats = store_->player_stats(p.id);
    ASSERT_TRUE(stats) << stats.error().reason;
    const SeatSummary m = summarize(g)[0];
    EXPECT_EQ(stats->all.games, 1);
    EXPECT_EQ(stats->all.won, int(m.won));
    EXPECT_EQ(stats->all.hands, m.hands);
    EXPECT_EQ(stats->all.points, m.score);
    EXPECT_EQ(stats->all.queens, m.queens);
    ASSERT_EQ(stats->recent.size(), 1u);
    EXPECT_EQ(stats->recent[0].table, s.id);
    ASSERT_EQ(stats->groups.size(), 1u);
    EXPECT_EQ(stats->groups[0].level, "medium");
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables);
    EXPECT_EQ(tables->size(), 1u);  // the unfinished game is untouched
    // Version 6 awards what the games before it earned.
    const auto earned = store_->achievements_of(p.id);
    ASSERT_TRUE(earned) << earned.error().reason;
    ASSERT_FALSE(earned->empty());
    EXPECT_EQ(earned->front(), (Earned{"first_game", s.id, stats->recent[0].finished_ms}));
    EXPECT_EQ(store_->look_of(p.id).value(), Look{});
}

TEST_F(SqliteStoreTest, OpenFailsCleanlyWhereNoDatabaseCanBe) {
    const fs::path file = dir_ / "a-file";
    std::ofstream(file) << "not a folder";
    auto s = Store::open(file.string());
    ASSERT_FALSE(s);
    EXPECT_FALSE(s.error().reason.empty());

    const fs::path garbage = dir_ / "garbage";
    fs::create_directories(garbage);
    std::ofstream(garbage / "hearts.db") << std::string(8192, 'x');
    auto g = Store::open(garbage.string());
    ASSERT_FALSE(g);
    EXPECT_NE(g.error().reason.find("database"), std::string::npos) << g.error().reason;
}

// One program writes a data folder: a second store (a second `hearts serve`) is refused
// with a reason that says what to do, and the folder is free again once the first closes.
TEST_F(SqliteStoreTest, ASecondStoreOnTheSameFolderIsRefused) {
    auto second = Store::open(dir_.string());
    ASSERT_FALSE(second);
    const std::string& why = second.error().reason;
    EXPECT_NE(why.find("another program uses the data folder " + dir_.string()), std::string::npos)
        << why;
    EXPECT_NE(why.find("(process " + std::to_string(getpid()) + ")"), std::string::npos) << why;
    EXPECT_NE(why.find("--data-dir"), std::string::npos) << why;
    // The first store goes on working, and a later one opens.
    const NewPlayer p = player();
    reopen();
    EXPECT_TRUE(checks(p.id, p.token));
}

// A clean close folds every action waiting in the journal: the next start recovers none,
// and every table reads back whole.
TEST_F(SqliteStoreTest, ACleanCloseLeavesTheJournalEmpty) {
    const NewPlayer a = player();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) play_and_store(table_of(a.id, seed), 30);
    store_.reset();
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "hearts.db").string().c_str(), &db), SQLITE_OK);
        sqlite3_stmt* st = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM journal", -1, &st, nullptr),
                  SQLITE_OK);
        ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
        EXPECT_EQ(sqlite3_column_int(st, 0), 0);
        sqlite3_finalize(st);
        sqlite3_close(db);
    }
    store_ = open();
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored) << stored.error().reason;
    ASSERT_EQ(stored->size(), 3u);
    for (const StoredTable& t : *stored) EXPECT_EQ(t.actions.size(), 30u) << t.setup.id;
}

// Every statement is prepared once and kept. Their number depends on the code, never on
// how much is stored, and a statement that failed (a refused append, a duplicate id) is
// ready for the next call.
TEST_P(StoreTest, KeepsOneStatementPerTextAndRecoversFromRefusals) {
    const NewPlayer p = player();
    const auto exercise = [&](std::uint64_t seed) {
        TableSetup s = table_of(p.id, seed);
        play_and_store(s, 60);
        EXPECT_FALSE(store_->append_action(s.id, 3, Action::next_hand()));   // already stored
        EXPECT_FALSE(store_->append_action(s.id, 99, Action::next_hand()));  // a gap
        EXPECT_FALSE(store_->create_table(s));                               // the id is taken
        s.seats[1].player = p.id;
        EXPECT_TRUE(store_->save_meta(s));
        EXPECT_TRUE(store_->append_chat(s.id, ChatLine{Seat::South, p.id, "Sam", "hi", 1}));
        EXPECT_TRUE(store_->recent_chat(s.id, 10));
        EXPECT_TRUE(store_->set_name(p.id, "Sam"));
        EXPECT_TRUE(checks(p.id, p.token));
        EXPECT_TRUE(store_->games_alone(p.id));
        EXPECT_TRUE(store_->player_tables(p.id));
        auto tables = store_->unfinished_tables();
        EXPECT_TRUE(tables);
        return s;
    };
    const TableSetup first = exercise(1);
    const std::size_t kept = store_->kept_statements();
    EXPECT_GT(kept, 10u);
    for (std::uint64_t seed = 2; seed <= 5; ++seed) exercise(seed);
    EXPECT_EQ(store_->kept_statements(), kept);

    // After the refusals the log goes on where it was, and nothing else was written.
    EXPECT_TRUE(store_->append_action(first.id, 60, Action::next_hand()));
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables);
    ASSERT_EQ(tables->size(), 5u);
    EXPECT_EQ(tables->front().actions.size(), 61u);
    for (std::size_t k = 1; k < tables->size(); ++k) EXPECT_EQ((*tables)[k].actions.size(), 60u);
    EXPECT_EQ(tables->front().setup.seats[1].player, p.id);
}

TEST_P(StoreTest, ThreadsShareOneStore) {
    const NewPlayer p = player();
    std::vector<TableSetup> tables;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) tables.push_back(table_of(p.id, seed));
    std::vector<std::thread> threads;
    for (const TableSetup& s : tables) {
        threads.emplace_back([&, s] {
            for (int i = 0; i < 25; ++i) {
                EXPECT_TRUE(store_->append_action(s.id, i, Action::next_hand()));
                EXPECT_TRUE(checks(p.id, p.token));
            }
        });
    }
    for (auto& t : threads) t.join();
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored);
    for (const StoredTable& t : *stored) EXPECT_EQ(t.actions.size(), 25u);
}

// ---------------------------------------------------------------- group commit

TEST_P(StoreTest, AGroupOfWritesThatFailsTakesBackItsOwnAndNobodyElses) {
    const NewPlayer p = player();
    const TableSetup a = table_of(p.id, 1);
    const TableSetup b = table_of(p.id, 2);
    const TableSetup c = table_of(p.id, 3);
    TableSetup a_later = a;
    a_later.names[1] = "Nell";
    a_later.timer = 30;
    const Action next = Action::next_hand();
    const std::vector<std::vector<TableWrite>> groups{
        {ActionWrite{a.id, 0, next}, ActionWrite{a.id, 1, next}, MetaWrite{a_later}},
        // b's first write is fine; its second leaves a gap, so neither is kept.
        {ActionWrite{b.id, 0, next}, ActionWrite{b.id, 5, next}, ActionWrite{b.id, 1, next}},
        {ChatWrite{c.id, ChatLine{Seat::South, p.id, "Sam", "gg", 1}},
         FinishWrite{c.id, "{}", {}, {}, {}}},
    };
    const std::vector<Status> done = store_->write_groups(groups);
    ASSERT_EQ(done.size(), 3u);
    EXPECT_TRUE(done[0]) << done[0].error().reason;
    ASSERT_FALSE(done[1]);
    EXPECT_NE(done[1].error().reason.find("would leave a gap (the next action is 1)"),
              std::string::npos)
        << done[1].error().reason;
    EXPECT_TRUE(done[2]) << done[2].error().reason;

    reopen();
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables);
    ASSERT_EQ(tables->size(), 2u);  // c is finished
    EXPECT_EQ((*tables)[0].setup.id, a.id);
    EXPECT_EQ((*tables)[0].actions.size(), 2u);
    EXPECT_EQ((*tables)[0].setup.names[1], "Nell");
    EXPECT_EQ((*tables)[0].setup.timer, 30);
    EXPECT_EQ((*tables)[1].setup.id, b.id);
    EXPECT_TRUE((*tables)[1].actions.empty());
    auto chat = store_->recent_chat(c.id, 10);
    ASSERT_TRUE(chat);
    ASSERT_EQ(chat->size(), 1u);
    EXPECT_EQ(chat->front().text, "gg");
    EXPECT_TRUE(store_->finished_record(c.id, p.id));
    // The store is fine afterwards: b goes on from where it was.
    EXPECT_TRUE(store_->append_action(b.id, 0, next));
}

// What a table hears from group commit, from the writer's thread.
struct CountingSink : WriteSink {
    void written(std::size_t count, const Status& status) override {
        std::lock_guard lock(mutex);
        ++calls;
        if (status) {
            EXPECT_EQ(failed, 0u) << "a write succeeded after one of the same sink failed";
            ok += count;
        } else {
            failed += count;
            reasons.push_back(status.error().reason);
        }
    }
    std::mutex mutex;
    std::size_t calls = 0, ok = 0, failed = 0;
    std::vector<std::string> reasons;
};

TEST_P(StoreTest, GroupCommitWritesEveryTablesWritesInOrderAndTellsEachTable) {
    const NewPlayer p = player();
    constexpr int kTables = 8;
    constexpr int kWrites = 150;
    std::vector<TableSetup> tables;
    std::vector<std::shared_ptr<CountingSink>> sinks;
    for (int k = 0; k < kTables; ++k) {
        tables.push_back(table_of(p.id, std::uint64_t(k + 1)));
        sinks.push_back(std::make_shared<CountingSink>());
    }
    GroupCommit::Stats stats;
    {
        GroupCommit writer(*store_);
        std::vector<std::thread> threads;
        for (int k = 0; k < kTables; ++k) {
            threads.emplace_back([&, k] {
                // Out of order anywhere, the store would refuse it (the next number).
                for (int i = 0; i < kWrites; ++i)
                    writer.submit(sinks[std::size_t(k)],
                                  ActionWrite{tables[std::size_t(k)].id, i, Action::next_hand()});
            });
        }
        for (auto& t : threads) t.join();
        writer.stop();  // writes everything queued first
        stats = writer.stats();
    }
    for (auto& sink : sinks) {
        EXPECT_EQ(sink->ok, std::size_t(kWrites));
        EXPECT_EQ(sink->failed, 0u);
        EXPECT_LE(sink->calls, std::size_t(kWrites));
    }
    EXPECT_EQ(stats.writes, std::uint64_t(kTables * kWrites));
    EXPECT_EQ(stats.queued, 0u);
    EXPECT_LE(stats.batches, stats.writes);
    reopen();
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored);
    for (const StoredTable& t : *stored) EXPECT_EQ(t.actions.size(), std::size_t(kWrites));
}

TEST_P(StoreTest, GroupCommitStopsATablesWritesAtItsFirstFailure) {
    const NewPlayer p = player();
    const TableSetup a = table_of(p.id, 1);
    const TableSetup b = table_of(p.id, 2);
    auto sa = std::make_shared<CountingSink>();
    auto sb = std::make_shared<CountingSink>();
    const Action next = Action::next_hand();
    GroupCommit writer(*store_);
    writer.submit(sa, ActionWrite{a.id, 0, next});
    writer.submit(sa, ActionWrite{a.id, 2, next});  // a gap: refused
    writer.submit(sb, ActionWrite{b.id, 0, next});
    writer.stop();
    GroupCommit again(*store_);
    // Fine on its own, but it follows a's failure: not tried.
    again.submit(sa, ActionWrite{a.id, 1, next});
    again.submit(sb, ActionWrite{b.id, 1, next});
    again.stop();
    // After stop, a write fails at once, and its sink is told so.
    again.submit(sb, ActionWrite{b.id, 2, next});

    EXPECT_EQ(sb->ok, 2u);
    EXPECT_EQ(sb->failed, 1u);
    ASSERT_FALSE(sb->reasons.empty());
    EXPECT_NE(sb->reasons.back().find("stopping"), std::string::npos) << sb->reasons.back();
    EXPECT_LE(sa->ok, 1u);  // 0 when a's first two writes were in one batch
    EXPECT_EQ(sa->ok + sa->failed, 3u);
    ASSERT_FALSE(sa->reasons.empty());
    EXPECT_NE(sa->reasons.back().find("an earlier write of this table failed"), std::string::npos)
        << sa->reasons.back();
    reopen();
    auto stored = store_->unfinished_tables();
    ASSERT_TRUE(stored);
    ASSERT_EQ(stored->size(), 2u);
    EXPECT_EQ((*stored)[0].actions.size(), sa->ok);
    EXPECT_EQ((*stored)[1].actions.size(), 2u);
}

// ---------------------------------------------------------------- PostgreSQL only

// Rows of `sql` on the store's database, each row's columns joined by '|'.
std::vector<std::string> pg_rows(const std::string& url, const std::string& sql) {
    PGconn* c = PQconnectdb(url.c_str());
    std::vector<std::string> out;
    EXPECT_EQ(PQstatus(c), CONNECTION_OK) << PQerrorMessage(c);
    PGresult* r = PQexec(c, sql.c_str());
    EXPECT_TRUE(PQresultStatus(r) == PGRES_TUPLES_OK || PQresultStatus(r) == PGRES_COMMAND_OK)
        << PQresultErrorMessage(r);
    for (int i = 0; i < PQntuples(r); ++i) {
        std::string row;
        for (int k = 0; k < PQnfields(r); ++k)
            row += (k ? "|" : "") + std::string(PQgetvalue(r, i, k));
        out.push_back(row);
    }
    PQclear(r);
    PQfinish(c);
    return out;
}

TEST_F(PgStoreTest, TokensAreNotStoredInClear) {
    std::vector<NewPlayer> players;
    for (int i = 0; i < 5; ++i) players.push_back(player());
    const auto rows = pg_rows(url_, "SELECT p::text FROM players p");
    ASSERT_EQ(rows.size(), 5u);
    std::string all;
    for (const std::string& row : rows) all += row + "\n";
    for (const NewPlayer& p : players) {
        EXPECT_NE(all.find(p.id), std::string::npos) << "the id is stored";
        EXPECT_EQ(all.find(p.token), std::string::npos) << "the token is stored";
        EXPECT_TRUE(checks(p.id, p.token));
    }
}

// One server writes a database: a second is refused with a reason that says what to do,
// and the database is free again once the first closes.
TEST_F(PgStoreTest, ASecondServerOnTheSameDatabaseIsRefused) {
    auto second = Store::open_postgres(url_);
    ASSERT_FALSE(second);
    const std::string& why = second.error().reason;
    EXPECT_NE(why.find("another hearts server writes to the database"), std::string::npos) << why;
    EXPECT_NE(why.find("a database of its own"), std::string::npos) << why;
    const NewPlayer p = player();  // the first goes on working
    reopen();
    EXPECT_TRUE(checks(p.id, p.token));
}

TEST_F(PgStoreTest, OpenFailsCleanlyWhereNoDatabaseCanBe) {
    // Nothing listens there: the reason names the place, never the password.
    auto none = Store::open_postgres("postgresql://hearts:s3cret@/nosuchdb?host=" + dir_.string());
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().reason.find("cannot connect to the database"), std::string::npos)
        << none.error().reason;
    EXPECT_EQ(none.error().reason.find("s3cret"), std::string::npos) << none.error().reason;
    auto garbled = Store::open_postgres("postgresql://hearts@[::1/x");
    ASSERT_FALSE(garbled);
    EXPECT_NE(garbled.error().reason.find("database URL"), std::string::npos)
        << garbled.error().reason;
    EXPECT_EQ(redacted_url("postgresql://ada:pa%40ss@db.example.org:5433/hearts"),
              "postgresql://ada:***@db.example.org:5433/hearts");
    EXPECT_EQ(redacted_url("host=db password=hunter2 dbname=hearts"),
              "host=db password=*** dbname=hearts");
    EXPECT_EQ(redacted_url("host=db password = 'a b\\'c' dbname=hearts"),
              "host=db password = *** dbname=hearts");
    EXPECT_EQ(redacted_url("postgresql://u@h/db?password=p%40ss&sslmode=require"),
              "postgresql://u@h/db?password=***&sslmode=require");
    EXPECT_EQ(redacted_url("postgresql://s@h/postgres"), "postgresql://s@h/postgres");
    // A URL that does not read is not quoted back with its password.
    auto bad = Store::open_postgres("postgresql://u:p%zzq@h/db");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().reason.find("p%zzq"), std::string::npos) << bad.error().reason;
}

// Migrations are versioned: each runs once, and a database a newer program wrote is
// refused rather than misread.
TEST_F(PgStoreTest, MigrationsRunOnceAndANewerSchemaIsRefused) {
    reopen();
    reopen();
    EXPECT_EQ(pg_rows(url_, "SELECT version FROM hearts_schema ORDER BY version"),
              (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}));
    store_.reset();
    pg_rows(url_, "INSERT INTO hearts_schema(version) VALUES(99)");
    auto newer = Store::open_postgres(url_);
    ASSERT_FALSE(newer);
    EXPECT_NE(newer.error().reason.find("schema version 99 is not one this program knows"),
              std::string::npos)
        << newer.error().reason;
}

// Version 2 (achievements, looks) upgrades a version 1 database in place, and awards what
// the games finished before it earned.
TEST_F(PgStoreTest, VersionTwoAwardsTheAchievementsOfEarlierGames) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 31, parse_rules("end=30").value());
    const Game g = play_and_store(s, 100000);
    ASSERT_TRUE(
        store_->finish_table(FinishWrite{s.id, to_record_json(g), player_games(s, g), {}, {}}));
    store_.reset();
    pg_rows(url_,
            "DROP TABLE node_beats; DROP TABLE rating_changes; DROP TABLE ratings; "
            "DROP TABLE achievements; ALTER TABLE players DROP COLUMN face, DROP COLUMN wearing, "
            "DROP COLUMN lang; "
            "ALTER TABLE player_games DROP COLUMN helped; DROP TABLE share_votes; DROP TABLE "
            "table_people; ALTER TABLE "
            "tables DROP COLUMN salt, DROP COLUMN share, DROP COLUMN daily, DROP COLUMN "
            "daily_points, DROP COLUMN nonce; "
            "DROP TABLE daily_deals; DROP TABLE reviews; DROP TABLE table_holders; DELETE FROM "
            "hearts_schema WHERE "
            "version >= 2");
    reopen();
    EXPECT_EQ(pg_rows(url_, "SELECT version FROM hearts_schema ORDER BY version"),
              (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}));
    const auto earned = store_->achievements_of(p.id);
    ASSERT_TRUE(earned) << earned.error().reason;
    ASSERT_FALSE(earned->empty());
    EXPECT_EQ(earned->front().id, "first_game");
    EXPECT_EQ(earned->front().table, s.id);
    EXPECT_EQ(store_->look_of(p.id).value(), Look{});
}

// With several nodes, two games of one player can finish at the same moment: neither
// transaction sees the other's row, so an achievement both reach together (the 10th
// game) is awarded by the player's next game. It is credited to that game, whose table
// announces it (TableActor::announce_achievements sends those of its own table): the
// player sees it come, instead of holding it unannounced under an earlier table. The
// missed award is made here by deleting it, as two such transactions would leave it.
TEST_F(PgStoreTest, AnAchievementAGameMissedIsCreditedToTheGameThatAwardsIt) {
    const NewPlayer p = player();
    const auto finish = [&](std::uint64_t seed, bool won) {
        const TableSetup s = table_of(p.id, seed, parse_rules("end=30").value());
        const Game g = play_and_store(s, 100000);
        auto rows = player_games(s, g);
        rows[0].summary = SeatSummary{};
        rows[0].summary.hands = 5;
        rows[0].summary.score = won ? 10 : 104;
        rows[0].summary.won = won;
        rows[0].summary.place = won ? 1 : 4;
        rows[0].summary.queens = 1;
        EXPECT_TRUE(
            store_->write_groups({{FinishWrite{s.id, to_record_json(g), rows, {}, {}}}})[0]);
        return s.id;
    };
    const std::string t1 = finish(41, false);
    pg_rows(url_, "DELETE FROM achievements WHERE id = 'first_game'");
    const std::string t2 = finish(42, true);
    const auto earned = store_->achievements_of(p.id);
    ASSERT_TRUE(earned) << earned.error().reason;
    std::vector<std::string> got;
    for (const Earned& e : *earned)
        got.push_back(e.id + "@" + (e.table == t1 ? "t1" : e.table == t2 ? "t2" : e.table));
    EXPECT_EQ(got, (std::vector<std::string>{"first_game@t2", "first_win@t2"}));
}

// PostgreSQL restarts under a running store: its next calls connect again (the writer
// takes its lock again), and nothing written before is lost.
TEST_F(PgStoreTest, AStoreCarriesOnAfterPostgreSQLRestarts) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 21);
    play_and_store(s, 20);
    hearts::testing::PostgresInstance::get().restart();
    EXPECT_TRUE(checks(p.id, p.token));
    const Status next = store_->append_action(s.id, 20, Action::next_hand());
    EXPECT_TRUE(next) << next.error().reason;
    auto tables = store_->unfinished_tables();
    ASSERT_TRUE(tables) << tables.error().reason;
    ASSERT_EQ(tables->size(), 1u);
    EXPECT_EQ(tables->front().actions.size(), 21u);
    // It holds the writer's lock again.
    auto second = Store::open_postgres(url_);
    EXPECT_FALSE(second);
}

// A group commit writes every group in one transaction without savepoints. A group that
// fails after it wrote something is taken out and written alone (and fails alone); the
// others are written together again. A failure that is the database's (here a lock
// timeout, which spoils the transaction) fails every group of the commit, and what is
// reported written is stored.
TEST_F(PgStoreTest, AGroupThatFailsHalfDoneFailsAloneAndTheDatabasesFailuresFailAll) {
    const NewPlayer p = player();
    TableSetup a = table_of(p.id, 1);
    const TableSetup b = table_of(p.id, 2);
    const TableSetup c = table_of(p.id, 3);
    const Action next = Action::next_hand();
    a.names[1] = "Nell";
    const std::vector<Status> done = store_->write_groups(
        {{MetaWrite{a}},
         {ChatWrite{b.id, ChatLine{Seat::South, p.id, "Sam", "hi", 1}}, ActionWrite{b.id, 4, next}},
         {ActionWrite{c.id, 0, next}}});
    EXPECT_TRUE(done[0]) << done[0].error().reason;
    ASSERT_FALSE(done[1]);
    EXPECT_NE(done[1].error().reason.find("would leave a gap"), std::string::npos)
        << done[1].error().reason;
    EXPECT_TRUE(done[2]) << done[2].error().reason;
    EXPECT_TRUE(store_->recent_chat(b.id, 5).value().empty()) << "a failed group's chat was kept";
    auto tables = store_->unfinished_tables().value();
    EXPECT_EQ(tables[0].setup.names[1], "Nell");
    EXPECT_EQ(tables[2].actions.size(), 1u);

    store_.reset();
    store_ = Store::open_postgres(url_ + "&options=-c%20lock_timeout%3D200ms").value();
    PGconn* other = PQconnectdb(url_.c_str());
    ASSERT_EQ(PQstatus(other), CONNECTION_OK);
    PQclear(PQexec(other, "BEGIN"));
    PGresult* locked = PQexec(other, "LOCK TABLE actions IN ACCESS EXCLUSIVE MODE");
    ASSERT_EQ(PQresultStatus(locked), PGRES_COMMAND_OK) << PQresultErrorMessage(locked);
    PQclear(locked);
    a.names[1] = "Ola";
    const std::vector<Status> blocked =
        store_->write_groups({{MetaWrite{a}}, {ActionWrite{b.id, 0, next}}});
    EXPECT_FALSE(blocked[0]) << "reported written, but its transaction was rolled back";
    ASSERT_FALSE(blocked[1]);
    EXPECT_NE(blocked[1].error().reason.find("lock timeout"), std::string::npos)
        << blocked[1].error().reason;
    PQclear(PQexec(other, "ROLLBACK"));
    PQfinish(other);
    tables = store_->unfinished_tables().value();
    EXPECT_EQ(tables[0].setup.names[1], "Nell");
    EXPECT_TRUE(tables[1].actions.empty());
    EXPECT_TRUE(store_->append_action(b.id, 0, next));  // and the store goes on
}

// A store whose session was cut while another server took the database writes nothing
// more: its new session does not get the writer's lock, and is not used until it does.
TEST_F(PgStoreTest, AStoreThatLostItsLockToAnotherServerWritesNothing) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 5);
    const std::string db = url_.substr(url_.find("@/") + 2, url_.find('?') - url_.find("@/") - 2);
    hearts::testing::PostgresInstance::get().admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + db + "'");
    auto other = Store::open_postgres(url_);
    ASSERT_TRUE(other) << other.error().reason;
    const Action next = Action::next_hand();
    for (int attempt = 0; attempt < 2; ++attempt) {
        const Status refused = store_->append_action(s.id, 0, next);
        ASSERT_FALSE(refused) << "written without the writer's lock";
        EXPECT_NE(refused.error().reason.find("another hearts server writes"), std::string::npos)
            << refused.error().reason;
    }
    EXPECT_TRUE((*other)->append_action(s.id, 0, next));
    other.value().reset();  // the other server stops: this one takes over
    EXPECT_TRUE(store_->append_action(s.id, 1, next));
    EXPECT_EQ(store_->unfinished_tables().value().front().actions.size(), 2u);
}

// The nodes of a cluster share one database: each writes only the tables it claimed,
// PostgreSQL holds each claim (an advisory lock per table) until the last release, and
// a server that is not a node cannot start beside them, nor a node beside one.
TEST_F(PgStoreTest, NodesSharingADatabaseWriteOnlyTheTablesTheyClaimed) {
    const NewPlayer p = player();
    const TableSetup s = table_of(p.id, 7);
    store_.reset();
    auto a = Store::open_postgres(url_, true);
    ASSERT_TRUE(a) << a.error().reason;
    auto b = Store::open_postgres(url_, true);
    ASSERT_TRUE(b) << b.error().reason;
    Store& one = **a;
    Store& two = **b;
    ASSERT_TRUE(one.claim(s.id).value());
    EXPECT_FALSE(two.claim(s.id).value()) << "two nodes hold one table";
    const Status refused = two.append_action(s.id, 0, Action::next_hand());
    ASSERT_FALSE(refused) << "a node wrote a table it does not hold";
    EXPECT_NE(refused.error().reason.find("not this node's"), std::string::npos)
        << refused.error().reason;
    EXPECT_FALSE(two.save_meta(s));
    ASSERT_TRUE(one.append_action(s.id, 0, Action::next_hand()));
    // Claims are counted: the table is free at the last release only.
    ASSERT_TRUE(one.claim(s.id).value());
    one.release(s.id);
    EXPECT_FALSE(two.claim(s.id).value());
    one.release(s.id);
    ASSERT_TRUE(two.claim(s.id).value());
    // The other node writes on from what the first one wrote, and the first no longer can.
    EXPECT_TRUE(two.append_action(s.id, 1, Action::next_hand()));
    EXPECT_FALSE(one.append_action(s.id, 2, Action::next_hand()));
    EXPECT_EQ(two.unfinished_table(s.id).value()->actions.size(), 2u);

    // A server that is not a node is refused beside nodes, and says why.
    auto alone = Store::open_postgres(url_, false);
    ASSERT_FALSE(alone);
    EXPECT_NE(alone.error().reason.find("--redis"), std::string::npos) << alone.error().reason;
    a.value().reset();
    b.value().reset();
    auto single = Store::open_postgres(url_, false);
    ASSERT_TRUE(single) << single.error().reason;
    auto node = Store::open_postgres(url_, true);
    ASSERT_FALSE(node);
    EXPECT_NE(node.error().reason.find("not a cluster node"), std::string::npos)
        << node.error().reason;
}

// A node whose session was cut has lost its table locks with it: it takes back the ones
// nobody took meanwhile, and writes nothing more to a table another node took.
TEST_F(PgStoreTest, ANodeThatLostItsSessionWritesOnlyTheTablesStillItsOwn) {
    const NewPlayer p = player();
    const TableSetup kept = table_of(p.id, 8), taken = table_of(p.id, 9);
    store_.reset();
    auto a = Store::open_postgres(url_, 2000ms, 2500ms);
    ASSERT_TRUE(a) << a.error().reason;
    Store& one = **a;
    for (const TableSetup& s : {kept, taken}) ASSERT_TRUE(one.claim(s.id).value());
    cut_sessions();
    auto b = Store::open_postgres(url_, 2000ms, 2500ms);
    ASSERT_TRUE(b) << b.error().reason;
    claim_after_takeover(**b, taken.id);
    ASSERT_TRUE((*b)->append_action(taken.id, 0, Action::next_hand()));
    EXPECT_TRUE(one.append_action(kept.id, 0, Action::next_hand()));
    const Status refused = one.append_action(taken.id, 1, Action::next_hand());
    ASSERT_FALSE(refused) << "written by a node that lost the table";
    EXPECT_FALSE((*b)->claim(kept.id).value());
    EXPECT_TRUE((*b)->append_action(taken.id, 1, Action::next_hand()));
}

// A node learns that its session was cut only when it next uses it, and another node may
// take its tables' locks at once: a node shows a table from memory only while its
// session answered lately (the lease), and a node taking a table from one that did not
// let go waits until that one's lease has run out (store/pg/claims.h).
TEST_F(PgStoreTest, ANodeNeverShowsATableAnotherNodeMayHaveTakenOver) {
    const NewPlayer p = player();
    const TableSetup t = table_of(p.id, 10), u = table_of(p.id, 11), v = table_of(p.id, 12);
    store_.reset();
    auto a = Store::open_postgres(url_, 2000ms, 2500ms);
    ASSERT_TRUE(a) << a.error().reason;
    auto b = Store::open_postgres(url_, 2000ms, 2500ms);
    ASSERT_TRUE(b) << b.error().reason;
    Store& one = **a;
    Store& two = **b;
    for (const TableSetup& s : {t, u}) ASSERT_TRUE(one.claim(s.id).value());
    EXPECT_EQ(one.holding(t.id), Holding::yes);
    EXPECT_EQ(two.holding(t.id), Holding::no);
    // A clean release lets another node load the table at once.
    ASSERT_TRUE(two.claim(v.id).value());
    two.release(v.id);
    EXPECT_TRUE(one.claim(v.id).value()) << "a table let go was not free at once";
    one.release(v.id);

    // Node one's session is cut; it does not know yet. Node two gets the lock at once, but
    // does not load the table until node one can no longer show it.
    cut_sessions();
    EXPECT_FALSE(two.claim(t.id).value()) << "taken over while its node may still show it";
    EXPECT_EQ(two.holding(t.id), Holding::waiting);
    EXPECT_EQ(two.claims_waiting(), 1u);
    EXPECT_TRUE(two.claims_ready().empty()) << "ready before its wait was over";
    ASSERT_TRUE(eventually_ready(two, t.id)) << "its wait never ended";
    claim_after_takeover(two, t.id);
    EXPECT_TRUE(two.claims_ready().empty()) << "still ready once claimed";
    EXPECT_NE(one.holding(t.id), Holding::yes)
        << "two nodes would show the table from memory at once";
    EXPECT_EQ(two.holding(t.id), Holding::yes);
    ASSERT_TRUE(two.append_action(t.id, 0, Action::next_hand()));
    // Node one finds out at its next check, and gives up the table another node took.
    EXPECT_EQ(one.lost_claims(), std::vector<std::string>{t.id});
    EXPECT_EQ(one.holding(t.id), Holding::no);
    EXPECT_EQ(one.holding(u.id), Holding::yes);

    // A table another node held while this one's session was cut, and let go since, is
    // stale in this node's memory: it is lost too, not taken back.
    cut_sessions();
    claim_after_takeover(two, u.id);
    ASSERT_TRUE(two.append_action(u.id, 0, Action::next_hand()));
    two.release(u.id);
    EXPECT_EQ(one.lost_claims(), std::vector<std::string>{u.id});
    EXPECT_EQ(one.holding(u.id), Holding::no);
    const Status refused = one.append_action(u.id, 0, Action::next_hand());
    ASSERT_FALSE(refused) << "a stale copy wrote over another node's action";
    EXPECT_NE(refused.error().reason.find("not this node's"), std::string::npos)
        << refused.error().reason;
    // Claimed anew, it is read again from what node two wrote.
    ASSERT_TRUE(one.claim(u.id).value());
    EXPECT_TRUE(one.append_action(u.id, 1, Action::next_hand()));
}

// PostgreSQL restarts while a node holds a table: every lock goes with the sessions. The
// node is alive and takes the table back once its session is back, so another node asked
// first leaves it alone rather than take it over (a table would move at every restart).
// A node that does not come back within the takeover wait is taken over after it, and a
// node whose session alone was cut (a node killed) at once, as before (store/pg/claims.h).
TEST_F(PgStoreTest, ANodeAliveThroughARestartOfPostgreSQLKeepsItsTables) {
    auto& postgres = hearts::testing::PostgresInstance::get();
    const NewPlayer p = player();
    const TableSetup t = table_of(p.id, 13), u = table_of(p.id, 14);
    store_.reset();
    auto a = Store::open_postgres(url_, 1000ms, 3000ms);
    ASSERT_TRUE(a) << a.error().reason;
    auto b = Store::open_postgres(url_, 1000ms, 3000ms);
    ASSERT_TRUE(b) << b.error().reason;
    Store& one = **a;
    Store& two = **b;
    ASSERT_TRUE(one.claim(t.id).value());
    postgres.restart();
    EXPECT_FALSE(two.claim(t.id).value());
    EXPECT_EQ(two.holding(t.id), Holding::no) << "taken over from a node on its way back";
    EXPECT_TRUE(one.lost_claims().empty()) << "the node that held it lost it in the restart";
    EXPECT_EQ(one.holding(t.id), Holding::yes);
    EXPECT_TRUE(one.append_action(t.id, 0, Action::next_hand()));
    EXPECT_FALSE(two.claim(t.id).value());
    EXPECT_EQ(two.holding(t.id), Holding::no);

    // Its node does not come back after the next restart: the table is taken over once
    // the wait for it is over, and loaded after the takeover's own wait.
    ASSERT_TRUE(one.claim(u.id).value());
    postgres.restart();
    const auto restarted = std::chrono::steady_clock::now();
    EXPECT_FALSE(two.claim(u.id).value());
    EXPECT_EQ(two.holding(u.id), Holding::no);
    claim_after_takeover(two, u.id);
    EXPECT_GE(std::chrono::steady_clock::now() - restarted, 3000ms);
    EXPECT_TRUE(two.append_action(u.id, 0, Action::next_hand()));
    // Node one, back at last, keeps the table nobody took and gives up the other.
    EXPECT_EQ(one.lost_claims(), std::vector<std::string>{u.id});
    EXPECT_EQ(one.holding(t.id), Holding::yes);
}

// Triggers for the tests below. `cut_if_locked` ends a session that holds an advisory lock
// when it writes; `spoil` spoils one that holds none (its later statements find no table).
constexpr const char* kCutIfLocked =
    "CREATE FUNCTION cut_if_locked() RETURNS trigger AS $$ BEGIN IF EXISTS (SELECT 1 FROM "
    "pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND mode = "
    "'ExclusiveLock' AND granted) THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF; "
    "RETURN NEW; END $$ LANGUAGE plpgsql";
constexpr const char* kSpoilAtBeat =
    "CREATE FUNCTION spoil() RETURNS trigger AS $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_locks "
    "WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND mode = 'ExclusiveLock' AND "
    "granted) THEN PERFORM set_config('search_path', 'nowhere', false); END IF; RETURN NEW; "
    "END $$ LANGUAGE plpgsql; CREATE TRIGGER spoil AFTER INSERT OR UPDATE ON node_beats FOR "
    "EACH ROW EXECUTE FUNCTION spoil()";

// A claim runs several statements after it takes a table's lock, and the connection opens a
// new session by itself when it finds the old one gone: a claim whose session changed
// midway holds no lock, and says so rather than take the table (two nodes would write it).
TEST_F(PgStoreTest, AClaimWhoseSessionWasCutMidwayTakesNothing) {
    const NewPlayer p = player();
    const TableSetup t = table_of(p.id, 15);
    store_.reset();
    auto a = Store::open_postgres(url_, 1000ms, 3000ms);
    ASSERT_TRUE(a) << a.error().reason;
    auto b = Store::open_postgres(url_, 1000ms, 3000ms);
    ASSERT_TRUE(b) << b.error().reason;
    Store& one = **a;
    Store& two = **b;
    // The claim's write of the table's holder, after its lock, ends its session; the
    // connection runs the write again on a new session, which holds no lock.
    pg_rows(url_, std::string(kCutIfLocked) +
                      "; CREATE TRIGGER cut BEFORE INSERT OR UPDATE ON table_holders FOR EACH "
                      "ROW EXECUTE FUNCTION cut_if_locked()");
    auto mine = one.claim(t.id);
    ASSERT_FALSE(mine) << "claimed without its lock";
    EXPECT_NE(mine.error().reason.find("session with the database was cut"), std::string::npos)
        << mine.error().reason;
    pg_rows(url_, "DROP TRIGGER cut ON table_holders");
    EXPECT_NE(one.holding(t.id), Holding::yes);
    claim_after_takeover(two, t.id);
    EXPECT_TRUE(two.append_action(t.id, 0, Action::next_hand()));
    EXPECT_FALSE(one.append_action(t.id, 1, Action::next_hand()));
}

// A node whose session was cut, and whose table another node took meanwhile, never shows
// that table again, even when its new session fails midway (store/pg/claims.h: a new
// session renews no lease before its tables are locked again).
TEST_F(PgStoreTest, ANodeBackAfterItsSessionWasCutNeverShowsATableItLost) {
    const NewPlayer p = player();
    const TableSetup t = table_of(p.id, 17);
    store_.reset();
    auto a = Store::open_postgres(url_, 1000ms, 3000ms);
    ASSERT_TRUE(a) << a.error().reason;
    auto b = Store::open_postgres(url_, 1000ms, 3000ms);
    ASSERT_TRUE(b) << b.error().reason;
    Store& one = **a;
    Store& two = **b;
    ASSERT_TRUE(one.claim(t.id).value());
    cut_sessions();
    claim_after_takeover(two, t.id);
    EXPECT_NE(one.holding(t.id), Holding::yes);
    pg_rows(url_, kSpoilAtBeat);
    (void)one.lost_claims();
    EXPECT_EQ(two.holding(t.id), Holding::yes);
    EXPECT_NE(one.holding(t.id), Holding::yes) << "two nodes show the table from memory";
}

// tools/pg-backup.sh, once: a backup taken while the store is open restores into a new
// database that a store then opens with every game, record, statistic and chat line.
TEST_F(PgStoreTest, ABackupRestoresEveryGame) {
    const NewPlayer p = player();
    const TableSetup open_game = table_of(p.id, 31);
    const Game played = play_and_store(open_game, 50);
    const TableSetup done = table_of(p.id, 32, parse_rules("end=20").value());
    const Game finished = play_and_store(done, 100000);
    ASSERT_TRUE(store_->finish_table(
        FinishWrite{done.id, to_record_json(finished), player_games(done, finished), {}, {}}));
    ASSERT_TRUE(store_->append_chat(open_game.id, ChatLine{Seat::South, p.id, "Sam", "gl", 5}));

    auto& postgres = hearts::testing::PostgresInstance::get();
    const std::string file = (dir_ / "hearts.dump").string();
    const std::string tool = std::string(HEARTS_SOURCE_DIR) + "/tools/pg-backup.sh";
    ASSERT_EQ(std::system((tool + " backup '" + url_ + "' " + file + " >/dev/null").c_str()), 0);
    const std::string copy = postgres.fresh_database();
    ASSERT_EQ(std::system((tool + " restore " + file + " '" + copy + "' >/dev/null").c_str()), 0);
    // Not over a database that holds something.
    EXPECT_NE(std::system((tool + " restore " + file + " '" + copy + "' 2>/dev/null").c_str()), 0);

    store_.reset();
    auto restored = Store::open_postgres(copy);
    ASSERT_TRUE(restored) << restored.error().reason;
    Store& r = **restored;
    EXPECT_TRUE(r.check_player(p.id, p.token).value());
    auto tables = r.unfinished_tables();
    ASSERT_TRUE(tables) << tables.error().reason;
    ASSERT_EQ(tables->size(), 1u);
    EXPECT_EQ(tables->front().actions, played.history());
    EXPECT_EQ(r.finished_record(done.id, p.id).value(), to_record_json(finished));
    EXPECT_EQ(r.player_stats(p.id).value().all.games, 1);
    EXPECT_EQ(r.recent_chat(open_game.id, 5).value().size(), 1u);
    // The restored database goes on: the next action of the open game.
    EXPECT_TRUE(r.append_action(open_game.id, 50, Action::next_hand()));
    restored.value().reset();
    postgres.drop(copy);
}

}  // namespace
}  // namespace hearts::server
