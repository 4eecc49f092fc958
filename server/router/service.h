// The game service: players' connections on one side, tables on the other.
//
// Durability. A table applies an action in memory at once and queues its write to group
// commit (store/group_commit.h); what it tells anyone waits until the write is on disk.
//
// Ownership. Each live table has its own strand; everything that reads or changes a
// table runs on that strand, so no table needs a lock and a busy table never blocks
// another. Computer players that search (hard, expert) think on a separate thread pool
// (a slow bot never holds a strand) and post their decision back to the table's strand;
// the rule-based ones decide on the strand itself, in about a microsecond. Either way
// the decision goes through the same path as a person's: validate, apply, queue the
// write, and tell everyone once it is durable.
//
// This is the router: who is who (`hello`), which table a message is for (`find`,
// `on_table`, `at_seat`), and the messages that are not one table's. The table actor
// (table/actor.h), social (social/social.h), the lobby (social/lobby_feed.h), the roster of
// connections (social/roster.h) and group commit (store/group_commit.h) sit beside it. Uses Asio
// but not Beast: the WebSocket sessions (net/ws_session.cpp) talk to it only through `Client`
// (protocol/client.h).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "cluster/cluster.h"
#include "model/budgets.h"
#include "model/quick.h"
#include "model/table.h"
#include "options.h"
#include "players/reviews.h"
#include "protocol/client.h"
#include "protocol/messages.h"
#include "social/lobby_feed.h"
#include "social/roster.h"
#include "social/social.h"
#include "store/group_commit.h"
#include "store/store.h"
#include "table/actor.h"
#include "threads/bot_pool.h"
#include "threads/io_pool.h"

namespace hearts::server {

class GameService : public TableDirectory, private RosterPeers {
  public:
    GameService(IoPool& io, Store& store, ServiceOptions options = {});
    ~GameService() override;

    /// Loads the tables waiting for players from the database (at start-up); games in
    /// progress load when a player comes back.
    Status restore();

    /// Makes this server a node of `cluster` (docs/scaling.md, "Several nodes"), before
    /// `restore` and before any connection: connects to Redis and starts its threads.
    Status attach(Cluster& cluster);

    /// Handles one parsed message from `client` (`raw`: its text, for a message sent on
    /// to the node that holds its table). Any thread.
    void handle(const std::shared_ptr<Client>& client, const ClientMessage& message,
                std::string_view raw = {});
    /// The client's connection closed.
    void disconnected(const std::shared_ptr<Client>& client);

    /// What the service holds now, as JSON: tables in memory, players online, the lobby,
    /// group commit (for operators and the flood tests: `GET /api/stats` from this
    /// machine).
    std::string stats_json();
    /// Stops the searching computer players' threads (a decision being made finishes,
    /// queued ones are dropped), then writes what is queued for the disk. For shutdown,
    /// once the io threads have stopped.
    void stop();

  private:
    /// The messages of a client that said hello, for this node (router/service.cpp).
    void handle_here(const ClientPtr& client, const ClientMessage& message);
    // The cluster (router/cluster_links.cpp).
    bool route(const ClientPtr& client, const ClientMessage& message, const std::string& raw,
               int hops, int tries);
    void on_request(Forwarded f);
    void node_gone(const std::string& node);
    void on_keep(const std::string& from, std::vector<std::string> conns);
    /// Every 2 s: tables whose claim was lost go; every 10 s the address book is written
    /// again; every 30 s each node hears which of its connections are seated here.
    void upkeep();
    /// Forgets the players nothing refers to, now and then (options' forget_unused_...).
    void forget_unused_players();
    void adopt_waiting(int attempt);
    void resync();
    void resend_to_node(const std::string& node);
    ClientPtr connection(const std::string& conn);
    void closed_elsewhere(const ClientPtr& client);
    void presence(const std::string& player, bool online) override;
    bool online_elsewhere(const std::string& player) override;
    void send_elsewhere(const std::string& player, const std::string& frame) override;
    void challenge_here(const std::string& to, const std::string& table,
                        const std::string& frame) override;
    std::vector<std::pair<std::string, std::string>> challenges_elsewhere(
        const std::string& player) override;

    // The messages (router/service.cpp; opening tables in router/open_tables.cpp: new_game,
    // create_table, challenge, decline, open_table, tables_too_fast).
    void hello(const ClientPtr& client, const Hello& m, Id id);
    void new_game(const ClientPtr& client, const NewGame& m, Id id);
    /// Stores and starts a new table against the computer with `client` at South, then
    /// runs `stored` once the table is durable (router/open_tables.cpp).
    void start_alone(const std::shared_ptr<TableActor>& live, const ClientPtr& client,
                     TableSetup setup, Id id, std::function<void()> stored);
    /// Draws the salt of the connection's next solo game and sends its commitment.
    void offer_next_deal(const ClientPtr& client);
    void resume(const ClientPtr& client, const Resume& m, Id id);
    void human_action(const ClientPtr& client, const std::string& table, Action action, Id id);
    void next_hand(const ClientPtr& client, const std::string& table, Id id);
    void set_name(const ClientPtr& client, const SetName& m, Id id);
    void stats(const ClientPtr& client, Id id);
    void achievements(const ClientPtr& client, Id id);
    void leaderboard(const ClientPtr& client, const LeaderboardRequest& m, Id id);
    void profile(const ClientPtr& client, const ProfileRequest& m, Id id);
    void share(const ClientPtr& client, const ShareGame& m, Id id);
    /// Today's daily deal: starts the player's game of it, or resumes it (router/open_tables.cpp).
    void daily_start(const ClientPtr& client, Id id);
    /// A day's board of the daily deal.
    void daily(const ClientPtr& client, const DailyRequest& m, Id id);
    void hint(const ClientPtr& client, const HintRequest& m, Id id);
    void review(const ClientPtr& client, const ReviewRequest& m, Id id);
    void watch(const ClientPtr& client, const WatchTable& m, Id id);
    /// A block, mute or favorite (social/social.h); a block also ends the blocked player's
    /// watching of the tables the blocker sits at.
    void relation(const ClientPtr& client, const SetRelation& m, Id id);
    void allow_watchers(const ClientPtr& client, const AllowWatchers& m, Id id);
    void allow_hints(const ClientPtr& client, const AllowHints& m, Id id);
    void allow_rated(const ClientPtr& client, const AllowRated& m, Id id);
    void set_look(const ClientPtr& client, const SetLook& m, Id id);
    /// Keeps the player's language; their other connections hear of it.
    void set_lang(const ClientPtr& client, const SetLang& m, Id id);
    /// Shows `player`'s new look at the tables of this node where they are seated (with
    /// several nodes, every node hears of it with the `look` frame: router/cluster_links.cpp).
    void show_look_here(const std::string& player, const Look& look);
    /// The tables here where `player` is seated through a connection of another node.
    std::vector<std::string> remote_tables_of(const std::string& player);
    void create_table(const ClientPtr& client, const CreateTable& m, Id id);
    void join(const ClientPtr& client, const JoinTable& m, Id id);
    /// "Play now (rated)": a seat at the nearest waiting quick table, or a new one
    /// (router/quick_match.cpp).
    void quick_match(const ClientPtr& client, const QuickMatch& m, Id id);
    QuickSettings quick_settings() const;
    void watch_lobby(const ClientPtr& client, const LobbyWatch& m, Id id);
    void chat(const ClientPtr& client, const ChatSay& m, Id id);
    void challenge(const ClientPtr& client, const Challenge& m, Id id);
    void decline(const ClientPtr& client, const std::string& table, Id id);
    /// A new waiting table hosted by `client` (create_table, challenge).
    void open_table(const ClientPtr& client, const std::string& table_id,
                    const std::string& host_name, const Rules& rules, TableKind kind, int timer,
                    std::optional<ChallengeInfo> challenge, Id id);
    void tables_too_fast(const ClientPtr& client, Id id);
    void command(const ClientPtr& client, const TableCommand& m, Id id);

    // Which table (router/service.cpp).
    /// The table, loaded from the database when it is not in memory (an unfinished game
    /// is rebuilt at the same card); null when there is no such table.
    /// With `seated`, a table not in memory is loaded only if that player sits at it.
    /// When the database could not be read, `unreadable` (if given) says so; when another
    /// node of the cluster holds the table, `elsewhere` does. With `finished_too`, a
    /// finished game is loaded too (for its people's `resume`: its end, and a rematch),
    /// and leaves memory again after `keep_finished_seconds`.
    std::shared_ptr<TableActor> find(const std::string& table, const std::string& seated = "",
                                     bool* unreadable = nullptr, bool* elsewhere = nullptr,
                                     bool finished_too = false);
    /// The table as stored, rebuilt (null as `find` says); not yet in memory.
    std::shared_ptr<TableActor> load(const std::string& table, const std::string& seated,
                                     bool* unreadable, bool finished_too = false);
    Expected<std::shared_ptr<TableActor>> rebuild(const StoredTable& stored);
    /// Runs `fn(live)` on the table's strand, loading the table first if needed; runs
    /// `missing()` when there is no such table, or `missing(unreadable)` if it takes a
    /// bool: true when the database could not be read (it may be there after all).
    template <class Fn, class Missing>
    void on_table(const std::string& table, Fn fn, Missing missing, int tries = 3,
                  const std::string& seated = "", bool finished_too = false);
    /// Runs `work(live, seat)` on the table's strand when `client`'s player has a seat
    /// there; answers "Game table not found" otherwise. `finished_too` as for `find`.
    template <class Work>
    void at_seat(const ClientPtr& client, const std::string& table, Id id, Work work,
                 bool finished_too = false);
    /// A new table in memory; null when a live table has its id already.
    std::shared_ptr<TableActor> add_live(TableSetup setup);
    TableContext context();
    // TableDirectory: what the tables ask of the router.
    void drop(const TableActor& table) override;
    void forget_waiting(const std::string& player, const std::string& table) override;
    void reload(const std::string& table, People people) override;
    void now_waiting_at(const std::string& player, const std::string& table) override;
    /// (router/open_tables.cpp)
    void abandon_old_games_alone(const std::string& player) override;
    std::shared_ptr<TableActor> add_table(TableSetup setup) override { return add_live(setup); }
    void load_again(const std::string& table, People people, std::chrono::milliseconds wait,
                    std::optional<std::chrono::steady_clock::time_point> unreadable_since);
    /// Answers a request about a table the database could not be read for.
    static void send_unreadable(const ClientPtr& client, Id id) {
        send_error(client, "server", say<"db_unreachable">(), id);
    }

    /// Spends one of `limiter`'s tokens for `client`'s address; false when none is left.
    bool spend(KeyedLimiter& limiter, const ClientPtr& client);
    /// Logs a table's failure to load: once per table per kTableErrorLogEvery (every page
    /// of a table asks again while the database is away; one line says it).
    void log_table_error(const std::string& table, std::string_view what,
                         const std::string& reason);
    static constexpr std::chrono::seconds kTableErrorLogEvery{10};

    IoPool& io_;
    Store& store_;
    ServiceOptions options_;
    BotPool bots_;
    // Reviews think on a thread of their own: however many are made, the computer
    // players at the tables do not wait behind them.
    Reviewer reviewer_;
    Roster roster_;
    Social social_;
    std::mutex mutex_;  // guards the four maps below
    std::unordered_map<std::string, std::shared_ptr<TableActor>> tables_;
    // The table each person waits at (seated, not started): one at a time, so nobody
    // holds seats at tables they no longer look at, and nobody opens tables without end.
    std::unordered_map<std::string, std::string> waiting_at_;
    // Tables loaded again after a failed write in the last minute (`reload` backs off).
    struct Reloads {
        int count = 0;
        std::chrono::steady_clock::time_point last;
    };
    std::unordered_map<std::string, Reloads> reloads_;
    // Daily deal games being opened, by player, until the table is stored: a second
    // daily_start meanwhile resumes this one rather than open another. A table whose
    // storing failed is never stored, so an entry counts for kDailyOpening at most.
    struct DailyOpening {
        std::string table;
        std::chrono::steady_clock::time_point at;
    };
    std::unordered_map<std::string, DailyOpening> daily_opening_;
    static constexpr std::chrono::seconds kDailyOpening{30};
    static constexpr std::chrono::milliseconds kReloadWait{1000}, kReloadWaitMax{30000};
    static constexpr std::chrono::seconds kReloadMemory{60};
    std::mutex budget_mutex_;  // guards the limiters below
    KeyedLimiter new_players_, new_tables_, wrong_codes_, challenges_by_address_, stats_requests_,
        look_changes_, lang_changes_, hints_, reviews_, watches_, lobby_listings_, quick_matches_;
    KeyedLimiter table_errors_{Budget{1.0 / double(kTableErrorLogEvery.count()), 1}};
    static constexpr int kDailyBoardRows = 50;  // a day's board shows its best 50
    LobbyFeed lobby_;
    // The cluster, when this server is a node of one.
    Cluster* cluster_ = nullptr;
    std::mutex cluster_mutex_;  // guards the maps below, and Client::cluster_id, sent_to
    // Connections of other nodes seated here, by their id; this node's connections that
    // sent messages to other nodes, by their id; where tables of other nodes are.
    std::unordered_map<std::string, std::shared_ptr<Client>> proxies_;
    std::unordered_map<std::string, std::weak_ptr<Client>> connections_;
    std::unordered_map<std::string, std::string> owners_;
    std::uint64_t next_conn_ = 0;
    // This node's public tables as told to the others, and the node of each other node's
    // table listed here.
    std::unordered_map<std::string, std::string> lobby_here_;
    std::unordered_map<std::string, std::string> lobby_nodes_;
    // Connections of other nodes seated here that the last list of their node left out
    // (`keep`): dropped when the next one leaves them out too.
    std::set<std::string> unlisted_;
    std::unique_ptr<boost::asio::steady_timer> upkeep_;
    std::unique_ptr<boost::asio::steady_timer> forget_;
    std::unique_ptr<boost::asio::steady_timer> restore_again_;
    static constexpr std::chrono::seconds kRestoreAgain{6};
    std::uint64_t upkeeps_ = 0;
    static constexpr std::size_t kMaxOwnersKnown = 100000;
    // A message for a table that is moving waits up to kRouteTries × kRouteWait: longer
    // than a takeover's wait (store/pg/claims.h).
    static constexpr int kRouteTries = 80, kMaxHops = 3;
    static constexpr std::chrono::milliseconds kRouteWait{100};
    static constexpr std::size_t kForgetAtOnce = 1000;  // players forgotten in one go
    // Last, so it stops (writing what is queued) before anything it tells goes away.
    GroupCommit writer_;
};

// The router's lookups, templates: router/service.cpp and router/open_tables.cpp use them.

template <class Fn, class Missing>
void GameService::on_table(const std::string& table, Fn fn, Missing missing, int tries,
                           const std::string& seated, bool finished_too) {
    // Held by another node (it moved there since the message was routed): the page tries
    // again in a moment, and is routed there, rather than told that there is no such table.
    bool unreadable = false, elsewhere = false;
    auto live = find(table, seated, &unreadable, &elsewhere, finished_too);
    if (!live) {
        if constexpr (std::is_invocable_v<Missing, bool>)
            return missing(unreadable || elsewhere);
        else
            return missing();
    }
    live->post([this, live, table, tries, seated, finished_too, fn = std::move(fn),
                missing = std::move(missing)]() mutable {
        if (const Holding h = store_.holding(table); h != Holding::yes && !live->unloaded()) {
            // Another node may hold it now (store/pg/claims.h): nothing is shown from this
            // memory. One that surely has it gets this table's people.
            if (h == Holding::no) live->moved_away();
            if constexpr (std::is_invocable_v<Missing, bool>)
                return missing(true);
            else
                return missing();
        }
        if (live->unloaded()) {
            // Put away between the lookup and now: look it up again (it loads anew).
            if (tries > 0)
                return on_table(table, std::move(fn), std::move(missing), tries - 1, seated,
                                finished_too);
            if constexpr (std::is_invocable_v<Missing, bool>)
                return missing(false);
            else
                return missing();
        }
        fn(*live);
    });
}

template <class Work>
void GameService::at_seat(const ClientPtr& client, const std::string& table, Id id, Work work,
                          bool finished_too) {
    const std::string player = client->player;
    on_table(
        table,
        [client, player, id, work = std::move(work)](TableActor& actor) mutable {
            const auto seat = actor.seat_of(player);
            if (!seat) return actor.send_error(client, "not_found", say<"table_not_found">(), id);
            try {
                work(actor, *seat);
            } catch (...) {
                // The asker hears at once; the table's guard does the rest (`fault`).
                server::send_error(client, "server", say<"server_failed">(), id);
                throw;
            }
        },
        [this, client, id](bool unreadable) {
            if (unreadable) return send_unreadable(client, id);
            spend(wrong_codes_, client);  // naming tables at random costs as a wrong code does
            send_error(client, "not_found", say<"table_not_found">(), id);
        },
        3, player, finished_too);
}

}  // namespace hearts::server
