// The game service: players' connections on one side, tables on the other.
//
// Durability. A table applies an action in memory at once and queues its write to group
// commit (group_commit.h); what it tells anyone waits until the write is on disk.
//
// Ownership. Each live table has its own strand; everything that reads or changes a
// table runs on that strand, so no table needs a lock and a busy table never blocks
// another. Computer players that search (hard, expert) think on a separate thread pool
// (a slow bot never holds a strand) and post their decision back to the table's strand;
// the rule-based ones decide on the strand itself, in about a microsecond. Either way
// the decision goes through the same path as a person's: validate, apply, queue the
// write, and tell everyone once it is durable.
//
// Uses Asio but not Beast: the WebSocket sessions (net.cpp) talk to the service only
// through the small `Client` interface below.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bot_pool.h"
#include "budgets.h"
#include "group_commit.h"
#include "lobby.h"
#include "options.h"
#include "protocol.h"
#include "store.h"
#include "table.h"

namespace hearts::server {

/// One connected browser, as the service sees it. Implemented by the WebSocket session.
class Client {
  public:
    virtual ~Client() = default;
    /// Queues a text frame; safe from any thread. Frames arrive in the order sent.
    virtual void send(std::shared_ptr<const std::string> frame) = 0;

    // The player this connection has proven to be (after `hello`); guarded by the
    // service, which is the only writer.
    std::string player;
    // The tables this connection was seated at (so a disconnect is told to them only);
    // guarded by the service's mutex.
    std::vector<std::string> tables;
    // Where the connection comes from (the client's IP address): what the per-address
    // budgets and the computer players' fair queue count by. Set before any message.
    std::string address;
    // The connection has ended for the service (`disconnected` ran); guarded by the
    // service's mutex. It is seated nowhere after that.
    bool gone = false;
};

class GameService {
  public:
    GameService(boost::asio::io_context& io, Store& store, ServiceOptions options = {});
    ~GameService();

    /// Rebuilds every unfinished table from the database (at start-up).
    Status restore();

    /// Handles one parsed message from `client`. Any thread.
    void handle(const std::shared_ptr<Client>& client, const ClientMessage& message);
    /// The client's connection closed.
    void disconnected(const std::shared_ptr<Client>& client);

    /// What the service holds now, as JSON: tables in memory, players online, the lobby
    /// (for operators and the flood tests: `GET /api/stats` from this machine).
    std::string stats_json();
    /// Stops the searching computer players' threads (a decision being made finishes,
    /// queued ones are dropped), then writes what is queued for the disk. For shutdown,
    /// once the io threads have stopped.
    void stop();

  private:
    struct Live;
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
    using Id = std::optional<std::int64_t>;
    using ClientPtr = std::shared_ptr<Client>;

    void hello(const ClientPtr& client, const Hello& m, Id id);
    void new_game(const ClientPtr& client, const NewGame& m, Id id);
    void resume(const ClientPtr& client, const Resume& m, Id id);
    void human_action(const ClientPtr& client, const std::string& table, Action action, Id id);
    void next_hand(const ClientPtr& client, const std::string& table, Id id);
    void set_name(const ClientPtr& client, const SetName& m, Id id);
    void create_table(const ClientPtr& client, const CreateTable& m, Id id);
    void join(const ClientPtr& client, const JoinTable& m, Id id);
    void command(const ClientPtr& client, const TableCommand& m, Id id);
    void watch_lobby(const ClientPtr& client, const LobbyWatch& m, Id id);
    void chat(const ClientPtr& client, const ChatSay& m, Id id);
    void relation(const ClientPtr& client, const SetRelation& m, Id id);
    void challenge(const ClientPtr& client, const Challenge& m, Id id);
    void decline(const ClientPtr& client, const std::string& table, Id id);
    /// A new waiting table hosted by `client` (create_table, challenge).
    void open_table(const ClientPtr& client, const std::string& table_id,
                    const std::string& host_name, const Rules& rules, TableKind kind, int timer,
                    std::optional<ChallengeInfo> challenge, Id id);

    /// The table, loaded from the database when it is not in memory (an unfinished game
    /// is rebuilt at the same card); null when there is no such table.
    /// With `seated`, a table not in memory is loaded only if that player sits at it.
    std::shared_ptr<Live> find(const std::string& table, const std::string& seated = "");
    Expected<std::shared_ptr<Live>> rebuild(const StoredTable& stored);
    /// Runs `fn(live)` on the table's strand, loading the table first if needed; runs
    /// `missing()` when there is no such table.
    template <class Fn, class Missing>
    void on_table(const std::string& table, Fn fn, Missing missing, int tries = 3,
                  const std::string& seated = "");
    void tables_too_fast(const ClientPtr& client, Id id);
    void join_at(const std::shared_ptr<Live>& live, const ClientPtr& client,
                 const std::string& player, const std::optional<std::string>& name, bool confirm,
                 Id id);
    std::shared_ptr<Live> add_live(TableSetup setup);
    /// Runs `work(live, seat)` on the table's strand when `client`'s player has a seat
    /// there; answers "Game table not found" otherwise.
    template <class Work>
    void at_seat(const ClientPtr& client, const std::string& table, Id id, Work work);

    // On the table's strand:
    Status commit(Live& live, const Action& action);  // validate, write, apply, broadcast
    /// Group commit answered for `count` of the table's writes: what waited for them goes
    /// out, or, when they failed, the table is loaded again from the database.
    void written(const std::shared_ptr<Live>& live, std::size_t count, const Status& status);
    void reload_after_failure(const std::shared_ptr<Live>& live, const Status& why);
    void after_change(const std::shared_ptr<Live>& live, bool tell_everyone = false);
    void schedule_bot(const std::shared_ptr<Live>& live);
    void arm_clock(const std::shared_ptr<Live>& live);
    void clock_expired(const std::shared_ptr<Live>& live, std::uint64_t key);
    void watch_presence(const std::shared_ptr<Live>& live);
    void watch_waiting(const std::shared_ptr<Live>& live);
    void watch_idle(const std::shared_ptr<Live>& live);
    /// Takes the table out of memory; on its strand.
    void unload(Live& live);
    void abandon_old_games_alone(const std::string& player);
    void grace_expired(const std::shared_ptr<Live>& live, Seat seat);
    bool maybe_deal_next(Live& live);
    void go_away(Live& live, Seat seat);
    void seat_connection(Live& live, Seat seat, const ClientPtr& client);
    /// The seat's snapshot (once started) and, with `with_chat`, the recent chat.
    void send_view(Live& live, const ClientPtr& client, Seat seat, bool with_chat);
    void send_info(Live& live, bool force);
    TableInfo info_of(const Live& live, std::optional<Seat> you) const;
    std::vector<Seat> waiting_for(const Live& live) const;
    void save_meta(Live& live);
    void end_table(Live& live, const std::string& why);
    void start_rematch(const std::shared_ptr<Live>& live);
    void broadcast_since(Live& live, std::int64_t from_version);
    void publish_lobby(const Live& live);
    void flush_lobby();
    void schedule_lobby_flush();
    /// Takes the person at `seat` out of a table that has not started: the host passes
    /// to the next person, or the table closes when nobody is left. `done` (the ack)
    /// runs once every effect is in place.
    void vacate(const std::shared_ptr<Live>& live, Seat seat, const std::function<void()>& done);
    /// Ends the table's challenge, telling the challenged player when it was still open.
    void withdraw_challenge(Live& live);

    // Any thread:
    /// A person waits at one table at a time: records `table` ("" = none) as the one
    /// `player` waits at, and takes them out of the one they waited at before.
    void now_waiting_at(const std::string& player, const std::string& table);
    /// Forgets that `player` waits at `table` (they left it, or it started).
    void forget_waiting(const std::string& player, const std::string& table);
    void send_to_player(const std::string& player, const std::string& frame);
    /// Forgets the open challenge to `player` at `table`; when there was one and `reason`
    /// is not empty, tells them with `challenge_over`. True when there was one.
    bool close_challenge(const std::string& player, const std::string& table,
                         std::string_view reason);
    Relations relations_of(const std::string& player);

    static void send(const ClientPtr& client, std::string frame);
    static void send_error(const ClientPtr& client, std::string code, std::string reason, Id id);

    boost::asio::io_context& io_;
    Store& store_;
    ServiceOptions options_;
    BotPool bots_;
    std::mutex mutex_;  // guards tables_ and connections_
    std::unordered_map<std::string, std::shared_ptr<Live>> tables_;
    std::unordered_map<std::string, std::vector<std::weak_ptr<Client>>> connections_;
    // The table each person waits at (seated, not started): one at a time, so nobody
    // holds seats at tables they no longer look at, and nobody opens tables without end.
    std::unordered_map<std::string, std::string> waiting_at_;
    // Open challenges by the challenged player, each with its `challenge` frame (sent
    // again after their hello), and when each player last challenged (for the rate limit).
    struct OpenChallenge {
        std::string table;
        std::string from;
        std::string frame;
    };
    std::unordered_map<std::string, std::vector<OpenChallenge>> challenges_;
    std::unordered_map<std::string, std::deque<std::chrono::steady_clock::time_point>>
        challenge_times_;
    /// Spends one of `limiter`'s tokens for `client`'s address; false when none is left.
    bool spend(KeyedLimiter& limiter, const ClientPtr& client);
    std::mutex budget_mutex_;  // guards the four below
    KeyedLimiter new_players_, new_tables_, wrong_codes_, challenges_by_address_;
    std::mutex lobby_mutex_;  // guards the lobby: the list, its watchers, the flush
    LobbyList lobby_;
    std::vector<std::weak_ptr<Client>> lobby_watchers_;
    boost::asio::steady_timer lobby_timer_;
    bool lobby_flush_pending_ = false;
    std::shared_ptr<const std::string> lobby_snapshot_;  // the listing, serialised
    // Last, so it stops (writing what is queued) before anything it tells goes away.
    GroupCommit writer_;
};

}  // namespace hearts::server
