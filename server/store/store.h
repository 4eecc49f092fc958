// Persistence: players, tables, and each game as its seed plus an append-only action
// log. An action is durable before the server acknowledges it, so a kill -9 loses
// nothing acknowledged. The store is an interface; the SQLite one (store/sqlite/store.h: WAL mode,
// synchronous=FULL, one connection behind a mutex, each statement prepared once and
// kept) is the default. Beast-free.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "hearts/expected.h"
#include "model/achievements.h"
#include "model/daily.h"
#include "model/rating.h"
#include "model/stats.h"
#include "model/table.h"

namespace hearts::server {

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
/// every table and writes in one transaction (store/group_commit.h).
struct ActionWrite {  // = Store::append_action
    std::string table;
    std::int64_t seq = 0;
    Action action;
};
struct MetaWrite {  // = Store::save_meta
    TableSetup setup;
};
/// One person's part in a finished game: a row of their statistics.
struct PlayerGame {
    std::string player;
    Seat seat = Seat::South;
    bool with_people = false;  // others played it too (else: computer players only)
    std::string level;         // the computer players' level; "" when there were none
    bool conceded = false;     // they gave up (never a win, whoever won the seat)
    bool helped = false;       // a computer played for them at some point (SeatHolder::helped)
    SeatSummary summary;
};
struct FinishWrite {  // = Store::finish_table
    std::string table;
    std::string record_json;
    std::vector<PlayerGame> players;  // the statistics rows of the persons who played it
    // Of a daily deal's game: the owner's points in each hand, "0,13,0,0"; the game is
    // shared (given a link) with its end. "" for every other game.
    std::string daily_points;
    // Of a rated game (model/rating.h): its board and the people's places; their ratings
    // change in the transaction that stores the game's end.
    std::optional<RatedGame> rated;
};

/// The statistics rows of a game: one per person who held a seat, conceded or not. Of a
/// game that ended before its end (the last person conceded), only the conceders' rows.
std::vector<PlayerGame> player_games(const TableSetup& setup, const Game& game);

struct ChatWrite {  // = Store::append_chat
    std::string table;
    ChatLine line;
};
struct CreateWrite {  // = Store::create_table
    TableSetup setup;
};
using TableWrite = std::variant<ActionWrite, MetaWrite, FinishWrite, ChatWrite, CreateWrite>;

/// A shared game: its record as stored (one line) and the names at its table.
struct SharedGame {
    std::string table;
    std::string record;
    SeatNames names;
};

/// The characters of a share link's id: 16 base32, about 80 random bits.
inline constexpr int kShareChars = 16;

/// Everything the server keeps, behind one interface: players, tables and their action
/// logs, chat, relations and finished records. `open` gives the SQLite store
/// (store/sqlite/store.cpp), `open_postgres` the PostgreSQL one (store/pg/store.cpp). Every call is
/// thread-safe, and every write is durable when it returns. Whether this server serves a table now
/// (`Store::holding`): `waiting` when it took the table from a server that did not let go, and
/// waits until that one cannot show it.
enum class Holding { yes, unsure, waiting, no };

class Store {
  public:
    /// Opens the SQLite store (creating it if needed) at `<data_dir>/hearts.db`, creating
    /// the folder too.
    static Expected<std::unique_ptr<Store>> open(const std::string& data_dir);
    /// Connects to the PostgreSQL database at `url` (postgresql://…), creating or
    /// upgrading its schema (store/pg/store.h). With `shared`, several servers (the nodes of a
    /// cluster) write the database, each table's writes by the one that claimed it.
    static Expected<std::unique_ptr<Store>> open_postgres(const std::string& url,
                                                          bool shared = false);
    /// The same, a cluster's node with its claims' lease and takeover wait as given
    /// (store/pg/claims.h; tests shorten them).
    static Expected<std::unique_ptr<Store>> open_postgres(const std::string& url,
                                                          std::chrono::milliseconds lease,
                                                          std::chrono::milliseconds takeover);
    Store() = default;
    virtual ~Store() = default;
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    /// Makes this server the one that writes `table` (docs/scaling.md, "Several nodes"):
    /// true when it is, or already was; false when another server holds it, or this one
    /// took it from a server that did not let go and waits until that one has stopped
    /// serving it (store/pg/claims.h: asked again after that, true). Claims are counted: the
    /// table is let go at the `release` of the last. A store one server writes alone
    /// (SQLite, or PostgreSQL not shared) holds every table.
    virtual Expected<bool> claim(const std::string& table) {
        (void)table;
        return true;
    }
    /// The tables this server claimed and no longer holds (its session with the database
    /// was cut, and another server took them meanwhile), since the last call; it checks
    /// the session first. None for a store one server writes alone.
    virtual std::vector<std::string> lost_claims() { return {}; }
    /// Whether this server may show `table` from memory now: it holds the table, and its
    /// session with the database answered lately (`unsure`: it may have lost the table
    /// without knowing yet; `waiting`: see Holding; `no`: it does not hold it). Cheap: no
    /// statement is run.
    virtual Holding holding(const std::string& table) const {
        (void)table;
        return Holding::yes;
    }
    /// How many claims wait until a server that did not let go has stopped serving.
    virtual std::size_t claims_waiting() const { return 0; }
    /// The tables taken over whose wait is over, not loaded yet (`claim` them now).
    virtual std::vector<std::string> claims_ready() const { return {}; }
    /// Takes back one claim of `table`; with the last, another server may claim it.
    virtual void release(const std::string& table) { (void)table; }

    virtual Expected<NewPlayer> create_player() = 0;
    /// Whether `token` is the secret of player `id` (compared in constant time); an error
    /// when the database cannot tell (it is unreachable), which is not a "no".
    virtual Expected<bool> check_player(const std::string& id, const std::string& token) = 0;
    /// Forgets at most `limit` players created before `created_before` (seconds since the
    /// epoch) that nothing refers to (`kNothingRefersToPlayer`, store/rows.h), except
    /// those `keep` keeps (the ones connected now): the rows a `hello` leaves when its
    /// client then does nothing. Returns how many went.
    virtual Expected<std::size_t> forget_unused_players(
        std::int64_t created_before, std::size_t limit,
        const std::function<bool(const std::string&)>& keep) = 0;

    /// A fresh table id: 8 random base32 characters not used before.
    virtual Expected<std::string> new_table_id() = 0;
    virtual Status create_table(const TableSetup& setup) = 0;
    /// Appends action number `seq` (0-based, = the Game's history index) of `table`.
    /// Returns only after the write is durable.
    virtual Status append_action(const std::string& table, std::int64_t seq,
                                 const Action& action) = 0;
    /// Stores the parts of a table that change: names, seats, state, host, timer.
    virtual Status save_meta(const TableSetup& setup) = 0;
    /// Marks the table finished and stores its full game record (JSON), and the players'
    /// statistics rows (each player's row of a table is stored once).
    virtual Status finish_table(const FinishWrite& write) = 0;
    Status finish_table(const std::string& table, const std::string& record_json) {
        return finish_table(FinishWrite{table, record_json, {}, {}, {}});
    }

    /// Writes `groups` in one transaction, with one sync to disk for all of them. Each
    /// group (one table's writes, in order) stops at its first failure, and none of its
    /// writes in this call are kept then; the other groups are not affected. Returns one
    /// status per group. When the transaction itself fails, every group has its error.
    virtual std::vector<Status> write_groups(
        const std::vector<std::vector<TableWrite>>& groups) = 0;

    /// Every unfinished table, with its actions in order, oldest first.
    virtual Expected<std::vector<StoredTable>> unfinished_tables() = 0;
    /// The unfinished tables still waiting for players (not started, not closed).
    virtual Expected<std::vector<StoredTable>> waiting_tables() = 0;
    /// One unfinished table with its actions; none when it is finished or unknown.
    virtual Expected<std::optional<StoredTable>> unfinished_table(const std::string& table) = 0;
    /// One table with its actions, finished or not; none when it is unknown.
    virtual Expected<std::optional<StoredTable>> stored_table(const std::string& table) = 0;
    /// Ids of the unfinished games `player` started and plays alone against computer
    /// players (solo games, and tables started with nobody else), newest first.
    virtual Expected<std::vector<std::string>> games_alone(const std::string& player) = 0;
    /// Ids of a player's unfinished tables, newest first.
    virtual Expected<std::vector<std::string>> player_tables(const std::string& player) = 0;
    /// The stored record of a finished table the player has a seat at.
    virtual Expected<std::string> finished_record(const std::string& table,
                                                  const std::string& player) = 0;

    /// `player` allows their finished game at `table` to be replayed by anyone with its
    /// link. The link's id is made when every person who held a seat has allowed it (at
    /// once, in a game alone); until then `share` is empty and `waiting` says how many
    /// have not. Asking again changes nothing. A table that is not the player's answers as
    /// a missing one; an unfinished game cannot be shared (its record shows hidden cards).
    virtual Expected<ShareState> allow_share(const std::string& table,
                                             const std::string& player) = 0;
    /// The seat `player` holds at `table` (0 S .. 3 E); a table that is not theirs answers
    /// as a missing one.
    virtual Expected<int> seat_of(const std::string& table, const std::string& player) = 0;
    /// The game behind a share link's id, or none.
    virtual Expected<std::optional<SharedGame>> shared_game(const std::string& share) = 0;

    /// The game seed of `day`'s daily deal ("2026-12-03"): `fresh` when this is the first
    /// time anyone asks for that day, and from then on the seed stored then.
    virtual Expected<std::uint64_t> daily_seed(const std::string& day, std::uint64_t fresh) = 0;
    /// `player`'s game of `day`'s daily deal, if they started one.
    virtual Expected<std::optional<DailyGame>> daily_game(const std::string& day,
                                                          const std::string& player) = 0;
    /// `day`'s board: its `limit` best finished games, with `player`'s game and rank.
    virtual Expected<DailyBoard> daily_board(const std::string& day, const std::string& player,
                                             int limit) = 0;

    /// Keeps the review of `seat` (0 S .. 3 E) of a finished game, as the `review` message
    /// the player was sent (docs/protocol.md, "Reviews"); a second one replaces it.
    virtual Status save_review(const std::string& table, int seat, const std::string& review) = 0;
    /// The review kept for `seat` of `table`, if any.
    virtual Expected<std::optional<std::string>> review_of(const std::string& table, int seat) = 0;

    /// What each person's rating did in the rated game at `table` (none for a game that
    /// was not rated), in the order of their places.
    virtual Expected<std::vector<RatingChange>> rating_changes(const std::string& table) = 0;
    /// `player`'s rating on each board they played rated games on.
    virtual Expected<std::vector<BoardRating>> ratings_of(const std::string& player) = 0;
    /// `board`'s ranked players (docs/ratings.md, "Leaderboards": 10 rated games or more,
    /// the last at `since_ms` or later), best first: `limit` of them from the `offset`th.
    virtual Expected<std::vector<LeaderRow>> leaders(const std::string& board,
                                                     std::int64_t since_ms, int offset,
                                                     int limit) = 0;
    /// `player`'s rank on `board` among the same players: 0 when they are not ranked there
    /// (their rating is still provisional, they have not played there since `since_ms`, or
    /// they have no rating).
    virtual Expected<int> rank_of(const std::string& player, const std::string& board,
                                  std::int64_t since_ms) = 0;
    /// `player`'s rating on `board` after each of their last `limit` rated games there,
    /// oldest first.
    /// How many of `player`'s rated games on `board` they finished at each place among
    /// the people (1st, 2nd, 3rd, 4th), conceded games last.
    virtual Expected<std::array<int, 4>> place_counts(const std::string& player,
                                                      const std::string& board) = 0;
    virtual Expected<std::vector<RatingPoint>> rating_history(const std::string& player,
                                                              const std::string& board,
                                                              int limit) = 0;

    /// What `player`'s finished games add up to.
    virtual Expected<PlayerStats> player_stats(const std::string& player) = 0;

    /// The achievements `player` holds (awarded with the games that earned them, in the
    /// transaction that stores the game's end), in the catalogue's order.
    virtual Expected<std::vector<Earned>> achievements_of(const std::string& player) = 0;
    /// What the player looks like to others (Look{} for an unknown player).
    virtual Expected<Look> look_of(const std::string& player) = 0;
    /// Stores the player's look as it is given: the caller checks it (the face is one of
    /// kFaces, the item one of an achievement the player holds).
    virtual Status set_look(const std::string& player, const Look& look) = 0;
    /// The language the player chose for the page (model/languages.h), "" when they have
    /// not (or for an unknown player).
    virtual Expected<std::string> lang_of(const std::string& player) = 0;
    /// Stores the player's language as it is given ("" forgets it): the caller checks it.
    virtual Status set_lang(const std::string& player, const std::string& lang) = 0;

    virtual Status set_name(const std::string& player, const std::string& name) = 0;
    /// The player's name; an empty optional before they chose one.
    virtual Expected<std::optional<std::string>> name_of(const std::string& player) = 0;
    virtual Expected<bool> player_exists(const std::string& player) = 0;

    /// Appends a chat line to a table's log (numbered in order).
    virtual Status append_chat(const std::string& table, const ChatLine& line) = 0;
    /// The last `count` lines, oldest first.
    virtual Expected<std::vector<ChatLine>> recent_chat(const std::string& table, int count) = 0;

    virtual Status set_relation(const std::string& player, const std::string& other,
                                RelationKind kind, bool on) = 0;
    virtual Expected<Relations> relations(const std::string& player) = 0;

    /// How many SQL statements the store keeps prepared: one per SQL text it has run,
    /// so bounded by the code, however many actions are stored.
    virtual std::size_t kept_statements() = 0;
};

/// A database URL with its password, if any, replaced by "***": for logs and messages.
std::string redacted_url(const std::string& url);

/// Random base32 text from the OS's secure source (getrandom).
std::string random_code(int chars);

}  // namespace hearts::server
