// The store core: what both databases do the same way, written once over sql::Session
// (store/sql.h). Players, names, looks, relations and chat; a player's games, statistics
// and achievements; records, share links, the daily deal and reviews; and the business
// writes of a game's end. Each dialect (store/sqlite/, store/pg/) derives from it and
// supplies its connections and locks (`reading`, `writing`), how it reads a table with
// its actions (the journal for SQLite), how it writes the groups of group commit (the
// claims for PostgreSQL), its schema, and the few words of SQL that differ (`Dialect`).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/achievements.h"
#include "store/sql.h"
#include "store/store.h"

namespace hearts::server {

/// The words of SQL that differ between the databases.
struct Dialect {
    /// The column that orders rows created in the same second: "rowid" / "n".
    const char* row_order;
    /// A collation that compares bytes: "BINARY" / "\"C\"".
    const char* byte_order;
    /// What locks a row read inside a write transaction until its end: "" (SQLite has one
    /// writer) / " FOR UPDATE" (two nodes may end games of the same person at once).
    const char* lock_row;
    /// The values of a JSON array of strings in `$1`, as a list to select from.
    const char* json_values;
};

/// The columns of `tables` that `setup_of_row` reads, in its order.
inline constexpr const char* kSetupColumns =
    "id, owner, rules, seed, names, bot_level, kind, started, timer, host, ended, next, created, "
    "salt, daily, nonce";
/// Row `i` of a query of kSetupColumns (from column `from`) as a setup, without its seats.
Expected<TableSetup> setup_of_row(const sql::Rows& r, int i, int from = 0);

class SqlStore : public Store {
  public:
    // ---- players (store/core_players.cpp)
    Expected<NewPlayer> create_player() override;
    Expected<bool> check_player(const std::string& id, const std::string& token) override;
    Expected<bool> player_exists(const std::string& player) override;
    Expected<std::size_t> forget_unused_players(
        std::int64_t created_before, std::size_t limit,
        const std::function<bool(const std::string&)>& keep) override;
    Status set_name(const std::string& player, const std::string& name) override;
    Expected<std::optional<std::string>> name_of(const std::string& player) override;
    Expected<Look> look_of(const std::string& player) override;
    Status set_look(const std::string& player, const Look& look) override;
    Expected<std::string> lang_of(const std::string& player) override;
    Status set_lang(const std::string& player, const std::string& lang) override;
    Status set_relation(const std::string& player, const std::string& other, RelationKind kind,
                        bool on) override;
    Expected<Relations> relations(const std::string& player) override;
    Expected<PlayerStats> player_stats(const std::string& player) override;
    Expected<std::vector<Earned>> achievements_of(const std::string& player) override;
    Expected<std::vector<RatingChange>> rating_changes(const std::string& table) override;
    Expected<std::vector<BoardRating>> ratings_of(const std::string& player) override;
    Expected<std::vector<LeaderRow>> leaders(const std::string& board, std::int64_t since_ms,
                                             int offset, int limit) override;
    Expected<int> rank_of(const std::string& player, const std::string& board,
                          std::int64_t since_ms) override;
    Expected<std::array<int, 4>> place_counts(const std::string& player,
                                              const std::string& board) override;
    Expected<std::vector<RatingPoint>> rating_history(const std::string& player,
                                                      const std::string& board, int limit) override;
    Expected<std::vector<ChatLine>> recent_chat(const std::string& table, int count) override;

    // ---- tables (store/core_tables.cpp)
    Expected<std::string> new_table_id() override;
    Status create_table(const TableSetup& setup) override;
    Status append_action(const std::string& table, std::int64_t seq, const Action& action) override;
    Status save_meta(const TableSetup& setup) override;
    using Store::finish_table;
    Status finish_table(const FinishWrite& write) override;
    Status append_chat(const std::string& table, const ChatLine& line) override;
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

    // ---- the business writes, inside a dialect's write transaction
    /// A game's end: the table marked finished with its record (none when it is not an
    /// unfinished table), a daily deal's points and link, the players' statistics rows and
    /// the achievements they earn.
    Status finish_game(sql::Session& db, const FinishWrite& w);
    /// The next line of a table's chat.
    static Status append_chat_line(sql::Session& db, const ChatWrite& w);
    /// Rates a game's people (model/rating.h): their ratings on its board, and each
    /// change, kept with the table.
    Status rate_people(sql::Session& db, const std::string& table, const RatedGame& game,
                       std::int64_t at_ms);
    /// Stores the statistics rows of a finished game (each player's row of a table once).
    static Status insert_player_games(sql::Session& db, const std::string& table,
                                      const std::vector<PlayerGame>& rows,
                                      std::int64_t finished_ms);
    /// Stores every achievement `player`'s finished games earn that they do not hold yet;
    /// at a game's end `at` is that game (AwardAt), and null when earlier games are read
    /// again (an upgrade).
    static Status award_achievements(sql::Session& db, const std::string& player,
                                     const AwardAt* at = nullptr);

  protected:
    explicit SqlStore(Dialect dialect) : dialect_(dialect) {}
    using Work = std::function<Status(sql::Session&)>;
    /// Runs `work` on the connection for reads, under its lock.
    virtual Status reading(const Work& work) = 0;
    /// Runs `work` on the connection for writes, under its lock; each statement commits
    /// on its own (group commit's transactions hold the same lock).
    virtual Status writing(const Work& work) = 0;
    /// The tables `where` selects (a condition on `tables`, `$1`… bound to `args`), oldest
    /// first, with their seats and actions.
    virtual Expected<std::vector<StoredTable>> read_tables(const std::string& where,
                                                           const sql::Params& args) = 0;
    /// One statement through `reading` / `writing`.
    Expected<sql::Rows> read(std::string_view sql, const sql::Params& params);
    Expected<sql::Rows> write(std::string_view sql, const sql::Params& params);

    const Dialect dialect_;

  private:
    Expected<std::vector<std::string>> player_ids(const std::string& sql,
                                                  const std::string& player);
};

}  // namespace hearts::server
