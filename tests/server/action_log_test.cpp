// The action journal (server/store/sqlite/action_log.h): each commit's actions are one journal row,
// runs of a table's actions fold into one `actions` row each, what a crash leaves in the
// journal is recovered exactly once, and a table's actions always read back whole and
// in order, wherever they are at the time.
#include "store/sqlite/action_log.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace hearts::server {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A database with the store's tables that the journal touches.
class ActionLogTest : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "hearts-journal-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
        open_db();
        ASSERT_TRUE(
            exec("CREATE TABLE tables(id TEXT PRIMARY KEY, finished INTEGER NOT NULL "
                 "DEFAULT 0);"
                 "CREATE TABLE actions(table_id TEXT NOT NULL REFERENCES tables(id), "
                 "seq INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY(table_id, seq)) "
                 "WITHOUT ROWID;"
                 "INSERT INTO tables(id) VALUES('t1'), ('t2'), ('t3');"));
        ASSERT_TRUE(exec(ActionLog::kSchema));
    }
    void TearDown() override {
        conn_.reset();
        sqlite3_close(db_);
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    void open_db() {
        ASSERT_EQ(sqlite3_open((dir_ / "db").string().c_str(), &db_), SQLITE_OK);
        conn_ = std::make_unique<Connection>(db_);
    }
    // As after a kill -9: the connection goes, with whatever the log held in memory.
    void crash() {
        conn_.reset();
        sqlite3_close(db_);
        open_db();
    }
    bool exec(const char* sql) {
        const bool ok = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
        EXPECT_TRUE(ok) << sql << ": " << sqlite3_errmsg(db_);
        return ok;
    }
    std::int64_t count(const std::string& sql) {
        auto text = query_text(*conn_, sql);
        EXPECT_TRUE(text) << (text ? "" : text.error().reason);
        return text ? std::stoll(*text) : -1;
    }

    static Action play(const char* card) {
        auto c = parse_card(card);
        return Action::play(Seat::South, c ? *c : Card{});
    }
    // One group commit: one group per table, in the order given.
    std::vector<Status> commit(ActionLog& log, const std::vector<ActionWrite>& writes,
                               bool fail_commit = false) {
        std::vector<Status> out;
        EXPECT_TRUE(exec("BEGIN IMMEDIATE"));
        for (const ActionWrite& w : writes) {
            out.push_back(log.stage(*conn_, w));
            log.end_group(bool(out.back()));
        }
        const Status flushed = log.flush(*conn_);
        EXPECT_TRUE(flushed) << (flushed ? "" : flushed.error().reason);
        const bool ok = !fail_commit && exec("COMMIT");
        if (!ok) exec("ROLLBACK");
        log.end_commit(ok);
        return out;
    }
    std::vector<Action> read(ActionLog& log, const std::string& table) {
        std::vector<Action> out;
        const Status s = log.read(*conn_, table, out);
        EXPECT_TRUE(s) << (s ? "" : s.error().reason);
        return out;
    }

    fs::path dir_;
    sqlite3* db_ = nullptr;
    std::unique_ptr<Connection> conn_;
};

const char* kCards[] = {"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"};

TEST_F(ActionLogTest, EachCommitIsOneRowAndRunsFoldIntoOneRowEach) {
    ActionLog log(Folding{4, 1h, 8});
    // Ten commits, each with an action of t1 and t2: ten journal rows, however many tables.
    for (int k = 0; k < 10; ++k) {
        for (const Status& s :
             commit(log, {{"t1", k, play(kCards[k])}, {"t2", k, play(kCards[k])}}))
            ASSERT_TRUE(s) << s.error().reason;
    }
    EXPECT_EQ(log.stats().journal_rows, 10);
    // Each table's first 8 actions are two runs of 4, one row each; the rest wait.
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions WHERE table_id = 't1'"), 2);
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions WHERE table_id = 't2'"), 2);
    auto run = query_text(*conn_, "SELECT action FROM actions WHERE table_id = 't1' AND seq = 4");
    ASSERT_TRUE(run);
    EXPECT_EQ(*run, "S play 6C\nS play 7C\nS play 8C\nS play 9C");
    // The journal keeps only the rows the waiting runs need.
    EXPECT_LE(count("SELECT COUNT(*) FROM journal"), 3);
    EXPECT_EQ(log.stats().run_actions, 4);  // 2 of each table
    for (const char* t : {"t1", "t2"}) {
        const auto actions = read(log, t);
        ASSERT_EQ(actions.size(), 10u) << t;
        for (int k = 0; k < 10; ++k) EXPECT_EQ(actions[std::size_t(k)], play(kCards[k])) << t;
    }
    EXPECT_TRUE(read(log, "t3").empty());
}

TEST_F(ActionLogTest, NumbersAreCheckedAcrossTheJournalRunsAndRows) {
    ActionLog log(Folding{3, 1h, 8});
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(commit(log, {{"t1", k, play(kCards[k])}})[0]);
    // 0-2 are a row, 3-4 a run in memory: the next is 5, wherever the last one is.
    const auto dup = commit(log, {{"t1", 4, play("KC")}, {"t2", 0, play("2C")}});
    ASSERT_FALSE(dup[0]);
    EXPECT_NE(dup[0].error().reason.find("already stored (the next action is 5)"),
              std::string::npos)
        << dup[0].error().reason;
    EXPECT_TRUE(dup[1]) << "another table's group is not affected";
    const auto gap = commit(log, {{"t1", 7, play("KC")}});
    ASSERT_FALSE(gap[0]);
    EXPECT_NE(gap[0].error().reason.find("would leave a gap (the next action is 5)"),
              std::string::npos);
    EXPECT_FALSE(commit(log, {{"t9", 0, play("KC")}})[0]) << "a table that does not exist";
    // After a restart the next number comes from the rows.
    ActionLog again(Folding{3, 1h, 8});
    ASSERT_TRUE(exec("BEGIN IMMEDIATE"));
    ASSERT_TRUE(log.fold_all(*conn_));
    ASSERT_TRUE(exec("COMMIT"));
    log.end_commit(true);
    EXPECT_EQ(count("SELECT COUNT(*) FROM journal"), 0);
    EXPECT_FALSE(commit(again, {{"t1", 4, play("KC")}})[0]);
    EXPECT_TRUE(commit(again, {{"t1", 5, play("KC")}})[0]);
    EXPECT_EQ(read(again, "t1").size(), 6u);
}

TEST_F(ActionLogTest, AFinishedGameTakesNoMoreActions) {
    ActionLog log;
    ASSERT_TRUE(commit(log, {{"t1", 0, play("2C")}})[0]);
    ASSERT_TRUE(exec("BEGIN IMMEDIATE"));
    log.stage_finished("t1");
    log.end_group(true);
    ASSERT_TRUE(log.flush(*conn_));
    ASSERT_TRUE(exec("UPDATE tables SET finished = 1 WHERE id = 't1'; COMMIT"));
    log.end_commit(true);
    const auto late = commit(log, {{"t1", 1, play("3C")}});
    ASSERT_FALSE(late[0]);
    EXPECT_NE(late[0].error().reason.find("the game is finished"), std::string::npos);
    // Its run folds at the next commit: nothing will be added to it.
    ASSERT_TRUE(commit(log, {{"t2", 0, play("2C")}})[0]);
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions WHERE table_id = 't1'"), 1);
}

TEST_F(ActionLogTest, OldRunsFoldAtALaterCommit) {
    ActionLog log(Folding{1000, 0ms, 8});
    ASSERT_TRUE(commit(log, {{"t1", 0, play("2C")}, {"t2", 0, play("2C")}})[0]);
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions"), 0);
    ASSERT_TRUE(commit(log, {{"t3", 0, play("2C")}})[0]);
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions"), 2);
    EXPECT_EQ(log.stats().runs, 1u);
    EXPECT_EQ(log.stats().folds, 2);
}

TEST_F(ActionLogTest, AFailedCommitLeavesNothingBehind) {
    ActionLog log(Folding{1, 0ms, 8});
    ASSERT_TRUE(commit(log, {{"t1", 0, play("2C")}})[0]);
    // This commit would fold t1's run and add to it, but is rolled back.
    ASSERT_TRUE(commit(log, {{"t1", 1, play("3C")}}, /*fail_commit=*/true)[0]);
    EXPECT_EQ(read(log, "t1"), std::vector<Action>{play("2C")});
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions"), 0);
    ASSERT_TRUE(commit(log, {{"t1", 1, play("4C")}})[0]);
    EXPECT_EQ(read(log, "t1"), (std::vector<Action>{play("2C"), play("4C")}));
    // The fold taken back is due again, and made by the next commit.
    EXPECT_EQ(count("SELECT COUNT(*) FROM actions"), 1);
}

TEST_F(ActionLogTest, ACrashLosesNothingCommittedAndRecoversItOnce) {
    {
        ActionLog log(Folding{3, 1h, 8});
        // t1 folds 0-2 while t2's run (begun in the same journal row) keeps that row.
        ASSERT_TRUE(commit(log, {{"t1", 0, play("2C")}, {"t2", 0, play("2C")}})[0]);
        for (int k = 1; k < 5; ++k) ASSERT_TRUE(commit(log, {{"t1", k, play(kCards[k])}})[0]);
        EXPECT_EQ(count("SELECT COUNT(*) FROM actions WHERE table_id = 't1'"), 1);
        EXPECT_GE(count("SELECT COUNT(*) FROM journal"), 1);
    }
    crash();
    ActionLog log;
    ASSERT_TRUE(exec("BEGIN IMMEDIATE"));
    const Status recovered = log.recover(*conn_);
    ASSERT_TRUE(recovered) << recovered.error().reason;
    ASSERT_TRUE(exec("COMMIT"));
    EXPECT_EQ(count("SELECT COUNT(*) FROM journal"), 0);
    const auto t1 = read(log, "t1");
    ASSERT_EQ(t1.size(), 5u);
    for (int k = 0; k < 5; ++k) EXPECT_EQ(t1[std::size_t(k)], play(kCards[k]));
    EXPECT_EQ(read(log, "t2"), std::vector<Action>{play("2C")});
    EXPECT_TRUE(commit(log, {{"t1", 5, play("7C")}})[0]);
}

TEST_F(ActionLogTest, AJournalThatDoesNotReadIsRefusedWithTheRow) {
    ASSERT_TRUE(
        exec("INSERT INTO journal(id, entries) VALUES(7, 't1 0 S play 2C\nt1 one S play 3C')"));
    ActionLog log;
    ASSERT_TRUE(exec("BEGIN IMMEDIATE"));
    const Status s = log.recover(*conn_);
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().reason.find("journal row 7"), std::string::npos) << s.error().reason;
    EXPECT_NE(s.error().reason.find("t1 one S play 3C"), std::string::npos);
    exec("ROLLBACK");
}

}  // namespace
}  // namespace hearts::server
