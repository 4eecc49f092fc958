// The SQLite store's inside, shared by its files: store/sqlite/store.cpp (opening, players, the
// writes), store/sqlite/reads.cpp (the reads) and store/sqlite/schema.cpp (the schema and its
// migrations). The rest of the server sees only the Store interface (store/store.h).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "model/achievements.h"
#include "store/rows.h"
#include "store/sqlite/action_log.h"
#include "store/sqlite/sqlite.h"
#include "store/store.h"

namespace hearts::server {

// The columns read_setup reads, in its order.
inline constexpr const char* kSetupColumns =
    "id, owner, rules, seed, names, bot_level, kind, started, timer, host, ended, next, created, "
    "salt, daily, nonce";

// ---- the schema (store/sqlite/schema.cpp)

/// Sets the connection's busy timeout, WAL mode, synchronous=FULL and foreign keys.
Status configure(Connection& c);
// Creates the schema on a new database; refuses one written by a newer program. The
// version is read again inside the write transaction: two servers starting on one new
// file must not both create the tables.
Status migrate(Connection& c);
/// Stores the statistics rows of a finished game (each player's row of a table once).
Status insert_player_games(Connection& db, const std::string& table,
                           const std::vector<PlayerGame>& rows, std::int64_t finished_ms);

/// Stores every achievement `player`'s finished games earn that they do not hold yet;
/// at a game's end, `at` is that game (AwardAt), and null when earlier games are read
/// again (an upgrade).
Status award_achievements(Connection& db, const std::string& player, const AwardAt* at = nullptr);
// The columns read_played_game reads, in its order.
inline constexpr const char* kPlayedGameColumns =
    "table_id, finished_ms, with_people, level, conceded, hands, score, won, place, moons_shot, "
    "moons_suffered, queens, trickless, moon_stops, worst_total, helped";
PlayedGame read_played_game(const Statement& row);

// ---- rows (store/sqlite/reads.cpp)

// A table's row (id, owner, rules, seed, names, bot_level) as a setup.
Expected<TableSetup> read_setup(const Statement& row);
/// Adds the seats' players and what they asked for to `setup`.
Status read_seats(Connection& db, TableSetup& setup);

// The SQLite store. Its one connection is used under `mutex_` only.
class SqliteStore final : public Store {
  public:
    static Expected<std::unique_ptr<SqliteStore>> open(const std::string& data_dir);
    ~SqliteStore() override;

    Expected<NewPlayer> create_player() override;
    Expected<bool> check_player(const std::string& id, const std::string& token) override;
    Expected<std::size_t> forget_unused_players(
        std::int64_t created_before, std::size_t limit,
        const std::function<bool(const std::string&)>& keep) override;
    Expected<std::string> new_table_id() override;
    Status create_table(const TableSetup& setup) override;
    Status append_action(const std::string& table, std::int64_t seq, const Action& action) override;
    Status save_meta(const TableSetup& setup) override;
    using Store::finish_table;
    Status finish_table(const FinishWrite& write) override;
    std::vector<Status> write_groups(const std::vector<std::vector<TableWrite>>& groups) override;
    Expected<std::vector<StoredTable>> unfinished_tables() override;
    Expected<std::vector<StoredTable>> waiting_tables() override;
    Expected<std::optional<StoredTable>> unfinished_table(const std::string& table) override;
    Expected<std::optional<StoredTable>> stored_table(const std::string& table) override;
    Expected<std::vector<std::string>> games_alone(const std::string& player) override;
    Expected<std::vector<std::string>> player_tables(const std::string& player) override;
    Expected<std::string> finished_record(const std::string& table,
                                          const std::string& player) override;
    Expected<ShareState> allow_share(const std::string& table, const std::string& player) override;
    Expected<std::optional<SharedGame>> shared_game(const std::string& share) override;
    Expected<int> seat_of(const std::string& table, const std::string& player) override;
    Expected<std::uint64_t> daily_seed(const std::string& day, std::uint64_t fresh) override;
    Expected<std::optional<DailyGame>> daily_game(const std::string& day,
                                                  const std::string& player) override;
    Expected<DailyBoard> daily_board(const std::string& day, const std::string& player,
                                     int limit) override;
    Status save_review(const std::string& table, int seat, const std::string& review) override;
    Expected<std::optional<std::string>> review_of(const std::string& table, int seat) override;
    Expected<PlayerStats> player_stats(const std::string& player) override;
    Expected<std::vector<Earned>> achievements_of(const std::string& player) override;
    Expected<Look> look_of(const std::string& player) override;
    Status set_look(const std::string& player, const Look& look) override;
    Status set_name(const std::string& player, const std::string& name) override;
    Expected<std::optional<std::string>> name_of(const std::string& player) override;
    Expected<bool> player_exists(const std::string& player) override;
    Status append_chat(const std::string& table, const ChatLine& line) override;
    Expected<std::vector<ChatLine>> recent_chat(const std::string& table, int count) override;
    Status set_relation(const std::string& player, const std::string& other, RelationKind kind,
                        bool on) override;
    Expected<Relations> relations(const std::string& player) override;
    std::size_t kept_statements() override;

  private:
    SqliteStore() = default;
    /// Tables matching the SQL condition `where` (with ?1.. bound to `args`), oldest
    /// first, with their seats and actions. Called with the lock held.
    Expected<std::vector<StoredTable>> read_tables(const std::string& where,
                                                   const std::vector<std::string>& args);
    /// The ids `sql` selects, with ?1 bound to `player`.
    Expected<std::vector<std::string>> player_ids(const char* sql, const std::string& player);
    // One write, inside a transaction the caller holds (with the lock held).
    Status write_one(const TableWrite& write);
    Status finish_table_in(const FinishWrite& w);
    Status create_table_in(const TableSetup& setup);
    Status append_chat_in(const ChatWrite& w);
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
