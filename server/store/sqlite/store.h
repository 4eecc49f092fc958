// The SQLite store's inside, shared by its files: store/sqlite/store.cpp (opening, group
// commit's transaction), store/sqlite/reads.cpp (its connections for the store core, and
// tables with their actions) and store/sqlite/schema.cpp (the schema and its migrations).
// The store core (store/core.h) does the reads and business writes. The rest of the server
// sees only the Store interface (store/store.h).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "model/achievements.h"
#include "store/core.h"
#include "store/rows.h"
#include "store/sqlite/action_log.h"
#include "store/sqlite/sqlite.h"
#include "store/store.h"

namespace hearts::server {

// ---- the schema (store/sqlite/schema.cpp)

/// Sets the connection's busy timeout, WAL mode, synchronous=FULL and foreign keys.
Status configure(Connection& c);
// Creates the schema on a new database; refuses one written by a newer program. The
// version is read again inside the write transaction: two servers starting on one new
// file must not both create the tables.
Status migrate(Connection& c);
// ---- rows (store/sqlite/reads.cpp)

/// Adds the seats' players and what they asked for to `setup`.
Status read_seats(sql::Session& db, TableSetup& setup);

// The SQLite store: the store core (store/core.h) on two connections, one for group
// commit's writes and the other writes (under `mutex_`), one for the reads that need no
// action journal (under `read_mutex_`).
class SqliteStore final : public SqlStore {
  public:
    static Expected<std::unique_ptr<SqliteStore>> open(const std::string& data_dir);
    ~SqliteStore() override;

    std::vector<Status> write_groups(const std::vector<std::vector<TableWrite>>& groups) override;
    std::size_t kept_statements() override;

  private:
    SqliteStore() : SqlStore(Dialect{"rowid", "BINARY", "", "value FROM json_each($1)"}) {}
    Status reading(const Work& work) override;
    Status writing(const Work& work) override;
    /// Read on the writing connection (the actions are in its journal), under `mutex_`.
    Expected<std::vector<StoredTable>> read_tables(const std::string& where,
                                                   const sql::Params& args) override;
    // One write, inside a transaction the caller holds (with the lock held).
    Status write_one(const TableWrite& write);
    Status create_table_in(const TableSetup& setup);
    std::mutex mutex_;
    sqlite3* db_ = nullptr;
    std::unique_ptr<Connection> conn_;
    ActionLog log_;
    int lock_fd_ = -1;  // the data folder's lock, held while the store is open
    // Reads that need no action log go through a connection of their own, so they never
    // wait behind group commit's transaction and its sync (WAL lets them read meanwhile,
    // the last committed state).
    std::mutex read_mutex_;
    sqlite3* read_db_ = nullptr;
    std::unique_ptr<Connection> read_;
};

}  // namespace hearts::server
