// Persistence in SQLite (WAL mode): players, tables, and each game as its seed plus an
// append-only action log. An action is committed (synchronous=FULL) before the server
// acknowledges it, so a kill -9 loses nothing acknowledged. Beast-free; thread-safe
// (one connection behind a mutex; each SQL statement is prepared once and kept).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "hearts/expected.h"
#include "table.h"

struct sqlite3;

namespace hearts::server {

struct Connection;  // the SQLite connection and its kept statements (store.cpp)

struct NewPlayer {
    std::string id;     // public, "p_" + 16 random base32 chars
    std::string token;  // secret, 32 random base32 chars; only a hash is stored
};

/// A table as stored: how to rebuild it (setup + actions) and whether it is over.
struct StoredTable {
    TableSetup setup;
    std::vector<Action> actions;
    bool finished = false;
};

/// The writes a table makes while it plays, as data: what group commit gathers from
/// every table and writes in one transaction (group_commit.h).
struct ActionWrite {  // = Store::append_action
    std::string table;
    std::int64_t seq = 0;
    Action action;
};
struct MetaWrite {  // = Store::save_meta
    TableSetup setup;
};
struct FinishWrite {  // = Store::finish_table
    std::string table;
    std::string record_json;
};
struct ChatWrite {  // = Store::append_chat
    std::string table;
    ChatLine line;
};
using TableWrite = std::variant<ActionWrite, MetaWrite, FinishWrite, ChatWrite>;

class Store {
  public:
    /// Opens (creating if needed) `<data_dir>/hearts.db`, creating the folder too.
    static Expected<std::unique_ptr<Store>> open(const std::string& data_dir);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    Expected<NewPlayer> create_player();
    /// Whether `token` is the secret of player `id` (compared in constant time).
    bool check_player(const std::string& id, const std::string& token);

    /// A fresh table id: 8 random base32 characters not used before.
    Expected<std::string> new_table_id();
    Status create_table(const TableSetup& setup);
    /// Appends action number `seq` (0-based, = the Game's history index) of `table`.
    /// Returns only after the write is durable.
    Status append_action(const std::string& table, std::int64_t seq, const Action& action);
    /// Stores the parts of a table that change: names, seats, state, host, timer.
    Status save_meta(const TableSetup& setup);
    /// Marks the table finished and stores its full game record (JSON).
    Status finish_table(const std::string& table, const std::string& record_json);

    /// Writes `groups` in one transaction, with one sync to disk for all of them. Each
    /// group (one table's writes, in order) stops at its first failure, and none of its
    /// writes in this call are kept then; the other groups are not affected. Returns one
    /// status per group. When the transaction itself fails, every group has its error.
    std::vector<Status> write_groups(const std::vector<std::vector<TableWrite>>& groups);

    /// Every unfinished table, with its actions in order, oldest first.
    Expected<std::vector<StoredTable>> unfinished_tables();
    /// The unfinished tables still waiting for players (not started, not closed).
    Expected<std::vector<StoredTable>> waiting_tables();
    /// One unfinished table with its actions; none when it is finished or unknown.
    Expected<std::optional<StoredTable>> unfinished_table(const std::string& table);
    /// Ids of the unfinished games `player` started and plays alone against computer
    /// players (solo games, and tables started with nobody else), newest first.
    Expected<std::vector<std::string>> games_alone(const std::string& player);
    /// Ids of a player's unfinished tables, newest first.
    Expected<std::vector<std::string>> player_tables(const std::string& player);
    /// The stored record of a finished table the player has a seat at.
    Expected<std::string> finished_record(const std::string& table, const std::string& player);

    Status set_name(const std::string& player, const std::string& name);
    /// The player's name; an empty optional before they chose one.
    Expected<std::optional<std::string>> name_of(const std::string& player);
    Expected<bool> player_exists(const std::string& player);

    /// Appends a chat line to a table's log (numbered in order).
    Status append_chat(const std::string& table, const ChatLine& line);
    /// The last `count` lines, oldest first.
    Expected<std::vector<ChatLine>> recent_chat(const std::string& table, int count);

    Status set_relation(const std::string& player, const std::string& other, RelationKind kind,
                        bool on);
    Expected<Relations> relations(const std::string& player);

    /// How many SQL statements the store keeps prepared: one per SQL text it has run,
    /// so bounded by the code, however many actions are stored.
    std::size_t kept_statements();

  private:
    Store() = default;
    /// Tables matching the SQL condition `where` (with ?1.. bound to `args`), oldest
    /// first, with their seats and actions. Called with the lock held.
    Expected<std::vector<StoredTable>> read_tables(const std::string& where,
                                                   const std::vector<std::string>& args);
    /// The ids `sql` selects, with ?1 bound to `player`.
    Expected<std::vector<std::string>> player_ids(const char* sql, const std::string& player);
    // One write, inside a transaction the caller holds (with the lock held).
    Status write_one(const TableWrite& write);
    Status append_action_in(const ActionWrite& w);
    Status finish_table_in(const FinishWrite& w);
    Status append_chat_in(const ChatWrite& w);
    std::mutex mutex_;
    sqlite3* db_ = nullptr;
    std::unique_ptr<Connection> conn_;
};

/// Random base32 text from the OS's secure source (getrandom).
std::string random_code(int chars);

}  // namespace hearts::server
