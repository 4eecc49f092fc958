// How the SQLite store keeps the tables' actions (docs/reliability.md, "The action
// journal").
//
// SQLite's WAL writes whole pages. Stored one row per action, ordered by table, a group
// commit of actions from 200 tables dirties 200 pages, and writing them (and checkpointing
// them) is most of what a busy server's disk and writer thread do. So an action goes to
// disk twice, each time cheaply:
//
// - **The journal.** A group commit writes every action it holds as one row of
//   `journal`, one line per action: "<table> <seq> <action>". A few pages, however many
//   tables. This row is what makes the actions durable.
// - **Runs, folded later.** The actions also wait in memory, per table, as a run: the
//   table's actions from a number on. A later commit folds a run into `actions` as one
//   row holding the run, one action per line, once it is long (a hand) or old (seconds),
//   and deletes the journal rows nobody needs any more. A fold writes one page for many
//   actions.
//
// Reading a table's actions takes its `actions` rows and then its run. Opening the store
// folds whatever the journal holds (after a crash: everything committed but not folded),
// so a kill -9 loses nothing committed. Only one program may write the database
// (Store::open locks the data folder): the next number of a table's actions is known
// from memory.
//
// Not thread-safe: the store calls it under its lock, on its one connection.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hearts/expected.h"
#include "hearts/game.h"
#include "store/sqlite/sqlite.h"
#include "store/store.h"

namespace hearts::server {

/// When a run is folded: once it holds `actions` actions, or is `age` old, or its game
/// is over; at most `per_commit` runs a commit.
struct Folding {
    std::int64_t actions = 64;
    std::chrono::milliseconds age{10'000};
    std::size_t per_commit = 64;
};

class ActionLog {
  public:
    using Clock = std::chrono::steady_clock;

    ActionLog() = default;
    explicit ActionLog(Folding folding) : folding_(folding) {}

    /// The schema's part (version 5): the journal table.
    static constexpr const char* kSchema =
        "CREATE TABLE journal(id INTEGER PRIMARY KEY, entries TEXT NOT NULL);";

    /// Folds everything the journal holds into `actions` and empties it. Inside a
    /// transaction the caller holds; on a database the caller just opened.
    Status recover(Connection& c);

    // ---- one group commit, inside the caller's transaction
    /// Checks that `w` is the table's next action of an unfinished game, and stages it.
    Status stage(Connection& c, const ActionWrite& w);
    /// The table's game is over (stored in this group): no action of it is taken after.
    void stage_finished(const std::string& table);
    /// The group (one table's writes) ends: its staged actions go with the commit, or,
    /// when it failed, are forgotten.
    void end_group(bool ok);
    /// Writes the commit's actions as one journal row and folds some runs; before COMMIT.
    Status flush(Connection& c);
    /// After the COMMIT (`ok`), what was staged and folded takes effect in memory; after
    /// a failed one, it is forgotten.
    void end_commit(bool ok);

    /// Appends the table's stored actions to `out` (empty on entry): its `actions` rows,
    /// then its run. Outside a commit.
    Status read(Connection& c, const std::string& table, std::vector<Action>& out);

    /// Folds every run and deletes the journal rows; for a store that closes. Inside a
    /// transaction the caller holds, then `end_commit`.
    Status fold_all(Connection& c);

    struct Stats {
        std::size_t runs = 0;           // tables with actions only in the journal
        std::int64_t run_actions = 0;   // their actions
        std::int64_t folds = 0;         // runs folded since the store opened
        std::int64_t journal_rows = 0;  // rows written since the store opened
    };
    Stats stats() const;

  private:
    struct Run {
        std::int64_t first = 0;  // the number of its first action
        std::int64_t count = 0;
        std::string text;          // one action a line, as an `actions` row holds them
        std::int64_t journal = 0;  // the journal row of its first action
        Clock::time_point since;
        bool over = false;   // the game is finished: nothing follows
        bool stuck = false;  // its fold failed: it stays in the journal (see fold)
    };
    struct Staged {
        std::string table;
        std::int64_t seq = 0;
        std::string action;
    };
    struct Next {
        std::int64_t seq = 0;
        bool over = false;
    };

    Expected<Next> next_of(Connection& c, const std::string& table);
    Status fold(Connection& c, const std::string& table, const Run& run);
    Status fold_some(Connection& c);
    Status drop_unneeded_rows(Connection& c);

    Folding folding_;
    std::unordered_map<std::string, Run> runs_;
    // Runs in the order they began (table, its journal row), for folding the oldest; an
    // entry whose run was folded since is skipped.
    std::deque<std::pair<std::string, std::int64_t>> by_age_;
    // Tables whose run is long or over, to fold first (entries may be stale too).
    std::deque<std::string> ready_;
    std::map<std::int64_t, int> starts_;  // journal row -> runs beginning in it
    std::int64_t next_row_ = 1;           // the number of the next journal row
    std::int64_t dropped_below_ = 1;      // journal rows below this are deleted

    // The commit being made.
    std::vector<Staged> group_, batch_;
    std::unordered_map<std::string, Next> group_next_, batch_next_;
    std::int64_t batch_row_ = 0;       // its journal row, once written
    std::vector<std::string> folded_;  // runs folded in it
    std::vector<std::string> stuck_;   // runs whose fold failed in it
    std::int64_t folds_ = 0, rows_ = 0;
};

}  // namespace hearts::server
