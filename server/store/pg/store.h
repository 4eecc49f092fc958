// The PostgreSQL store: the same Store as the SQLite one (store/store.h), in a PostgreSQL
// database, for a deployment that outgrows one file (docs/scaling.md). The store core
// (store/core.h) does the reads and business writes; the dialect's files: store/pg/store.cpp
// (opening, its connections, group commit's transaction), store/pg/reads.cpp (tables with
// their actions), store/pg/schema.cpp (the schema and its migrations) and
// store/pg/claims.cpp (a cluster node's tables).
//
// - **Durability.** A write returns when PostgreSQL's COMMIT has returned: with its
//   default synchronous_commit=on, the commit is on the database's disk then. Group
//   commit (write_groups) puts many tables' writes in one transaction, one commit.
// - **One writer.** Like the SQLite store's folder lock, a session-level advisory lock
//   (kWriterLock) lets one server write a database at a time; PostgreSQL lets go of it
//   when that server's connection ends, kill -9 included. The store knows from memory
//   which action of a table comes next, so two writers must never share a table.
// - **Shared by a cluster's nodes** (`open(url, true)`): each node holds kWriterLock
//   shared (so a server that is not a node cannot start on the database beside them),
//   and one advisory lock per table it writes (`claim`). A node writes only the tables
//   whose lock its writer's session holds: PostgreSQL itself says who owns a table,
//   and lets go the moment the owner's session ends. A lease and a takeover wait keep a
//   node from showing a table from memory once another may have taken it (store/pg/claims.h).
// - **Two connections,** one for writes and one for reads, each behind its own mutex,
//   so reads never wait behind group commit's transaction.
// - **A lost connection** (PostgreSQL restarted) is opened again at the next call; the
//   writer takes its lock again first, and forgets what it knew of the tables.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "store/core.h"
#include "store/pg/claims.h"
#include "store/pg/pg.h"
#include "store/rows.h"
#include "store/store.h"

namespace hearts::server {

class PgStore final : public SqlStore {
  public:
    /// Connects to `url`, takes the writer's lock, and creates or upgrades the schema.
    /// With `shared` (a cluster's node), the writer's lock is shared with the other
    /// nodes, and each table is written only by the node holding its own lock (`claim`).
    static Expected<std::unique_ptr<PgStore>> open(const std::string& url, bool shared = false,
                                                   ClaimTimes times = {});
    ~PgStore() override = default;

    /// The advisory lock the writing server holds, and the one migrations take.
    static constexpr std::int64_t kWriterLock = 0x4865617274730001;     // "Hearts" 1
    static constexpr std::int64_t kMigrationLock = 0x4865617274730002;  // "Hearts" 2

    Expected<bool> claim(const std::string& table) override;
    void release(const std::string& table) override;
    std::vector<std::string> lost_claims() override;
    Holding holding(const std::string& table) const override;
    std::size_t claims_waiting() const override;
    std::vector<std::string> claims_ready() const override;
    std::vector<Status> write_groups(const std::vector<std::vector<TableWrite>>& groups) override;
    std::size_t kept_statements() override;

  private:
    explicit PgStore(ClaimTimes times)
        : SqlStore(Dialect{"n", "\"C\"", " FOR UPDATE", "json_array_elements_text($1::json)"}),
          claims_(times) {}
    Status reading(const Work& work) override;
    Status writing(const Work& work) override;
    // The writer's connection, open and holding the writer's lock (taken again after a
    // lost connection); with mutex_ held.
    Expected<pg::Connection*> writer();
    // The reader's connection, open; with read_mutex_ held.
    Expected<pg::Connection*> reader();
    Status take_writer_lock(pg::Connection& c);

    // Writes the groups `which` in one transaction (their statuses in `out`). Returns the
    // group that failed half done, when the transaction was rolled back for it (or
    // kNoCulprit when that group is not known); none when every status is final. With
    // mutex_ held.
    static constexpr std::size_t kNoCulprit = std::size_t(-1);
    std::optional<std::size_t> write_together(pg::Connection& c,
                                              const std::vector<std::vector<TableWrite>>& groups,
                                              const std::vector<std::size_t>& which,
                                              std::vector<Status>& out);
    // Inside write_together's transaction:
    Status write_one(pg::Connection& c, const TableWrite& write);
    Status stage_action(pg::Connection& c, const ActionWrite& w);
    Status finish_in(pg::Connection& c, const FinishWrite& w);
    Expected<NextAction> next_of(pg::Connection& c, const std::string& table);

    /// Three queries in one snapshot, on the reader's connection.
    Expected<std::vector<StoredTable>> read_tables(const std::string& where,
                                                   const sql::Params& args) override;

    std::string url_;
    bool shared_ = false;
    std::mutex mutex_;
    // Shared mode: the tables whose lock the writer's session holds. Only these are
    // written; one lost with the session and taken by another node meanwhile is dropped
    // when the session is opened again.
    TableClaims claims_;
    std::unique_ptr<pg::Connection> conn_;
    // The next action of each table this server has written or checked, as committed.
    // Sound because this server is the database's one writer (kWriterLock).
    std::unordered_map<std::string, NextAction> next_;
    // The commit being made: its actions, and the next action of the tables it touches
    // (the group's own, then the whole commit's).
    struct Staged {
        std::string table;
        std::int64_t seq;
        std::string action;
    };
    std::vector<Staged> group_, batch_;
    std::unordered_map<std::string, NextAction> group_next_, batch_next_;

    std::mutex read_mutex_;
    std::unique_ptr<pg::Connection> read_;
};

}  // namespace hearts::server
